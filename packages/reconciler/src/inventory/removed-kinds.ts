/**
 * Pruning the children of kinds an inventory lists but the configuration no longer makes (a whole handler key
 * removed). One function serves both places: each CR's reconcile (the kinds its annotation lists, listed by its
 * owner label) and the start (the kinds the configuration's record lists, every CR's children in the watched
 * namespaces). Children are listed by the system labels and kind — no template or handler needed — and deleted
 * only when their controller is a live CR of the owner kind (UID checked), never anyone else's object.
 */

import type { ControllerClient } from '@orkestra/core';
import {
  type ChildKind,
  type Context,
  controllerOf,
  deleteChild,
  ForbiddenError,
  isControlledBy,
  type KubeObject,
  NotFoundError,
  type OwnerObject,
} from '@orkestra/core';

/** Where {@link pruneRemovedKinds} looks for the children of the removed kinds, and whom it tells. */
interface RemovedKindsPrune {
  ctx: Context;
  kube: ControllerClient;
  /** The owner kind's apiVersion and kind: a child is a candidate only when its controller is one of these. */
  owner: { apiVersion: string; kind: string };
  /** What the children belong to, for messages: `Website shop`, or `the Website resources`. */
  of: string;
  /** The namespaces a namespaced kind is listed in; `[undefined]` for all. */
  namespaces: readonly (string | undefined)[];
  /** The children listed: every Orkestra child, or one CR's (`childSelector(name)`). */
  labelSelector: string;
  /** The live CR a child's controller reference names, or undefined (its children are left to the GC). */
  ownerOf(child: KubeObject, ref: { name: string }): OwnerObject | undefined;
  /** Told of one CR's children of one kind deleted now (names), once the kind is done. */
  pruned(cr: OwnerObject, kind: string, names: string[]): void | Promise<void>;
  /** Told when listing or deleting `kind` is forbidden, with the advice to give: the kind is let go. */
  forbidden(kind: ChildKind, advice: string): void | Promise<void>;
}

/** What {@link pruneRemovedKinds} did. */
interface RemovedKindsOutcome {
  /** The kinds done: pruned, no longer served (NotFound), or forbidden (told once and let go). */
  done: ChildKind[];
  /** The first failure of each other kind: it stays listed, to be tried again. */
  failures: unknown[];
}

/**
 * Deletes every child of the `removed` kinds that a CR of the owner kind controls. RBAC made from the smaller
 * configuration may no longer cover a kind: that is said once through `forbidden` and the kind let go, since
 * trying again every time would cost a request each time. Costs one list per kind and namespace, plus a delete
 * per child; nothing when `removed` is empty.
 */
export async function pruneRemovedKinds(
  p: RemovedKindsPrune,
  removed: readonly ChildKind[],
): Promise<RemovedKindsOutcome> {
  const out: RemovedKindsOutcome = { done: [], failures: [] };
  for (const kind of removed) {
    try {
      await pruneKind(p, kind);
      out.done.push(kind);
    } catch (e) {
      if (e instanceof ForbiddenError) await p.forbidden(kind, forbiddenAdvice(p, kind, e));
      else if (!(e instanceof NotFoundError)) {
        out.failures.push(e);
        continue;
      }
      out.done.push(kind); // a kind the API server no longer serves has no children left to prune
    }
  }
  return out;
}

/** The one advice for children of a removed kind that may not be listed or deleted. */
function forbiddenAdvice(p: RemovedKindsPrune, { apiVersion, kind }: ChildKind, e: ForbiddenError): string {
  return (
    `cannot prune the ${kind} children of ${p.of} (${apiVersion} is no longer configured): ${e.message}. Grant ` +
    `list and delete on ${kind} and add it back to the configuration until they are pruned, or delete them yourself ` +
    `(label selector ${p.labelSelector})`
  );
}

async function pruneKind(p: RemovedKindsPrune, { apiVersion, kind }: ChildKind): Promise<void> {
  const info = await p.kube.resourceFor(apiVersion, kind, { signal: p.ctx.signal });
  // By UID: the cache may hand out a newer object of the same CR between two children.
  const byOwner = new Map<string, { cr: OwnerObject; names: string[] }>();
  let failure: unknown;
  for (const namespace of info.namespaced ? p.namespaces : [undefined]) {
    const { items } = await p.kube.list(apiVersion, kind, {
      namespace,
      labelSelector: p.labelSelector,
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
