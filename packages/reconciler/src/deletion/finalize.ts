/**
 * Deletion of a CR behind the reconciler's finalizer: the ordered children deleted in reverse dependency order,
 * the `onDelete` children created, the `finalize` hook run, then the finalizer removed (others stay); the
 * garbage collector removes the rest.
 */
import type { OwnerObject } from '@orkestra/core';
import { childKindOf } from '@orkestra/core/internal';
import { describeError } from '../error-reasons.js';
import type { HookContext } from '../hook-context.js';
import type { HookError } from '../hooks.js';
import { ChangeNotes } from '../reconcile-parts/change-notes.js';
import { childChanged } from '../reconcile-parts/child-changes.js';
import { childRef } from '../reconcile-parts/child-ref.js';
import type { ReconcileReport } from '../reconcile-parts/report.js';
import type { RunParts } from '../reconcile-parts/run-parts.js';
import { writeStatus } from '../reconcile-parts/status-writing.js';
import {
  DEFAULT_FINALIZE_TIMEOUT_MS,
  FINALIZED_OUTCOME,
  finalizeFailedOutcome,
  isFinalizeFailed,
  runFinalizeHook,
} from './finalize-hook.js';
import { removeFinalizer } from './finalizer.js';
import { deleteInOrder } from './ordered-deletion.js';

/**
 * One step of deleting `cr` (it has a deletionTimestamp): nothing without our finalizer; ordered children one
 * step at a time (the CR's next reconcile takes the next); then the `onDelete` children, the hook and the
 * finalizer's removal. A failure is thrown (after the status and an Event say what): the queue retries.
 */
export async function finalize(
  parts: RunParts,
  cr: OwnerObject,
  report: ReconcileReport,
  hooks: HookContext,
): Promise<void> {
  report.result = 'deleted';
  if (!(cr.metadata.finalizers ?? []).includes(parts.finalizer)) return;
  if (parts.templates.order.ordered && !(await deleteOrdered(parts, cr, report))) return;
  const { children, problems } = parts.templates.planner.resolve(cr, ['onDelete']);
  if (problems.length > 0) {
    const first = describeError(problems[0]!.error);
    await parts.events.record(cr, 'Warning', first.reason, `onDelete: ${first.message}`);
    throw problems[0]!.error;
  }
  const notes = new ChangeNotes();
  for (const { handler, spec, writeOptions } of children) {
    const result = await handler.create(parts.ctx, parts.kube, cr, spec, writeOptions);
    const { kind } = childKindOf(handler, spec);
    report.children.push({ handler: handler.key, kind, name: spec.name, action: result.action });
    if (result.action !== 'unchanged') childChanged(parts, notes, report.key, kind, spec.name, result);
  }
  await notes.flush(parts.events, cr);
  await finalizeHook(parts, cr, report, hooks);
  await removeFinalizer(parts, cr);
  parts.ctx.logger.info({ kind: cr.kind, namespace: cr.metadata.namespace, name: cr.metadata.name }, 'finalized');
}

/**
 * One step of deleting the ordered children in reverse order (see {@link deleteInOrder}); true once none is
 * left. A CR whose children cannot be planned any more leaves them to the garbage collector.
 */
async function deleteOrdered(parts: RunParts, cr: OwnerObject, report: ReconcileReport): Promise<boolean> {
  const plan = parts.templates.planner.resolve(cr, ['onCreate', 'onReconcile']);
  if (plan.problems.length > 0) return true;
  const step = await deleteInOrder({
    ctx: parts.ctx,
    kube: parts.kube,
    cr,
    order: parts.templates.order,
    plan,
    locate: (child) => {
      const ref = childRef(parts.kube.resources, cr, child.handler, child.spec);
      return { ref, live: parts.liveChild(ref) };
    },
  });
  for (const { kind, name } of step.deleted) report.children.push({ handler: '', kind, name, action: 'deleted' });
  if (step.remaining.length > 0)
    parts.ctx.logger.info(
      { kind: cr.kind, name: cr.metadata.name, remaining: step.remaining },
      'deleting children in order',
    );
  return step.remaining.length === 0;
}

/**
 * Runs the `finalize` hook, bounded by `finalizeTimeoutMs`. A failure goes on the CR's status
 * (`FinalizeFailed`) and into a Warning Event, then is thrown: the finalizer stays and the queue retries
 * with backoff.
 */
async function finalizeHook(
  parts: RunParts,
  cr: OwnerObject,
  report: ReconcileReport,
  hooks: HookContext,
): Promise<void> {
  const hook = parts.config.hooks?.finalize;
  if (!hook) return;
  try {
    await runFinalizeHook(hook, cr, hooks, parts.config.finalizeTimeoutMs ?? DEFAULT_FINALIZE_TIMEOUT_MS);
  } catch (e) {
    const error = e as HookError;
    parts.ctx.logger.warn({ key: report.key, err: error.message }, 'finalize hook failed');
    await parts.events.record(cr, 'Warning', 'FinalizeFailed', error.message);
    report.statusWritten = await writeStatus(parts, cr, finalizeFailedOutcome(error, parts.retries(report.key) + 1));
    throw error;
  }
  // A failure written before would outlive this success on a CR that other finalizers keep: replace it.
  if (parts.retries(report.key) > 0 || isFinalizeFailed(cr))
    report.statusWritten = await writeStatus(parts, cr, FINALIZED_OUTCOME);
}
