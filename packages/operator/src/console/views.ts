/**
 * The JSON the console serves: the kinds the Manager runs (with counts of their instances, read from the
 * reconcilers' informer caches: no request) and one instance (its tree as `orkestra trace` builds it, "why not
 * Ready" first, conditions, Events, the timeline of its reconciles). Everything is cut to what the viewer may
 * `get`, and every string that holds a value of one of the instance's Secrets is redacted.
 */

import type {
  ChildDiffView,
  EventView,
  InstanceState,
  InstanceSummary,
  InstanceView,
  KatalogView,
  KindView,
} from '@orkestra/console/types';
import type { ControllerClient } from '@orkestra/core';
import { childSelector, type KubeObject, type OwnerObject, SecretValues } from '@orkestra/core';
import { matchesLabelSelector } from '@orkestra/core/internal';
import { type GenericReconciler, SharedInformerFactory } from '@orkestra/reconciler';
import { KATALOG_API_VERSION } from '../katalogs/katalog-crd.js';
import {
  causes,
  conditionsOf,
  type TraceCache,
  type TraceKind,
  type TraceNode,
  traceObject,
} from '../trace/trace-tree.js';
import type { Viewer } from './access.js';
import { childDiffs } from './child-diff.js';
import type { ConsoleHistory } from './history.js';
import type { SharedLists } from './shared-lists.js';

export type { EventView, InstanceState, InstanceSummary, InstanceView, KatalogView, KindView };

/** `websites.example.com` of a reconciler's owner kind. */
export const kindId = (r: GenericReconciler): string => `${r.config.owner.plural}.${r.config.owner.group}`;

/** `namespace/name`, or `name` for a cluster-scoped instance: the reconciler's key. */
export const instanceKey = (namespace: string | undefined, name: string): string =>
  namespace ? `${namespace}/${name}` : name;

function stateOf(cr: KubeObject): { state: InstanceState; message?: string } {
  const conditions = (
    cr.status as { conditions?: { type?: string; status?: string; reason?: string; message?: string }[] }
  )?.conditions;
  const ready = Array.isArray(conditions) ? conditions.find((c) => c?.type === 'Ready') : undefined;
  if (ready?.status === 'True') return { state: 'ready' };
  const message = ready?.message ?? 'no Ready condition yet';
  return { state: !ready || ready.reason === 'Waiting' ? 'waiting' : 'failing', message };
}

/** The instances of `r` in its informer caches (no request), by namespace and name. */
function cachedInstances(r: GenericReconciler): KubeObject[] {
  const factory = r.config.informers ?? SharedInformerFactory.for(r.kube);
  const seen = new Map<string, KubeObject>();
  for (const informer of factory.informers) {
    const o = informer.options;
    if (o.apiVersion !== r.ownerApiVersion || o.kind !== r.config.owner.kind || o.labelSelector) continue;
    for (const cr of informer.list()) seen.set(instanceKey(cr.metadata.namespace, cr.metadata.name ?? ''), cr);
  }
  return [...seen.values()];
}

/** The instance `key` of `r` in its informer caches (no request), undefined when not there. */
function cachedInstance(r: GenericReconciler, namespace: string | undefined, name: string): KubeObject | undefined {
  const factory = r.config.informers ?? SharedInformerFactory.for(r.kube);
  for (const informer of factory.informers) {
    const o = informer.options;
    if (o.apiVersion !== r.ownerApiVersion || o.kind !== r.config.owner.kind || o.labelSelector) continue;
    const found = informer.get(namespace, name);
    if (found) return found;
  }
  return undefined;
}

/** Records the conditions instance `key` of `r` has now (from the informer cache) in the history's transitions. */
export function observeConditions(r: GenericReconciler, history: ConsoleHistory, key: string): void {
  const slash = key.indexOf('/');
  const cr = cachedInstance(r, slash < 0 ? undefined : key.slice(0, slash), key.slice(slash + 1));
  if (cr) history.observeConditions(r.config.owner.kind, key, conditionsOf(cr));
}

