/**
 * What `orkestra generate manifests --katalogs-from-cluster` prints: the Katalog runtime (`orkestra run
 * --katalogs-from-cluster`) as a Deployment, with its own RBAC and nothing more — Katalogs (+status), the
 * ConfigMaps it writes as revisions, CRDs, impersonation of ServiceAccounts, Events, Roles and RoleBindings read
 * (to notice a ServiceAccount losing a verb) and its Lease. No right on any kind a Katalog makes: those are
 * written as each Katalog's ServiceAccount. Pure.
 */
import type { KubeObject } from '@orkestra/core';
import { katalogRuntimePermissions, type Permission, rbacObjects } from '@orkestra/operator';
import { clusterRbacWatchPermissions } from '@orkestra/operator/internal';
import {
  availabilityAndMetrics,
  operatorDeployment,
  restrictedNamespace,
  SERVING_ARGS,
  type WorkloadIdentity,
  workloadMetadata,
} from './operator-workload.js';

/** Options of {@link katalogRuntimeManifests}. */
export interface KatalogRuntimeManifestOptions {
  /** The container image: the CLI and the resource packages Katalogs may use (deploy/Containerfile). */
  image: string;
  /** The namespace of the runtime (its ServiceAccount, Deployment and Lease). */
  namespace: string;
  /** Name of every object; default `orkestra-katalogs`. */
  name?: string | undefined;
  /** Serve the Katalogs of this namespace only (Roles there instead of ClusterRoles); default every namespace. */
  watchNamespace?: string | undefined;
  /** Pods; one leads (serves every Katalog), the others stand by. Default 2. */
  replicas?: number | undefined;
}

/**
 * The runtime's permissions: {@link katalogRuntimePermissions} (its checks at start ask for exactly these), the
 * leader-election Lease, and — when it serves every namespace — ClusterRoles and ClusterRoleBindings read, so a
 * change there re-checks the Katalogs at once (optional: without them it waits for the Katalog's next edit).
 */
export function katalogRuntimeRbac(options: KatalogRuntimeManifestOptions): Permission[] {
  const permissions = katalogRuntimePermissions(options.watchNamespace);
  permissions.push({
    group: 'coordination.k8s.io',
    resource: 'leases',
    verbs: ['get', 'create', 'update'],
    namespace: options.namespace,
    why: 'leader election (one replica serves the Katalogs)',
  });
  if (options.watchNamespace === undefined) permissions.push(...clusterRbacWatchPermissions());
  return permissions;
}

/** The objects that run the Katalog runtime, in the order `kubectl apply` should create them. */
export function katalogRuntimeManifests(options: KatalogRuntimeManifestOptions): KubeObject[] {
  const { namespace } = options;
  const name = options.name ?? 'orkestra-katalogs';
  const labels = { 'app.kubernetes.io/name': 'orkestra-katalogs', 'app.kubernetes.io/instance': name };
  const workload: WorkloadIdentity = { name, namespace, labels };
  const args = ['run', '--katalogs-from-cluster', ...SERVING_ARGS];
  args.push('--leader-election-namespace', namespace, '--leader-election-id', name);
  if (options.watchNamespace) args.push('--namespace', options.watchNamespace);
  return [
    restrictedNamespace(namespace),
    { apiVersion: 'v1', kind: 'ServiceAccount', metadata: workloadMetadata(workload) },
    ...rbacObjects(katalogRuntimeRbac(options), { name, serviceAccount: { namespace, name } }),
    operatorDeployment(workload, {
      image: options.image,
      replicas: options.replicas ?? 2,
      args,
      resources: { requests: { cpu: '100m', memory: '160Mi' }, limits: { cpu: '1', memory: '512Mi' } },
    }),
    ...availabilityAndMetrics(workload),
  ];
}
