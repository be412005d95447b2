/**
 * The check, before an operator starts anything, that its identity has every permission it needs: one
 * SelfSubjectRulesReview per namespace, and a SelfSubjectAccessReview for each verb and resource its rules do not
 * grant (every authenticated identity may ask both). Each missing permission is listed, so a Role with a rule too
 * few fails at start-up with the rule's name rather than later as a Forbidden inside a reconcile.
 */
import type { ControllerClient, KubeObject } from '@orkestra/core';
import { type AccessQuestion, type ResourceRule, reviewRules, ruleAllows } from './rules-review.js';

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
  const names = p.resourceNames ? ` ${p.resourceNames.join(', ')}` : '';
  const full = `${resource}${p.group ? `.${p.group}` : ''}${sub ? `/${sub}` : ''}${names}`;
  return `${verb} ${full} ${p.namespace === undefined ? 'in all namespaces' : `in namespace ${p.namespace}`}`;
}

/** One denied verb. */
export interface DeniedPermission {
  permission: Permission;
  verb: string;
  reason?: string | undefined;
}

/** One verb of a permission (on one named object, for a permission with `resourceNames`). */
interface Check {
  permission: Permission;
  verb: string;
  name: string | undefined;
}

function question({ permission, verb, name }: Check): AccessQuestion {
  return { group: permission.group, resource: permission.resource, verb, name };
}

/**
 * The rules of each namespace the checks name (undefined: cluster-wide), one rules review each; a namespace whose
 * review failed has no rules, so its checks go to access reviews.
 */
async function rulesByNamespace(
  kube: ControllerClient,
  checks: readonly Check[],
  signal: AbortSignal | undefined,
): Promise<Map<string | undefined, ResourceRule[]>> {
  const namespaces = [...new Set(checks.map((c) => c.permission.namespace))];
  const reviews = await Promise.all(
    namespaces.map(async (ns) => {
      const review = await reviewRules(kube, ns, signal).catch(() => undefined);
      return [ns, review?.rules ?? []] as const;
    }),
  );
  return new Map(reviews);
}

/** The API server's answer to one check: one SelfSubjectAccessReview. */
async function accessReview(
  kube: ControllerClient,
  { permission, verb, name }: Check,
  signal: AbortSignal | undefined,
): Promise<{ allowed: boolean; reason: string | undefined }> {
  kube.resources.register({
    apiVersion: 'authorization.k8s.io/v1',
    kind: 'SelfSubjectAccessReview',
    plural: 'selfsubjectaccessreviews',
    namespaced: false,
  });
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
  return { allowed: status?.allowed === true, reason: status?.reason || undefined };
}

/**
 * Asks the API server about each permission; returns those it denies. One SelfSubjectRulesReview per namespace
 * (one for the cluster-wide permissions) grants what its rules cover; every other verb is asked with a
 * SelfSubjectAccessReview, whose answer is the authorizer's own — so an incomplete rules review (another
 * authorizer, a binding to a missing role) never denies by mistake, and a denial carries the authorizer's reason.
 */
export async function deniedPermissions(
  kube: ControllerClient,
  permissions: readonly Permission[],
  signal?: AbortSignal,
): Promise<DeniedPermission[]> {
  const checks: Check[] = permissions.flatMap((permission) =>
    permission.verbs.flatMap((verb) =>
      (permission.resourceNames ?? [undefined]).map((name) => ({ permission, verb, name })),
    ),
  );
  const rules = await rulesByNamespace(kube, checks, signal);
  const unanswered = checks.filter(
    (c) => !(rules.get(c.permission.namespace) ?? []).some((rule) => ruleAllows(rule, question(c))),
  );
  const answers = await Promise.all(unanswered.map(async (c) => ({ ...c, ...(await accessReview(kube, c, signal)) })));
  return answers.filter((a) => !a.allowed).map(({ permission, verb, reason }) => ({ permission, verb, reason }));
}

/** The RBAC rule that grants one denied verb, and where it goes, in words. */
function ruleFor({ permission: p, verb }: DeniedPermission): string {
  const names = p.resourceNames ? `, resourceNames: [${p.resourceNames.map((n) => `"${n}"`).join(', ')}]` : '';
  const rule = `{ apiGroups: ["${p.group}"], resources: ["${p.resource}"], verbs: ["${verb}"]${names} }`;
  return p.namespace === undefined
    ? `${rule} in a ClusterRole bound by a ClusterRoleBinding`
    : `${rule} in a Role in namespace ${p.namespace} bound by a RoleBinding there`;
}

/**
 * The identity lacks permissions it needs: each denied verb is listed in {@link denied}; the message names each
 * verb, resource and namespace, why it is needed, and the RBAC rule that grants it.
 */
export class PermissionsDeniedError extends Error {
  constructor(
    /** Who asked (`the identity system:serviceaccount:ops:orkestra`). */
    readonly identity: string,
    readonly denied: readonly DeniedPermission[],
  ) {
    const what = denied.map((d) => `${describePermission(d.permission, d.verb)} (for ${d.permission.why})`);
    super(
      `Forbidden: ${identity} lacks ${denied.length === 1 ? 'a permission' : `${denied.length} permissions`} ` +
        `it needs: ${what.join('; ')}. Nothing was started. ` +
        `Grant ${denied.length === 1 ? 'it' : 'them'}: ${denied.map(ruleFor).join('; ')} — ` +
        'rbacObjects(operatorPermissions(reconcilers), { serviceAccount }) of @orkestra/operator, ' +
        'or `orkestra generate rbac`, builds every role and binding the operator needs.',
    );
    this.name = 'PermissionsDeniedError';
  }
}

/**
 * Throws {@link PermissionsDeniedError} unless the identity has every permission; a failed review (the API
 * server unreachable) throws the client's error.
 */
export async function assertPermissions(
  kube: ControllerClient,
  permissions: readonly Permission[],
  identity: string,
  signal?: AbortSignal,
): Promise<void> {
  const denied = await deniedPermissions(kube, permissions, signal);
  if (denied.length > 0) throw new PermissionsDeniedError(identity, denied);
}
