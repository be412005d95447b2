/**
 * The desired-versus-live difference of each child of an instance, as `orkestra diff` computes it: the children
 * the reconciler's last reconcile planned (handler, resolved spec, phase) go through their handlers' own
 * `create`/`update` against core's `DryRunClient` over the reconciler's client — same reads (the informer
 * caches), same drift matcher, same `prepare` hooks — and nothing is written. Values of sensitive paths (a
 * Secret's `data`) and every value that came from a Secret are `[redacted]` (core's `redactDrift`).
 */

import type { ChildDiffState, ChildDiffView } from '@orkestra/console/types';
import {
  type ChildResult,
  createContext,
  DEFAULT_FIELD_MANAGER,
  ImmutableFieldError,
  type OwnerObject,
  type SecretValues,
  sensitivePathsOf,
} from '@orkestra/core';
import { childKindOf, DryRunClient, redactDrift } from '@orkestra/core/internal';
import type { GenericReconciler } from '@orkestra/reconciler';
import type { PlannedChild } from '@orkestra/reconciler/internal';

export type { ChildDiffState, ChildDiffView };

/**
 * The difference of each child the last reconcile of `cr` planned (onCreate children count as in sync once they
 * exist: they are never updated). Empty before its first reconcile. Sends no request while the children's kinds
 * are cached by the reconciler's informers; writes nothing.
 */
export async function childDiffs(
  r: GenericReconciler,
  cr: OwnerObject,
  key: string,
  secrets: SecretValues,
): Promise<ChildDiffView[]> {
  const planned = (r.plannedChildren(key) ?? []).filter((c) => c.phase !== 'onDelete');
  const dryRun = new DryRunClient(r.kube);
  const ctx = createContext({ fieldManager: r.config.fieldManager ?? DEFAULT_FIELD_MANAGER });
  const diffs = await Promise.all(planned.map((child) => diffOne(ctx, dryRun, cr, child)));
  // Last, once every Secret the handlers read has passed the dry-run client: hide each value wherever it went.
  return diffs.map((d) => {
    if (d.drifted) d.drifted = redactDrift(redactDrift(d.drifted, [], dryRun.secrets), [], secrets);
    if (d.message) d.message = secrets.redactText(dryRun.secrets.redactText(d.message));
    return d;
  });
}

async function diffOne(
  ctx: ReturnType<typeof createContext>,
  dryRun: DryRunClient,
  cr: OwnerObject,
  child: PlannedChild,
): Promise<ChildDiffView> {
  const { handler, spec } = child;
  const { apiVersion, kind } = childKindOf(handler, spec);
  const namespace = handler.namespaced || handler.kindOf ? (spec.namespace ?? cr.metadata.namespace) : undefined;
  const base = { apiVersion, kind, ...(namespace ? { namespace } : {}), name: spec.name };
  // Not memoisable: the handler's in-sync memo keeps the reconciler's answers, not this client's.
  const options = { ...child.writeOptions, memoisable: false };
  try {
    const result: ChildResult =
      child.phase === 'onCreate'
        ? await handler.create(ctx, dryRun, cr, spec, options)
        : await handler.update(ctx, dryRun, cr, spec, options);
    if (result.action === 'created') return { ...base, state: 'missing' };
    if (result.action !== 'updated' && result.action !== 'recreated') return { ...base, state: 'in-sync' };
    const sensitive = sensitivePathsOf(handler, { apiVersion, kind });
    return {
      ...base,
      state: 'drifted',
      drifted: redactDrift(result.drifted ?? [], sensitive),
      ...(result.action === 'recreated' ? { recreate: true } : {}),
    };
  } catch (e) {
    if (e instanceof ImmutableFieldError)
      return {
        ...base,
        state: 'drifted',
        recreate: true,
        drifted: e.changes.map((c) => ({ path: c.path, reason: 'changed' as const })),
      };
    return { ...base, state: 'error', message: e instanceof Error ? e.message : String(e) };
  }
}
