/** `orkestra generate rbac`: the minimal roles and bindings a katalog, or an operator written in code, needs. */

import { basename, extname } from 'node:path';
import { Kubeclient, ResourceRegistry } from '@orkestra/core/kube';
import {
  type KindLookup,
  operatorPermissions,
  type Permission,
  type PermissionOptions,
  rbacObjects,
  requiredPermissions,
  UnknownKindsError,
} from '@orkestra/operator';
import { consolePermissions, describePermission } from '@orkestra/operator/internal';
import { Command } from 'commander';
import { CliError, ExitCode } from '../exit-codes.js';
import { readKatalog, withNamespaces } from '../katalog-file.js';
import { assertReachable, loadKubeconfig } from '../kube.js';
import { loadOperatorModule } from '../operator-module.js';
import { json } from '../output.js';
import { unknownKindsError } from '../rbac.js';
import { readCrds } from '../validate.js';
import { webhookRbac } from '../webhook-manifests.js';
import { yaml } from '../yaml-module.js';
import type { CommandContext } from './context.js';
import { generateCrdCommand } from './generate-crd.js';
import { generateManifestsCommand } from './generate-manifests.js';
import { generateTypesCommand } from './generate-types.js';
import { collect, logLevelOption, outputOption, packagesOption, resourcePackageOption, shardCount } from './options.js';

interface GenerateRbacOptions {
  katalog?: string;
  operator?: string;
  serviceAccount: string;
  name?: string;
  namespace: string[];
  leaderElectionNamespace?: string;
  leaderElect: boolean;
  shards?: number;
  console: boolean;
  output: 'text' | 'json';
  resourcePackage: string[];
  crd: string[];
  kubeconfig?: string;
  context?: string;
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
    .option(
      '--shards <count>',
      'for run --shards: the shard Leases in place of the leader election (replicas also list the Leases)',
      shardCount,
    )
    .option(
      '--console',
      'the console is served on a non-loopback address (run --console 0.0.0.0:7070): ' +
        'add create on tokenreviews and subjectaccessreviews',
      false,
    )
    .option(
      '--crd <file>',
      'CRDs of the custom kinds the katalog makes or reads, for their resource names and scope (repeatable)',
      collect,
      [],
    )
    .option(
      '--kubeconfig <file>',
      "ask this cluster's discovery about kinds neither built into Kubernetes nor given with --crd (reads only)",
    )
    .option('--context <name>', 'kubeconfig context (with --kubeconfig)')
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
  $ orkestra generate rbac --katalog katalog.yaml --crd widget-crd.yaml
  $ orkestra generate rbac --katalog katalog.yaml --kubeconfig ~/.kube/config
  $ orkestra generate rbac --katalog katalog.yaml --shards 12 --service-account ops/website
  $ orkestra generate rbac --katalog katalog.yaml --console   # for run --console 0.0.0.0:7070

The rules: the owner kind (get, list, watch; patch with onDelete children), its status (patch) and
finalizers (update), each child kind (get, list, watch, create, patch, delete), events (create), and
leases (get, create, update; list too with --shards) in the Lease's namespace, and configmaps (get and update
of the inventory records by name, create) in the ServiceAccount's namespace; with --console, tokenreviews and
subjectaccessreviews (create, cluster-wide: a console on a non-loopback address checks each bearer token
and what its user may get; on loopback it needs none). For Role and ClusterRole children the rules
they grant (escalate when those are templated), for RoleBinding and ClusterRoleBinding children bind on the
role they name (by name when literal).

