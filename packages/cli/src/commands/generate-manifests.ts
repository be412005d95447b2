/** `orkestra generate manifests`: what runs a katalog in a cluster, as YAML or a kustomize folder. */

import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { KubeObject } from '@orkestra/core';
import { Command, InvalidArgumentError } from 'commander';
import { deployManifests, KatalogTooLargeError } from '../deploy-manifests.js';
import { CliError, ExitCode } from '../exit-codes.js';
import { readKatalog } from '../katalog-file.js';
import { katalogRuntimeManifests } from '../katalog-runtime-manifests.js';
import { yaml as yamlModule } from '../yaml-module.js';
import type { CommandContext } from './context.js';
import { collect, logLevelOption, packagesOption, resourcePackageOption, shardCount } from './options.js';

interface GenerateManifestsOptions {
  katalog?: string;
  katalogsFromCluster?: boolean;
  image: string;
  namespace: string;
  name?: string;
  watchNamespace: string[];
  replicas: number;
  shards?: number;
  output?: string;
  resourcePackage: string[];
}

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

function dnsLabel(option: string) {
  return (value: string) => {
    if (value.length > 63 || !DNS_LABEL.test(value))
      throw new InvalidArgumentError(`${option} ${value}: want a DNS label (lower case letters, digits, '-')`);
    return value;
  };
}

function replicas(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError(`--replicas ${value}: want a whole number ≥ 1`);
  return n;
}

/** The `generate manifests` subcommand (added to the `generate` group). */
export function generateManifestsCommand(ctx: CommandContext): Command {
  return new Command('manifests')
    .description(
      'print the ServiceAccount, RBAC, katalog ConfigMap, Deployment, PodDisruptionBudget and metrics Service ' +
        'that run the katalog in a cluster',
    )
    .option('-k, --katalog <file>', 'the katalog (YAML)')
    .option(
      '--katalogs-from-cluster',
      'instead of a katalog: the Katalog runtime (run --katalogs-from-cluster) and its own RBAC, ' +
        'serving the Katalog objects of the cluster',
    )
    .requiredOption(
      '--image <ref>',
      "the operator image: the CLI and the katalog's resource packages (deploy/Containerfile)",
    )
    .option(
      '-n, --namespace <namespace>',
      'namespace of the operator and its Lease',
      dnsLabel('--namespace'),
      'orkestra-system',
    )
    .option(
      '--name <name>',
      'name of every object (default: orkestra-<katalog name>; orkestra-katalogs with --katalogs-from-cluster)',
      dnsLabel('--name'),
    )
    .option(
      '--watch-namespace <namespace>',
      'watch only this namespace: Roles instead of a ClusterRole (repeatable)',
      collect,
      [],
    )
    .option('--replicas <n>', 'pods; one leads, the others stand by (with --shards: all reconcile)', replicas, 2)
    .option(
      '--shards <m>',
      'replicas share the work over m shards of the namespaces (run --shards), each held through a Lease; ' +
        'more shards than replicas',
      shardCount,
    )
    .option('--output <folder>', 'write one file per object and a kustomization.yaml there, instead of stdout')
    .addOption(resourcePackageOption())
    .addOption(logLevelOption('info'))
    .addHelpText(
      'after',
      `
Examples:
  $ orkestra generate manifests --katalog katalog.yaml --image ghcr.io/acme/website-operator:1.0 | kubectl apply -f -
  $ orkestra generate manifests --katalog katalog.yaml --image ghcr.io/acme/website-operator:1.0 --output deploy/
  $ kubectl apply -k deploy/
  $ orkestra generate manifests --katalog katalog.yaml --image ghcr.io/acme/web-op:1.0 --replicas 3 --shards 12

  $ orkestra generate manifests --katalogs-from-cluster --image ghcr.io/acme/orkestra-platform:1.0 | kubectl apply -f -

The Deployment runs \`orkestra run\` on the katalog mounted from its ConfigMap, two replicas behind a Lease in
--namespace, probes on /healthz and /readyz, requests and limits, and the Pod Security Standards' restricted
securityContext with a read-only root filesystem. The RBAC is what \`generate rbac\` prints.

With --katalogs-from-cluster it runs \`orkestra run --katalogs-from-cluster\` instead (one --watch-namespace at
most), with the runtime's own RBAC only: katalogs (get, list, watch) and katalogs/status (patch); configmaps
(list, create: the revisions); customresourcedefinitions (get, list, create, patch; delete only for a Katalog whose
removalPolicy.crd is DeleteIfCreated — remove that rule to forbid it, such CRDs are then kept with a Warning);
serviceaccounts (impersonate: Katalogs act as their ServiceAccount — every ServiceAccount of the namespaces served,
since teams name theirs; add resourceNames to the rule to narrow it to a naming convention); events (create,
patch); roles and rolebindings (list, watch: a ServiceAccount losing a verb is noticed; clusterroles and
clusterrolebindings too when every namespace is served, optional); leases (get, create, update) in --namespace.
No right on any kind a Katalog makes: those are written as each Katalog's ServiceAccount.`,
    )
    .action(async (opts: GenerateManifestsOptions) => {
      const output = ctx.output('text');
      const objects = opts.katalogsFromCluster ? runtimeObjects(opts) : await katalogObjects(opts, ctx);
      if (opts.output === undefined) {
        output.out.write(objects.map((o) => `---\n${toYaml(o)}`).join(''));
      } else {
        const files = writeFolder(resolve(ctx.cwd, opts.output), objects);
        output.err.write(`wrote ${files.length} files to ${opts.output}: kubectl apply -k ${opts.output}\n`);
      }
      ctx.state.code = ExitCode.Ok;
    });
}

