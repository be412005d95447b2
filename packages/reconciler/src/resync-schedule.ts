/**
 * When each CR is due for its periodic re-check: one resync period after its last reconcile — not one global tick
 * for all CRs, as an informer's resync has it. A CR reconciled a moment ago (a new one, or one just changed) is not
 * checked again at the next tick of a global clock, and the checks of CRs created in a burst stay spread out as
 * their reconciles were, instead of falling due together.
 *
 * Every reconcile pushes `(key, time + period)` onto a FIFO: with one period for all, the deadlines arrive in
 * order, so the FIFO is sorted without sorting. One timer waits for the head. An entry whose key was reconciled
 * again since is stale and skipped: only the latest reconcile of a key decides when it is due.
 */

/** Deadlines closer together than this fire in one batch: fewer timer wake-ups, a few ms of lateness. */
const BATCH_MS = 250;

/**
 * A per-key resync clock.
 *
 * @example
 * const schedule = new ResyncSchedule(600_000, (key) => queue.add(key, 'low'));
 * schedule.reconciled('shop/web'); // due again in 10 minutes, unless reconciled again before
 */
export class ResyncSchedule {
  private readonly last = new Map<string, number>();
  private readonly deadlines: { key: string; at: number }[] = [];
  /** Index of the FIFO's head: entries before it are consumed (compacted now and then, not shifted one by one). */
  private head = 0;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  /**
   * @param periodMs how long after its last reconcile a key is due
   * @param due called with each key that fell due (once per period without a reconcile)
   * @param now the clock, in ms (tests pass their own)
   */
  constructor(
    private readonly periodMs: number,
    private readonly due: (key: string) => void,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Records a reconcile of `key` (whatever its result): it is due one period from now. */
  reconciled(key: string): void {
    if (this.stopped) return;
    const at = this.now() + this.periodMs;
    this.last.set(key, at);
    this.deadlines.push({ key, at });
    if (this.timer === undefined) this.arm();
  }

  /** Forgets `key` (its CR is gone): it falls due no more, until reconciled again. */
  forget(key: string): void {
    this.last.delete(key);
  }

  /** Stops the clock: nothing falls due after this. */
  stop(): void {
    this.stopped = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Keys tracked, for tests and metrics. */
  get size(): number {
    return this.last.size;
  }

  /** Calls `due` for every key whose deadline has come (now + the batch window), then waits for the next. */
  fire(): void {
    this.timer = undefined;
    const until = this.now() + BATCH_MS;
    while (this.head < this.deadlines.length && this.deadlines[this.head]!.at <= until) {
      const { key, at } = this.deadlines[this.head++]!;
      if (this.last.get(key) !== at) continue; // reconciled again since, or forgotten
      this.last.delete(key);
      this.due(key);
    }
    if (this.head > 1024 && this.head * 2 > this.deadlines.length) {
      this.deadlines.splice(0, this.head);
      this.head = 0;
    }
    if (!this.stopped && this.head < this.deadlines.length) this.arm();
  }

  private arm(): void {
    const next = this.deadlines[this.head];
    if (!next) return;
    this.timer = setTimeout(() => this.fire(), Math.max(0, next.at - this.now()));
    this.timer.unref?.();
  }
}
