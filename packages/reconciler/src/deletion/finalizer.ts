/**
 * The reconciler's finalizer on a CR: added (before any child is written) when deletion has work to do —
 * onDelete children, ordered children, a `finalize` hook — and removed once that work is done. Both are JSON
 * patches guarded by a `test`, so a concurrent change of the finalizers is never overwritten.
 */

import type { ControllerClient } from '@orkestra/core';
import { ConflictError, type Context, OrkestraError, type OwnerObject } from '@orkestra/core';

/** What the finalizer's patches need: the client, the reconciler's context and the finalizer's name. */
interface FinalizerParts {
  kube: ControllerClient;
  ctx: Context;
  finalizer: string;
}

const refOf = (cr: OwnerObject) => ({
  apiVersion: cr.apiVersion,
  kind: cr.kind,
  namespace: cr.metadata.namespace,
  name: cr.metadata.name,
});

/** Adds the finalizer to `cr`; a change of the CR meanwhile is a {@link ConflictError} (re-read and retried). */
export async function addFinalizer(p: FinalizerParts, cr: OwnerObject): Promise<void> {
  const finalizers = cr.metadata.finalizers ?? [];
  const patch =
    finalizers.length === 0
      ? [
          { op: 'test', path: '/metadata/resourceVersion', value: cr.metadata.resourceVersion },
          { op: 'add', path: '/metadata/finalizers', value: [p.finalizer] },
        ]
      : [
          { op: 'test', path: '/metadata/finalizers', value: finalizers },
          { op: 'add', path: '/metadata/finalizers/-', value: p.finalizer },
        ];
  await p.kube
    .patch(refOf(cr), patch, { type: 'json', fieldManager: p.ctx.fieldManager, signal: p.ctx.signal })
    .catch((e: unknown) => {
      // A JSON-patch `test` that fails is a 422 for some servers and a 409 for others: either way, re-read and retry.
      throw e instanceof OrkestraError && (e.reason === 'Invalid' || e.reason === 'Conflict')
        ? new ConflictError(
            'Conflict',
            409,
            `finalizer of ${cr.kind} ${cr.metadata.name}: the object changed meanwhile`,
            {
              verb: 'patch',
              kind: cr.kind,
            },
          )
        : e;
    });
}

/** Removes the finalizer from `cr` (others stay); it must be at the place `cr` shows it, or the patch fails. */
export async function removeFinalizer(p: FinalizerParts, cr: OwnerObject): Promise<void> {
  const index = (cr.metadata.finalizers ?? []).indexOf(p.finalizer);
  await p.kube.patch(
    refOf(cr),
    [
      { op: 'test', path: `/metadata/finalizers/${index}`, value: p.finalizer },
      { op: 'remove', path: `/metadata/finalizers/${index}` },
    ],
    { type: 'json', fieldManager: p.ctx.fieldManager, signal: p.ctx.signal },
  );
}
