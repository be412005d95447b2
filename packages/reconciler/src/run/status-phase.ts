/**
 * 6. status — the outcome of a reconcile and its write on the CR's status: `Synced` (every child matches its
 * template) and `Ready`, observedGeneration and the status fields, patched only when they change. Every status
 * the reconciler writes goes through `writeStatus` (reconcile-parts/status-writing.ts).
 */
import { ConflictError, type KubeObject } from '@orkestra/core';
import { childReadiness } from '../child-gates.js';
import { readyMeansChildrenReady } from '../config.js';
import { describeError } from '../error-reasons.js';
import { failureMessage } from '../failure-message.js';
import { type HookError, hookOutcome, runHook } from '../hooks.js';
import type { PlannedChild } from '../plan.js';
import { writeStatus } from '../reconcile-parts/status-writing.js';
import { namedList, type ReconcileOutcome } from '../status.js';
import { statusChildren } from '../status-children.js';
import type { RunState } from './run-state.js';

/** A hook threw: `Ready=False` with its message, the reconcile failed (retried with backoff); nothing else written. */
export async function writeHookFailure(run: RunState, e: HookError): Promise<void> {
  const outcome = hookOutcome(e);
  Object.assign(run.report, { result: 'error', error: outcome.message, cause: e });
  run.report.statusWritten = await writeStatus(run.parts, run.cr, outcome);
}

/** Writes the status of an applied reconcile, unless it was found right for these versions of the CR and children. */
export async function statusPhase(run: RunState): Promise<void> {
  const { parts, cr, report, failures, lives } = run;
  // Nothing changed and nothing failed: a status found right for these versions of the CR and children still is.
  const settled =
    failures.length === 0 && !parts.config.hooks?.status && report.children.every((c) => c.action === 'unchanged');
  if (settled && parts.statusMemo.unchanged(report.key, cr, lives)) return;
  const outcome = failures.length > 0 ? await failedOutcome(run) : await syncedOutcome(run);
  if (outcome.failed?.length) await announceChildFailed(run, outcome.failed);
  report.statusWritten = await writeStatus(parts, cr, outcome);
  if (settled && !report.statusWritten) parts.statusMemo.remember(report.key, cr, lives);
  else parts.statusMemo.forget(report.key);
  if (failures.length > 0) concludeFailed(run);
}

/**
 * A child's controller reports a failure: a Warning Event `ChildFailed` and a warn log, once — when `Ready` turns
 * to `ChildFailed` (a failure that lasts costs nothing on later reconciles).
 */
async function announceChildFailed({ parts, cr, report }: RunState, failed: readonly string[]): Promise<void> {
  const conditions = (cr.status as { conditions?: { type?: string; reason?: string }[] } | undefined)?.conditions;
  if (Array.isArray(conditions) && conditions.some((c) => c?.type === 'Ready' && c.reason === 'ChildFailed')) return;
  const message = namedList(failed);
  parts.ctx.logger.warn({ key: report.key, failed }, 'child reports a failure');
  await parts.events.record(cr, 'Warning', 'ChildFailed', message);
}

/**
 * Children failed: every failure is in the message (in plan order, bounded) and logged at warn; the first names
 * the reason, in the status and a Warning Event.
 */
async function failedOutcome({ parts, cr, report, failures, failedAt }: RunState): Promise<ReconcileOutcome> {
  const place = (f: unknown) => failedAt.get(f) ?? Number.MAX_SAFE_INTEGER;
  const described = [...failures].sort((a, b) => place(a) - place(b)).map(describeError);
  for (const f of described)
    parts.ctx.logger.warn({ key: report.key, reason: f.reason, err: f.message }, 'child failed');
  const first = described[0]!;
  const message = failureMessage(described.map((f) => f.message));
  await parts.events.record(cr, 'Warning', first.reason, message);
  return { ready: false, reason: first.reason, message, fields: {} };
}

/** Every child applied: templated status fields, then the `status` hook's; `Waiting` while a child waits. */
async function syncedOutcome(run: RunState): Promise<ReconcileOutcome> {
  const { parts, cr, desired, lives, liveChildren, waiting } = run;
  const forFields = () => statusChildren(liveChildren, desired, lives, parts.templates.order);
  const fields = parts.templates.status(cr, forFields, parts.ctx.logger);
  const hook = parts.config.hooks?.status;
  let outcome: ReconcileOutcome;
  try {
    const computed = hook ? await runHook('status', () => hook(cr, liveChildren, run.hooks)) : {};
    const count = desired.length;
    outcome = {
      ready: true,
      reason: 'Reconciled',
      message: `${count} ${count === 1 ? 'child' : 'children'} in sync`,
      fields: { ...fields, ...computed },
    };
  } catch (e) {
    outcome = hookOutcome(e as HookError);
  }
  if (outcome.ready && waiting.length > 0)
    outcome = { ...outcome, ready: false, reason: 'Waiting', message: namedList(waiting) };
  if (readyMeansChildrenReady(parts.config) && (outcome.ready || outcome.reason === 'Waiting')) {
    const children = childrenReadiness(desired, lives);
    if (outcome.ready) Object.assign(outcome, { waiting: children.waiting, present: children.present });
    if (children.failed.length > 0) outcome.failed = children.failed;
  }
  return outcome;
}

/**
 * The planned children by readiness, from their live objects: what is not ready yet (`Deployment web: 1 of 3
 * replicas available`), what failed (`Job migrate: failed (BackoffLimitExceeded: …)`), and what is only present
 * (`Db shop-db`: a kind without a rule). A child not written (it waits, or its write failed) is not found.
 */
function childrenReadiness(
  desired: readonly PlannedChild[],
  lives: readonly (KubeObject | undefined)[],
): { waiting: string[]; failed: string[]; present: string[] } {
  const out = { waiting: [] as string[], failed: [] as string[], present: [] as string[] };
  desired.forEach((child, i) => {
    const live = lives[i];
    const name = `${child.spec.kind ?? child.handler.kind} ${child.spec.name}`;
    if (!live) return void out.waiting.push(`${name}: not found`);
    const readiness = childReadiness(child, live);
    if (readiness.ready) {
      if (readiness.status === 'Present') out.present.push(name);
    } else (readiness.status === 'Failed' ? out.failed : out.waiting).push(`${name}: ${readiness.reason}`);
  });
  return out;
}

/** The report of a reconcile with failures: an error, its cause a conflict when there is one (retried at once). */
function concludeFailed({ parts, report, failures, crChanged }: RunState): void {
  if (crChanged) parts.changedCRs.add(report.key); // the retry still rolls out a change of the CR
  report.result = 'error';
  const conflict = failures.find((f) => f instanceof ConflictError);
  report.cause = conflict ?? failures[0];
  report.error = conflict ? (conflict as Error).message : describeError(failures[0]).message;
}
