import type { ControllerClient } from '@orkestra/core';
import type { Manager } from '../src/index.js';

const KATALOG = { apiVersion: 'orkestra.io/v1alpha1', kind: 'Katalog' };

/**
 * Deletes the Katalogs a test file made in `namespaces`, then waits until its `manager` has handled that. The
 * integration files share one control plane, and a later file's runtime may serve every namespace: it must not
 * find this file's Katalogs still there (it would serve them, or take their deletion for its own to handle).
 */
export async function deleteKatalogs(
  kube: ControllerClient,
  manager: Manager | undefined,
  namespaces: readonly string[],
): Promise<void> {
  for (const namespace of namespaces) {
    const { items } = await kube.list(KATALOG.apiVersion, KATALOG.kind, { namespace }).catch(() => ({ items: [] }));
    for (const k of items) await kube.delete({ ...KATALOG, namespace, name: k.metadata.name ?? '' }).catch(() => false);
  }
  await manager?.katalogs?.idle();
}

const RBAC = 'rbac.authorization.k8s.io/v1';

/** An RBAC rule: every verb on `resources` of `group`. */
export const allVerbs = (group: string, resources: readonly string[]) => ({
  apiGroups: [group],
  resources: [...resources],
  verbs: ['*'],
});

/** A kind's resources a Katalog's ServiceAccount works on: the objects, their status and finalizers. */
export const kindResources = (...plurals: string[]) => plurals.flatMap((p) => [p, `${p}/status`, `${p}/finalizers`]);

/** A team's ServiceAccount `name` of `namespace` with a Role of `rules` there, bound to it. */
export async function teamAccount(
  kube: ControllerClient,
  namespace: string,
  name: string,
  rules: readonly Record<string, unknown>[],
): Promise<void> {
  await kube.create({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name, namespace } });
  await kube.create({ apiVersion: RBAC, kind: 'Role', metadata: { name, namespace }, rules: [...rules] } as never);
  await kube.create({
    apiVersion: RBAC,
    kind: 'RoleBinding',
    metadata: { name, namespace },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name },
    subjects: [{ kind: 'ServiceAccount', name, namespace }],
  } as never);
}
