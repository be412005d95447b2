/**
 * Gives V8's pooled heap pages back to the OS once they are no longer used.
 *
 * When V8's heap shrinks after a burst (the informer caches filling at start, a thousand new CRs), the pages it
 * frees are not unmapped: they go to a pool for reuse and stay resident. Only a memory-reducing collection
 * releases the pool, and an operator process never triggers one on its own. Measured with the bench's heap probe
 * (15 CRDs × 100 CRs × 4 children, `--max-semi-space-size=4`, `MALLOC_ARENA_MAX=2`): 165 MB RSS after
 * convergence, of which ~40 MB were 256 KB pages outside the 48 MB V8 heap; one memory-reducing collection took
 * the process to the figures in the operator README.
 *
 * {@link HeapRelease} looks at the process's memory every few seconds and runs one such collection when the
 * resident memory outside V8's heap has grown by a threshold since the last one, at most once a minute, and not
 * while the process is busy. In steady state nothing grows, so nothing runs: it costs one `process.memoryUsage()`
 * per look.
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
  /** Growth of the resident memory outside V8's heap (RSS − heapTotal) since the last release that triggers one; default 8 MiB. */
  thresholdBytes?: number;
  /** Least time between two releases; default 60000 ms. */
  minIntervalMs?: number;
  /** True while the process is busy: a due release waits for a look at which it is not; default never busy. */
  busy?: () => boolean;
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
  /** RSS − heapTotal right after the last release (or the first look). */
  private base: number | undefined;
  private last = Number.NEGATIVE_INFINITY;
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
    const memory = this.options.memory ?? (() => process.memoryUsage());
    const now = this.options.now ?? (() => performance.now());
    const sample = memory();
    const outside = sample.rss - sample.heapTotal;
    if (this.base === undefined || outside < this.base) {
      this.base = outside;
      return false;
    }
    if (outside - this.base < (this.options.thresholdBytes ?? 8 * 2 ** 20)) return false;
    if (now() - this.last < (this.options.minIntervalMs ?? 60_000) || this.options.busy?.()) return false;
    (this.options.release ?? releaseHeapPages)();
    this.releases++;
    this.last = now();
    const after = memory();
    this.base = after.rss - after.heapTotal;
    this.options.onRelease?.(sample, after);
    return true;
  }
}
