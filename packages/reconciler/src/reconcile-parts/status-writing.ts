/** Writing a CR's status: the one place every status the reconciler writes goes through (run and deletion). */
import type { OwnerObject } from '@orkestra/core';
import { type ReconcileOutcome, statusPatch } from '../status.js';
import type { RunParts } from './run-parts.js';

/** Patches the CR's status to record `outcome` when it says something new; true when written. */
export async function writeStatus(
  parts: Pick<RunParts, 'kube' | 'ctx'>,
  cr: OwnerObject,
  outcome: ReconcileOutcome,
): Promise<boolean> {
  const patch = statusPatch(cr, outcome, new Date());
  if (!patch) return false;
  await parts.kube.patchStatus(
    { apiVersion: cr.apiVersion, kind: cr.kind, namespace: cr.metadata.namespace, name: cr.metadata.name },
    patch,
    { fieldManager: parts.ctx.fieldManager, signal: parts.ctx.signal },
  );
  return true;
}
