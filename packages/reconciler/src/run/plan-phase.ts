/**
 * 2. plan — every child of the CR resolved and checked before anything is written: the templated children
 * (memoised per CR version by the planner), then the `children` hook's, planned together. Any problem stops the
 * reconcile with the status and a Warning Event saying what.
 */
import type { OwnerObject } from '@orkestra/core';
import { kindKey } from '../child-kinds.js';
import { addFinalizer } from '../deletion/finalizer.js';
import { describeError } from '../error-reasons.js';
import { planHookChildren } from '../hook-children.js';
import { type HookError, runHook } from '../hooks.js';
import type { DeferredChild, PlannedChild } from '../plan.js';
import { childRef } from '../reconcile-parts/child-ref.js';
import { writeStatus } from '../reconcile-parts/status-writing.js';
import type { RunState } from './run-state.js';
import { writeHookFailure } from './status-phase.js';

/** The children planned, and every problem found planning them. */
interface Planned {
  desired: PlannedChild[];
  deferred: DeferredChild[];
  errors: unknown[];
}

/**
 * Plans the CR's children into `run` (desired, deferred, refs, crChanged), and adds the finalizer when deletion
 * needs it. False when the reconcile stops here: a problem (the report `invalid`, `Ready=False` with the first
 * problem's reason, a Warning Event) or a `children` hook that threw.
 */
export async function planPhase(run: RunState): Promise<boolean> {
  const { parts, cr, key, report } = run;
  const planned = await planChildren(run);
  if (!planned) return false;
  const { desired, deferred, errors } = planned;
  if (errors.length > 0) {
    report.result = 'invalid';
    const first = describeError(errors[0]);
    const message = errors.length === 1 ? first.message : `${errors.length} problems; first: ${first.message}`;
    await parts.events.record(cr, 'Warning', first.reason, message);
    report.statusWritten = await writeStatus(parts, cr, { ready: false, reason: first.reason, message, fields: {} });
    return false;
  }
  if (parts.needsFinalizer && !cr.metadata.finalizers?.includes(parts.finalizer)) await addFinalizer(parts, cr);
  run.crChanged = crChangedSince(parts.changedCRs, key, cr);
  run.desired = desired;
  run.deferred = deferred;
  run.refs = desired.map(({ handler, spec }) => childRef(parts.kube.resources, cr, handler, spec));
  parts.refusals.forget(key, run.refs);
  return true;
}

/**
 * The templated children of the CR, then the `children` hook's, planned together; undefined (after the
 * status says so) when the hook threw.
 */
async function planChildren(run: RunState): Promise<Planned | undefined> {
  const { parts, cr } = run;
  const templated = parts.templates.planner.resolve(cr, ['onCreate', 'onReconcile']);
  const errors = templated.problems.map((p) => p.error);
  const hook = parts.config.hooks?.children;
  if (!hook) return { desired: templated.children, deferred: templated.deferred, errors };
  let returned: unknown;
  try {
    returned = await runHook('children', () => hook(cr, run.hooks));
  } catch (e) {
    await writeHookFailure(run, e as HookError);
    return undefined;
  }
  const { children, problems } = planHookChildren(cr, templated.children, returned, {
    handlers: parts.handlers,
    watches: (kind) => parts.kinds.some((k) => kindKey(k) === kindKey(kind)),
    scopes: parts.kube.resources,
  });
  return { desired: children, deferred: templated.deferred, errors: [...errors, ...problems.map((p) => p.error)] };
}

/**
 * Whether the CR changed since its children were last brought in sync, so a child written now rolls out that
 * change (`Updated`) rather than undoing someone else's edit of the child (`DriftCorrected`): a change seen
 * by the owner informer since the last successful reconcile, or — across a restart — a generation the status
 * has not observed yet. Consumes the mark; a failed reconcile puts it back.
 */
function crChangedSince(changed: Set<string>, key: string, cr: OwnerObject): boolean {
  const marked = changed.delete(key);
  const observed = (cr.status as { observedGeneration?: unknown } | undefined)?.observedGeneration;
  return (
    marked ||
    (typeof cr.metadata.generation === 'number' && typeof observed === 'number' && observed !== cr.metadata.generation)
  );
}
