/**
 * A Katalog deleted while no runtime ran (it has no finalizer, so nothing waited): the runtime that starts next
 * applies its `removalPolicy` once. What it needs is on the CRDs the Katalog created: besides the labels naming
 * it, annotations with its uid, its policy and its ServiceAccount, written at each install. At start (one list of
 * the CRDs labelled for a Katalog) a CRD whose Katalog is absent, with a policy that deletes, is an orphan: its
 * instances are deleted as that ServiceAccount (no reconciler of the kind runs: an instance behind a finalizer is
 * reported left, after the bounded wait), its CRD when the policy says so; then the CRD is marked done for that
 * uid, so that a later start does not do it again. The runtime marks a CRD so too when it applies the policy
 * itself (the Katalog deleted, or the kind removed by an edit, while it served).
 */

import type { ControllerClient, KubeObject, Logger } from '@orkestra/core';
import type { OwnerKind } from '@orkestra/reconciler';
import type { EventRecorder } from '@orkestra/reconciler/internal';
import { CRD_KATALOG_LABEL, CRD_KATALOG_NAMESPACE_LABEL, serviceAccountUser } from './checks.js';
import type { KatalogObject } from './compile.js';
import { KATALOG_API_VERSION } from './katalog-crd.js';
import { removeKinds } from './removal.js';
import { parseRemovalPolicy, type RemovalPolicy } from './removal-policy.js';

const UID = 'orkestra.io/katalog-uid';
const POLICY = 'orkestra.io/katalog-removal-policy';
const ACCOUNT = 'orkestra.io/katalog-service-account';
/** The uid of the Katalog whose policy was applied to this CRD already. */
const DONE = 'orkestra.io/katalog-removal-done';

/** The annotations a Katalog's CRD carries for a later runtime (see the module's comment). */
export function removalAnnotations(katalog: KatalogObject, policy: RemovalPolicy): Record<string, string> {
  return {
    [UID]: katalog.metadata.uid ?? '',
    [POLICY]: JSON.stringify(policy),
    [ACCOUNT]: katalog.spec?.serviceAccountName ?? '',
    // Served (again): not handled. The apply forces it over the mark of an earlier removal.
    [DONE]: '',
  };
}

interface Orphan {
  katalog: { namespace: string; name: string; uid: string };
  account: string;
  policy: RemovalPolicy;
  owner: OwnerKind;
}

type Crd = KubeObject & {
  spec: {
    group: string;
    names: { kind: string; plural: string };
    versions: { name: string; storage?: boolean }[];
  };
};

const CRD_API = 'apiextensions.k8s.io/v1';

/** The CRDs (of Katalogs of `namespace`, or all) whose Katalog does not `exist`, with a policy that deletes. */
export async function findOrphans(
  kube: ControllerClient,
  namespace: string | undefined,
  exists: (namespace: string, name: string) => boolean,
  signal?: AbortSignal,
): Promise<Orphan[]> {
  const labelSelector = namespace
    ? `${CRD_KATALOG_LABEL},${CRD_KATALOG_NAMESPACE_LABEL}=${namespace}`
    : CRD_KATALOG_LABEL;
  const crds = await kube.list<Crd>(CRD_API, 'CustomResourceDefinition', { labelSelector, signal });
  return crds.items.flatMap((crd) => {
    const labels = crd.metadata.labels ?? {};
    const annotations = crd.metadata.annotations ?? {};
    const name = labels[CRD_KATALOG_LABEL] ?? '';
    const ns = labels[CRD_KATALOG_NAMESPACE_LABEL] ?? '';
    const uid = annotations[UID];
    if (!ns || !uid || exists(ns, name) || annotations[DONE] === uid || annotations[POLICY] === undefined) return [];
    let raw: unknown;
    try {
      raw = JSON.parse(annotations[POLICY]);
    } catch {
      return [];
    }
    const { policy, problems } = parseRemovalPolicy(raw);
    if (problems.length || policy.instances === 'Keep') return [];
    const version = crd.spec.versions.find((v) => v.storage) ?? crd.spec.versions[0];
    const { group, names } = crd.spec;
    const owner = { group, version: version?.name ?? 'v1', kind: names.kind, plural: names.plural, namespaced: true };
    return [{ katalog: { namespace: ns, name, uid }, account: annotations[ACCOUNT] ?? '', policy, owner }];
  });
}

/** Where {@link removeOrphans} works and reports. */
export interface OrphanRemoval {
  events: EventRecorder;
  logger: Logger;
  timeoutMs: number;
  servedBy: (crd: string) => string | undefined;
  exists: (namespace: string, name: string) => boolean;
  signal?: AbortSignal | undefined;
}

/** Applies each orphan's policy (as its ServiceAccount), then marks its CRD done, if it is still there. */
export async function removeOrphans(
  kube: ControllerClient,
  orphans: readonly Orphan[],
  options: OrphanRemoval,
): Promise<void> {
  for (const { katalog, account, policy, owner } of orphans) {
    const { namespace, name, uid } = katalog;
    if (options.signal?.aborted || options.exists(namespace, name)) continue;
    const asAccount = kube.impersonate({ user: serviceAccountUser(namespace, account) });
    const object = { apiVersion: KATALOG_API_VERSION, kind: 'Katalog', metadata: { namespace, name, uid } };
    const key = `${namespace}/${name}`;
    const context = { kube, asAccount, katalog: { namespace, name }, policy, servedBy: options.servedBy };
    const report = {
      events: options.events,
      logger: options.logger,
      object: object as never,
      key,
      signal: options.signal,
    };
    const [removal] = await removeKinds({ ...context, timeoutMs: options.timeoutMs }, [owner], report);
    if (!removal?.crdDeleted) await markRemoved(kube, owner, uid, options.logger, options.signal);
  }
}

/**
 * Marks the CRD of `owner` as handled for the Katalog of uid `uid`: a runtime started later does not apply that
 * Katalog's policy to it again (also after the kind was removed by an edit, whatever its recorded policy).
 */
export async function markRemoved(
  kube: ControllerClient,
  owner: OwnerKind,
  uid: string | undefined,
  logger: Logger,
  signal?: AbortSignal,
): Promise<void> {
  if (!uid) return;
  const ref = { apiVersion: CRD_API, kind: 'CustomResourceDefinition', name: `${owner.plural}.${owner.group}` };
  await kube
    .patch(ref, { metadata: { annotations: { [DONE]: uid } } }, { type: 'merge', ...(signal ? { signal } : {}) })
    .catch((e: unknown) => logger.debug({ crd: ref.name, err: String(e) }, 'CRD not marked as handled'));
}
