/**
 * `orkestra diff`: for every CR of the katalog's owner kinds, each child as in sync, drifted (with the fields,
 * live → desired), missing, or to be pruned — against a cluster, writing nothing. The handlers' own
 * `create`/`update` run against a `DryRunClient` (core's) over the cluster's client, so the verdict is the one
 * `run` would reach.
 * Secret values never appear: the fields of a child that are secret for its kind (a Secret's `data` and
 * `stringData`, what its handler declares: core's `sensitivePathsOf`) print as `[redacted]`, and so does any
 * value that came from a Secret wherever it went (a ConfigMap key copied from `{{children.secrets.…}}`), in
 * drifted values and messages alike: every Secret the diff reads passes through its {@link DryRunClient}, which
 * records the values (core's `SecretValues`).
 */
import {
  createContext,
  type DriftedField,
  ImmutableFieldError,
  InvalidError,
  type KubeObject,
  listOwnedChildren,
  NotFoundError,
  type OwnerObject,
  OwnershipError,
  type SecretValues,
  sensitivePathsOf,
} from '@orkestra/core';
import { childKindOf, DryRunClient, redactDrift } from '@orkestra/core/internal';
import type { Kubeclient } from '@orkestra/core/kube';
import { ChildGates, childKinds, type PlannedChild as ReconcilerChild } from '@orkestra/reconciler/internal';
import { CliError, type Problem } from './exit-codes.js';
import type { LoadedKatalog } from './katalog-file.js';
import { clusterError } from './kube.js';
import { ChildPlan, type PlannedChild, problemsOf } from './plan.js';
import { type RejectedField, rejectedFields } from './server-validation.js';

/** The verdict on one child. */
type ChildState = 'in-sync' | 'drifted' | 'missing' | 'waiting' | 'prune' | 'conflict' | 'error' | 'rejected';

/** One child of the diff. */
export interface ChildDiff {
  apiVersion: string;
  kind: string;
  namespace?: string | undefined;
  name: string;
  state: ChildState;
  /** The katalog path of its template (absent for children to be pruned). */
  source?: string | undefined;
  /** For `drifted`: each field, live → desired. */
  drifted?: DriftedField[];
  /** For `drifted`: the change needs delete and create (an immutable field). */
  recreate?: boolean;
  /** For `conflict` and `error`. */
  message?: string | undefined;
  /** For `rejected` (`serverValidation`): each field the API server's dry run refused. */
  rejected?: RejectedField[];
}

/** One CR of the diff. */
export interface ResourceDiff {
  apiVersion: string;
  kind: string;
  namespace?: string | undefined;
  name: string;
  /** The status of its Ready condition, when it has one. */
  ready?: string | undefined;
  /** Template and validation problems: the reconciler writes no child while there are any. */
  problems: Problem[];
  children: ChildDiff[];
}

/** The whole diff. */
export interface DiffResult {
  resources: ResourceDiff[];
  summary: Record<ChildState, number> & { resources: number; invalid: number };
  /** True when nothing would change. */
  inSync: boolean;
  /** Applies sent to the API server as dry runs (`serverValidation`): validated, stored nowhere. */
  serverValidations: number;
}

/** Options of {@link diffCluster}. */
interface DiffOptions {
  /** Namespaces to look in, overriding the katalog's; all when neither names any. */
  namespaces?: readonly string[];
  /** Only the CR of this name. */
  name?: string | undefined;
  /**
   * Send each write `run` would make to the API server as a dry run (`dryRun=All`, `fieldValidation=Strict`),
   * so unknown fields, wrong types and admission refusals show as `rejected` children. Needs the permission to
   * patch (and create) the children's kinds; stores nothing.
   */
  serverValidation?: boolean;
}

/**
 * Every drifted value of `resources` with what came from a Secret hidden (values seen by the whole diff), and so
 * in the messages that carry the API server's text (`error`, `rejected`); the others name objects, never values.
 */
