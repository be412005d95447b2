/**
 * The tree `orkestra trace` and the console show: a custom resource, the children Orkestra made for it, and what their
 * own
 * controllers made of them (a Deployment's ReplicaSets and Pods, a CronJob's Jobs), each with its health. Built
 * from the objects alone — labels, owner references, the CR's conditions and inventory — so it needs only read
 * access and no running operator. Kinds the reader may not list are skipped and named, never guessed.
 */
import type { TraceCondition, TraceNode, TraceState } from '@orkestra/console/types';
import {
  childSelector,
  ForbiddenError,
  type KubeObject,
  NotFoundError,
  type ObjectClient,
  type ObjectRef,
  UnauthorizedError,
} from '@orkestra/core';
import { builtInReadiness } from '@orkestra/core/internal';
import { INVENTORY_ANNOTATION, parseInventory } from '@orkestra/reconciler/internal';

export type { TraceCondition, TraceNode, TraceState };

/** The tree, and the kinds that could not be read. */
export interface Trace {
  root: TraceNode;
  /** `secrets: forbidden` — kinds left out because the reader may not list them. */
  skipped: string[];
}

/** A kind, by apiVersion and kind. */
export type TraceKind = { apiVersion: string; kind: string };
type Kind = TraceKind;

/**
 * Kinds listed by Orkestra's labels for every CR: what the resource packages make, and the common kinds of
 * native manifests. A CR's inventory annotation adds the kinds beyond these (other operators' CRs).
 */
const CHILD_KINDS: readonly Kind[] = [
  ['v1', 'ConfigMap'],
  ['v1', 'Secret'],
  ['v1', 'Service'],
  ['v1', 'ServiceAccount'],
  ['v1', 'PersistentVolumeClaim'],
  ['v1', 'Pod'],
  ['apps/v1', 'Deployment'],
  ['apps/v1', 'StatefulSet'],
  ['apps/v1', 'DaemonSet'],
  ['batch/v1', 'Job'],
  ['batch/v1', 'CronJob'],
  ['autoscaling/v2', 'HorizontalPodAutoscaler'],
  ['policy/v1', 'PodDisruptionBudget'],
  ['networking.k8s.io/v1', 'Ingress'],
  ['networking.k8s.io/v1', 'NetworkPolicy'],
  ['rbac.authorization.k8s.io/v1', 'Role'],
  ['rbac.authorization.k8s.io/v1', 'RoleBinding'],
].map(([apiVersion, kind]) => ({ apiVersion: apiVersion as string, kind: kind as string }));

/** What a kind's controller makes and owns: the levels below a child that explain its health. */
const MADE_BY: Readonly<Record<string, readonly Kind[]>> = {
  'apps/v1/Deployment': [{ apiVersion: 'apps/v1', kind: 'ReplicaSet' }],
  'apps/v1/ReplicaSet': [{ apiVersion: 'v1', kind: 'Pod' }],
  'apps/v1/StatefulSet': [{ apiVersion: 'v1', kind: 'Pod' }],
  'apps/v1/DaemonSet': [{ apiVersion: 'v1', kind: 'Pod' }],
  'batch/v1/CronJob': [{ apiVersion: 'batch/v1', kind: 'Job' }],
  'batch/v1/Job': [{ apiVersion: 'v1', kind: 'Pod' }],
};

const RANK: Record<TraceState, number> = { Failed: 0, InProgress: 1, Present: 2, Current: 3 };

/**
 * A cache to read lists from instead of the API server (the console passes the reconciler's informers): the
 * objects of `kind` in `namespace` (all when undefined) matching `labelSelector`, or `undefined` when it does not
 * hold them all (then the list is sent).
 */
export type TraceCache = (
  kind: Kind,
  namespace: string | undefined,
  labelSelector?: string,
) => KubeObject[] | undefined;

/** Options of {@link traceObject}. */
export interface TraceOptions {
  /** Lists answered from memory when it holds them; default none. */
  cache?: TraceCache;
  /**
   * The kinds the CR's children may be of, beside those its inventory annotation names; default the common kinds
   * (what the resource packages make). The console passes the kinds its reconcilers make.
   */
  childKinds?: readonly Kind[];
  /** Sends a list the cache does not answer (the console shares them between pages); default `kube.list`. */
  list?: (kind: Kind, namespace: string | undefined, labelSelector?: string) => Promise<KubeObject[]>;
  /** Lists sent at once at most; default 6. */
  concurrency?: number;
}

