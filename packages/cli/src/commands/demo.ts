/**
 * `orkestra demo`: the scripted life of the example operator. The demo itself (../demo.ts) is loaded only when
 * the command runs and is not part of the library's exports: it needs a repository checkout (examples/) and
 * @orkestra/testenv, a devDependency.
 */
import { Command, Option } from 'commander';
import { LOG_LEVELS, type LogLevel } from '../logger.js';
import type { CommandContext } from './context.js';
import { EXIT_CODES_HELP, outputOption, packagesOption, resourcePackageOption } from './options.js';

interface DemoCommandOptions {
  dir?: string;
  kubeconfig?: string;
  context?: string;
  logLevel: LogLevel;
  output: 'text' | 'json';
  resourcePackage: string[];
}

/** The `demo` command. */
export function demoCommand(ctx: CommandContext): Command {
  return new Command('demo')
    .description(
      'the whole life of an operator on an embedded control plane: children created, Ready, drift corrected, a change rolled out, deletion',
    )
    .option('--dir <folder>', 'the example (crd.yaml, katalog.yaml, website.yaml); default examples/website')
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
    .addHelpText(
      'after',
      `
Examples:
  $ orkestra demo
  $ orkestra demo --kubeconfig ~/.kube/config
  $ npm run demo            # from the repository root: builds what it needs first

It needs @orkestra/testenv and the control-plane binaries (scripts/setup.sh builds them) unless --kubeconfig
is given, and the four resource packages. It exits 0 when every step passed and leaves nothing running.
${EXIT_CODES_HELP}`,
    )
    .action(async (opts: DemoCommandOptions) => {
      const output = ctx.output(opts.output);
      const { runDemo } = await import('../demo.js');
      ctx.state.code = await runDemo({
        dir: opts.dir,
        kubeconfig: opts.kubeconfig,
        context: opts.context,
        output,
        logLevel: opts.logLevel,
        packages: packagesOption(opts.resourcePackage),
      });
    });
}
