/** `orkestra generate rbac`: the minimal roles and bindings a katalog, or an operator written in code, needs. */

import { basename, extname } from 'node:path';
import { ResourceRegistry } from '@orkestra/core/kube';
import { Command } from 'commander';
import { CliError, ExitCode } from '../exit-codes.js';
import { readKatalog, withNamespaces } from '../katalog-file.js';
import { loadOperatorModule } from '../operator-module.js';
import { json } from '../output.js';
import {
  describePermission,
  operatorPermissions,
  type Permission,
  type PermissionOptions,
  rbacObjects,
  requiredPermissions,
} from '../rbac.js';
import { yaml } from '../yaml-module.js';
import type { CommandContext } from './context.js';
import { generateManifestsCommand } from './generate-manifests.js';
import { generateTypesCommand } from './generate-types.js';
import {
  collect,
  EXIT_CODES_HELP,
  logLevelOption,
  outputOption,
  packagesOption,
  resourcePackageOption,
} from './options.js';

interface GenerateRbacOptions {
  katalog?: string;
  operator?: string;
  serviceAccount: string;
  name?: string;
  namespace: string[];
  leaderElectionNamespace?: string;
  leaderElect: boolean;
  output: 'text' | 'json';
  resourcePackage: string[];
}

/** The `generate` command group, with `generate rbac`. */
export function generateCommand(ctx: CommandContext): Command {
  const generate = new Command('generate').description('generate files from a katalog or a CRD');
  generate
    .command('rbac')
    .description('print the minimal Role/ClusterRole and binding the katalog (or the operator in code) needs')
    .option('-k, --katalog <file>', 'the katalog (YAML)')
    .option(
      '--operator <module>',
      'instead of a katalog: a module whose default export is a defineOperator value or an array of them',
    )
    .option('--service-account <namespace/name>', 'the identity run uses', 'orkestra-system/orkestra')
    .option('--name <name>', 'name of the roles and bindings (default: orkestra-<katalog name>)')
    .option(
      '-n, --namespace <namespace>',
      'run watches only this namespace: Roles instead of a ClusterRole (repeatable)',
      collect,
      [],
    )
    .option('--leader-election-namespace <namespace>', "namespace of the Lease (default: the service account's)")
    .option('--no-leader-elect', 'no Lease permissions (for run --no-leader-elect)')
    .addOption(outputOption())
    .addOption(resourcePackageOption())
    .addOption(logLevelOption('info'))
    .addHelpText(
      'after',
      `
Examples:
  $ orkestra generate rbac --katalog katalog.yaml --service-account ops/website | kubectl apply -f -
  $ orkestra generate rbac --katalog katalog.yaml --namespace shop --output json
  $ orkestra generate rbac --operator ./operator.ts --service-account ops/website | kubectl apply -f -

The rules: the owner kind (get, list, watch; patch with onDelete children), its status (patch) and
finalizers (update), each child kind (get, list, watch, create, patch, delete), events (create), and
leases (get, create, update) in the Lease's namespace, and configmaps (get and update of the inventory
records by name, create) in the ServiceAccount's namespace.
${EXIT_CODES_HELP}`,
    )
    .action(async (opts: GenerateRbacOptions) => {
      const output = ctx.output(opts.output);
      const sa = /^([a-z0-9][-a-z0-9]*)\/([a-z0-9][-a-z0-9.]*)$/.exec(opts.serviceAccount);
      if (!sa)
        throw new CliError(
          ExitCode.Usage,
          `--service-account ${opts.serviceAccount}: want namespace/name, e.g. ops/website`,
        );
      if ((opts.katalog === undefined) === (opts.operator === undefined))
        throw new CliError(ExitCode.Usage, 'give either --katalog <file> or --operator <module>');
      const leaseNamespace = opts.leaderElect ? (opts.leaderElectionNamespace ?? sa[1]!) : undefined;
      const { permissions, name, what } = opts.operator
        ? await operatorRbac(opts.operator, opts.namespace, { leaseNamespace, inventoryNamespace: sa[1]! }, ctx.cwd)
        : await katalogRbac(opts.katalog!, opts, { leaseNamespace, inventoryNamespace: sa[1]! }, ctx.cwd);
      const objects = rbacObjects(permissions, {
        name: opts.name ?? name,
        serviceAccount: { namespace: sa[1]!, name: sa[2]! },
      });
      if (output.format === 'json') {
        json(output, { apiVersion: 'v1', kind: 'List', metadata: {}, items: objects });
      } else {
        const head = [`orkestra generate rbac: what ${what} needs, for ServiceAccount ${opts.serviceAccount}`];
        for (const p of permissions)
          head.push(
            `  ${p.verbs.map((v) => describePermission(p, v).replace(/ in (all namespaces|namespace .*)$/, '')).join(', ')} ${p.namespace === undefined ? '(all namespaces)' : `(namespace ${p.namespace})`}: ${p.why}`,
          );
        output.out.write(
          `${head.map((h) => `# ${h}\n`).join('')}${objects.map((o) => `---\n${yaml().stringify(o, { lineWidth: 0 })}`).join('')}`,
        );
      }
      ctx.state.code = ExitCode.Ok;
    });
  generate.addCommand(generateManifestsCommand(ctx));
  generate.addCommand(generateTypesCommand(ctx));
  return generate;
}

interface Rbac {
  permissions: Permission[];
  /** Default name of the roles and bindings. */
  name: string;
  /** What needs them, for the comment. */
  what: string;
}

/** Where the operator keeps its Lease (with leader election) and its inventory records (the pod's namespace). */
type OperatorNamespaces = Pick<PermissionOptions, 'leaseNamespace' | 'inventoryNamespace'>;

async function katalogRbac(
  file: string,
  opts: GenerateRbacOptions,
  namespaces: OperatorNamespaces,
  cwd: string,
): Promise<Rbac> {
  const loaded = await readKatalog(file, { packages: packagesOption(opts.resourcePackage), cwd });
  const permissions = requiredPermissions(withNamespaces(loaded.katalog, opts.namespace), loaded.handlers, {
    ...namespaces,
    resources: new ResourceRegistry(),
  });
  return { permissions, name: `orkestra-${loaded.katalog.name}`, what: `orkestra run --katalog ${file}` };
}

/** A code operator runs under the Manager, which reads its owner CRDs at start (its configuration check). */
async function operatorRbac(
  file: string,
  namespaces: readonly string[],
  operatorNamespaces: OperatorNamespaces,
  cwd: string,
): Promise<Rbac> {
  const configs = (await loadOperatorModule(file, cwd)).map((c) =>
    namespaces.length ? { ...c, namespaces: [...namespaces] } : c,
  );
  const permissions = operatorPermissions(configs, {
    ...operatorNamespaces,
    resources: new ResourceRegistry(),
  });
  return { permissions, name: `orkestra-${basename(file, extname(file))}`, what: `the operator ${file}` };
}
