/**
 * The periodic resync's clock: one tick a period for all CRs, as an informer's resync, but a tick leaves out a CR
 * checked within the last period — one reconciled because something happened to it (a new one, one just changed)
 * or still queued or running. A CR re-checked by a tick counts from that tick, not from when the queue reached it,
 * so the re-checks of one tick never push a CR past the next one. Each CR is checked at least once every two
 * periods and at most once a period when nothing happens to it; a burst of new CRs is not re-checked while it
 * converges (within a period of each CR's own reconcile).
 *
 * Why not a deadline per CR (one period after its own last reconcile)? Measured with the versus bench (N = 100,
 * resync 10 s, `node bench/run.mjs --only versus --sizes 100 --operators orkestra`): checks spread over the period
 * cost 0.53–0.58 ms of operator CPU per CR per resync, one tick for all 0.42–0.47 — a batch of reconciles back to
 * back is cheaper than the same reconciles each waking an idle process.
 */

/** Why a CR was reconciled: `resync` for a re-check nothing asked for (a tick's, or the one after a start). */
export type ReconcileCause = 'event' | 'resync';

/**
 * Which CRs a resync tick re-checks.
 *
 * @example
 * const clock = new ResyncClock(600_000, () => enqueueDue());
 * clock.start();
 * clock.reconciled('shop/web');
 * clock.isDue('shop/web'); // false until the tick after next (10 to 20 minutes)
 */
export class ResyncClock {
  private readonly last = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  /** When the last tick (or, before the first, {@link start}) came. */
  private anchor: number | undefined;

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
    this.anchor = this.now();
    this.timer = setInterval(() => {
      this.anchor = this.now();
      this.tick();
    }, this.periodMs);
    this.timer.unref?.();
  }

  /** Stops ticking and forgets every CR. */
  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.anchor = undefined;
    this.last.clear();
  }

  /**
   * Records a reconcile of `key` (whatever its result). A `resync` re-check counts from the tick that queued it
   * (or from {@link start} for the re-check after a start), an `event` one from now.
   */
  reconciled(key: string, cause: ReconcileCause = 'event'): void {
    const now = this.now();
    this.last.set(key, cause === 'resync' ? Math.min(this.anchor ?? now, now) : now);
  }

  /** Forgets `key` (its CR is gone). */
  forget(key: string): void {
    this.last.delete(key);
  }

  /**
   * Whether a tick now re-checks `key`: not checked within the last period (or never). A tenth of the period is
   * allowed for the timer's drift, so a CR re-checked by the last tick is due at this one.
   */
  isDue(key: string): boolean {
    const at = this.last.get(key);
    return at === undefined || this.now() - at >= this.periodMs * 0.9;
  }

  /** CRs remembered, for tests. */
  get size(): number {
    return this.last.size;
  }
}
