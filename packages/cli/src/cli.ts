/**
 * The `orkestra` command line: commander parses it, each command (one file each under commands/) does its work
 * through an {@link Output}, and {@link main} turns every outcome into one of the documented exit codes — so
 * tests run the whole CLI in-process and the bin only wires it to the process.
 */
import { createRequire } from 'node:module';
import { Command, CommanderError } from 'commander';
import { type CliIo, type CommandContext, type CommandState, commandContext } from './commands/context.js';
import { EXIT_CODES_HELP } from './commands/options.js';
import { printError } from './error-output.js';
import { CliError, ExitCode } from './exit-codes.js';
import { createOutput, note } from './output.js';

export type { CliIo } from './commands/context.js';

/** This package's version (read from its package.json, next to src/ and dist/). */
const VERSION = (createRequire(import.meta.url)('../package.json') as { version: string }).version;

/**
 * Each command's module, in the order of the root's help, imported only when needed: `orkestra run` loads the
 * code of `run` alone, not that of render, diff, validate, generate and demo (nor their libraries).
 */
const COMMANDS: Record<string, () => Promise<(ctx: CommandContext) => Command>> = {
  run: async () => (await import('./commands/run.js')).runCommand,
  render: async () => (await import('./commands/render.js')).renderCommand,
  diff: async () => (await import('./commands/diff.js')).diffCommand,
  validate: async () => (await import('./commands/validate.js')).validateCommand,
  generate: async () => (await import('./commands/generate-rbac.js')).generateCommand,
  demo: async () => (await import('./commands/demo.js')).demoCommand,
};

/**
 * The program, with the command `argv` names, or every command when it names none (the root's help and
 * version, an unknown command and its suggestions); actions record their exit code in `state`.
 */
async function program(io: CliIo, state: CommandState, argv: readonly string[]): Promise<Command> {
  const named = argv[0] !== undefined && Object.hasOwn(COMMANDS, argv[0]) ? [argv[0]] : Object.keys(COMMANDS);
  const commands = await Promise.all(named.map((name) => COMMANDS[name]!()));
  const ctx = commandContext(io, state);
  const root = new Command('orkestra')
    .description(
      'Run, render, diff and validate Orkestra katalogs: the generic reconciler for the CRDs a katalog declares.',
    )
    .version(VERSION, '-V, --version')
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) })
    .exitOverride()
    .addHelpText(
      'after',
      `
Examples:
  $ orkestra validate --katalog katalog.yaml --crd crd.yaml
  $ orkestra render --katalog katalog.yaml --cr website.yaml
  $ orkestra run --katalog katalog.yaml --kubeconfig ~/.kube/config
  $ orkestra diff --katalog katalog.yaml
  $ orkestra generate rbac --katalog katalog.yaml --service-account ops/website | kubectl apply -f -
  $ orkestra generate manifests --katalog katalog.yaml --image ghcr.io/acme/website-operator:1.0 --output deploy/
  $ orkestra generate crd --katalog katalog.yaml --output crd.yaml
  $ orkestra generate types --crd crd.yaml --output src/website.ts
  $ orkestra demo
${EXIT_CODES_HELP}`,
    );
  root.hook('preAction', (_root, action) => {
    state.debug = action.opts<{ logLevel?: string }>().logLevel === 'debug';
  });
  for (const command of commands) {
    // Every command reports through main as the root does: the root's output, exit override and help settings.
    const c = command(ctx).copyInheritedSettings(root);
    for (const sub of c.commands) sub.copyInheritedSettings(c);
    root.addCommand(c);
  }
  return root;
}

/** An error no command expected (a bug): one line, and how to see its stack. */
function unexpected(e: unknown, debug: boolean): CliError {
  const message = (e instanceof Error ? e.message : String(e)).split('\n')[0];
  const hint = debug
    ? 'this is a bug of orkestra: please report it with the command line and the stack below'
    : 'this is a bug of orkestra: run again with --log-level debug to see its stack, and please report it';
  return new CliError(ExitCode.Internal, `unexpected error: ${message}`, { hint, cause: e });
}

/**
 * Runs the CLI with `argv` (without `node` and the script), writing to `io`; resolves to the exit code. Never
 * throws and never exits the process.
 *
 * @example
 * const code = await main(['validate', '--katalog', 'katalog.yaml'], { stdout: process.stdout, stderr: process.stderr });
 */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
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
    await (await program(io, state, argv)).parseAsync([...argv], { from: 'user' });
    return state.code;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version') return ExitCode.Ok;
      return ExitCode.Usage;
    }
    const err = e instanceof CliError ? e : unexpected(e, state.debug);
    printError(errorOutput(), err);
    if (state.debug && !(e instanceof CliError) && e instanceof Error && e.stack) note(errorOutput(), e.stack);
    return err.exitCode;
  }
}
