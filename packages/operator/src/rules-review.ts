/**
 * What a SelfSubjectRulesReview says the identity may do in one namespace, and whether that grants one verb on
 * one resource: the start-up permission check asks it once per namespace instead of one SelfSubjectAccessReview
 * per verb and resource (about 30 requests for a four-kind katalog, before the first child is written).
 *
 * A rules review lists the RBAC rules of the identity's bindings; it may be incomplete (another authorizer, a
 * binding to a missing role) and is not authoritative, so it only ever grants: whatever its rules do not cover
 * is asked with an access review.
 */
import { randomBytes } from 'node:crypto';
import type { ControllerClient, KubeObject } from '@orkestra/core';

/** One rule of a review's `status.resourceRules`. */
export interface ResourceRule {
  verbs: string[];
  apiGroups?: string[] | undefined;
  resources?: string[] | undefined;
  resourceNames?: string[] | undefined;
}

/** One verb on one resource (`deployments`, `websites/status`), optionally one named object. */
export interface AccessQuestion {
  group: string;
  resource: string;
  verb: string;
  name?: string | undefined;
}

/**
 * The namespace a cluster-wide question is reviewed in: one that does not exist (random, so no RoleBinding can
 * be in it), where the rules are exactly those of the identity's ClusterRoleBindings — the only ones that grant
 * a verb in all namespaces.
 */
const CLUSTER_PROBE_NAMESPACE = `orkestra-cluster-scope-${randomBytes(4).toString('hex')}`;

const has = (list: readonly string[] | undefined, value: string) =>
  list !== undefined && (list.includes('*') || list.includes(value));

/**
 * Whether `rule` grants `q`, as RBAC matches rules: `*` wildcards, and `*` joined to a subresource for every
 * resource's.
 */
export function ruleAllows(rule: ResourceRule, q: AccessQuestion): boolean {
  if (!has(rule.verbs, q.verb) || !has(rule.apiGroups, q.group)) return false;
  const sub = q.resource.includes('/') ? q.resource.slice(q.resource.indexOf('/')) : undefined;
  const resources = rule.resources ?? [];
  if (!resources.includes('*') && !resources.includes(q.resource) && !(sub && resources.includes(`*${sub}`)))
    return false;
  if (!rule.resourceNames || rule.resourceNames.length === 0) return true;
  return q.name !== undefined && rule.resourceNames.includes(q.name);
}

/** The rules the identity has in `namespace` (the cluster-wide ones when undefined); one request. */
export async function reviewRules(
  kube: ControllerClient,
  namespace: string | undefined,
  signal?: AbortSignal,
): Promise<{ rules: ResourceRule[]; incomplete: boolean }> {
  kube.resources.register({
    apiVersion: 'authorization.k8s.io/v1',
    kind: 'SelfSubjectRulesReview',
    plural: 'selfsubjectrulesreviews',
    namespaced: false,
  });
  const review = await kube.create<KubeObject>(
    {
      apiVersion: 'authorization.k8s.io/v1',
      kind: 'SelfSubjectRulesReview',
      metadata: {},
      spec: { namespace: namespace ?? CLUSTER_PROBE_NAMESPACE },
    },
    { signal },
  );
  const status = review.status as { resourceRules?: ResourceRule[]; incomplete?: boolean } | undefined;
  return { rules: status?.resourceRules ?? [], incomplete: status?.incomplete === true };
}