function redactSecretValues(resources: readonly ResourceDiff[], secrets: SecretValues): void {
  for (const c of resources.flatMap((r) => r.children)) {
    if (c.state === 'error' && c.message !== undefined) c.message = secrets.redactText(c.message);
    if (c.state === 'rejected') {
      if (c.message !== undefined) c.message = secrets.redactText(c.message);
      for (const f of c.rejected ?? []) f.message = secrets.redactText(f.message);
    }
    if (c.drifted) c.drifted = redactDrift(c.drifted, [], secrets);
  }
}

/** Compares every CR's desired children with the cluster. Sends reads only. */
export async function diffCluster(
  loaded: LoadedKatalog,
  kube: Kubeclient,
  options: DiffOptions = {},
): Promise<DiffResult> {
  const diff = new ClusterDiff(loaded, kube, options);
  const resources: ResourceDiff[] = [];
  for (const [i, entry] of loaded.katalog.entries.entries()) resources.push(...(await diff.entry(entry, i)));
  // Last, once every Secret has been read: a value copied from one is hidden even where it was printed earlier.
  redactSecretValues(resources, diff.dryRun.secrets);
  const summary = summarize(resources);
  const { resources: _resources, 'in-sync': _inSync, ...differing } = summary;
  const inSync = Object.values(differing).every((n) => n === 0);
  return { resources, summary, inSync, serverValidations: diff.dryRun.serverValidations };
}

type Entry = LoadedKatalog['katalog']['entries'][number];
/** A planned child as the gates walk it: resolved, or still reading others. */
type GatedItem = Parameters<ChildGates['settle']>[0];
/** A child the gates let through, with what the diff reports about it. */
type GatedChild = {
  item: GatedItem;
  planned: ReconcilerChild;
  child: PlannedChild;
  base: Omit<ChildDiff, 'state'>;
};

/** One diff over a cluster: the handlers' writes go to a {@link DryRunClient}; each entry and CR in turn. */
class ClusterDiff {
  private readonly ctx = createContext({ fieldManager: 'orkestra' });
  readonly dryRun: DryRunClient;

  constructor(
    private readonly loaded: LoadedKatalog,
    private readonly kube: Kubeclient,
    private readonly options: DiffOptions,
  ) {
    this.dryRun = new DryRunClient(kube, { serverValidation: options.serverValidation ?? false });
  }

  /** Every CR of one entry's owner kind, each with its children. */
  async entry(entry: Entry, index: number): Promise<ResourceDiff[]> {
    const plan = new ChildPlan(entry, index, this.loaded.handlers, this.loaded.engine, this.loaded.locator);
    this.registerKinds(entry);
    const resources: ResourceDiff[] = [];
    for (const cr of await this.ownersOf(entry)) resources.push(await this.resource(entry, plan, cr));
    return resources;
  }

  /** The owner kind and each fixed child kind, so the client knows their paths without discovery. */
  private registerKinds(entry: Entry): void {
    const owner = entry.owner;
    const apiVersion = `${owner.group}/${owner.version}`;
    this.kube.resources.register({
      apiVersion,
      kind: owner.kind,
      plural: owner.plural,
      namespaced: owner.namespaced ?? true,
    });
    for (const h of Object.keys(entry.resources).map((k) => this.loaded.handlers.get(k)!))
      if (!h.kindOf)
        this.kube.resources.register({
          apiVersion: h.apiVersion,
          kind: h.kind,
          plural: h.plural,
          namespaced: h.namespaced,
        });
  }

  /** The CRs of the entry's owner kind in the namespaces asked for (the options', else the entry's, else all). */
  private async ownersOf(entry: Entry): Promise<OwnerObject[]> {
    const owner = entry.owner;
    const apiVersion = `${owner.group}/${owner.version}`;
    const asked = this.options.namespaces?.length ? this.options.namespaces : entry.namespaces;
    const namespaces = owner.namespaced === false || !asked?.length ? [undefined] : asked;
    const crs: OwnerObject[] = [];
    for (const namespace of namespaces) {
      try {
        const { items } = await this.kube.list(apiVersion, owner.kind, {
          namespace,
          ...(this.options.name ? { fieldSelector: `metadata.name=${this.options.name}` } : {}),
        });
        crs.push(...(items as unknown as OwnerObject[]));
      } catch (e) {
        throw clusterError(
          e,
          this.kube,
          `listing ${owner.plural}.${owner.group}${namespace ? ` in ${namespace}` : ''}`,
        );
      }
    }
    return crs;
  }

