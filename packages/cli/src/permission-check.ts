/**
 * `run`'s check, before it starts anything, that its identity has every permission the katalog needs: one
 * SelfSubjectAccessReview per verb and resource (every authenticated identity may ask). Each missing permission
 * is listed, so a Role with a rule too few fails at start-up with the rule's name rather than later as a
 * Forbidden inside a reconcile.
 */
import type { KubeObject } from '@orkestra/core';
import type { Kubeclient } from '@orkestra/core/kube';
import { CliError, ExitCode } from './exit-codes.js';
import { clusterError } from './kube.js';
import { describePermission, type Permission } from './rbac.js';

/** One denied verb. */
export interface DeniedPermission {
  permission: Permission;
  verb: string;
  reason?: string | undefined;
}

/** Asks the API server about each permission; returns those it denies. */
export async function deniedPermissions(kube: Kubeclient, permissions: readonly Permission[], signal?: AbortSignal): Promise<DeniedPermission[]> {
  kube.resources.register({ apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectAccessReview', plural: 'selfsubjectaccessreviews', namespaced: false });
  const checks = permissions.flatMap((permission) => permission.verbs.flatMap((verb) => (permission.resourceNames ?? [undefined]).map((name) => ({ permission, verb, name }))));
  const answers = await Promise.all(checks.map(async ({ permission, verb, name }) => {
    const [resource, subresource] = permission.resource.split('/') as [string, string | undefined];
    const review = await kube.create<KubeObject>({
      apiVersion: 'authorization.k8s.io/v1',
      kind: 'SelfSubjectAccessReview',
      metadata: {},
      spec: { resourceAttributes: { group: permission.group, resource, verb, ...(subresource ? { subresource } : {}), ...(name !== undefined ? { name } : {}), ...(permission.namespace !== undefined ? { namespace: permission.namespace } : {}) } },
    }, { signal });
    const status = review.status as { allowed?: boolean; reason?: string } | undefined;
    return { permission, verb, allowed: status?.allowed === true, reason: status?.reason };
  }));
  return answers.filter((a) => !a.allowed).map(({ permission, verb, reason }) => ({ permission, verb, reason: reason || undefined }));
}

/** Throws exit code 5, listing every denied permission, unless the identity has them all. */
export async function assertPermissions(kube: Kubeclient, permissions: readonly Permission[], identity: string): Promise<void> {
  let denied: DeniedPermission[];
  try {
    denied = await deniedPermissions(kube, permissions);
  } catch (e) {
    throw clusterError(e, kube, 'checking permissions');
  }
  if (denied.length === 0) return;
  throw new CliError(ExitCode.Forbidden, `Forbidden: ${identity} lacks ${denied.length === 1 ? 'a permission' : `${denied.length} permissions`} the katalog needs`, {
    problems: denied.map((d) => ({ path: describePermission(d.permission, d.verb), message: `needed for ${d.permission.why}` })),
    hint: 'apply the output of `orkestra generate rbac --katalog <file>` for this identity, or pass --skip-permission-check to start anyway',
  });
}