A kind's resource name and scope come from the built-in kinds of Kubernetes, the CRDs given with --crd, or
the discovery of the cluster given with --kubeconfig; a kind none of them knows is an error (exit 1).`,
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
      // The shards' Leases replace the leader election's: with --shards there are Leases either way.
      const leases = opts.leaderElect || opts.shards !== undefined;
      const leaseNamespace = leases ? (opts.leaderElectionNamespace ?? sa[1]!) : undefined;
      const kinds = new Kinds(opts, ctx.env);
      const namespaces = { leaseNamespace, inventoryNamespace: sa[1]!, kinds, shards: opts.shards !== undefined };
      const { permissions, name, what } = await (opts.operator
        ? operatorRbac(opts.operator, opts.namespace, namespaces, ctx.cwd)
        : katalogRbac(opts.katalog!, opts, namespaces, ctx.cwd)
      ).finally(() => kinds.close());
      if (opts.console) permissions.push(...consolePermissions());
      const objects = rbacObjects(permissions, {
        name: opts.name ?? name,
        serviceAccount: { namespace: sa[1]!, name: sa[2]! },
      });
      printRbac(output, objects, permissions, `what ${what} needs, for ServiceAccount ${opts.serviceAccount}`);
      ctx.state.code = ExitCode.Ok;
    });
  generate.addCommand(generateManifestsCommand(ctx));
  generate.addCommand(generateTypesCommand(ctx));
  generate.addCommand(generateCrdCommand(ctx));
  return generate;
}

/** The roles and bindings as a JSON List, or as YAML under a comment per permission. */
function printRbac(
  output: ReturnType<CommandContext['output']>,
  objects: readonly object[],
  permissions: readonly Permission[],
  what: string,
): void {
  if (output.format === 'json') {
    json(output, { apiVersion: 'v1', kind: 'List', metadata: {}, items: objects });
    return;
  }
  const head = [`orkestra generate rbac: ${what}`];
  for (const p of permissions) {
    const verbs = p.verbs.map((v) => describePermission(p, v).replace(/ in (all namespaces|namespace .*)$/, ''));
    const where = p.namespace === undefined ? '(all namespaces)' : `(namespace ${p.namespace})`;
    head.push(`  ${verbs.join(', ')} ${where}: ${p.why}`);
  }
  const documents = objects.map((o) => `---\n${yaml().stringify(o, { lineWidth: 0 })}`).join('');
  output.out.write(`${head.map((h) => `# ${h}\n`).join('')}${documents}`);
}

interface Rbac {
  permissions: Permission[];
  /** Default name of the roles and bindings. */
  name: string;
  /** What needs them, for the comment. */
  what: string;
}

/**
 * How the kinds a katalog names are served: core's table of built-in kinds, the CRDs of `--crd`, and — for what
 * neither knows — the discovery of the `--kubeconfig` cluster. Never a guess.
 */
class Kinds {
  readonly registry = new ResourceRegistry();
  private kube: Kubeclient | undefined;

  constructor(
    private readonly opts: Pick<GenerateRbacOptions, 'crd' | 'kubeconfig' | 'context'>,
    private readonly env: NodeJS.ProcessEnv,
  ) {
    const { crds, problems } = readCrds(opts.crd);
    if (problems.length) throw new CliError(ExitCode.Usage, 'a --crd file is not a list of CRDs', { problems });
    for (const { crd } of crds) {
      const { group, scope, names, versions = [] } = crd.spec ?? {};
      if (!group || !names?.kind || !names.plural) continue;
      for (const v of versions)
        this.registry.register({
          apiVersion: `${group}/${v.name}`,
          kind: names.kind,
          plural: names.plural,
          namespaced: scope !== 'Cluster',
        });
    }
  }

  /**
   * The permissions `compute` gives with what is known; when it names unknown kinds and a cluster was given,
   * asks the cluster about those and computes again. Unknown kinds left → exit 1, naming each and the fix.
   */
  async permissions(compute: (lookup: KindLookup) => Permission[]): Promise<Permission[]> {
    try {
      return compute(this.registry);
    } catch (e) {
      if (!(e instanceof UnknownKindsError) || !this.opts.kubeconfig) throw unknownKindsError(e, 'generate rbac');
      const kube = await this.client();
      for (const k of e.kinds) {
        const info = await kube.resourceFor(k.apiVersion, k.kind).catch(() => undefined);
        if (info) this.registry.register(info);
      }
      try {
        return compute(this.registry);
      } catch (again) {
        throw unknownKindsError(again, `generate rbac --kubeconfig ${this.opts.kubeconfig}`);
      }
    }
  }

  private async client(): Promise<Kubeclient> {
    if (this.kube) return this.kube;
    this.kube = new Kubeclient(loadKubeconfig(this.opts, this.env).kubeConfig);
    await assertReachable(this.kube);
    return this.kube;
  }

  async close(): Promise<void> {
    await this.kube?.close();
  }
}

/** Where the operator keeps its Lease (with leader election) and its inventory records (the pod's namespace). */
type OperatorNamespaces = Pick<PermissionOptions, 'leaseNamespace' | 'inventoryNamespace' | 'shards'> & {
  kinds: Kinds;
};

async function katalogRbac(
  file: string,
  opts: GenerateRbacOptions,
  { kinds, ...namespaces }: OperatorNamespaces,
  cwd: string,
): Promise<Rbac> {
  const loaded = await readKatalog(file, { packages: packagesOption(opts.resourcePackage), cwd });
  const katalog = withNamespaces(loaded.katalog, opts.namespace);
  const permissions = await kinds.permissions((resources) =>
    requiredPermissions(katalog, loaded.handlers, { ...namespaces, resources }),
  );
  const name = opts.name ?? `orkestra-${loaded.katalog.name}`;
  permissions.push(...webhookRbac(katalog.entries, name, namespaces.inventoryNamespace!));
  return { permissions, name, what: `orkestra run --katalog ${file}` };
}

/** A code operator runs under the Manager, which reads its owner CRDs at start (its configuration check). */
async function operatorRbac(
  file: string,
  namespaces: readonly string[],
  { kinds, ...operatorNamespaces }: OperatorNamespaces,
  cwd: string,
): Promise<Rbac> {
  const configs = (await loadOperatorModule(file, cwd)).map((c) =>
    namespaces.length ? { ...c, namespaces: [...namespaces] } : c,
  );
  const permissions = await kinds.permissions((resources) =>
    operatorPermissions(configs, { ...operatorNamespaces, resources }),
  );
  const name = `orkestra-${basename(file, extname(file))}`;
  permissions.push(...webhookRbac(configs, name, operatorNamespaces.inventoryNamespace!));
  return { permissions, name, what: `the operator ${file}` };
}
