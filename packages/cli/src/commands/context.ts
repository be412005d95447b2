/**
 * What every command's action gets: the process's streams, environment, working directory and stop signal,
 * and the state {@link main} reads when the action ends (its exit code, its output for errors).
 */
import type { Writable } from 'node:stream';
import { createOutput, type Output } from '../output.js';

/** Where the CLI reads and writes. */
export interface CliIo {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Aborted on SIGTERM/SIGINT: `run` and `demo` stop gracefully. */
  signal?: AbortSignal;
}

/** The outcome of one command, filled in by its action. */
export interface CommandState {
  code: number;
  /** The command's output, once it chose its format: errors are printed the same way. */
  output?: Output;
  /** `--log-level debug`: an unexpected error prints its stack. */
  debug: boolean;
}

/** A command's view of the process. */
export interface CommandContext {
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
  readonly signal: AbortSignal;
  readonly io: CliIo;
  readonly state: CommandState;
  /** The output of the command in `format`, remembered so that errors are printed in that format too. */
  output(format: 'text' | 'json'): Output;
}

/** A {@link CommandContext} over `io`, recording into `state`. */
export function commandContext(io: CliIo, state: CommandState): CommandContext {
  const env = io.env ?? process.env;
  return {
    env,
    cwd: io.cwd ?? process.cwd(),
    signal: io.signal ?? new AbortController().signal,
    io,
    state,
    output: (format) => (state.output = createOutput(io.stdout as Writable, io.stderr as Writable, { format, env })),
  };
}
