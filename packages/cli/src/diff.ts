/**
 * `orkestra diff`: for every CR of the katalog's owner kinds, each child as in sync, drifted (with the fields,
 * live → desired), missing, or to be pruned — against a cluster, writing nothing. The handlers' own
 * `create`/`update` run against a {@link DryRunClient} over the cluster's client, so the verdict is the one `run` would reach.
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
  isSensitivePath,
  type KubeObject,
  listOwnedChildren,
  NotFoundError,
  type OwnerObject,
  OwnershipError,
  REDACTED,
  type SecretValues,
  sensitivePathsOf,
} from '@orkestra/core';
import { childKindOf } from '@orkestra/core/internal';
import type { Kubeclient } from '@orkestra/core/kube';
import { ChildGates, childKinds, type PlannedChild } from '@orkestra/reconciler/internal';
import { DryRunClient } from './dry-run-client.js';
import { CliError, type Problem } from './exit-codes.js';
import type { LoadedKatalog } from './katalog-file.js';
import { clusterError } from './kube.js';
import { ChildPlan, problemsOf } from './plan.js';
import { type RejectedField, rejectedFields } from './server-validation.js';

/** The verdict on one child. */
export type ChildState = 'in-sync' | 'drifted' | 'missing' | 'waiting' | 'prune' | 'conflict' | 'error' | 'rejected';

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
export interface DiffOptions {
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

/** `drifted` with the values of sensitive paths (the child kind's: see core's `sensitivePathsOf`) hidden. */
function redactDrift(drifted: readonly DriftedField[], sensitive: readonly string[]): DriftedField[] {
  return drifted.map((d) => {
    if (!isSensitivePath(d.path, sensitive)) return { ...d };
    return {
      ...d,
      ...(d.desired !== undefined ? { desired: REDACTED } : {}),
      ...(d.live !== undefined ? { live: REDACTED } : {}),
    };
  });
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
    if (c.drifted)
      c.drifted = c.drifted.map((d) => ({
        ...d,
        ...(d.desired !== undefined ? { desired: secrets.redact(d.desired) } : {}),
        ...(d.live !== undefined ? { live: secrets.redact(d.live) } : {}),
      }));
  }
}

