/**
 * `npm run demo`'s command line: the options of {@link runDemo}, parsed by commander and run through the CLI's
 * own {@link runProgram}, so usage errors, help and exit codes are those of `orkestra`. The demo lives in the
 * repository, not in the published CLI: it plays the example of `examples/website` on a control plane built by
 * `scripts/setup.sh`.
 */
import { Command, Option } from 'commander';
import { runProgram } from '../src/command-runner.js';
import { type CliIo, commandContext } from '../src/commands/context.js';
import { outputOption, packagesOption, resourcePackageOption } from '../src/commands/options.js';
import { LOG_LEVELS, type LogLevel } from '../src/logger.js';

interface DemoCommandOptions {
  dir?: string;
  databaseDir?: string;
  kubeconfig?: string;
  context?: string;
  logLevel: LogLevel;
  output: 'text' | 'json';
  resourcePackage: string[];
}

/** Runs the demo with `argv` (its options, as `npm run demo -- <options>` passes them); resolves to the exit code. */
export function demoMain(argv: readonly string[], io: CliIo): Promise<number> {
  return runProgram(argv, io, async (state) => {
    const ctx = commandContext(io, state);
    return new Command('npm run demo --')
      .description(
        'the whole life of an operator on an embedded control plane: children created, Ready, drift corrected, ' +
          'a change rolled out, deletion; then a Database whose backup waits for its StatefulSet',
      )
      .option('--dir <folder>', 'the example (crd.yaml, katalog.yaml, website.yaml); default examples/website')
      .option(
        '--database-dir <folder>',
        'the Database example (crd.yaml, katalog.yaml, database.yaml), played after the Website; ' +
          'default: database beside --dir',
      )
      .option(
        '--kubeconfig <file>',
        'play it on this cluster instead of an embedded control plane (in a namespace of its own)',
      )
      .option('--context <name>', 'kubeconfig context')
      .addOption(
        new Option('--log-level <level>', "the operator's log level (logs go to stderr)")
          .choices(LOG_LEVELS)
          .default('error'),
      )
      .addOption(outputOption())
      .addOption(resourcePackageOption())
      .configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) })
      .showHelpAfterError('(run with --help for usage)')
      .exitOverride()
      .addHelpText(
        'after',
        `
Examples (from the repository root):
  $ npm run demo
  $ npm run demo -- --kubeconfig ~/.kube/config

It needs the control-plane binaries (scripts/setup.sh builds them) unless --kubeconfig is given. It exits 0
when every step passed and leaves nothing running; the other exit codes are orkestra's (orkestra --help).`,
      )
      .action(async (opts: DemoCommandOptions) => {
        const output = ctx.output(opts.output);
        state.debug = opts.logLevel === 'debug';
        const { runDemo } = await import('./demo.js');
        state.code = await runDemo({
          dir: opts.dir,
          databaseDir: opts.databaseDir,
          kubeconfig: opts.kubeconfig,
          context: opts.context,
          output,
          logLevel: opts.logLevel,
          packages: packagesOption(opts.resourcePackage),
        });
      });
  });
}
