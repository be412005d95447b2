/**
 * `orkestra run --katalogs-from-cluster`: one process serving the `Katalog` objects of the cluster (the Katalog
 * runtime of `@orkestra/operator`), with every installed resource package as the handlers Katalogs may use.
 */

import type { Logger } from '@orkestra/core';
import type { Kubeclient } from '@orkestra/core/kube';
import { type ManagerOptions, operatorNamespace } from '@orkestra/operator';
import { CliError, ExitCode } from '../exit-codes.js';
import { installedKeys, loadHandlers } from '../handlers.js';
import type { CommandContext } from './context.js';
import { packagesOption } from './options.js';

/** What the Katalog mode reads of `run`'s options. */
export interface KatalogModeOptions {
  katalog?: string;
  katalogsFromCluster?: boolean;
  katalogConcurrency?: number;
  namespace: string[];
  resourcePackage: string[];
  installCrds?: boolean;
  webhookUrl?: string;
  webhookCertDir?: string;
}

/** Exactly one of --katalog and --katalogs-from-cluster, and what the Katalog mode does not take: a usage error. */
export function checkRunMode(opts: KatalogModeOptions): 'file' | 'cluster' {
  if (opts.katalog && opts.katalogsFromCluster)
    throw new CliError(ExitCode.Usage, '--katalog and --katalogs-from-cluster exclude each other', {
      hint: 'run one process per katalog file, or serve every katalog from the cluster',
    });
  if (!opts.katalog && !opts.katalogsFromCluster)
    throw new CliError(ExitCode.Usage, 'say what to run: --katalog <file>, or --katalogs-from-cluster', {
      hint: 'orkestra run --katalog katalog.yaml',
    });
  if (opts.katalogsFromCluster && opts.namespace.length > 1)
    throw new CliError(ExitCode.Usage, '--katalogs-from-cluster serves one namespace or all: pass --namespace once', {
      hint: 'drop --namespace to serve the Katalogs of every namespace',
    });
  if (opts.katalog && opts.katalogConcurrency !== undefined)
    throw new CliError(ExitCode.Usage, '--katalog-concurrency goes with --katalogs-from-cluster', {
      hint: "a katalog file sets each kind's concurrency: in its entries",
    });
  return opts.katalog ? 'file' : 'cluster';
}

/**
 * The Manager options of the Katalog mode: no reconciler of its own, the Katalog runtime with the handlers of every
 * installed resource package (and those --resource-package maps), its own permissions checked at start.
 */
export async function katalogModeOptions(
  opts: KatalogModeOptions,
  kube: Kubeclient,
  logger: Logger,
  ctx: CommandContext,
): Promise<Pick<ManagerOptions, 'reconcilers' | 'katalogs' | 'crdCheck' | 'namespace'>> {
  const packages = packagesOption(opts.resourcePackage);
  const keys = await installedKeys({ cwd: ctx.cwd, packages });
  const handlers = await loadHandlers(keys, { cwd: ctx.cwd, packages });
  logger.info({ packages: keys }, 'serving Katalogs from the cluster with these resource packages');
  return {
    reconcilers: [],
    namespace: operatorNamespace(kube, ctx.env),
    crdCheck: false,
    katalogs: {
      handlers: [...handlers.values()],
      ...(opts.namespace[0] ? { namespace: opts.namespace[0] } : {}),
      ...(opts.katalogConcurrency !== undefined ? { concurrency: opts.katalogConcurrency } : {}),
    },
  };
}
