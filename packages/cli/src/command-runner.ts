/**
 * How a commander program runs in-process: each command's action records its exit code in a
 * {@link CommandState}, and every other outcome (help, a usage error, a {@link CliError}, a bug) becomes one of the
 * documented exit codes, printed in the format the command chose. `orkestra` runs its program through it, and so
 * does the repository's demo (`npm run demo`).
 */
import type { Command } from 'commander';
import { CommanderError } from 'commander';
import type { CliIo, CommandState } from './commands/context.js';
import { printError } from './error-output.js';
import { CliError, ExitCode } from './exit-codes.js';
import { createOutput, note } from './output.js';

/** An error no command expected (a bug): one line, and how to see its stack. */
function unexpected(e: unknown, debug: boolean): CliError {
  const message = (e instanceof Error ? e.message : String(e)).split('\n')[0];
  const hint = debug
    ? 'this is a bug of orkestra: please report it with the command line and the stack below'
    : 'this is a bug of orkestra: run again with --log-level debug to see its stack, and please report it';
  return new CliError(ExitCode.Internal, `unexpected error: ${message}`, { hint, cause: e });
}

/**
 * `argv` as commander must read it: cut after an unknown command name (at any level: `bogus`, `generate bogus`),
 * so that what follows — `--help` above all — cannot turn a usage error into the parent's help and exit 0. The
 * root's `help` command is known.
 */
export function commandArgs(program: Command, argv: readonly string[]): readonly string[] {
  let command = program;
  for (const [i, token] of argv.entries()) {
    if (token.startsWith('-') || command.commands.length === 0) return argv;
    const sub = command.commands.find((c) => c.name() === token || c.aliases().includes(token));
    if (!sub) return command === program && token === 'help' ? argv : argv.slice(0, i + 1);
    command = sub;
  }
  return argv;
}

/**
 * Builds the program with `build` and runs it with `argv` (without `node` and the script), writing to `io`;
 * resolves to the exit code. Never throws and never exits the process. `build` must make the program throw
 * instead of exiting (commander's `exitOverride`).
 */
export async function runProgram(
  argv: readonly string[],
  io: CliIo,
  build: (state: CommandState) => Promise<Command>,
): Promise<number> {
  const state: CommandState = { code: ExitCode.Ok, debug: false };
  const errorOutput = () =>
    state.output ??
    createOutput(io.stdout as never, io.stderr as never, {
      env: io.env ?? process.env,
      format:
        argv.includes('json') && argv.some((a) => a === '-o' || a === '--output' || a === '--output=json')
          ? 'json'
          : 'text',
    });
  try {
    const program = await build(state);
    await program.parseAsync([...commandArgs(program, argv)], { from: 'user' });
    return state.code;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version') return ExitCode.Ok;
      // `orkestra help run` asked for help (exit 0); `orkestra generate` alone shows it as an error (exit 1).
      if (e.code === 'commander.help' && e.exitCode === 0) return ExitCode.Ok;
      return ExitCode.Usage;
    }
    const err = e instanceof CliError ? e : unexpected(e, state.debug);
    printError(errorOutput(), err);
    if (state.debug && !(e instanceof CliError) && e instanceof Error && e.stack) note(errorOutput(), e.stack);
    return err.exitCode;
  }
}
