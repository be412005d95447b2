/**
 * What a compiled Katalog must pass before it is served, asked of the API server: that no one else serves its
 * kinds (another Katalog, or a CRD the runtime did not make), and that its ServiceAccount may do everything its
 * reconcilers will do — the runtime acts as that account, so an access review answered "no" means the Katalog
 * would write where its team cannot.
 */

import type { ControllerClient, ResolvedSpec, ResourceHandler } from '@orkestra/core';
import type { OwnerKind } from '@orkestra/reconciler';
import { deniedPermissions, describePermission } from '../permission-check.js';
import { discoverChildKinds, requiredPermissions } from '../required-permissions.js';
import type { CompiledKatalog, KatalogProblem } from './compile.js';

/** Labels on a CRD the runtime installed for a Katalog: which one made it. */
export const CRD_KATALOG_LABEL = 'orkestra.io/katalog';
export const CRD_KATALOG_NAMESPACE_LABEL = 'orkestra.io/katalog-namespace';

type Handler = ResourceHandler<unknown, ResolvedSpec>;

/** `system:serviceaccount:<namespace>:<name>`: the user the API server sees for a ServiceAccount. */
export function serviceAccountUser(namespace: string, name: string): string {
  return `system:serviceaccount:${namespace}:${name}`;
}

/** `websites.example.com`. */
export const crdName = (owner: OwnerKind): string => `${owner.plural}.${owner.group}`;

/**
 * The kinds of `compiled` that someone other than Katalog `namespace/name` serves: a CRD labelled for another
 * Katalog, a CRD not made by the runtime, or a kind another Katalog of this runtime serves (`servedBy`). One GET
 * per kind.
 */
export async function kindConflicts(
  kube: ControllerClient,
  compiled: CompiledKatalog,
  katalog: { namespace: string; name: string },
  servedBy: (crd: string) => string | undefined,
  signal?: AbortSignal,
): Promise<KatalogProblem[]> {
  const me = `${katalog.namespace}/${katalog.name}`;
  const problems: KatalogProblem[] = [];
  for (const [i, owner] of compiled.owners.entries()) {
    const name = crdName(owner);
    const path = `spec.crds[${i}].owner`;
    const other = servedBy(name);
    if (other && other !== me) {
      problems.push({
        path,
        message: `the kind ${owner.kind} (${name}) is served by Katalog ${other}`,
        hint: 'pick another group or kind, or change that Katalog',
      });
      continue;
    }
    const ref = { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', name };
    const live = await kube.get(ref, { signal });
    if (!live) continue;
    const labels = live.metadata.labels ?? {};
    const maker = labels[CRD_KATALOG_LABEL] && `${labels[CRD_KATALOG_NAMESPACE_LABEL]}/${labels[CRD_KATALOG_LABEL]}`;
    if (maker === me) continue;
    problems.push({
      path,
      message: maker
        ? `the kind ${owner.kind} (${name}) is served by Katalog ${maker}`
        : `the CRD ${name} exists and was not made for a Katalog: the runtime never takes over a CRD it did not create`,
      hint: 'pick another group or kind',
    });
  }
  return problems;
}

/**
 * What ServiceAccount `serviceAccount` of `namespace` lacks of what `compiled`'s reconcilers do (its owner kinds,
 * each child kind, Events), each denied verb as a problem at `spec.serviceAccountName`. `asAccount` is the
 * runtime's client impersonating it: its SelfSubjectRulesReview and SelfSubjectAccessReviews are the account's.
 */
export async function deniedToAccount(
  kube: ControllerClient,
  asAccount: ControllerClient,
  compiled: CompiledKatalog,
  handlers: readonly Handler[],
  user: string,
  signal?: AbortSignal,
): Promise<KatalogProblem[]> {
  const byKey = new Map(handlers.map((h) => [h.key, h]));
  const katalog = { entries: compiled.configs };
  await discoverChildKinds(katalog, byKey, kube);
  const needed = requiredPermissions(katalog, byKey, {
    crdCheck: false,
    resources: kube.resources,
    unknownKinds: 'skip',
  });
  if (compiled.removalPolicy.instances === 'Delete')
    for (const { owner, namespaces } of compiled.configs)
      needed.push({
        group: owner.group,
        resource: owner.plural,
        verbs: ['delete'],
        namespace: namespaces?.[0],
        why: 'removalPolicy.instances: Delete (the runtime deletes the instances as the ServiceAccount)',
      });
  const denied = await deniedPermissions(asAccount, needed, signal);
  return denied.map(({ permission, verb }) => ({
    path: 'spec.serviceAccountName',
    message: `${user} may not ${describePermission(permission, verb)} (needed for ${permission.why})`,
    hint:
      `grant it in a Role of namespace ${permission.namespace ?? '(cluster-wide: a Katalog never gets that)'} ` +
      `bound to the ServiceAccount: { apiGroups: ["${permission.group}"], resources: ["${permission.resource}"], ` +
      `verbs: ["${verb}"] }`,
  }));
}