/**
 * Reads lists once per kind and namespace — from the cache when it holds them, else at most `concurrency` at once
 * — leaving out (and naming) the kinds the reader may not list.
 */
class Lister {
  readonly skipped: string[] = [];
  private readonly lists = new Map<string, Promise<KubeObject[]>>();
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly kube: ObjectClient,
    private readonly options: TraceOptions = {},
  ) {}

  list(kind: Kind, namespace: string | undefined, labelSelector?: string): Promise<KubeObject[]> {
    const key = `${kind.apiVersion}/${kind.kind}/${namespace ?? ''}/${labelSelector ?? ''}`;
    let found = this.lists.get(key);
    if (!found) {
      const cached = this.options.cache?.(kind, namespace, labelSelector);
      found = cached
        ? Promise.resolve(cached.map((o) => ({ ...o, apiVersion: kind.apiVersion, kind: kind.kind })))
        : this.send(kind, namespace, labelSelector);
      this.lists.set(key, found);
    }
    return found;
  }

  private async send(kind: Kind, namespace: string | undefined, labelSelector?: string): Promise<KubeObject[]> {
    if (this.running >= (this.options.concurrency ?? 6)) await new Promise<void>((go) => this.waiting.push(go));
    this.running++;
    try {
      const items = this.options.list
        ? await this.options.list(kind, namespace, labelSelector)
        : (await this.kube.list(kind.apiVersion, kind.kind, { namespace, labelSelector })).items;
      return items.map((o) => ({ ...o, apiVersion: kind.apiVersion, kind: kind.kind }));
    } catch (e) {
      return this.skip(kind, e);
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  private skip(kind: Kind, e: unknown): KubeObject[] {
    // A kind this reader may not list, or one the cluster does not serve, is left out; anything else stops.
    if (e instanceof ForbiddenError || e instanceof UnauthorizedError) this.skipped.push(`${kind.kind}: forbidden`);
    else if (e instanceof NotFoundError) this.skipped.push(`${kind.kind}: not served`);
    else throw e;
    return [];
  }
}

/** Whether `object`'s controller (its owner reference with `controller: true`) is the object of `uid`. */
function controlledBy(object: KubeObject, uid: string | undefined): boolean {
  return uid !== undefined && (object.metadata.ownerReferences ?? []).some((r) => r.controller && r.uid === uid);
}

/** The health of a non-root object by its kind's readiness rule (core's, as the reconciler judges children). */
function healthOf(object: KubeObject): Pick<TraceNode, 'state' | 'reason'> {
  const r = builtInReadiness(object) as { ready: boolean; status?: TraceState; reason?: string };
  if (r.ready) return { state: r.status ?? 'Current' };
  return { state: r.status ?? 'InProgress', ...(r.reason ? { reason: r.reason } : {}) };
}

function nodeOf(object: KubeObject, health: Pick<TraceNode, 'state' | 'reason'>): TraceNode {
  const { name = '', namespace } = object.metadata;
  return {
    apiVersion: object.apiVersion,
    kind: object.kind,
    name,
    ...(namespace ? { namespace } : {}),
    ...health,
    children: [],
  };
}

/** The objects below `object` its controller made (ReplicaSets of a Deployment, …), recursively. */
async function madeBy(object: KubeObject, lister: Lister, depth: number): Promise<TraceNode[]> {
  const kinds = MADE_BY[`${object.apiVersion}/${object.kind}`] ?? [];
  if (depth > 4 || kinds.length === 0) return [];
  const lists = await Promise.all(kinds.map((kind) => lister.list(kind, object.metadata.namespace)));
  const made = lists.flat().filter((x) => controlledBy(x, object.metadata.uid));
  return Promise.all(
    made.map(async (o) => ({ ...nodeOf(o, healthOf(o)), children: await madeBy(o, lister, depth + 1) })),
  );
}

/** The CR's own health: `Ready=True` is current; otherwise the worst of its tree, at least in progress. */
function rootHealth(conditions: TraceCondition[], children: readonly TraceNode[]): Pick<TraceNode, 'state' | 'reason'> {
  const ready = conditions.find((c) => c.type === 'Ready');
  if (ready?.status === 'True') return { state: 'Current' };
  const failing = children.some((c) => worst(c) === 'Failed');
  const reason = ready?.message ?? ready?.reason ?? 'no Ready condition yet (has the operator seen it?)';
  return { state: failing ? 'Failed' : 'InProgress', reason };
}

/** The worst state in a subtree. */
export function worst(node: TraceNode): TraceState {
  return node.children.reduce<TraceState>((w, c) => {
    const s = worst(c);
    return RANK[s] < RANK[w] ? s : w;
  }, node.state);
}

/** Depth of the deepest node in the subtree in its worst state (the cause sits deepest). */
function deepestWorst(node: TraceNode, state: TraceState = worst(node)): number {
  const below = node.children.filter((c) => worst(c) === state).map((c) => 1 + deepestWorst(c, state));
  return below.length ? Math.max(...below) : 0;
}

/**
 * The deepest not-ready objects of the tree, each with the path that leads to it: the causes, failed ones first
 * (the tree is sorted worst first).
 */
export function causes(root: TraceNode): { path: TraceNode[]; node: TraceNode }[] {
  const out: { path: TraceNode[]; node: TraceNode }[] = [];
  const visit = (node: TraceNode, path: TraceNode[]) => {
    const bad = node.children.filter((c) => worst(c) === 'Failed' || worst(c) === 'InProgress');
    if (bad.length === 0) {
      if (path.length > 0 && (node.state === 'Failed' || node.state === 'InProgress')) out.push({ path, node });
      return;
    }
    for (const c of bad) visit(c, [...path, c]);
  };
  visit(root, []);
  return out;
}

/** Orders every level: the worst first, and among equals the one whose cause sits deepest, then by kind and name. */
export function sortTree(node: TraceNode): void {
  for (const c of node.children) sortTree(c);
  node.children.sort(
    (a, b) =>
      RANK[worst(a)] - RANK[worst(b)] ||
      (RANK[worst(a)] <= RANK.InProgress ? deepestWorst(b) - deepestWorst(a) : 0) ||
      a.kind.localeCompare(b.kind) ||
      a.name.localeCompare(b.name),
  );
}

/** The well-formed conditions of `object`'s status, whole. */
export function conditionsOf(object: KubeObject): TraceCondition[] {
  const list = (object.status as { conditions?: unknown } | undefined)?.conditions;
  if (!Array.isArray(list)) return [];
  return list.flatMap((c: Record<string, unknown>) =>
    typeof c?.type === 'string' && typeof c.status === 'string'
      ? [
          {
            type: c.type,
            status: c.status,
            ...(typeof c.reason === 'string' ? { reason: c.reason } : {}),
            ...(typeof c.message === 'string' ? { message: c.message } : {}),
            ...(typeof c.lastTransitionTime === 'string' ? { lastTransitionTime: c.lastTransitionTime } : {}),
          },
        ]
      : [],
  );
}

/**
 * The trace of the object `ref` (a CR, or any object: then only what its controller made): reads only.
 * `undefined` when the object does not exist.
 */
export async function traceObject(
  kube: ObjectClient,
  ref: ObjectRef & Kind,
  options: TraceOptions = {},
): Promise<Trace | undefined> {
  const root = await kube.get(ref);
  if (!root) return undefined;
  const object = { ...root, apiVersion: ref.apiVersion, kind: ref.kind };
  const lister = new Lister(kube, options);
  const inventory = [...parseInventory(object.metadata.annotations?.[INVENTORY_ANNOTATION] ?? '').values()];
  const kinds = new Map<string, Kind>();
  for (const k of [...(options.childKinds ?? CHILD_KINDS), ...inventory]) kinds.set(`${k.apiVersion}/${k.kind}`, k);
  const selector = childSelector(object.metadata.name);
  // Every kind at once (bounded by the lister): a trace costs the slowest list, not the sum of ~17.
  const lists = await Promise.all([...kinds.values()].map((k) => lister.list(k, object.metadata.namespace, selector)));
  const owned = lists.flat().filter((x) => controlledBy(x, object.metadata.uid));
  const children: TraceNode[] = await Promise.all(
    owned.map(async (o) => ({ ...nodeOf(o, healthOf(o)), children: await madeBy(o, lister, 1) })),
  );
  children.push(...(await madeBy(object, lister, 0)).filter((n) => !children.some((c) => sameObject(c, n))));
  const conditions = conditionsOf(object);
  const isCustom = !MADE_BY[`${object.apiVersion}/${object.kind}`];
  const node = nodeOf(object, isCustom ? rootHealth(conditions, children) : healthOf(object));
  node.children = children;
  if (conditions.length) node.conditions = conditions;
  sortTree(node);
  return { root: node, skipped: [...lister.skipped].sort() };
}

function sameObject(a: TraceNode, b: TraceNode): boolean {
  return a.apiVersion === b.apiVersion && a.kind === b.kind && a.name === b.name && a.namespace === b.namespace;
}
