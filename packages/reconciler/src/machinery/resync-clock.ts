/**
 * The periodic resync's clock: one tick a period for all CRs, as an informer's resync, but a CR reconciled less
 * than half a period before the tick (a new one, or one just changed) is left out of it — it was just checked,
 * and its next check comes one tick later, so no CR goes more than one and a half periods without a reconcile.
 *
 * Why not a deadline per CR (one period after its own last reconcile)? Measured with the versus bench (N = 100,
 * resync 10 s, `node bench/run.mjs --only versus --sizes 100 --operators orkestra`): checks spread over the period
 * cost 0.53–0.58 ms of operator CPU per CR per resync, one tick for all 0.42–0.47 — a batch of reconciles back to
 * back is cheaper than the same reconciles each waking an idle process.
 */

/**
 * Which CRs a resync tick re-checks.
 *
 * @example
 * const clock = new ResyncClock(600_000, () => enqueueDue());
 * clock.start();
 * clock.reconciled('shop/web');
 * clock.isDue('shop/web'); // false for the next 5 minutes
 */
export class ResyncClock {
  private readonly last = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;

  /**
   * @param periodMs the resync period: `tick` runs once per period
   * @param tick queues the CRs that are due (see {@link isDue})
   * @param now the clock, in ms (tests pass their own)
   */
  constructor(
    private readonly periodMs: number,
    private readonly tick: () => void,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Starts ticking (an unref'd timer: it never keeps the process alive). Idempotent. */
  start(): void {
    if (this.timer !== undefined) return;
    this.timer = setInterval(this.tick, this.periodMs);
    this.timer.unref?.();
  }

  /** Stops ticking and forgets every CR. */
  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.last.clear();
  }

  /** Records a reconcile of `key` (whatever its result). */
  reconciled(key: string): void {
    this.last.set(key, this.now());
  }

  /** Forgets `key` (its CR is gone). */
  forget(key: string): void {
    this.last.delete(key);
  }

  /** Whether a tick now re-checks `key`: not reconciled within the last half period (or never). */
  isDue(key: string): boolean {
    const at = this.last.get(key);
    return at === undefined || this.now() - at >= this.periodMs / 2;
  }

  /** CRs remembered, for tests. */
  get size(): number {
    return this.last.size;
  }
}
