import { readFileSync } from 'node:fs';
import { waitFor } from '../src/wait-for.js';

/**
 * Whether a process is still running. An exited process that nobody reaped yet (a zombie) is not:
 * processes orphaned by a SIGKILLed parent are re-parented to PID 1, and some container init
 * processes never reap them.
 */
export function processRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code !== 'ESRCH';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

/** `process.kill(pid, 0)` throws ESRCH: the process is gone and reaped. */
export function processGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Waits (briefly) until `pid` is gone and reaped. */
export async function expectGone(pid: number | undefined, timeoutMs = 5_000): Promise<void> {
  if (pid === undefined) throw new Error('expectGone: no pid');
  await waitFor(() => processGone(pid), { timeoutMs, intervalMs: 20, description: `process ${pid} to be gone` });
}

/** Waits until `pid` no longer runs (gone, or a zombie nobody reaps). */
export async function expectNotRunning(pid: number, timeoutMs = 15_000): Promise<void> {
  await waitFor(() => !processRunning(pid), {
    timeoutMs,
    intervalMs: 50,
    description: `process ${pid} to stop running`,
  });
}
