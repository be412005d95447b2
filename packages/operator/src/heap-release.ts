/**
 * Gives V8's pooled heap pages back to the OS once they are no longer used.
 *
 * When V8's heap shrinks after a burst (the informer caches filling at start, a thousand new CRs), the pages it
 * frees are not unmapped: they go to a pool for reuse and stay resident. Only a memory-reducing collection
 * releases the pool, and an operator process never triggers one on its own (how much that holds: bench/README.md,
 * memory).
 *
 * {@link HeapRelease} looks at the process's memory every few seconds. Its main case is the end of a burst of
 * work: once work was done since a look (or, without a work counter, the process was busy at one) and then the
 * process is idle for a look, it runs one such collection if the RSS, or the resident memory outside V8's heap,
 * grew (by a small threshold) since the last one, or V8's heap shrank that much from its peak (a burst's garbage often
 * stays in the heap, counted in
 * heapTotal, until a collection that reduces memory). It does so once per burst, soon after it, even when a release
 * ran earlier in the minute (at start-up, say). Outside bursts, it runs one when the memory outside the heap grew by
 * a larger threshold, at most once a minute. Never while busy, and never more than two in any minute, however the
 * load flaps. In steady state no work is done and nothing grows, so nothing runs: it costs one
 * `process.memoryUsage()` per look.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** V8's `gc` extension, as `--expose-gc` exposes it. */
type GcExtension = (options?: { type?: 'major' | 'minor'; execution?: 'sync' | 'async'; flavor?: string }) => void;

let exposed: GcExtension | undefined;

/** V8's `gc`: the global one under `--expose-gc`, otherwise exposed once in a context of its own (as Jest does). */
function gcExtension(): GcExtension {
  const global = (globalThis as { gc?: GcExtension }).gc;
  if (typeof global === 'function') return global;
  if (!exposed) {
    setFlagsFromString('--expose-gc');
    exposed = runInNewContext('gc') as GcExtension;
  }
  return exposed;
}

/**
 * Runs one memory-reducing full collection now (V8's "last resort" collection: what it runs on a low-memory
 * notification), which also unmaps the pooled pages. Blocks the event loop for its duration: tens of
 * milliseconds for a heap of a few tens of MB. Call it when the process is idle.
 *
 * @example
 * releaseHeapPages(); // after a burst of work, once it is over
 */