/**
 * Lists answered from the reconciler's informer caches: those of the children Orkestra owns (each watched with
 * Orkestra's label), when a synced informer holds every object of the kind and namespace the list asks for.
 * What they do not hold (a Deployment's ReplicaSets and Pods) is listed from the API server.
 */
export function informerCache(r: GenericReconciler): TraceCache {
  const factory = r.config.informers ?? SharedInformerFactory.for(r.kube);
  return (kind, namespace, labelSelector) => {
    const asked = new Set((labelSelector ?? '').split(',').filter(Boolean));
    for (const informer of factory.informers) {
      const o = informer.options;
      if (o.apiVersion !== kind.apiVersion || o.kind !== kind.kind || !informer.hasSynced) continue;
      if (o.fieldSelector || o.shard || (o.namespace !== undefined && o.namespace !== namespace)) continue;
      // The informer holds a superset of the answer when each of its requirements is one the list asks.
      if (!(o.labelSelector ?? '').split(',').every((req) => !req || asked.has(req))) continue;
      const objects = informer.list(namespace);
      return labelSelector ? objects.filter((x) => matchesLabelSelector(x.metadata.labels, labelSelector)) : objects;
    }
    return undefined;
  };
}

/**
 * The kinds of the children Orkestra makes, as the reconcilers' informers watch them (each child kind of each
 * reconciler is watched, with Orkestra's label): the only kinds a CR's children can be of, beside those its
 * inventory annotation names. A trace lists no other.
 */
export function ownedKinds(r: GenericReconciler): TraceKind[] {
  const factory = r.config.informers ?? SharedInformerFactory.for(r.kube);
  const kinds = new Map<string, TraceKind>();
  for (const { options: o } of factory.informers)
    if ((o.labelSelector ?? '').split(',').includes(childSelector()))
      kinds.set(`${o.apiVersion}/${o.kind}`, { apiVersion: o.apiVersion, kind: o.kind });
  return [...kinds.values()];
}

/** The kinds the Manager serves, each with the instances the viewer may get. */
export async function kindsView(
  reconcilers: readonly GenericReconciler[],
  history: ConsoleHistory,
  viewer: Viewer,
): Promise<KindView[]> {
  const views: KindView[] = [];
  for (const r of reconcilers) {
    const { owner } = r.config;
    const instances: InstanceSummary[] = [];
    const counts: Record<InstanceState, number> = { ready: 0, waiting: 0, failing: 0 };
    for (const cr of cachedInstances(r)) {
      const { namespace, name = '' } = cr.metadata;
      if (!(await viewer.mayGet(owner.group, owner.plural, namespace))) continue;
      const s = stateOf(cr);
      counts[s.state]++;
      instances.push({ ...(namespace ? { namespace } : {}), name, ...s });
    }
    instances.sort((a, b) => (a.namespace ?? '').localeCompare(b.namespace ?? '') || a.name.localeCompare(b.name));
    views.push({
      id: kindId(r),
      group: owner.group,
      version: owner.version,
      kind: owner.kind,
      namespaced: owner.namespaced ?? true,
      counts,
      queueDepth: r.queueDepth,
      reconcilesPerMinute: history.perMinute(owner.kind),
      instances,
    });
  }
  return views;
}

/**
 * The Katalogs in the runtime's informer cache (no request) the viewer may get, with the revision each serves
 * (`revisions`: the runtime's, by `namespace/name`) and its state from its `Ready` condition.
 */