/** The objects of the Katalog runtime (`--katalogs-from-cluster`); what it does not take is a usage error. */
function runtimeObjects(opts: GenerateManifestsOptions): KubeObject[] {
  const usage = (message: string, hint: string) => new CliError(ExitCode.Usage, message, { hint });
  if (opts.katalog !== undefined)
    throw usage('--katalog and --katalogs-from-cluster exclude each other', 'generate one or the other');
  if (opts.shards !== undefined)
    throw usage('--shards does not apply to --katalogs-from-cluster', 'the Katalog runtime runs on one leader');
  if (opts.watchNamespace.length > 1)
    throw usage(
      '--katalogs-from-cluster serves one namespace or all: pass --watch-namespace once',
      'drop --watch-namespace to serve the Katalogs of every namespace',
    );
  return katalogRuntimeManifests({
    image: opts.image,
    namespace: opts.namespace,
    name: opts.name,
    watchNamespace: opts.watchNamespace[0],
    replicas: opts.replicas,
  });
}

/** The objects that run the katalog file `--katalog`. */
async function katalogObjects(opts: GenerateManifestsOptions, ctx: CommandContext): Promise<KubeObject[]> {
  if (opts.katalog === undefined)
    throw new CliError(ExitCode.Usage, 'say what to run: --katalog <file>, or --katalogs-from-cluster', {
      hint: 'orkestra generate manifests --katalog katalog.yaml --image <ref>',
    });
  const loaded = await readKatalog(opts.katalog, { packages: packagesOption(opts.resourcePackage), cwd: ctx.cwd });
  try {
    return deployManifests(loaded, {
      image: opts.image,
      namespace: opts.namespace,
      name: opts.name,
      watchNamespaces: opts.watchNamespace,
      replicas: opts.replicas,
      shards: opts.shards,
    });
  } catch (e) {
    if (e instanceof KatalogTooLargeError) throw new CliError(ExitCode.Problems, e.message, { cause: e });
    throw e;
  }
}

const toYaml = (o: unknown) => yamlModule().stringify(o, { lineWidth: 0 });

/** `kind[-namespace].yaml` in lower case, numbered when two objects would share a name. */
function fileNames(objects: readonly KubeObject[]): string[] {
  const used = new Set<string>();
  return objects.map((o) => {
    const ns = o.kind === 'Role' || o.kind === 'RoleBinding' ? `-${o.metadata?.namespace}` : '';
    const base = `${o.kind.toLowerCase()}${ns}`;
    let file = `${base}.yaml`;
    for (let i = 2; used.has(file); i++) file = `${base}-${i}.yaml`;
    used.add(file);
    return file;
  });
}

/** Writes one file per object and a kustomization listing them, in order; every file is rendered first. */
function writeFolder(dir: string, objects: readonly KubeObject[]): string[] {
  const names = fileNames(objects);
  const contents = objects.map((o) => toYaml(o));
  const kustomization = toYaml({
    apiVersion: 'kustomize.config.k8s.io/v1beta1',
    kind: 'Kustomization',
    resources: names,
  });
  try {
    mkdirSync(dir, { recursive: true });
    names.forEach((n, i) => writeFileSync(join(dir, n), contents[i]!));
    writeFileSync(join(dir, 'kustomization.yaml'), kustomization);
  } catch (e) {
    throw new CliError(ExitCode.Usage, `cannot write to --output ${dir}: ${(e as Error).message}`, { cause: e });
  }
  return [...names, 'kustomization.yaml'];
}
