/** `orkestra validate`: every static problem of a katalog; a cluster only when asked (`--kubeconfig`). */
import { Kubeclient } from '@orkestra/core/kube';
import { Command } from 'commander';
import { formatProblem } from '../error-output.js';
import { assertReachable, loadKubeconfig } from '../kube.js';
import { json, line, marks, type Output, paint } from '../output.js';
import { type ValidateResult, validateKatalog } from '../validate.js';
import type { CommandContext } from './context.js';
import { collect, logLevelOption, outputOption, packagesOption, resourcePackageOption } from './options.js';

interface ValidateCommandOptions {
  katalog: string;
  crd: string[];
  kubeconfig?: string;
  context?: string;
  output: 'text' | 'json';
  resourcePackage: string[];
}

/** The `validate` command. */
export function validateCommand(ctx: CommandContext): Command {
  return new Command('validate')
    .description(
      'check a katalog statically: schema, literal values, template syntax, template paths against the CRD schema; ' +
        'lists every problem',
    )
    .requiredOption('-k, --katalog <file>', 'the katalog (YAML)')
    .option(
      '--crd <file>',
      "the owner CRD(s), to check template paths and the owner; CRDs of manifests' kinds, to check their literal " +
        'values (repeatable)',
      collect,
      [],
    )
    .option(
      '--kubeconfig <file>',
      "check the literal values of manifests against the cluster's OpenAPI schemas (built-in kinds and installed " +
        'CRDs); reads only',
    )
    .option('--context <name>', 'kubeconfig context (with --kubeconfig)')
    .addOption(outputOption())
    .addOption(resourcePackageOption())
    .addOption(logLevelOption('info'))
    .addHelpText(
      'after',
      `
Examples:
  $ orkestra validate --katalog katalog.yaml
  $ orkestra validate --katalog katalog.yaml --crd crd.yaml --output json
  $ orkestra validate --katalog katalog.yaml --crd crd.yaml --kubeconfig ~/.kube/config

Exit 0 when there is no problem, 1 when there is one, 4 when a resource package is missing (every other
problem is still listed).`,
    )
    .action(async (opts: ValidateCommandOptions) => {
      const output = ctx.output(opts.output);
      const kube = opts.kubeconfig ? new Kubeclient(loadKubeconfig(opts, ctx.env).kubeConfig) : undefined;
      let r: ValidateResult;
      try {
        if (kube) await assertReachable(kube);
        r = await validateKatalog(opts.katalog, {
          crdFiles: opts.crd,
          packages: packagesOption(opts.resourcePackage),
          cwd: ctx.cwd,
          ...(kube ? { kube } : {}),
        });
      } finally {
        await kube?.close();
      }
      if (output.format === 'json') {
        json(output, {
          file: r.file,
          valid: r.problems.length === 0,
          problems: r.problems,
          missingPackages: r.missingPackages,
          checked: r.checked,
        });
      } else printValidation(output, r);
      ctx.state.code = r.exitCode;
    });
}

/** The result for people: valid, or each problem with its place, a hint for missing packages, and what was checked. */
function printValidation(output: Output, r: ValidateResult): void {
  const m = marks(output.color);
  if (r.problems.length === 0) line(output, `${m.ok} ${r.file} is valid`);
  else {
    line(output, `${m.fail} ${r.file}: ${r.problems.length === 1 ? '1 problem' : `${r.problems.length} problems`}`);
    for (const p of r.problems) line(output, formatProblem(p, output.color));
    if (r.missingPackages.length)
      line(
        output,
        `  ${paint(output.color, 'dim', 'hint:')} npm install ` +
          r.missingPackages.map((k) => `@orkestra/${k}`).join(' '),
      );
  }
  line(output, paint(output.color, 'dim', `  checked: ${r.checked.join(', ')}`));
}