/** Compares every CR's desired children with the cluster. Sends reads only. */
export async function diffCluster(
  loaded: LoadedKatalog,
  kube: Kubeclient,
  options: DiffOptions = {},
): Promise<DiffResult> {
  const ctx = createContext({ fieldManager: 'orkestra' });
  const dryRun = new DryRunClient(kube, { serverValidation: options.serverValidation ?? false });
  const resources: ResourceDiff[] = [];
  for (const [i, entry] of loaded.katalog.entries.entries()) {
    const plan = new ChildPlan(entry, i, loaded.handlers, loaded.engine, loaded.locator);
    const owner = entry.owner;
    const apiVersion = `${owner.group}/${owner.version}`;
    kube.resources.register({
      apiVersion,
      kind: owner.kind,
      plural: owner.plural,
      namespaced: owner.namespaced ?? true,
    });
    const handlers = Object.keys(entry.resources).map((k) => loaded.handlers.get(k)!);
    for (const h of handlers)
      if (!h.kindOf)
        kube.resources.register({ apiVersion: h.apiVersion, kind: h.kind, plural: h.plural, namespaced: h.namespaced });
    const namespaces =
      owner.namespaced === false
        ? [undefined]
        : options.namespaces?.length
          ? options.namespaces
          : entry.namespaces?.length
            ? entry.namespaces
            : [undefined];
    const crs: KubeObject[] = [];
    for (const namespace of namespaces) {
      try {
        const { items } = await kube.list(apiVersion, owner.kind, {
          namespace,
          ...(options.name ? { fieldSelector: `metadata.name=${options.name}` } : {}),
        });
        crs.push(...items);
      } catch (e) {
        throw clusterError(e, kube, `listing ${owner.plural}.${owner.group}${namespace ? ` in ${namespace}` : ''}`);
      }
    }
    for (const raw of crs) {
      const cr = raw as unknown as OwnerObject;
      const ready = (
        (cr.status as { conditions?: { type: string; status: string }[] } | undefined)?.conditions ?? []
      ).find((c) => c.type === 'Ready')?.status;
      const result: ResourceDiff = {
        apiVersion,
        kind: owner.kind,
        namespace: cr.metadata.namespace,
        name: cr.metadata.name,
        ready,
        problems: [],
        children: [],
      };
      resources.push(result);
      if (cr.metadata.deletionTimestamp) continue;
      const { problems } = plan.resolve(cr);
      result.problems = problems;
      if (problems.length > 0) continue;
      // In the reconciler's order: a child whose dependencies are not there (or not ready) waits, as in run.
      const planned = plan.plan(cr);
      const gates = new ChildGates(plan.order, planned.children, planned.deferred);
      const resolved: PlannedChild[] = [];
      const wanted = new Set<string>();
      for (const item of [...gates.waves()].flat()) {
        const source = plan.path(item);
        const gate = gates.gate(item, resolved);
        if (gate.error !== undefined) {
          result.problems.push(...problemsOf(gate.error, i, source, loaded.locator));
          continue;
        }
        if (!gate.child) {
          const h = loaded.handlers.get(item.handlerKey)!;
          const waiting = { apiVersion: h.apiVersion, kind: h.kind, name: '', source, message: gate.waiting };
          result.children.push({ ...waiting, state: 'waiting' });
          continue;
        }
        resolved.push(gate.child);
        const child = plan.child(gate.child);
        const h = child.handler;
        const { apiVersion: childApiVersion, kind } = childKindOf(h, child.spec);
        // A handler of any kind: the scope of each child's kind from discovery (an unserved kind fails below).
        const namespaced = h.kindOf
          ? ((await kube.resourceFor(childApiVersion, kind).catch(() => undefined))?.namespaced ?? true)
          : h.namespaced;
        const namespace = namespaced ? (child.spec.namespace ?? cr.metadata.namespace) : undefined;
        wanted.add(`${childApiVersion}/${kind}/${namespace ?? ''}/${child.spec.name}`);
        const base = { apiVersion: childApiVersion, kind, namespace, name: child.spec.name, source: child.path };
        const sensitive = sensitivePathsOf(h, { apiVersion: childApiVersion, kind });
        if (gate.waiting !== undefined) {
          result.children.push({ ...base, state: 'waiting', message: gate.waiting });
          continue;
        }
        try {
          const r =
            child.phase === 'onCreate'
              ? await h.create(ctx, dryRun, cr, child.spec, child.writeOptions)
              : await h.update(ctx, dryRun, cr, child.spec, child.writeOptions);
          // What the dependents of this child see: the live object, none while it is only to be created.
          gates.settle(item, gate.child, r.action === 'created' ? undefined : r.object);
          if (r.action === 'unchanged') result.children.push({ ...base, state: 'in-sync' });
          else if (r.action === 'created') result.children.push({ ...base, state: 'missing' });
          else
            result.children.push({
              ...base,
              state: 'drifted',
              drifted: redactDrift(r.drifted ?? [], sensitive),
              ...(r.action === 'recreated' ? { recreate: true } : {}),
            });
        } catch (e) {
          if (e instanceof ImmutableFieldError) {
            result.children.push({
              ...base,
              state: 'drifted',
              recreate: true,
              drifted: e.changes.map((c) => ({ path: c.path, reason: 'changed' as const })),
              message: e.message,
            });
          } else if (e instanceof OwnershipError) {
            result.children.push({ ...base, state: 'conflict', message: e.message });
          } else if (e instanceof InvalidError && dryRun.refusedObject(e)) {
            const object = dryRun.refusedObject(e)!;
            const rejected = rejectedFields(e, object, child.path, h.kindOf !== undefined, loaded.locator);
            result.children.push({ ...base, state: 'rejected', rejected, message: e.message });
          } else {
            const mapped = clusterError(
              e,
              kube,
              `reading ${kind} ${namespace ? `${namespace}/` : ''}${child.spec.name}`,
            );
            if (mapped instanceof CliError) throw mapped;
            result.children.push({ ...base, state: 'error', message: e instanceof Error ? e.message : String(e) });
          }
        }
      }
      // A child not resolved yet has no name: as run, prune nothing then.
      // childKinds lists each kind once, however many handlers or templates make it.
      for (const h of gates.unresolved > 0 ? [] : childKinds(entry.resources, loaded.handlers)) {
        let owned: KubeObject[];
        try {
          owned = await listOwnedChildren(ctx, kube, cr, h.apiVersion, h.kind);
        } catch (e) {
          if (e instanceof NotFoundError) continue; // a kind the server does not serve has no children to prune
          throw clusterError(e, kube, `listing ${h.kind} children owned by ${owner.kind} ${cr.metadata.name}`);
        }
        for (const child of owned) {
          const key = `${h.apiVersion}/${h.kind}/${child.metadata.namespace ?? ''}/${child.metadata.name}`;
          if (wanted.has(key)) continue;
          result.children.push({
            apiVersion: h.apiVersion,
            kind: h.kind,
            namespace: child.metadata.namespace,
            name: child.metadata.name ?? '',
            state: 'prune',
          });
        }
      }
    }
  }
  // Last, once every Secret has been read: a value copied from one is hidden even where it was printed earlier.
  redactSecretValues(resources, dryRun.secrets);
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
  const inSync =
    summary.invalid +
      summary.drifted +
      summary.missing +
      summary.waiting +
      summary.prune +
      summary.conflict +
      summary.error +
      summary.rejected ===
    0;
  return { resources, summary, inSync, serverValidations: dryRun.serverValidations };
}