export async function katalogsView(
  kube: ControllerClient,
  revisions: ReadonlyMap<string, number>,
  viewer: Viewer,
): Promise<KatalogView[]> {
  const views: KatalogView[] = [];
  for (const informer of SharedInformerFactory.for(kube).informers) {
    if (informer.options.apiVersion !== KATALOG_API_VERSION || informer.options.kind !== 'Katalog') continue;
    for (const k of informer.list()) {
      const { namespace = '', name = '' } = k.metadata;
      if (views.some((v) => v.namespace === namespace && v.name === name)) continue;
      if (!(await viewer.mayGet('orkestra.io', 'katalogs', namespace))) continue;
      const revision = revisions.get(`${namespace}/${name}`);
      const kinds = (k.status as { kinds?: unknown } | undefined)?.kinds;
      views.push({
        namespace,
        name,
        ...(revision !== undefined ? { revision } : {}),
        ...stateOf(k),
        kinds: Array.isArray(kinds) ? kinds.filter((x): x is string => typeof x === 'string') : [],
      });
    }
  }
  return views.sort((a, b) => a.namespace.localeCompare(b.namespace) || a.name.localeCompare(b.name));
}

/** The tree without the objects the viewer may not get (their kinds named in `hidden`). */
async function visibleTree(
  kube: ControllerClient,
  node: TraceNode,
  viewer: Viewer,
  hidden: Set<string>,
): Promise<TraceNode> {
  const children: TraceNode[] = [];
  for (const child of node.children) {
    const info = await kube.resourceFor(child.apiVersion, child.kind).catch(() => undefined);
    const group = child.apiVersion.includes('/') ? child.apiVersion.split('/')[0] : '';
    if (info && (await viewer.mayGet(group ?? '', info.plural, child.namespace))) {
      children.push(await visibleTree(kube, child, viewer, hidden));
    } else hidden.add(`${child.kind}: not permitted`);
  }
  return { ...node, children };
}

/**
 * The newest 100 Events of the instance: from the namespace's Events (shared by the pages open on it), picked by
 * involved object; a cluster-scoped instance's, by field selector across namespaces.
 */
async function eventsOf(lists: SharedLists, r: GenericReconciler, namespace: string | undefined, name: string) {
  const kind = r.config.owner.kind;
  const involved = `involvedObject.kind=${kind},involvedObject.name=${name}`;
  const items = await lists.list('v1', 'Event', namespace ? { namespace } : { fieldSelector: involved });
  const events = items.flatMap((e): EventView[] => {
    const x = e as KubeObject & Record<string, unknown>;
    const about = x.involvedObject as { kind?: string; name?: string } | undefined;
    if (about?.kind !== kind || about.name !== name) return [];
    const last = (x.lastTimestamp ?? x.eventTime ?? e.metadata.creationTimestamp ?? '') as string;
    return [
      {
        type: String(x.type ?? 'Normal'),
        reason: String(x.reason ?? ''),
        message: String(x.message ?? ''),
        count: Number(x.count ?? 1),
        last,
      },
    ];
  });
  return events.sort((a, b) => b.last.localeCompare(a.last)).slice(0, 100);
}

/** The reconciler's last report of `key`, as the page shows it. */
function lastReconcileOf(r: GenericReconciler, key: string): Pick<InstanceView, 'lastReconcile'> {
  const report = r.lastReports.get(key);
  if (!report) return {};
  const failed = report.children.flatMap((c) =>
    c.action === 'failed' ? [{ kind: c.kind, name: c.name, error: c.error ?? 'failed' }] : [],
  );
  return {
    lastReconcile: {
      result: report.result,
      waiting: [...(report.waiting ?? [])],
      ...(report.error ? { error: report.error } : {}),
      failed,
    },
  };
}

/** The values of the instance's Secrets (as the operator reads them), to be redacted from everything shown. */
async function secretValuesOf(
  kube: ControllerClient,
  cache: TraceCache,
  namespace: string | undefined,
  name: string,
): Promise<SecretValues> {
  const values = new SecretValues();
  const selector = childSelector(name);
  const items =
    cache({ apiVersion: 'v1', kind: 'Secret' }, namespace, selector) ??
    (
      await kube
        .list('v1', 'Secret', { ...(namespace ? { namespace } : {}), labelSelector: selector })
        .catch(() => ({ items: [] as KubeObject[] }))
    ).items;
  for (const s of items) values.addSecret({ ...s, apiVersion: 'v1', kind: 'Secret' });
  return values;
}

/**
 * One instance's page, or `undefined` when it does not exist or the viewer may not get it (the same answer,
 * so that a viewer learns nothing of instances it may not see).
 */