  /** One CR: its template problems, or its children (in the reconciler's order) and those to be pruned. */
  private async resource(entry: Entry, plan: ChildPlan, cr: OwnerObject): Promise<ResourceDiff> {
    const ready = (
      (cr.status as { conditions?: { type: string; status: string }[] } | undefined)?.conditions ?? []
    ).find((c) => c.type === 'Ready')?.status;
    const result: ResourceDiff = {
      apiVersion: `${entry.owner.group}/${entry.owner.version}`,
      kind: entry.owner.kind,
      namespace: cr.metadata.namespace,
      name: cr.metadata.name,
      ready,
      problems: [],
      children: [],
    };
    if (cr.metadata.deletionTimestamp) return result;
    result.problems = plan.resolve(cr).problems;
    if (result.problems.length > 0) return result;
    const { wanted, unresolved } = await this.children(plan, cr, result);
    // A child not resolved yet has no name: as run, prune nothing then.
    if (unresolved === 0) result.children.push(...(await this.prunable(entry, cr, wanted)));
    return result;
  }

  /**
   * The CR's children in the reconciler's order: a child whose dependencies are not there (or not ready) waits,
   * as in run. Returns the identities of the children wanted, and how many could not be resolved.
   */
  private async children(
    plan: ChildPlan,
    cr: OwnerObject,
    result: ResourceDiff,
  ): Promise<{ wanted: Set<string>; unresolved: number }> {
    const planned = plan.plan(cr);
    const gates = new ChildGates(plan.order, planned.children, planned.deferred);
    const resolved: ReconcilerChild[] = [];
    const wanted = new Set<string>();
    for (const item of [...gates.waves()].flat()) {
      const source = plan.path(item);
      const gate = gates.gate(item, resolved);
      if (gate.error !== undefined) {
        result.problems.push(...problemsOf(gate.error, plan.entryIndex, source, this.loaded.locator));
        continue;
      }
      if (!gate.child) {
        const h = this.loaded.handlers.get(item.handlerKey)!;
        const waiting = { apiVersion: h.apiVersion, kind: h.kind, name: '', source, message: gate.waiting };
        result.children.push({ ...waiting, state: 'waiting' });
        continue;
      }
      resolved.push(gate.child);
      const child = plan.child(gate.child);
      const base = await this.identify(child, cr);
      wanted.add(`${base.apiVersion}/${base.kind}/${base.namespace ?? ''}/${base.name}`);
      if (gate.waiting !== undefined) result.children.push({ ...base, state: 'waiting', message: gate.waiting });
      else result.children.push(await this.child(cr, gates, { item, planned: gate.child, child, base }));
    }
    return { wanted, unresolved: gates.unresolved };
  }

  /** A resolved child's kind, namespace and name, and its template's path. */
  private async identify(child: PlannedChild, cr: OwnerObject): Promise<Omit<ChildDiff, 'state'>> {
    const h = child.handler;
    const { apiVersion, kind } = childKindOf(h, child.spec);
    // A handler of any kind: the scope of each child's kind from discovery (an unserved kind fails later).
    const namespaced = h.kindOf
      ? ((await this.kube.resourceFor(apiVersion, kind).catch(() => undefined))?.namespaced ?? true)
      : h.namespaced;
    const namespace = namespaced ? (child.spec.namespace ?? cr.metadata.namespace) : undefined;
    return { apiVersion, kind, namespace, name: child.spec.name, source: child.path };
  }

