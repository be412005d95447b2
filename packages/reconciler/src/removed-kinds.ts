/**
 * Pruning, once for a whole configuration, the children of kinds its inventory record lists but it no longer
 * makes: listed by the system labels in the watched namespaces (or cluster-wide), deleted only when their
 * controller is a live CR of the owner kind (UID checked), never anyone else's object.
 */
import {
  type ChildKind,
  type Context,
  childSelector,
  controllerOf,
  deleteChild,
  ForbiddenError,
  isControlledBy,
  type KubeObject,
  NotFoundError,
  type OwnerObject,
} from '@orkestra/core';
import type { Kubeclient } from '@orkestra/core/kube';

/** What {@link pruneRemovedKinds} needs of the reconciler. */
export interface RemovedKindsPrune {
  ctx: Context;
  kube: Kubeclient;
  /** The owner kind's apiVersion and kind: a child is a candidate only when its controller is one of these. */
  owner: { apiVersion: string; kind: string };
  /** The watched namespaces; `[undefined]` for all. */
  namespaces: readonly (string | undefined)[];
  /** The live CR a child's controller reference names (from the owner cache), or undefined. */
  ownerOf(child: KubeObject, ref: { name: string }): OwnerObject | undefined;
  /** Told of each CR's pruned children, `Service shop-web`-style, to record the `Pruned` Event. */
  pruned(cr: OwnerObject, kind: string, names: string[]): Promise<void>;
}

/**
 * Deletes every child of the `removed` kinds controlled by a CR of the owner kind. Resolves the kinds that are
 * done — pruned, no longer served (NotFound), or not listable (Forbidden: logged once, as a warning, and let
 * go, as the per-CR prune does) — and leaves out those that failed otherwise: they stay in the record for the
 * next start. Costs one list per kind and namespace, plus a read and a delete per child.
 */
export async function pruneRemovedKinds(p: RemovedKindsPrune, removed: readonly ChildKind[]): Promise<ChildKind[]> {
  const done: ChildKind[] = [];
  for (const kind of removed) {
    try {
      await pruneKind(p, kind);
      done.push(kind);
    } catch (e) {
      if (e instanceof NotFoundError) done.push(kind);
      else if (e instanceof ForbiddenError) {
        p.ctx.logger.warn(
          { kind: kind.kind, apiVersion: kind.apiVersion, err: e.message },
          `cannot prune the ${kind.kind} children of ${p.owner.kind} (${kind.apiVersion} is no longer configured): grant list and delete on it and add it back to the configuration for one start, or delete them yourself (label managed-by=orkestra)`,
        );
        done.push(kind);
      } else
        p.ctx.logger.warn(
          { kind: kind.kind, err: String(e) },
          'pruning a removed kind failed: tried again at the next start',
        );
    }
  }
  return done;
}

async function pruneKind(p: RemovedKindsPrune, { apiVersion, kind }: ChildKind): Promise<void> {
  const info = await p.kube.resourceFor(apiVersion, kind, { signal: p.ctx.signal });
  // By UID: the cache may hand out a newer object of the same CR between two children.
  const byOwner = new Map<string, { cr: OwnerObject; names: string[] }>();
  let failure: unknown;
  for (const namespace of info.namespaced ? p.namespaces : [undefined]) {
    const { items } = await p.kube.list(apiVersion, kind, {
      namespace,
      labelSelector: childSelector(),
      signal: p.ctx.signal,
    });
    for (const child of items) {
      const ref = controllerOf(child);
      if (!ref || ref.apiVersion !== p.owner.apiVersion || ref.kind !== p.owner.kind) continue;
      const cr = p.ownerOf(child, ref);
      if (!cr || !isControlledBy(child, cr)) continue; // its owner is gone: the garbage collector's
      const name = child.metadata.name ?? '';
      try {
        const result = await deleteChild(p.ctx, p.kube, cr, {
          apiVersion,
          kind,
          namespace: child.metadata.namespace,
          name,
        });
        if (result.action !== 'deleted') continue;
        const uid = cr.metadata.uid ?? '';
        byOwner.set(uid, { cr, names: [...(byOwner.get(uid)?.names ?? []), name] });
      } catch (e) {
        failure ??= e;
      }
    }
  }
  for (const { cr, names } of byOwner.values()) await p.pruned(cr, kind, names);
  if (failure !== undefined) throw failure;
}
