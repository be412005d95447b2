/**
 * The check, before an operator starts anything, that its identity has every permission it needs: one
 * SelfSubjectAccessReview per verb and resource (every authenticated identity may ask). Each missing permission
 * is listed, so a Role with a rule too few fails at start-up with the rule's name rather than later as a
 * Forbidden inside a reconcile.
 */
import type { KubeObject } from '@orkestra/core';
import type { Kubeclient } from '@orkestra/core/kube';

/** One permission: a verb set on a resource, cluster-wide (`namespace` undefined) or in one namespace. */
export interface Permission {
  group: string;
  resource: string;
  verbs: string[];
  namespace?: string | undefined;
  /** Only these objects (a rule's `resourceNames`); all when undefined. */
  resourceNames?: string[] | undefined;
  /** Why it is needed, for generated RBAC comments and for error messages. */
  why: string;
}

/** `list deployments.apps in namespace shop`: one verb of a permission, in words. */
export function describePermission(
  p: Pick<Permission, 'group' | 'resource' | 'namespace' | 'resourceNames'>,
  verb: string,
): string {
  const [resource, sub] = p.resource.split('/') as [string, string | undefined];
  const full = `${resource}${p.group ? `.${p.group}` : ''}${sub ? `/${sub}` : ''}${p.resourceNames ? ` ${p.resourceNames.join(', ')}` : ''}`;
  return `${verb} ${full} ${p.namespace === undefined ? 'in all namespaces' : `in namespace ${p.namespace}`}`;
}

/** One denied verb. */
export interface DeniedPermission {
  permission: Permission;
  verb: string;
  reason?: string | undefined;
}

/** Asks the API server about each permission; returns those it denies. */
export async function deniedPermissions(
  kube: Kubeclient,
  permissions: readonly Permission[],
  signal?: AbortSignal,
): Promise<DeniedPermission[]> {
  kube.resources.register({
    apiVersion: 'authorization.k8s.io/v1',
    kind: 'SelfSubjectAccessReview',
    plural: 'selfsubjectaccessreviews',
    namespaced: false,
  });
  const checks = permissions.flatMap((permission) =>
    permission.verbs.flatMap((verb) =>
      (permission.resourceNames ?? [undefined]).map((name) => ({ permission, verb, name })),
    ),
  );
  const answers = await Promise.all(
    checks.map(async ({ permission, verb, name }) => {
      const [resource, subresource] = permission.resource.split('/') as [string, string | undefined];
      const review = await kube.create<KubeObject>(
        {
          apiVersion: 'authorization.k8s.io/v1',
          kind: 'SelfSubjectAccessReview',
          metadata: {},
          spec: {
            resourceAttributes: {
              group: permission.group,
              resource,
              verb,
              ...(subresource ? { subresource } : {}),
              ...(name !== undefined ? { name } : {}),
              ...(permission.namespace !== undefined ? { namespace: permission.namespace } : {}),
            },
          },
        },
        { signal },
      );
      const status = review.status as { allowed?: boolean; reason?: string } | undefined;
      return { permission, verb, allowed: status?.allowed === true, reason: status?.reason };
    }),
  );
  return answers
    .filter((a) => !a.allowed)
    .map(({ permission, verb, reason }) => ({ permission, verb, reason: reason || undefined }));
}

/** The identity lacks permissions it needs: each denied verb is listed in {@link denied}. */
export class PermissionsDeniedError extends Error {
  constructor(
    /** Who asked (`system:serviceaccount:ops:orkestra`). */
    readonly identity: string,
    readonly denied: readonly DeniedPermission[],
  ) {
    super(
      `Forbidden: ${identity} lacks ${denied.length === 1 ? 'a permission' : `${denied.length} permissions`} it needs: ${denied.map((d) => describePermission(d.permission, d.verb)).join('; ')}`,
    );
    this.name = 'PermissionsDeniedError';
  }
}

/**
 * Throws {@link PermissionsDeniedError} unless the identity has every permission; a failed review (the API
 * server unreachable) throws the client's error.
 */
export async function assertPermissions(
  kube: Kubeclient,
  permissions: readonly Permission[],
  identity: string,
  signal?: AbortSignal,
): Promise<void> {
  const denied = await deniedPermissions(kube, permissions, signal);
  if (denied.length > 0) throw new PermissionsDeniedError(identity, denied);
}