export async function instanceView(
  r: GenericReconciler,
  history: ConsoleHistory,
  lists: SharedLists,
  viewer: Viewer,
  namespace: string | undefined,
  name: string,
): Promise<InstanceView | undefined> {
  const { owner } = r.config;
  if (!(await viewer.mayGet(owner.group, owner.plural, namespace))) return undefined;
  const ref = { apiVersion: r.ownerApiVersion, kind: owner.kind, name, ...(namespace ? { namespace } : {}) };
  const cache = informerCache(r);
  const list = (k: TraceKind, ns: string | undefined, labelSelector?: string) =>
    lists.list(k.apiVersion, k.kind, { namespace: ns, labelSelector });
  const trace = await traceObject(r.kube, ref, { cache, childKinds: ownedKinds(r), list });
  if (!trace) return undefined;
  const hidden = new Set(trace.skipped);
  const tree = await visibleTree(r.kube, trace.root, viewer, hidden);
  const mayEvents = await viewer.mayGet('', 'events', namespace);
  const events = mayEvents
    ? await eventsOf(lists, r, namespace, name).catch((e: unknown) => {
        hidden.add(`Event: cannot be read (${e instanceof Error ? e.message : String(e)})`);
        return [];
      })
    : [];
  if (!mayEvents) hidden.add('Event: not permitted');
  const secrets = await secretValuesOf(r.kube, cache, namespace, name);
  const key = instanceKey(namespace, name);
  const cr = await r.kube.get<OwnerObject>(ref);
  const diff = cr ? await visibleDiff(r, cr, key, secrets, viewer) : [];
  history.observeConditions(owner.kind, key, tree.conditions ?? []);
  const view: InstanceView = {
    kind: owner.kind,
    id: kindId(r),
    ...(namespace ? { namespace } : {}),
    name,
    state: tree.state,
    why: causes(tree).map(({ path, node }) => ({
      path: path.map((n) => `${n.kind}/${n.name}`),
      state: node.state,
      ...(node.reason ? { reason: node.reason } : {}),
    })),
    conditions: tree.conditions ?? [],
    conditionHistory: history.conditionHistory(owner.kind, key),
    tree,
    hidden: [...hidden],
    events,
    diff,
    timeline: history.timeline(owner.kind, key),
    ...lastReconcileOf(r, key),
  };
  return redactMessages(view, secrets);
}

/** {@link childDiffs} of the children the viewer may get (the others' kinds named in the tree's `hidden`). */
async function visibleDiff(
  r: GenericReconciler,
  cr: OwnerObject,
  key: string,
  secrets: SecretValues,
  viewer: Viewer,
): Promise<ChildDiffView[]> {
  const visible: ChildDiffView[] = [];
  for (const d of await childDiffs(r, cr, key, secrets)) {
    const info = await r.kube.resourceFor(d.apiVersion, d.kind).catch(() => undefined);
    const group = d.apiVersion.includes('/') ? (d.apiVersion.split('/')[0] ?? '') : '';
    if (info && (await viewer.mayGet(group, info.plural, d.namespace))) visible.push(d);
  }
  return visible;
}

/** Fields that carry free text (reasons and messages, from the cluster or Orkestra); names and kinds are not secret. */
const TEXT_FIELDS = new Set(['reason', 'message', 'error', 'waiting']);

/**
 * `value` with every known Secret value inside a reason or message replaced by `[redacted]`, deeply. Names stay:
 * a Secret value that happens to be part of an object's name (`admin` in `shop-admin`) must not hide the object.
 */
export function redactMessages<T>(value: T, secrets: SecretValues): T {
  if (secrets.size === 0) return value;
  const walk = (v: unknown, key: string): unknown => {
    if (typeof v === 'string') return TEXT_FIELDS.has(key) ? secrets.redactText(v) : v;
    if (Array.isArray(v)) return v.map((x) => walk(x, key));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, k)]));
    return v;
  };
  return walk(value, '') as T;
}
