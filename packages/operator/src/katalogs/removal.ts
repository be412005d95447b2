/**
 * What the runtime does with a kind a Katalog no longer serves (the Katalog deleted, or the kind removed from it
 * by an edit), by the Katalog's `removalPolicy`. Instances are deleted as the Katalog's ServiceAccount (its
 * reconcilers still run meanwhile, so an instance's finalizer and `onDelete` children are handled; their children
 * go by owner references), and waited for a bounded time — never forever. The CRD goes only when the policy says
 * `DeleteIfCreated`, its labels name this Katalog, no other Katalog serves it and no instance is left (else
 * deleting it would delete what the ServiceAccount could not). Nothing here throws: what could not be done is
 * returned, for a Warning Event.
 */

import type { ControllerClient, KubeObject, Logger } from '@orkestra/core';
import type { OwnerKind } from '@orkestra/reconciler';
import type { EventRecorder } from '@orkestra/reconciler/internal';
import { CRD_KATALOG_LABEL, CRD_KATALOG_NAMESPACE_LABEL, crdName } from './checks.js';
import type { RemovalPolicy } from './removal-policy.js';

/** Who removes, and how long to wait for instances to go. */
export interface RemovalContext {
  /** The runtime's own client (deletes the CRD). */
  kube: ControllerClient;
  /** The client impersonating the Katalog's ServiceAccount (lists and deletes the instances). */
  asAccount: ControllerClient;
  /** The Katalog, `namespace` and `name`. */
  katalog: { namespace: string; name: string };
  policy: RemovalPolicy;
  /** The Katalog (`<namespace>/<name>`) of this runtime serving the CRD `crd` now, if any. */
  servedBy: (crd: string) => string | undefined;
  /** How long to wait for the instances to be gone; then what is left is reported. */
  timeoutMs: number;
  signal?: AbortSignal | undefined;
}

