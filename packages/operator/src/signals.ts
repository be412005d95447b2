/** Turning the process's stop signals into an AbortSignal for {@link Manager.run}. */

/**
 * An AbortSignal that aborts on the first SIGTERM or SIGINT (a graceful stop); a second one ends the process
 * at once (exit 143 or 130), for an operator stuck draining. Installs process listeners: call it once.
 */
export function shutdownSignal(): AbortSignal {
  const stop = new AbortController();
  let signals = 0;
  for (const name of ['SIGTERM', 'SIGINT'] as const) {
    process.on(name, () => {
      signals++;
      if (signals > 1) process.exit(name === 'SIGINT' ? 130 : 143);
      stop.abort();
    });
  }
  return stop.signal;
}
