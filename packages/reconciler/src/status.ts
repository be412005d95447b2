/**
 * The status Orkestra writes on a custom resource: the conditions `Synced` (every child in sync) and `Ready`
 * (in sync and every child ready; with `readiness: 'synced'` the same as `Synced`), each with reason, message and
 * `lastTransitionTime`, which changes only when the condition's status does; `observedGeneration`, and the
 * katalog's templated status fields. {@link statusPatch} returns `undefined` when nothing changed, so a
 * steady-state reconcile writes no status.
 */
import { deepEqual } from '@orkestra/core/internal';

/** A condition as in Kubernetes API conventions (metav1.Condition). */
export interface Condition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  reason: string;
  message: string;
  lastTransitionTime: string;
  observedGeneration?: number;
}

/** How many items a waiting message names before it says `and N more`. */
const MAX_NAMED_WAITING = 10;

/**
 * Names every item of a waiting list, up to `max`, then how many more: `a; b; and 3 more`. Keeps a condition's
 * message readable (and small) for a CR with hundreds of children.
 *
 * @example
 * namedList(['Deployment a: 0 of 2 replicas available', 'Job b: not complete']);
 * // 'Deployment a: …; Job b: not complete'
 */
export function namedList(items: readonly string[], separator = '; ', max = MAX_NAMED_WAITING): string {
  if (items.length <= max) return items.join(separator);
  return `${items.slice(0, max).join(separator)}${separator}and ${items.length - max} more`;
}

/** What one reconcile concluded. */
export interface ReconcileOutcome {
  /** Every child in sync: the `Synced` condition, and `Ready` unless {@link ReconcileOutcome.waiting} is given. */
  ready: boolean;
  /**
   * With `readiness: 'children'` (the default): what is not ready yet (`Deployment shop-web: 1 of 3 replicas
   * available`), empty when all is. `Ready` is then true only when synced and nothing waits.
   */
  waiting?: readonly string[];
  /**
   * With `readiness: 'children'`: the children whose controller reports a failure that waiting will not fix
   * (`Job shop-migrate: failed (BackoffLimitExceeded: …)`). Non-empty, they make `Ready=False` with reason
   * `ChildFailed` (before any waiting) and add `Stalled=True`, which kstatus reads as a failure.
   */
  failed?: readonly string[];
  /**
   * With `readiness: 'children'`: children of a kind without a readiness rule and without a status to judge by
   * (`Db shop-db`): counted ready because they exist, and named as such in `Ready`'s message.
   */
  present?: readonly string[];
  /** CamelCase reason: `Reconciled`, `TemplateError`, `OwnershipConflict`… */
  reason: string;
  message: string;
  /** Templated status fields (already resolved). */
  fields: Record<string, unknown>;
}

/**
 * The status patch that records `outcome`, or `undefined` when the live status already says the same.
 * Keeps conditions of other types, and `lastTransitionTime` when `Ready` keeps its status.
 *
 * @example
 * const state = { ready: true, reason: 'Reconciled', message: '4 children in sync', fields: {} };
 * const patch = statusPatch(cr, state, new Date());
 * if (patch) await kube.patchStatus(ref, patch);
 */