export function releaseHeapPages(): void {
  gcExtension()({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

/** What {@link HeapRelease} reads of the process's memory (bytes). */
export interface MemorySample {
  rss: number;
  heapTotal: number;
}

/** Options of a {@link HeapRelease}. */
export interface HeapReleaseOptions {
  /** How often memory is looked at; default 5000 ms. */
  intervalMs?: number;
  /**
   * Growth of the resident memory outside V8's heap (RSS − heapTotal) since the last release that triggers one; default
   * 8 MiB.
   */
  thresholdBytes?: number;
  /**
   * Least time between two releases outside a burst's end; a burst's end needs only that no two releases ran in
   * the last `minIntervalMs` (at most two in any such window). Default 60000 ms.
   */
  minIntervalMs?: number;
  /** True while the process is busy: a due release waits for a look at which it is not; default never busy. */
  busy?: () => boolean;
  /**
   * A count of the work done so far (the Manager: children written), read at each look: a look that sees it
   * changed is part of a burst, even one shorter than `intervalMs` (an empty queue at every look). Given, it alone
   * tells bursts: `busy` then only delays releases, so periodic busy-but-idempotent work (resyncs) is no burst.
   * Without it, a busy look is part of a burst. Must not grow in steady state, or no burst ever ends.
   */
  work?: () => number;
  /** Idle looks after a busy one that end a burst; default 1. */
  settleLooks?: number;
  /**
   * At the end of a burst, the growth of RSS or of RSS − heapTotal since the last release, or the shrinking of
   * heapTotal from its peak since then, that triggers a release; default 2 MiB.
   */
  settleThresholdBytes?: number;
  /** Runs the memory-reducing collection; default {@link releaseHeapPages}. */
  release?: () => void;
  /** Default `process.memoryUsage()`. */
  memory?: () => MemorySample;
  /** Monotonic milliseconds; default `performance.now()`. */
  now?: () => number;
  /** Told of each release, with the memory before and after it (for a log line). */
  onRelease?: (before: MemorySample, after: MemorySample) => void;
}

/**
 * Releases V8's pooled pages after the heap shrank (see the module comment).
 *
 * @example
 * const release = new HeapRelease({ busy: () => reconcilers.some((r) => r.queueDepth > 0) });
 * release.start();   // an unref'd timer: it never keeps the process alive
 * // … at shutdown
 * release.stop();
 */
export class HeapRelease {
  private timer: NodeJS.Timeout | undefined;
  /** RSS − heapTotal right after the last release (or the first look), lowered when it shrinks. */
  private base: number | undefined;
  /** RSS right after the last release (or the first look), lowered when it shrinks. */
  private rssBase = Number.POSITIVE_INFINITY;
  /** The largest heapTotal seen since the last release (or the first look). */
  private peak = 0;
  /** When the last two releases ran, the older first. */
  private recent: number[] = [];
  /** The work counter at the last look. */
  private worked: number | undefined;
  /** A burst is under way or not yet settled: the process was busy at a look since the last burst's end. */
  private inBurst = false;
  private idleLooks = 0;
  /** Releases run so far (for tests and logs). */
  releases = 0;

  constructor(private readonly options: HeapReleaseOptions = {}) {}

  /** Takes the first look now (the baseline), then looks every `intervalMs`. Idempotent. */
  start(): void {
    if (this.timer) return;
    this.check();
    this.timer = setInterval(() => this.check(), this.options.intervalMs ?? 5_000).unref();
  }

  /** Stops looking. Idempotent. */
  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One look: releases when due; returns whether it did. */
  check(): boolean {
    const sample = this.sample();
    const outside = sample.rss - sample.heapTotal;
    const { busy, burst } = this.activity();
    if (this.base === undefined || outside < this.base) this.base = outside;
    this.rssBase = Math.min(this.rssBase, sample.rss);
    this.peak = Math.max(this.peak, sample.heapTotal);
    if (burst) this.inBurst = true;
    if (busy || burst) {
      this.idleLooks = 0;
      return false;
    }
    if (this.inBurst) return this.settle(sample, Math.max(outside - this.base, sample.rss - this.rssBase));
    if (outside - this.base < (this.options.thresholdBytes ?? 8 * 2 ** 20)) return false;
    if (this.now() - (this.recent.at(-1) ?? Number.NEGATIVE_INFINITY) < this.minInterval()) return false;
    return this.release(sample);
  }

  /** An idle look after a busy one: once `settleLooks` of them, the burst is over and may release, once. */
  private settle(sample: MemorySample, grown: number): boolean {
    if (++this.idleLooks < (this.options.settleLooks ?? 1)) return false;
    this.inBurst = false;
    const threshold = this.options.settleThresholdBytes ?? 2 * 2 ** 20;
    if (grown < threshold && this.peak - sample.heapTotal < threshold) return false;
    const older = this.recent.length === 2 ? this.recent[0] : undefined;
    if (older !== undefined && this.now() - older < this.minInterval()) return false;
    return this.release(sample);
  }

  private release(before: MemorySample): boolean {
    (this.options.release ?? releaseHeapPages)();
    this.releases++;
    this.recent = [...this.recent, this.now()].slice(-2);
    const after = this.sample();
    this.base = after.rss - after.heapTotal;
    this.rssBase = after.rss;
    this.peak = after.heapTotal;
    this.options.onRelease?.(before, after);
    return true;
  }

  /**
   * `busy`: no release now. `burst`: a burst of work is under way: work was done since the last look (the first
   * look only reads the counter) or, without a `work` counter, the process is busy.
   */
  private activity(): { busy: boolean; burst: boolean } {
    const busy = this.options.busy?.() ?? false;
    if (!this.options.work) return { busy, burst: busy };
    const worked = this.options.work();
    const burst = this.worked !== undefined && worked !== this.worked;
    this.worked = worked;
    return { busy, burst };
  }

  private sample(): MemorySample {
    return (this.options.memory ?? (() => process.memoryUsage()))();
  }

  private now(): number {
    return (this.options.now ?? (() => performance.now()))();
  }

  private minInterval(): number {
    return this.options.minIntervalMs ?? 60_000;
  }
}
