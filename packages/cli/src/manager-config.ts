/**
 * From a loaded katalog to the Manager of @orkestra/operator: one reconciler configuration per owner kind
 * (what `run` and `demo` hand over), and the check that every owner kind is served.
 */
import { NotFoundError } from '@orkestra/core';
import type { Kubeclient } from '@orkestra/core/kube';
import type { ManagedReconcilerConfig } from '@orkestra/operator';
import type { GenericReconciler } from '@orkestra/reconciler';
import { CliError, ExitCode } from './exit-codes.js';
import type { LoadedKatalog } from './katalog-file.js';
import { clusterError } from './kube.js';

/** The reconciler configurations of a katalog; `namespaces`, when not empty, overrides the katalog's. */
export function reconcilerConfigs(loaded: LoadedKatalog, namespaces?: readonly string[]): ManagedReconcilerConfig[] {
  return loaded.katalog.entries.map((entry) => ({
    ...entry,
    ...(namespaces?.length ? { namespaces: [...namespaces] } : {}),
    handlers: Object.keys(entry.resources).map((k) => loaded.handlers.get(k)!),
    templateEngine: loaded.engine,
  }));
}

/**
 * Checks that every owner kind is served (its CRD installed): a missing one is exit code 1 with the CRD to
 * install, a Forbidden list exit code 5.
 */
export async function checkOwnerKinds(kube: Kubeclient, reconcilers: readonly GenericReconciler[]): Promise<void> {
  for (const r of reconcilers) {
    const o = r.config.owner;
    const namespace = o.namespaced === false ? undefined : r.config.namespaces?.[0];
    try {
      await kube.list(r.ownerApiVersion, o.kind, { namespace, limit: 1 });
    } catch (e) {
      if (e instanceof NotFoundError) {
        throw new CliError(
          ExitCode.Problems,
          `the API server does not serve ${o.kind} (${r.ownerApiVersion}, resource ${o.plural}): its CRD is not installed`,
          {
            hint: `install the CRD of ${o.plural}.${o.group} (kubectl apply -f crd.yaml), or fix spec.crds[].owner in the katalog`,
          },
        );
      }
      throw clusterError(e, kube, `listing ${o.plural}.${o.group}`);
    }
  }
}
