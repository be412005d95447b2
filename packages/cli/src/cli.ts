/**
 * The `orkestra` command line: commander parses it, each command (one file each under commands/) does its work
 * through an {@link Output}, and {@link main} turns every outcome into one of the documented exit codes — so
 * tests run the whole CLI in-process and the bin only wires it to the process.
 */
import { createRequire } from 'node:module';
import { Command } from 'commander';
import { runProgram } from './command-runner.js';
import { type CliIo, type CommandContext, type CommandState, commandContext } from './commands/context.js';

export type { CliIo } from './commands/context.js';

/** This package's version (read from its package.json, next to src/ and dist/). */
const VERSION = (createRequire(import.meta.url)('../package.json') as { version: string }).version;

/** The exit codes, once, at the end of the program's help (the README's table says the same). */
const EXIT_CODES_HELP = `
Exit codes:
  0  ok (diff: every child in sync; validate: no problem)
  1  problems found: invalid katalog, CR, CRD or template; diff found a difference
  2  usage error: unknown command or option, missing or unreadable file, bad local setting (--http-address)
  3  cluster unreachable, or credentials refused (no kubeconfig, connection refused, 401)
  4  a resource package the katalog needs is not installed (npm install @orkestra/<key>)
  5  Forbidden: the identity lacks a permission the katalog needs (see generate rbac)
  6  run lost its leader-election Lease and stopped
  7  unexpected error (--log-level debug prints its stack)`;

/**
 * Each command's module, in the order of the root's help, imported only when needed: `orkestra run` loads the
 * code of `run` alone, not that of render, diff, validate and generate (nor their libraries).
 */
const COMMANDS: Record<string, () => Promise<(ctx: CommandContext) => Command>> = {
  run: async () => (await import('./commands/run.js')).runCommand,
  render: async () => (await import('./commands/render.js')).renderCommand,
  diff: async () => (await import('./commands/diff.js')).diffCommand,
  validate: async () => (await import('./commands/validate.js')).validateCommand,
  trace: async () => (await import('./commands/trace.js')).traceCommand,
  generate: async () => (await import('./commands/generate-rbac.js')).generateCommand,
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
      'Run, render, diff, validate and trace Orkestra katalogs: the generic reconciler for the CRDs a katalog ' +
        'declares.',
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
  $ orkestra trace website/shop -n prod
  $ orkestra generate rbac --katalog katalog.yaml --service-account ops/website | kubectl apply -f -
  $ orkestra generate manifests --katalog katalog.yaml --image ghcr.io/acme/website-operator:1.0 --output deploy/
  $ orkestra generate crd --katalog katalog.yaml --output crd.yaml
  $ orkestra generate types --crd crd.yaml --output src/website.ts
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

/**
 * Runs the CLI with `argv` (without `node` and the script), writing to `io`; resolves to the exit code. Never
 * throws and never exits the process.
 *
 * @example
 * const io = { stdout: process.stdout, stderr: process.stderr };
 * const code = await main(['validate', '--katalog', 'katalog.yaml'], io);
 */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  return runProgram(argv, io, (state) => program(io, state, argv));
}