export function statusPatch(
  cr: { metadata: { [field: string]: unknown }; status?: unknown },
  outcome: ReconcileOutcome,
  now: Date,
): Record<string, unknown> | undefined {
  const current = (cr.status && typeof cr.status === 'object' ? cr.status : {}) as Record<string, unknown>;
  const conditions = Array.isArray(current.conditions) ? (current.conditions as Condition[]) : [];
  const generation = typeof cr.metadata.generation === 'number' ? cr.metadata.generation : undefined;
  const condition = (type: string, ok: boolean, reason: string, message: string): Condition => {
    const previous = conditions.find((c) => c.type === type);
    const status = ok ? 'True' : 'False';
    return {
      type,
      status,
      reason,
      message,
      lastTransitionTime: previous && previous.status === status ? previous.lastTransitionTime : now.toISOString(),
      ...(generation !== undefined ? { observedGeneration: generation } : {}),
    };
  };
  const synced = condition('Synced', outcome.ready, outcome.reason, outcome.message);
  const failed = outcome.failed ?? [];
  const ready =
    failed.length > 0
      ? condition('Ready', false, 'ChildFailed', namedList(failed))
      : readyCondition(outcome, condition);
  const stalled = failed.length > 0 ? [condition('Stalled', true, 'ChildFailed', namedList(failed))] : [];
  const ours = new Set(['Ready', 'Synced', 'Stalled']);
  const next: Record<string, unknown> = {
    ...outcome.fields,
    conditions: [...conditions.filter((c) => !ours.has(c.type)), synced, ready, ...stalled],
    ...(generation !== undefined ? { observedGeneration: generation } : {}),
  };
  const unchanged = Object.entries(next).every(([k, v]) => deepEqual(current[k], v));
  return unchanged ? undefined : next;
}

/** `Ready` without a failed child: `Synced`'s when not in sync, else whether anything waits. */
function readyCondition(
  outcome: ReconcileOutcome,
  condition: (type: string, ok: boolean, reason: string, message: string) => Condition,
): Condition {
  const waiting = outcome.waiting ?? [];
  if (!outcome.ready || outcome.waiting === undefined)
    return condition('Ready', outcome.ready, outcome.reason, outcome.message);
  if (waiting.length > 0) return condition('Ready', false, 'Waiting', `waiting for ${namedList(waiting)}`);
  const present = outcome.present ?? [];
  if (present.length === 0)
    return condition('Ready', true, 'ChildrenReady', outcome.message.replace(/in sync$/, 'in sync and ready'));
  // `2 children in sync: 1 ready, 1 present with no readiness rule (Db shop-db)`.
  const total = Number(/^(\d+) /.exec(outcome.message)?.[1] ?? present.length);
  const message =
    `${outcome.message}: ${total - present.length} ready, ${present.length} present with no readiness ` +
    `rule (${namedList(present, ', ')})`;
  return condition('Ready', true, 'ChildrenReady', message);
}

/**
 * True while a CR has never been reconciled: its status has no `Ready` condition yet.
 *
 * @example
 * isFirstReconcile({ metadata: {}, status: {} });                                        // true
 * isFirstReconcile({ metadata: {}, status: { conditions: [{ type: 'Ready', status: 'False' }] } }); // false
 */
export function isFirstReconcile(cr: { metadata: unknown; status?: unknown }): boolean {
  const status = cr.status && typeof cr.status === 'object' ? (cr.status as { conditions?: unknown }) : {};
  return (
    !Array.isArray(status.conditions) ||
    !status.conditions.some((c) => (c as { type?: unknown } | null)?.type === 'Ready')
  );
}

/**
 * True when a CR's status says its last reconcile converged on its current spec: `Synced` is `True` and
 * `observedGeneration` is the CR's generation, and it is not being deleted. What a start re-checks behind
 * everything else; a CR created, edited or failing while no reconciler ran is not settled.
 *
 * @example
 * const status = { observedGeneration: 2, conditions: [{ type: 'Synced', status: 'True' }] };
 * looksSettled({ metadata: { generation: 2 }, status }); // true
 * looksSettled({ metadata: { generation: 3 }, status }); // false
 */
export function looksSettled(cr: {
  metadata: { generation?: number | undefined; deletionTimestamp?: string | undefined };
  status?: unknown;
}): boolean {
  if (cr.metadata.deletionTimestamp || cr.metadata.generation === undefined) return false;
  const status = cr.status && typeof cr.status === 'object' ? (cr.status as Record<string, unknown>) : {};
  if (status.observedGeneration !== cr.metadata.generation || !Array.isArray(status.conditions)) return false;
  return status.conditions.some(
    (c) => (c as { type?: unknown; status?: unknown } | null)?.type === 'Synced' && c?.status === 'True',
  );
}
