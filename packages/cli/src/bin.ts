#!/usr/bin/env node
/**
 * The `orkestra` executable: runs {@link main} with the process's arguments and streams, turns SIGTERM and
 * SIGINT into a graceful stop (a second one ends the process at once), and exits with the command's code.
 *
 * It imports nothing else before it knows whether it re-executes itself: `orkestra run` does so once with the
 * operator's memory settings, and every module loaded before that would be loaded (and compiled) twice. The CLI
 * itself comes after, with a dynamic import.
 */
import { enableCompileCache } from 'node:module';
import { tunedExec } from '@orkestra/operator/runtime-tuning';

// V8's compiled code of every module, cached on disk between runs (Node's default folder, os.tmpdir(), or
// NODE_COMPILE_CACHE; off with NODE_DISABLE_COMPILE_CACHE=1) — for the short-lived commands only: the cache stays in
// memory for the life of the process, more resident memory than a long-running `orkestra run` gains in start-up
// time (figures in bench/README.md).
if (process.argv[2] !== 'run') enableCompileCache?.();

// `orkestra run` re-executes itself once with the operator's memory settings (@orkestra/operator); this never returns.
const tuned = tunedExec({
  args: process.argv.slice(2),
  script: process.argv[1],
  execPath: process.execPath,
  execArgv: process.execArgv,
  env: process.env,
  platform: process.platform,
  canExec: typeof process.execve === 'function',
  isOperator: (args) => args[0] === 'run',
});
if (tuned) process.execve!(tuned.file, tuned.args, tuned.env);
else void start();

/** Loads the CLI and runs it. */
async function start(): Promise<never> {
  const [{ shutdownSignal }, { main }] = await Promise.all([import('@orkestra/operator'), import('./cli.js')]);
  const signal = shutdownSignal();
  // No top-level await: the CommonJS build of this file must compile too. Connection pools and timers of a
  // finished command must not keep the process alive, hence the explicit exit.
  const code = await main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, signal });
  process.exit(code);
}
