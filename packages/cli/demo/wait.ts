/** Waiting in the demo: a check polled until it holds, with a deadline that names what was awaited. */

const STEP_TIMEOUT_MS = 60_000;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Polls `check` every 50 ms until it returns a truthy value, and returns that. Errors of `check` count as
 * "not yet", unless `fatal` says one is, which is thrown at once; past `timeoutMs` it throws, naming `what` and
 * the last error.
 */
export async function waitUntil<T>(
  what: string,
  check: () => Promise<T | undefined | false>,
  timeoutMs = STEP_TIMEOUT_MS,
  fatal: (e: unknown) => boolean = () => false,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (e) {
      if (fatal(e)) throw e;
      lastError = e;
    }
    if (Date.now() > deadline)
      throw new Error(
        `timed out after ${timeoutMs / 1000} s waiting for ${what}` +
          (lastError ? ` (last error: ${(lastError as Error).message})` : ''),
      );
    await sleep(50);
  }
}
