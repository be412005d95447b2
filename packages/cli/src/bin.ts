#!/usr/bin/env node
import { shutdownSignal, tunedExec } from '@orkestra/operator';
/**
 * The `orkestra` executable: runs {@link main} with the process's arguments and streams, turns SIGTERM and
 * SIGINT into a graceful stop (a second one ends the process at once), and exits with the command's code.
 */
import { main } from './cli.js';

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

const signal = shutdownSignal();

// No top-level await: the CommonJS build of this file must compile too. Connection pools and timers of a
// finished command must not keep the process alive, hence the explicit exit.
void main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, signal }).then((code) =>
  process.exit(code),
);
