import { WaitForTimeoutError } from './errors.js';

/** Options of {@link waitFor}. */
export interface WaitForOptions {
  /** Give up after this long. Default 10 000 ms. */
  timeoutMs?: number;
  /** Pause between attempts. Default 100 ms. */
  intervalMs?: number;
  /** What is awaited, for the error message ("the child ConfigMap to be garbage-collected"). */
  description?: string;
  /** Abort the wait early; rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** {@link WaitForOptions} with a predicate on the value, so a timeout can show the last (truthy) value. */
export interface WaitForUntilOptions<T> extends WaitForOptions {
  /** Done when this returns true for the value `check` returned. */
  until: (value: T) => boolean;
}

const TIMED_OUT = Symbol('timed out');

/** `T` without its falsy members: what {@link waitFor} resolves with. */
export type Truthy<T> = Exclude<T, false | 0 | 0n | '' | null | undefined>;

/**
 * Calls `check` until it returns a truthy value (or, with `until`, a value `until` accepts), and
 * resolves with that value. A throw counts as "not yet" (it is retried). An attempt that is still
 * running at the deadline is abandoned.
 *
 * On timeout it throws {@link WaitForTimeoutError}, whose message gives the description, the time
 * waited, the number of attempts and the last value returned or error thrown, e.g.
 * `timed out after 10000 ms (87 attempts) waiting for pod web to run; last value: {"phase":"Pending"}`.
 *
 * @example
 * // until a read succeeds
 * const cm = await waitFor(() => api.read(ref), { timeoutMs: 5_000, description: 'the ConfigMap to exist' });
 * // until a condition holds; the error shows the last status seen
 * await waitFor(async () => (await api.read(deployment)).status ?? {}, {
 *   until: (status) => status.readyReplicas === 1,
 *   description: 'deployment web to have 1 ready replica',
 * });
 */
export function waitFor<T>(check: () => T | Promise<T>, options: WaitForUntilOptions<T>): Promise<T>;
export function waitFor<T>(check: () => T | Promise<T>, options?: WaitForOptions): Promise<Truthy<T>>;
export async function waitFor<T>(
  check: () => T | Promise<T>,
  options: WaitForOptions & { until?: (value: T) => boolean } = {},
): Promise<T> {
  const until = options.until ?? ((value: T) => Boolean(value));
  const { timeoutMs = 10_000, intervalMs = 100, description = 'the condition', signal } = options;
  const start = Date.now();
  const deadline = start + timeoutMs;
  let attempts = 0;
  let lastValue: unknown;
  let lastError: unknown;

  /** A timer that resolves TIMED_OUT after `ms` (or on abort), and can be cancelled. */
  const timer = (ms: number) => {
    let cancel = () => {};
    const promise = new Promise<typeof TIMED_OUT>((resolve) => {
      const onAbort = () => finish();
      const handle = setTimeout(() => finish(), Math.max(0, ms));
      const finish = () => {
        cancel();
        resolve(TIMED_OUT);
      };
      cancel = () => {
        clearTimeout(handle);
        signal?.removeEventListener('abort', onAbort);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    return { promise, cancel: () => cancel() };
  };

  for (;;) {
    signal?.throwIfAborted();
    attempts++;
    const deadlineTimer = timer(deadline - Date.now());
    try {
      const result = await Promise.race([Promise.resolve().then(check), deadlineTimer.promise]);
      signal?.throwIfAborted();
      if (result === TIMED_OUT) {
        lastError ??= new Error('the last attempt was still running at the deadline');
        break;
      }
      if (until(result)) return result;
      lastValue = result;
      lastError = undefined;
    } catch (error) {
      signal?.throwIfAborted();
      lastError = error;
    } finally {
      deadlineTimer.cancel();
    }
    if (Date.now() >= deadline) break;
    const pause = timer(Math.min(intervalMs, deadline - Date.now()));
    await pause.promise;
  }
  throw new WaitForTimeoutError(description, Date.now() - start, attempts, lastValue, lastError);
}
