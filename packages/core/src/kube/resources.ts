/**
 * Which REST resource serves a kind: its plural and whether it is namespaced. The kinds Orkestra's own
 * packages use are known up front; any other kind is looked up once per apiVersion through discovery
 * (`GET /api/v1` or `GET /apis/<group>/<version>`) and cached.
 */

import type { ResourceInfo } from '../object-client.js';

const WELL_KNOWN: readonly ResourceInfo[] = [
  ['v1', 'ConfigMap', 'configmaps', true],
  ['v1', 'Secret', 'secrets', true],
  ['v1', 'Service', 'services', true],
  ['v1', 'ServiceAccount', 'serviceaccounts', true],
  ['v1', 'Pod', 'pods', true],
  ['v1', 'Event', 'events', true],
  ['v1', 'Namespace', 'namespaces', false],
  ['v1', 'PersistentVolumeClaim', 'persistentvolumeclaims', true],
  ['apps/v1', 'Deployment', 'deployments', true],
  ['apps/v1', 'StatefulSet', 'statefulsets', true],
  ['apps/v1', 'DaemonSet', 'daemonsets', true],
  ['apps/v1', 'ReplicaSet', 'replicasets', true],
  ['batch/v1', 'Job', 'jobs', true],
  ['batch/v1', 'CronJob', 'cronjobs', true],
  ['autoscaling/v2', 'HorizontalPodAutoscaler', 'horizontalpodautoscalers', true],
  ['coordination.k8s.io/v1', 'Lease', 'leases', true],
  ['events.k8s.io/v1', 'Event', 'events', true],
  ['networking.k8s.io/v1', 'Ingress', 'ingresses', true],
  ['rbac.authorization.k8s.io/v1', 'Role', 'roles', true],
  ['rbac.authorization.k8s.io/v1', 'RoleBinding', 'rolebindings', true],
  ['rbac.authorization.k8s.io/v1', 'ClusterRole', 'clusterroles', false],
  ['rbac.authorization.k8s.io/v1', 'ClusterRoleBinding', 'clusterrolebindings', false],
  ['apiextensions.k8s.io/v1', 'CustomResourceDefinition', 'customresourcedefinitions', false],
].map(([apiVersion, kind, plural, namespaced]) => ({ apiVersion, kind, plural, namespaced }) as ResourceInfo);

/** `apps/v1` → `/apis/apps/v1`; `v1` → `/api/v1`. */
export function groupVersionPath(apiVersion: string): string {
  return apiVersion.includes('/') ? `/apis/${apiVersion}` : `/api/${apiVersion}`;
}

/** The URL path of a collection or of one object of it. */
export function resourcePath(
  info: ResourceInfo,
  namespace: string | undefined,
  name?: string,
  subresource?: string,
): string {
  let path = groupVersionPath(info.apiVersion);
  if (info.namespaced && namespace) path += `/namespaces/${encodeURIComponent(namespace)}`;
  path += `/${info.plural}`;
  if (name !== undefined) path += `/${encodeURIComponent(name)}`;
  if (subresource) path += `/${subresource}`;
  return path;
}

/** A cache of {@link ResourceInfo} by apiVersion and kind, seeded with the well-known kinds. */
export class ResourceRegistry {
  private readonly byKey = new Map<string, ResourceInfo>();

  constructor() {
    for (const info of WELL_KNOWN) this.register(info);
  }

  /** Adds or replaces what is known of a kind (handlers register theirs, saving a discovery request). */
  register(info: ResourceInfo): void {
    this.byKey.set(`${info.apiVersion}/${info.kind}`, info);
  }

  lookup(apiVersion: string, kind: string): ResourceInfo | undefined {
    return this.byKey.get(`${apiVersion}/${kind}`);
  }

  /** Records every top-level resource of a discovery answer (`APIResourceList`). */
  registerDiscovery(
    apiVersion: string,
    list: { resources?: { name: string; kind: string; namespaced: boolean }[] },
  ): void {
    for (const r of list.resources ?? []) {
      if (r.name.includes('/')) continue; // subresources such as deployments/status
      if (!this.lookup(apiVersion, r.kind))
        this.register({ apiVersion, kind: r.kind, plural: r.name, namespaced: r.namespaced });
    }
  }
}
