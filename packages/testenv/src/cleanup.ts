/*
 * Every live environment is registered here. While any is live, this module listens for
 * SIGINT/SIGTERM/SIGHUP (stop them all quickly, then re-raise the signal so the process still dies
 * the way it would have) and for `exit` (synchronous: SIGKILL the process groups, remove the folders).
 * The listeners go away with the last environment, so an idle process keeps Node's default behaviour.
 */

/** What the registry needs from an environment. */
export interface Cleanable {
  /** Stops everything; must not throw. */
  stop(options?: { timeoutMs?: number }): Promise<void>;
  /** Synchronous last resort: SIGKILL every process group and remove the folder. */
  killSync(): void;
}

const live = new Set<Cleanable>();
const SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const signalHandlers = new Map<NodeJS.Signals, () => void>();
/** Stop timeout per process when a signal interrupts the run: fast rather than graceful. */
const INTERRUPT_STOP_TIMEOUT_MS = 2_000;

function onExit(): void {
  for (const env of live) {
    try {
      env.killSync();
    } catch {
      // best effort while exiting
    }
  }
  live.clear();
}

function install(): void {
  process.on('exit', onExit);
  for (const signal of SIGNALS) {
    const handler = () => {
      void (async () => {
        await Promise.allSettled([...live].map((env) => env.stop({ timeoutMs: INTERRUPT_STOP_TIMEOUT_MS })));
        uninstall();
        // Re-raise: with our listener gone, Node's default action (or the app's own handlers) applies.
        if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
      })();
    };
    signalHandlers.set(signal, handler);
    process.on(signal, handler);
  }
}

function uninstall(): void {
  process.off('exit', onExit);
  for (const [signal, handler] of signalHandlers) process.off(signal, handler);
  signalHandlers.clear();
}

/** Registers a live environment (installs the hooks with the first one). */
export function registerLive(env: Cleanable): void {
  if (live.size === 0 && signalHandlers.size === 0) install();
  live.add(env);
}

/** Unregisters an environment that stopped (removes the hooks with the last one). */
export function unregisterLive(env: Cleanable): void {
  live.delete(env);
  if (live.size === 0) uninstall();
}

/** How many environments this module instance has live (for tests). */
export function liveCount(): number {
  return live.size;
}
