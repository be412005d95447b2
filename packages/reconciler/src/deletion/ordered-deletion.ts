/**
 * Deletion of a CR's ordered children in reverse dependency order, behind the finalizer: a child that others
 * depend on (`dependsOn`, references) is deleted only once every child depending on it is gone; the dependents
 * go first. Children that take no part in the order are left to the garbage collector. One call
 * deletes what may go now and says whether anything is left: the reconciler keeps its finalizer until nothing
 * is, and the child informer's delete events bring the CR back for the next step.
 *
 * "Gone" is the server's word, not the cache's: a child the informer cache lacks is read from the server
 * before anything is done that relies on its absence (the cache may not have seen a create yet, or may have
 * dropped a child that is still being deleted). This costs requests only while a CR is being deleted.
 */

import type { ControllerClient } from '@orkestra/core';
import { type Context, deleteChild, isControlledBy, type KubeObject, type OwnerObject } from '@orkestra/core';
import { describeChild } from '../child-gates.js';
import type { ChildOrder } from '../child-order.js';
import type { Plan, PlannedChild, ReadChildren } from '../plan.js';
import type { ChildRef } from '../refusals.js';

/** What one step of an ordered deletion did. */
interface DeletionStep {
  /** Children deleted by this step. */
  deleted: ChildRef[];
  /** Ordered children still there (being deleted, or waiting for their dependents to go). */
  remaining: string[];
}

/** What {@link deleteInOrder} needs from the reconciler. */
interface OrderedDeletion {
  ctx: Context;
  kube: ControllerClient;
  cr: OwnerObject;
  order: ChildOrder;
  /** The CR's onCreate and onReconcile children, as planned now. */
  plan: Plan;
  /** A child's object reference, and its live object from the cache (no request), if any. */
  locate(child: PlannedChild): { ref: ChildRef; live: KubeObject | undefined };
}

/** A child's reference and live object: from the cache when it holds one, else from the server. */
type Located = { ref: ChildRef; live: KubeObject | undefined };

/**
 * Deletes the ordered children whose dependents are all gone, and lists those left. A child that reads others
 * is resolved from their live objects; one that cannot be (what it reads is gone already) cannot be named
 * and is left to the garbage collector. Objects the CR does not control are neither deleted nor waited for.
 * A child the cache lacks is asked of the server (one GET each): `remaining` is empty only when the server
 * holds none of the ordered children, so the finalizer never goes while a dependent still exists.
 */
export async function deleteInOrder(d: OrderedDeletion): Promise<DeletionStep> {
  const { cr, order } = d;
  const located = new Map<PlannedChild, Located>();
  const locate = async (child: PlannedChild): Promise<Located> => {
    let found = located.get(child);
    if (!found) {
      const { ref, live } = d.locate(child);
      // kube.get answers only a cache hit from memory: a miss is a request to the server.
      found = { ref, live: live ?? (await d.kube.get(ref, { signal: d.ctx.signal })) };
      located.set(child, found);
    }
    return found;
  };
  const children = await resolveForDeletion(d, locate);
  const lives = new Map<PlannedChild, { ref: ChildRef; live: KubeObject }>();
  for (const child of children) {
    if (!order.linked(child.field)) continue;
    const { ref, live } = await locate(child);
    if (live && isControlledBy(live, cr)) lives.set(child, { ref, live });
  }
  const liveFields = new Set([...lives.keys()].map((c) => c.field));
  const step: DeletionStep = { deleted: [], remaining: [] };
  for (const [child, { ref, live }] of lives) {
    step.remaining.push(describeChild(child));
    if (live.metadata.deletionTimestamp) continue;
    if (order.dependents(child.field).some((n) => liveFields.has(n.field))) continue;
    await deleteChild(d.ctx, d.kube, cr, ref);
    step.deleted.push(ref);
  }
  return step;
}

/** The planned children, and those that read others resolved from the live objects they read (in level order). */
async function resolveForDeletion(
  d: OrderedDeletion,
  locate: (child: PlannedChild) => Promise<Located>,
): Promise<PlannedChild[]> {
  const children = [...d.plan.children];
  const deferred = [...d.plan.deferred].sort(
    (a, b) => (d.order.node(a.field)?.level ?? 0) - (d.order.node(b.field)?.level ?? 0),
  );
  for (const item of deferred) {
    const read: ReadChildren = {};
    for (const label of item.reads) {
      const field = [...d.order.nodes.values()].find((n) => n.label === label)?.field;
      const target = children.find((c) => c.field === field);
      const live = target && (await locate(target)).live;
      if (!live) continue;
      const [key, id] = label.split('.') as [string, string];
      (read[key] ??= {})[id] = live;
    }
    try {
      children.push(item.resolve(read, children));
    } catch {
      // What it reads is gone: it cannot be named; the garbage collector removes it with the CR.
    }
  }
  return children;
}
