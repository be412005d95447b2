/** `orkestra render`: the objects `run` would apply for the CRs of a file, with no cluster. */
import { Command } from 'commander';
import { parseCustomResources } from '../cr-file.js';
import { CliError, ExitCode } from '../exit-codes.js';
import { readInputFile, readKatalog } from '../katalog-file.js';
import { json } from '../output.js';
import { renderChildren, renderYaml } from '../render.js';
import type { CommandContext } from './context.js';
import { logLevelOption, outputOption, packagesOption, resourcePackageOption } from './options.js';

interface RenderCommandOptions {
  katalog: string;
  cr: string;
  namespace: string;
  showSecrets?: boolean;
  onDelete?: boolean;
  output: 'text' | 'json';
  resourcePackage: string[];
}

/** The `render` command. */
export function renderCommand(ctx: CommandContext): Command {
  return new Command('render')
    .description('print, as YAML, exactly the objects run would apply for a CR, with no cluster (like helm template)')
    .requiredOption('-k, --katalog <file>', 'the katalog (YAML)')
    .requiredOption('--cr <file>', 'the custom resource(s) (YAML, several documents allowed)')
    .option('-n, --namespace <namespace>', 'namespace of CRs that name none', 'default')
    .option('--show-secrets', 'print Secret values instead of [redacted]')
    .option('--on-delete', 'render the onDelete children (created when the CR is deleted) instead')
    .addOption(outputOption())
    .addOption(resourcePackageOption())
    .addOption(logLevelOption('info'))
    .addHelpText(
      'after',
      `
Examples:
  $ orkestra render --katalog katalog.yaml --cr website.yaml
  $ orkestra render --katalog katalog.yaml --cr website.yaml --output json | jq '.items[].kind'
  $ kubectl get website shop -o yaml | orkestra render --katalog katalog.yaml --cr /dev/stdin

Templates are resolved and handler defaults and system labels applied exactly as run does; owner references
carry the CR's uid, or a placeholder when the file has none (a comment says so). A child that copies keys
from another object (fromConfigMap, fromSecret) needs a cluster: use diff. Errors name the katalog field and
line (exit 1).`,
    )
    .action(async (opts: RenderCommandOptions) => {
      const output = ctx.output(opts.output);
      const loaded = await readKatalog(opts.katalog, { packages: packagesOption(opts.resourcePackage), cwd: ctx.cwd });
      const { crs, problems } = parseCustomResources(readInputFile(opts.cr, '--cr'), opts.cr);
      if (problems.length)
        throw new CliError(
          ExitCode.Problems,
          `${opts.cr}: ${problems.length === 1 ? '1 problem' : `${problems.length} problems`}`,
          { problems },
        );
      const rendered = await renderChildren(loaded, crs, {
        namespace: opts.namespace,
        showSecrets: opts.showSecrets ?? false,
        onDelete: opts.onDelete ?? false,
        crFile: opts.cr,
      });
      if (output.format === 'json') {
        json(output, {
          apiVersion: 'v1',
          kind: 'List',
          metadata: {},
          items: rendered.objects.map((o) => o.object),
          notes: rendered.notes,
        });
      } else {
        const names = crs.map((c) => `${c.kind} ${c.metadata.name}`).join(', ');
        output.out.write(
          renderYaml(rendered, `orkestra render: the objects orkestra run applies for ${names} (${opts.katalog})`),
        );
      }
      ctx.state.code = ExitCode.Ok;
    });
}
