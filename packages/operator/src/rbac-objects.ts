/**
 * The Role/ClusterRole and bindings that grant a list of permissions to a service account: what `orkestra
 * generate rbac` prints, and what an operator written in code applies for its ServiceAccount.
 */
import type { KubeObject } from '@orkestra/core';
import type { Permission } from './permission-check.js';

/** Options of {@link rbacObjects}. */
export interface RbacOptions {
  /** Name of the roles and bindings; default `orkestra`. */
  name?: string;
  serviceAccount: { namespace: string; name: string };
}

interface PolicyRule {
  apiGroups: string[];
  resources: string[];
  verbs: string[];
  resourceNames?: string[];
}

/** Rules of one scope: resources of one group with the same verbs share a rule. */
function rulesOf(permissions: readonly Permission[]): PolicyRule[] {
  const rules: PolicyRule[] = [];
  for (const p of permissions) {
    const verbs = [...p.verbs];
    const same =
      !p.resourceNames &&
      rules.find((r) => r.apiGroups[0] === p.group && r.verbs.join() === verbs.join() && !r.resourceNames);
    if (same) same.resources.push(p.resource);
    else
      rules.push({
        apiGroups: [p.group],
        resources: [p.resource],
        verbs,
        ...(p.resourceNames ? { resourceNames: [...p.resourceNames] } : {}),
      });
  }
  return rules;
}

/**
 * The Role/ClusterRole and binding objects granting `permissions` to a service account: one ClusterRole for
 * the cluster-wide permissions, one Role per namespace for the rest (the Lease's among them).
 *
 * @example
 * const permissions = requiredPermissions(katalog, handlers, { leaseNamespace: 'ops' });
 * rbacObjects(permissions, { serviceAccount: { namespace: 'ops', name: 'orkestra' } });
 */
export function rbacObjects(permissions: readonly Permission[], options: RbacOptions): KubeObject[] {
  const name = options.name ?? 'orkestra';
  const subjects = [
    { kind: 'ServiceAccount', name: options.serviceAccount.name, namespace: options.serviceAccount.namespace },
  ];
  const labels = { 'app.kubernetes.io/managed-by': 'orkestra-cli' };
  const out: KubeObject[] = [];
  const cluster = permissions.filter((p) => p.namespace === undefined);
  if (cluster.length) {
    out.push({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRole',
      metadata: { name, labels },
      rules: rulesOf(cluster),
    });
    out.push({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRoleBinding',
      metadata: { name, labels },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name },
      subjects,
    });
  }
  const namespaces = [...new Set(permissions.flatMap((p) => (p.namespace === undefined ? [] : [p.namespace])))];
  for (const namespace of namespaces) {
    out.push({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'Role',
      metadata: { name, namespace, labels },
      rules: rulesOf(permissions.filter((p) => p.namespace === namespace)),
    });
    out.push({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'RoleBinding',
      metadata: { name, namespace, labels },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name },
      subjects,
    });
  }
  return out;
}