  /** The verdict on one child: its handler's create or update, run against the dry-run client. */
  private async child(cr: OwnerObject, gates: ChildGates, gated: GatedChild): Promise<ChildDiff> {
    const { child, base } = gated;
    const h = child.handler;
    try {
      const r =
        child.phase === 'onCreate'
          ? await h.create(this.ctx, this.dryRun, cr, child.spec, child.writeOptions)
          : await h.update(this.ctx, this.dryRun, cr, child.spec, child.writeOptions);
      // What the dependents of this child see: the live object, none while it is only to be created.
      gates.settle(gated.item, gated.planned, r.action === 'created' ? undefined : r.object);
      if (r.action === 'unchanged') return { ...base, state: 'in-sync' };
      if (r.action === 'created') return { ...base, state: 'missing' };
      const sensitive = sensitivePathsOf(h, { apiVersion: base.apiVersion, kind: base.kind });
      return {
        ...base,
        state: 'drifted',
        drifted: redactDrift(r.drifted ?? [], sensitive),
        ...(r.action === 'recreated' ? { recreate: true } : {}),
      };
    } catch (e) {
      return this.failed(e, child, base);
    }
  }

  /** The verdict on a child whose create or update threw; an error of the cluster itself is thrown on. */
  private failed(e: unknown, child: PlannedChild, base: Omit<ChildDiff, 'state'>): ChildDiff {
    if (e instanceof ImmutableFieldError)
      return {
        ...base,
        state: 'drifted',
        recreate: true,
        drifted: e.changes.map((c) => ({ path: c.path, reason: 'changed' as const })),
        message: e.message,
      };
    if (e instanceof OwnershipError) return { ...base, state: 'conflict', message: e.message };
    const refused = e instanceof InvalidError ? this.dryRun.refusedObject(e) : undefined;
    if (e instanceof InvalidError && refused) {
      const anyKind = child.handler.kindOf !== undefined;
      const rejected = rejectedFields(e, refused, child.path, anyKind, this.loaded.locator);
      return { ...base, state: 'rejected', rejected, message: e.message };
    }
    const where = `${base.namespace ? `${base.namespace}/` : ''}${base.name}`;
    const mapped = clusterError(e, this.kube, `reading ${base.kind} ${where}`);
    if (mapped instanceof CliError) throw mapped;
    return { ...base, state: 'error', message: e instanceof Error ? e.message : String(e) };
  }

  /** The children the CR owns that no template wants any more: what run would prune. */
  private async prunable(entry: Entry, cr: OwnerObject, wanted: ReadonlySet<string>): Promise<ChildDiff[]> {
    const out: ChildDiff[] = [];
    // childKinds lists each kind once, however many handlers or templates make it.
    for (const h of childKinds(entry.resources, this.loaded.handlers)) {
      let owned: KubeObject[];
      try {
        owned = await listOwnedChildren(this.ctx, this.kube, cr, h.apiVersion, h.kind);
      } catch (e) {
        if (e instanceof NotFoundError) continue; // a kind the server does not serve has no children to prune
        throw clusterError(e, this.kube, `listing ${h.kind} children owned by ${entry.owner.kind} ${cr.metadata.name}`);
      }
      for (const child of owned) {
        const key = `${h.apiVersion}/${h.kind}/${child.metadata.namespace ?? ''}/${child.metadata.name}`;
        if (wanted.has(key)) continue;
        out.push({
          apiVersion: h.apiVersion,
          kind: h.kind,
          namespace: child.metadata.namespace,
          name: child.metadata.name ?? '',
          state: 'prune',
        });
      }
    }
    return out;
  }
}

/** How many CRs, how many with template problems, and how many children in each state. */
function summarize(resources: readonly ResourceDiff[]): DiffResult['summary'] {
  const summary = {
    resources: resources.length,
    invalid: 0,
    'in-sync': 0,
    drifted: 0,
    missing: 0,
    waiting: 0,
    prune: 0,
    conflict: 0,
    error: 0,
    rejected: 0,
  };
  for (const r of resources) {
    if (r.problems.length) summary.invalid++;
    for (const c of r.children) summary[c.state]++;
  }
  return summary;
}
