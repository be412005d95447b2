/**
 * The work queue, with client-go's semantics: a key is queued at most once (deduplicated), is processed
 * by at most one worker at a time (a key added while it is processed is run again afterwards), workers
 * are bounded, and failures are retried with per-key exponential backoff (5 ms doubling to 1000 s, reset
 * on success).
 *
 * Two lanes, as controller-runtime's priority queue: keys queued because something happened (a CR created or
 * changed, a child edited, a retry) run before keys queued `low` — the periodic resync and the re-check of
 * every CR after a start, which re-check objects that nothing says have changed. A resync falling in a burst
 * of new CRs then waits for them instead of putting every converged CR ahead of those still waiting for their
 * first reconcile, and a CR created while thousands are re-checked after a restart is served at once.
 *
 * One step further than controller-runtime's queue: with {@link WorkQueueOptions.lowQuietMs}, the low lane also
 * waits until no normal key was added for that long (a burst is over), so re-checks do not fill the short gaps
 * of a burst — each new CR is reconciled once during it. A low key never waits longer than
 * {@link WorkQueueOptions.lowMaxWaitMs} for that quiet: constant churn delays the resync, it never starves it.
 */

/** How urgent a queued key is: `low` waits until no `normal` key is queued. */
export type WorkPriority = 'normal' | 'low';

/** Options of {@link WorkQueue}. */
export interface WorkQueueOptions {
  /** Workers running at once; default 4. */
  concurrency?: number;
  /** First retry delay; default 5 ms. */
  baseDelayMs?: number;
  /** Largest retry delay; default 1000 s. */
  maxDelayMs?: number;
  /**
   * The low lane runs only once no normal key was added for this long (ms); default 0: as soon as the normal
   * lane is empty.
   */
  lowQuietMs?: number;
  /** The longest a low key waits for {@link lowQuietMs} of quiet before it runs anyway (ms); default 60 s. */
  lowMaxWaitMs?: number;
}

/** What a worker answers for a key. */
export type WorkResult = { requeueAfterMs?: number } | undefined;

/**
 * A deduplicating, rate-limited work queue of string keys.
 *
 * @example
 * const queue = new WorkQueue(async (key) => reconcile(key), { concurrency: 4 });
 * queue.add('shop/web');
 * await queue.shutdown(10_000);
 */
export class WorkQueue {
  private readonly queue: string[] = [];
  /**
   * Keys queued `low`, in order, with when; a key promoted to the normal lane stays here and is skipped when reached.
   */
  private readonly lowQueue: { key: string; at: number }[] = [];
  private readonly queued = new Set<string>();
  /** The keys of {@link queued} that wait in the low lane. */
  private readonly low = new Set<string>();
  private readonly processing = new Set<string>();
  /** Keys added while being processed, with the most urgent priority they were added with: run again after. */
  private readonly dirty = new Map<string, WorkPriority>();
  private readonly failures = new Map<string, number>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly idleWaiters: (() => void)[] = [];
  private active = 0;
  private stopped = false;
  private readonly concurrency: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly lowQuietMs: number;
  private readonly lowMaxWaitMs: number;
  /** When a normal key was last added (ms, {@link now}'s clock). */
  private lastNormalAt = Number.NEGATIVE_INFINITY;
  /** Wakes the low lane once the quiet it waits for has come. */
  private lowTimer: NodeJS.Timeout | undefined;

  /**
   * @param work runs one key; `priority` is the lane it was taken from (`low`: a re-check nothing asked for)
   * @param now the clock of the low lane's quiet, in ms (tests pass their own)
   */
  constructor(
    private readonly work: (key: string, priority: WorkPriority) => Promise<WorkResult>,
    options: WorkQueueOptions = {},
    private readonly now: () => number = () => performance.now(),
  ) {
    this.concurrency = options.concurrency ?? 4;
    this.baseDelayMs = options.baseDelayMs ?? 5;
    this.maxDelayMs = options.maxDelayMs ?? 1_000_000;
    this.lowQuietMs = options.lowQuietMs ?? 0;
    this.lowMaxWaitMs = options.lowMaxWaitMs ?? 60_000;
  }

  /** Keys waiting (not counting those being processed): the queue depth. */
  get depth(): number {
    return this.queued.size;
  }

  /** Keys being processed now. */
  get inFlight(): number {
    return this.active;
  }

  /** Whether `key` is being processed now (an {@link add} then runs it again afterwards). */
  isProcessing(key: string): boolean {
    return this.processing.has(key);
  }

  /** Whether `key` waits in either lane (an {@link add} then changes nothing, unless it promotes a low key). */
  isQueued(key: string): boolean {
    return this.queued.has(key);
  }

