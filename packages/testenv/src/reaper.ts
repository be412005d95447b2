import { type ChildProcess, spawn } from 'node:child_process';
import type { Writable } from 'node:stream';

/*
 * The last line of defence for "no process remains": a tiny `sh` process per environment that holds
 * the read end of a pipe from us. We tell it which process groups are alive ("+pgid" / "-pgid").
 * When the pipe closes without a clean stop — our process was SIGKILLed, crashed, or a Jest worker
 * was torn down — it terminates the groups still listed and removes the temporary folder.
 * A clean stop() unlists everything first, so the reaper then only exits.
 */
const SCRIPT = `
dir=$1
pids=" "
while IFS= read -r line; do
  case $line in
    +*) pids="$pids\${line#+} " ;;
    -*) n=\${line#-}; rest=" "; for p in $pids; do [ "$p" = "$n" ] || rest="$rest$p "; done; pids=$rest ;;
  esac
done
if [ -n "\${pids# }" ]; then
  for p in $pids; do kill -s TERM -- "-$p" 2>/dev/null; done
  i=0
  while [ $i -lt 5 ]; do
    alive=""
    for p in $pids; do kill -s 0 -- "-$p" 2>/dev/null && alive="$alive$p "; done
    [ -z "$alive" ] && break
    sleep 1
    i=$((i + 1))
  done
  for p in $pids; do kill -s KILL -- "-$p" 2>/dev/null; done
fi
[ -n "$dir" ] && rm -rf -- "$dir"
`;

/** A running reaper for one environment (see the comment at the top of this file). */
export class Reaper {
  private readonly child: ChildProcess;
  private readonly stdin: Writable;
  private readonly exited: Promise<void>;

  constructor(tempDir: string) {
    this.child = spawn('/bin/sh', ['-c', SCRIPT, 'orkestra-testenv-reaper', tempDir], {
      detached: true,
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    this.exited = new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.once('error', () => resolve());
    });
    const stdin = this.child.stdin;
    if (!stdin) throw new Error('reaper has no stdin');
    this.stdin = stdin;
    stdin.on('error', () => {}); // the reaper is gone; nothing to tell it any more
    // Neither the reaper nor its pipe may keep the event loop (a test run) alive.
    this.child.unref();
    (stdin as Writable & { unref?: () => void }).unref?.();
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** A process group to terminate if we die. */
  add(pgid: number): void {
    this.write(`+${pgid}\n`);
  }

  /** A process group that ended (or was stopped by us). */
  remove(pgid: number): void {
    this.write(`-${pgid}\n`);
  }

  /** Ends the reaper (it kills the groups still listed and removes the folder) and waits for it. */
  async close(): Promise<void> {
    if (!this.stdin.writableEnded) this.stdin.end();
    this.child.ref(); // keep the event loop alive until it has exited
    await this.exited;
  }

  private write(line: string): void {
    if (!this.stdin.writableEnded && !this.stdin.destroyed) this.stdin.write(line);
  }
}