/** What became of one kind. */
export interface KindRemoval {
  /** `<plural>.<group>`. */
  crd: string;
  /** Instances deleted (their deletion began). */
  deleted: number;
  /** What could not be done, in words (instances left, the CRD kept and why). */
  leftBehind: string[];
  crdDeleted: boolean;
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Applies `context.policy` to the kind `owner`; see the module's comment. */
export async function removeKind(context: RemovalContext, owner: OwnerKind): Promise<KindRemoval> {
  const crd = crdName(owner);
  const result: KindRemoval = { crd, deleted: 0, leftBehind: [], crdDeleted: false };
  const { policy } = context;
  if (policy.instances === 'Keep') return result;
  const left = await deleteInstances(context, owner, result);
  if (left === undefined || left.length) {
    if (policy.crd === 'DeleteIfCreated') result.leftBehind.push(`the CRD ${crd} is kept: instances are left`);
    return result;
  }
  if (policy.crd === 'DeleteIfCreated') await deleteCrd(context, crd, result);
  return result;
}

/**
 * Deletes every instance of `owner` in the Katalog's namespace as the ServiceAccount and waits until none is
 * left or `timeoutMs` passed; returns the names left (undefined when they could not even be listed).
 */
async function deleteInstances(
  context: RemovalContext,
  owner: OwnerKind,
  result: KindRemoval,
): Promise<string[] | undefined> {
  const { asAccount, katalog, signal } = context;
  const apiVersion = `${owner.group}/${owner.version}`;
  const list = async () =>
    (await asAccount.list<KubeObject>(apiVersion, owner.kind, { namespace: katalog.namespace, signal })).items;
  let items: KubeObject[];
  try {
    items = await list();
  } catch (e) {
    result.leftBehind.push(`the ${owner.kind} instances could not be listed: ${message(e)}`);
    return undefined;
  }
  for (const item of items) {
    const { name, uid } = item.metadata;
    if (item.metadata.deletionTimestamp) continue;
    try {
      const ref = { apiVersion, kind: owner.kind, namespace: katalog.namespace, name: name ?? '' };
      if (await asAccount.delete(ref, { ...(uid ? { preconditions: { uid } } : {}), signal })) result.deleted++;
    } catch (e) {
      result.leftBehind.push(`${owner.kind} ${name} could not be deleted: ${message(e)}`);
    }
  }
  return waitGone(context, owner, list, result);
}

/** Lists the instances until none is left or `timeoutMs` passed; the names left (undefined: not listable). */
async function waitGone(
  context: RemovalContext,
  owner: OwnerKind,
  list: () => Promise<KubeObject[]>,
  result: KindRemoval,
): Promise<string[] | undefined> {
  const deadline = Date.now() + context.timeoutMs;
  for (;;) {
    let names: string[];
    try {
      names = (await list()).map((o) => o.metadata.name ?? '');
    } catch (e) {
      result.leftBehind.push(`the ${owner.kind} instances could not be listed: ${message(e)}`);
      return undefined;
    }
    if (!names.length) return names;
    if (Date.now() >= deadline || context.signal?.aborted) {
      const shown = `${names.slice(0, 10).join(', ')}${names.length > 10 ? ', …' : ''}`;
      result.leftBehind.push(
        `${names.length} ${owner.kind} instance${names.length === 1 ? ' is' : 's are'} still there after ` +
          `${Math.round(context.timeoutMs / 1000)} s (${shown}): a finalizer nobody removes, ` +
          'or a deletion the ServiceAccount may not do',
      );
      return names;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Deletes the CRD `crd` when its labels name this Katalog and no other Katalog serves it. */
async function deleteCrd(context: RemovalContext, crd: string, result: KindRemoval): Promise<void> {
  const { kube, katalog, signal } = context;
  const ref = { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', name: crd };
  try {
    const live = await kube.get(ref, { signal });
    if (!live) return;
    const labels = live.metadata.labels ?? {};
    if (labels[CRD_KATALOG_LABEL] !== katalog.name || labels[CRD_KATALOG_NAMESPACE_LABEL] !== katalog.namespace) {
      result.leftBehind.push(`the CRD ${crd} is kept: this Katalog did not create it`);
      return;
    }
    const other = context.servedBy(crd);
    if (other && other !== `${katalog.namespace}/${katalog.name}`) {
      result.leftBehind.push(`the CRD ${crd} is kept: Katalog ${other} serves it`);
      return;
    }
    const uid = live.metadata.uid;
    result.crdDeleted = await kube.delete(ref, { ...(uid ? { preconditions: { uid } } : {}), signal });
  } catch (e) {
    result.leftBehind.push(`the CRD ${crd} could not be deleted: ${message(e)}`);
  }
}

/** One sentence of what the removal of the kinds did, and one of what it left (empty when nothing). */
export function describeRemovals(removals: readonly KindRemoval[], policy: RemovalPolicy): [string, string] {
  const instances = (r: KindRemoval) =>
    policy.instances === 'Delete' ? `${r.deleted} instance${r.deleted === 1 ? '' : 's'} deleted` : 'instances kept';
  const done = removals.map((r) => `${r.crd}: ${instances(r)}, CRD ${r.crdDeleted ? 'deleted' : 'kept'}`);
  const left = removals.flatMap((r) => r.leftBehind);
  return [`removalPolicy ${policy.instances}/${policy.crd}: ${done.join('; ')}`, left.join('; ')];
}

/**
 * Where {@link removeKinds} reports: Events on the Katalog (gone, perhaps: the Events stay in its namespace), the
 * log.
 */
export interface RemovalReport {
  events: EventRecorder;
  logger: Logger;
  object: Parameters<EventRecorder['record']>[0];
  /** `<namespace>/<name>`, for the log. */
  key: string;
  signal?: AbortSignal | undefined;
}

/**
 * Applies the policy to each kind of `owners` in turn, then says what it did in a Normal Event `KindsRemoved`
 * and what it could not do in a Warning Event `RemovalIncomplete`. Bounded by `timeoutMs` per kind; never throws
 * for what it could not do.
 */
export async function removeKinds(
  context: Omit<RemovalContext, 'signal'>,
  owners: readonly OwnerKind[],
  report: RemovalReport,
): Promise<KindRemoval[]> {
  const removals: KindRemoval[] = [];
  for (const owner of owners) removals.push(await removeKind({ ...context, signal: report.signal }, owner));
  const [done, left] = describeRemovals(removals, context.policy);
  report.logger.info({ katalog: report.key, leftBehind: left || undefined }, `Katalog kinds no longer served: ${done}`);
  await report.events.record(report.object, 'Normal', 'KindsRemoved', done.slice(0, 1000));
  if (left)
    await report.events.record(report.object, 'Warning', 'RemovalIncomplete', `left behind: ${left}`.slice(0, 1000));
  return removals;
}
