/** 1. validate — the `validate` hook may refuse a CR before anything is planned. */
import { type HookError, hookOutcome, runHook } from '../hooks.js';
import { writeStatus } from '../reconcile-parts/status-writing.js';
import type { RunState } from './run-state.js';
import { writeHookFailure } from './status-phase.js';

/**
 * Runs the `validate` hook; false when the CR may not go on: refused (`Ready=False`, reason `Refused`, a
 * Warning Event, the report `invalid`) or the hook threw (see {@link writeHookFailure}). True without a hook.
 */
export async function validatePhase(run: RunState): Promise<boolean> {
  const { parts, cr, report } = run;
  const validate = parts.config.hooks?.validate;
  if (!validate) return true;
  let refusal: string | undefined;
  try {
    refusal = await runHook('validate', () => validate(cr, run.hooks));
  } catch (e) {
    await writeHookFailure(run, e as HookError);
    return false;
  }
  if (refusal === undefined) return true;
  report.result = 'invalid';
  const outcome = hookOutcome(refusal);
  await parts.events.record(cr, 'Warning', outcome.reason, refusal);
  report.statusWritten = await writeStatus(parts, cr, outcome);
  return false;
}