  /**
   * Queues `key` now, unless it is queued already. `low` (the resync's) runs only once no `normal` key waits;
   * a key queued `low` and then added `normal` moves to the normal lane, at its end.
   */
  add(key: string, priority: WorkPriority = 'normal'): void {
    if (this.stopped) return;
    if (priority === 'normal') this.lastNormalAt = this.now();
    if (this.processing.has(key)) {
      if (this.dirty.get(key) !== 'normal') this.dirty.set(key, priority);
      return;
    }
    if (this.queued.has(key)) {
      if (priority === 'low' || !this.low.delete(key)) return;
      this.queue.push(key); // promoted: its entry in the low lane is skipped when reached
      this.pump();
      return;
    }
    this.queued.add(key);
    if (priority === 'low') {
      this.low.add(key);
      this.lowQueue.push({ key, at: this.now() });
    } else this.queue.push(key);
    this.pump();
  }

  /** Queues `key` after `delayMs` (an earlier pending delay for the key wins). */
  addAfter(key: string, delayMs: number): void {
    if (this.stopped) return;
    if (delayMs <= 0) return this.add(key);
    if (this.timers.has(key)) return;
    const t = setTimeout(() => {
      this.timers.delete(key);
      this.add(key);
    }, delayMs);
    t.unref?.();
    this.timers.set(key, t);
  }

  /** Queues `key` after its backoff delay, and lengthens that delay for next time. */
  addRateLimited(key: string): number {
    const n = this.failures.get(key) ?? 0;
    this.failures.set(key, n + 1);
    const delay = Math.min(this.baseDelayMs * 2 ** n, this.maxDelayMs);
    this.addAfter(key, delay);
    return delay;
  }

  /** Forgets the failures of `key`: its next retry starts from the first delay. */
  forget(key: string): void {
    this.failures.delete(key);
  }

  /** How many times in a row `key` failed. */
  retries(key: string): number {
    return this.failures.get(key) ?? 0;
  }

  /** Resolves when nothing is queued or processing (for tests and benchmarks). */
  whenIdle(): Promise<void> {
    if (this.queued.size === 0 && this.active === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * Takes no new work, drops what is queued, and waits up to `timeoutMs` for in-flight work to finish.
   * Returns true when everything finished in time.
   */
  async shutdown(timeoutMs = 10_000): Promise<boolean> {
    this.stopped = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    clearTimeout(this.lowTimer);
    this.lowTimer = undefined;
    this.queue.length = 0;
    this.lowQueue.length = 0;
    this.queued.clear();
    this.low.clear();
    this.dirty.clear();
    if (this.active === 0) return true;
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      this.whenIdle().then(() => true),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs))),
    ]);
    clearTimeout(timer);
    return finished;
  }

  /** The next key to run and its lane: the normal lane first; undefined when nothing may run now. */
  private next(): { key: string; priority: WorkPriority } | undefined {
    if (this.queue.length > 0) return { key: this.queue.shift()!, priority: 'normal' };
    // promoted keys (already run from the normal lane) leave the head of the low lane
    while (this.lowQueue.length > 0 && !this.low.has(this.lowQueue[0]!.key)) this.lowQueue.shift();
    const head = this.lowQueue[0];
    if (!head) return undefined;
    const wait = this.lowWait(head.at);
    if (wait > 0) {
      this.wakeLowLaneIn(wait);
      return undefined;
    }
    this.lowQueue.shift();
    this.low.delete(head.key);
    return { key: head.key, priority: 'low' };
  }

  /** How long the low lane's head, queued at `queuedAt`, still waits for quiet (0: it may run). */
  private lowWait(queuedAt: number): number {
    if (this.lowQuietMs <= 0) return 0;
    const now = this.now();
    return Math.max(0, Math.min(this.lastNormalAt + this.lowQuietMs - now, queuedAt + this.lowMaxWaitMs - now));
  }

  private wakeLowLaneIn(ms: number): void {
    if (this.lowTimer !== undefined) return;
    this.lowTimer = setTimeout(() => {
      this.lowTimer = undefined;
      this.pump();
    }, ms + 1);
    this.lowTimer.unref?.();
  }

  private pump(): void {
    while (!this.stopped && this.active < this.concurrency && this.queued.size > 0) {
      const next = this.next();
      if (next === undefined) break;
      this.queued.delete(next.key);
      this.processing.add(next.key);
      this.active++;
      void this.run(next.key, next.priority);
    }
  }

  private async run(key: string, priority: WorkPriority): Promise<void> {
    try {
      const result = await this.work(key, priority);
      if (result && result.requeueAfterMs !== undefined) this.addAfter(key, result.requeueAfterMs);
    } catch {
      // The worker reports its own errors; a throw means "retry with backoff".
      this.addRateLimited(key);
    } finally {
      this.processing.delete(key);
      this.active--;
      const again = this.dirty.get(key);
      if (again !== undefined) {
        this.dirty.delete(key);
        this.add(key, again);
      }
      this.pump();
      if (this.queued.size === 0 && this.active === 0) for (const w of this.idleWaiters.splice(0)) w();
    }
  }
}
