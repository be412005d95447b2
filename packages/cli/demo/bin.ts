/**
 * `npm run demo`: runs {@link demoMain} with the process's arguments and streams; SIGTERM and SIGINT stop it
 * gracefully (a second one ends the process at once).
 */
import { shutdownSignal } from '@orkestra/operator';
import { demoMain } from './command.js';

const signal = shutdownSignal();
// Connection pools and timers of a finished demo must not keep the process alive, hence the explicit exit.
process.exit(await demoMain(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, signal }));
