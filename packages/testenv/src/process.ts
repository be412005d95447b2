import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, createWriteStream, openSync, readdirSync, readFileSync, writeSync } from 'node:fs';
import { ProcessStartError } from './errors.js';

/** How a process ended. */
export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Set when the process could not be spawned at all (ENOENT, EACCES, …). */
  error?: Error;
}

/** Options of {@link ManagedProcess}. */
export interface ManagedProcessOptions {
  /** Copy the process output to this process's stderr as well as to the log file. */
  attachOutput?: boolean;
  env?: NodeJS.ProcessEnv;
  /** Called with the pid when the process starts and when it exits (for the reaper). */
  onSpawn?: (pid: number) => void;
  onExit?: (pid: number) => void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Whether a process group still has a live member. Zombies do not count: a group member orphaned by
 * its leader's death is reaped by PID 1, and some container init processes never do that.
 */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
  if (process.platform !== 'linux') return true;
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      } catch {
        continue; // exited meanwhile
      }
      // pid (comm) state ppid pgrp ...; comm may contain spaces and parentheses
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid && fields[0] !== 'Z' && fields[0] !== 'X') return true;
    }
    return false;
  } catch {
    return true;
  }
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

/**
 * One control-plane binary run as the leader of its own process group (spawned detached, so a
 * Ctrl-C in the terminal reaches our signal handler, not the child), with its output appended to a
 * log file. It can be started again after it stopped, with the same arguments.
 */
export class ManagedProcess {
  private child: ChildProcess | undefined;
  private exitPromise: Promise<ExitInfo> | undefined;
  private exitInfo: ExitInfo | undefined;

  constructor(
    readonly name: string,
    readonly command: string,
    readonly args: readonly string[],
    readonly logPath: string,
    private readonly options: ManagedProcessOptions = {},
  ) {}

  /** The pid while running (also the process-group id), else undefined. */
  get pid(): number | undefined {
    return this.running ? this.child?.pid : undefined;
  }

  get running(): boolean {
    return this.child !== undefined && this.exitInfo === undefined;
  }

  /** Spawns the process. Throws if it is already running. */
  start(): void {
    if (this.running) throw new Error(`${this.name} is already running (pid ${this.child?.pid})`);
    this.exitInfo = undefined;
    const fd = openSync(this.logPath, 'a');
    writeSync(fd, `\n=== ${new Date().toISOString()} starting ${this.command} ${this.args.join(' ')}\n`);
    let child: ChildProcess;
    try {
      child = spawn(this.command, this.args, {
        detached: true,
        stdio: ['ignore', this.options.attachOutput ? 'pipe' : fd, this.options.attachOutput ? 'pipe' : fd],
        env: this.options.env ?? process.env,
      });
    } finally {
      if (!this.options.attachOutput) closeSync(fd);
    }
    if (this.options.attachOutput) {
      const file = createWriteStream('', { fd, flags: 'a' });
      const prefix = `[${this.name}] `;
      for (const stream of [child.stdout, child.stderr]) {
        stream?.on('data', (chunk: Buffer) => {
          file.write(chunk);
          process.stderr.write(prefix + chunk.toString().replace(/\n(?=.)/g, `\n${prefix}`));
        });
      }
      child.once('close', () => file.end());
    }
    this.child = child;
    this.exitPromise = new Promise<ExitInfo>((resolve) => {
      const done = (info: ExitInfo) => {
        if (this.exitInfo) return;
        this.exitInfo = info;
        if (child.pid !== undefined) this.options.onExit?.(child.pid);
        resolve(info);
      };
      child.once('error', (error) => done({ code: null, signal: null, error }));
      child.once('exit', (code, signal) => done({ code, signal }));
    });
    child.unref();
    if (child.pid !== undefined) this.options.onSpawn?.(child.pid);
  }

  /** Resolves when the process has exited (immediately if it is not running). */
  async exited(): Promise<ExitInfo | undefined> {
    return this.exitPromise ? this.exitPromise : undefined;
  }

  /**
   * Polls `ready` every `intervalMs` until it resolves true. Throws a {@link ProcessStartError}
   * with the tail of the log when the process exits first or `timeoutMs` passes.
   */
  async waitUntilReady(ready: () => Promise<boolean>, timeoutMs: number, intervalMs = 100): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    const exit = this.exitPromise;
    if (!exit) throw new Error(`${this.name} was not started`);
    let exitInfo: ExitInfo | undefined;
    void exit.then((info) => (exitInfo = info));
    for (;;) {
      if (exitInfo) throw this.startError(describeExit(exitInfo));
      if (await ready().catch(() => false)) return;
      if (exitInfo) throw this.startError(describeExit(exitInfo));
      if (Date.now() >= deadline) {
        const error = this.startError(`did not become ready within ${timeoutMs} ms`);
        await this.stop(2_000);
        throw error;
      }
      await Promise.race([sleep(intervalMs), exit]);
    }
  }

  /**
   * Sends `signal` (default SIGTERM) to the process group, waits up to `timeoutMs` for it to exit,
   * then SIGKILLs the group. Resolves once the process is gone. Does nothing if it is not running.
   */
  async stop(timeoutMs = 20_000, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.child;
    const exit = this.exitPromise;
    if (!child?.pid || !exit) return;
    const pid = child.pid;
    child.ref(); // keep the event loop alive while we wait for the exit
    if (this.running) {
      killGroup(pid, signal);
      const timer = new Promise<'timeout'>((resolve) => setTimeout(resolve, timeoutMs, 'timeout').unref());
      if ((await Promise.race([exit, timer])) === 'timeout') killGroup(pid, 'SIGKILL');
      await exit;
    }
    // The leader is gone; make sure nothing else of its group survives.
    if (groupAlive(pid)) {
      killGroup(pid, 'SIGKILL');
      for (let i = 0; i < 50 && groupAlive(pid); i++) await sleep(20);
    }
  }

  /** SIGKILLs the process group at once (for a synchronous `exit` hook). */
  killSync(): void {
    if (this.running && this.child?.pid) killGroup(this.child.pid, 'SIGKILL');
  }

  /** The last `lines` lines of the log file. */
  logTail(lines = 40): string {
    try {
      const text = readFileSync(this.logPath, 'utf8').trimEnd();
      return text.split('\n').slice(-lines).join('\n');
    } catch {
      return '';
    }
  }

  private startError(reason: string): ProcessStartError {
    return new ProcessStartError(this.name, reason, this.logTail(), this.logPath);
  }
}

function describeExit(info: ExitInfo): string {
  if (info.error) return `could not be started: ${info.error.message}`;
  if (info.signal) return `was killed by ${info.signal} before it was ready`;
  return `exited with code ${info.code} before it was ready`;
}
