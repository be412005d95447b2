/**
 * The `finalize(cr, ctx)` hook: cleans up what lives outside the cluster while the CR is being deleted, behind
 * the reconciler's finalizer. Each attempt is bounded by a timeout: `ctx.signal` aborts when it runs out, and
 * the attempt counts as failed even if the hook ignores the signal. A failed attempt leaves the finalizer in
 * place; the reconciler records it and retries with the work queue's backoff.
 */
import type { OwnerObject } from '@orkestra/core';
import type { HookContext } from '../hook-context.js';
import { HookError } from '../hooks.js';
import type { ReconcileOutcome } from '../status.js';

/** Default bound of one `finalize` attempt. */
export const DEFAULT_FINALIZE_TIMEOUT_MS = 30_000;

/** A `finalize` attempt ran out of time: its signal was aborted. */
export class HookTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`did not finish within ${timeoutMs} ms (aborted; raise finalizeTimeoutMs if it needs longer)`);
    this.name = 'HookTimeoutError';
  }
}

/**
 * Runs one attempt of `hook` for `cr` with `ctx.signal` aborted after `timeoutMs` (or when `ctx.signal`
 * aborts). Resolves when the hook did; rejects with a {@link HookError} naming `finalize` when it threw, timed
 * out ({@link HookTimeoutError} as cause) or was aborted.
 */
export async function runFinalizeHook<CR extends OwnerObject>(
  hook: (cr: CR, ctx: HookContext) => void | Promise<void>,
  cr: CR,
  ctx: HookContext,
  timeoutMs: number,
): Promise<void> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(new HookTimeoutError(timeoutMs)), timeoutMs);
  const signal = AbortSignal.any([ctx.signal, timeout.signal]);
  let onAbort: (() => void) | undefined;
  try {
    await Promise.race([
      (async () => hook(cr, { ...ctx, signal }))(),
      new Promise<never>((_, reject) => {
        onAbort = () => reject(signal.reason);
        if (signal.aborted) onAbort();
        else signal.addEventListener('abort', onAbort, { once: true });
      }),
    ]);
  } catch (e) {
    throw new HookError('finalize', e);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal.removeEventListener('abort', onAbort);
  }
}

/** The status of a CR whose `finalize` attempt failed: `Ready=False`, reason `FinalizeFailed`, the hook's message. */
export function finalizeFailedOutcome(error: HookError, attempt: number): ReconcileOutcome {
  return {
    ready: false,
    reason: 'FinalizeFailed',
    message: `${error.message} (attempt ${attempt}; retried with backoff, the finalizer stays until it succeeds)`,
    fields: {},
  };
}

/**
 * The status once `finalize` succeeded after failing: the failure no longer stands while other finalizers keep the CR.
 */
export const FINALIZED_OUTCOME: ReconcileOutcome = {
  ready: false,
  reason: 'Finalized',
  message: 'finalize hook succeeded; the finalizer is removed',
  fields: {},
};

/** Whether the CR's `Ready` condition records a failed `finalize` attempt. */
export function isFinalizeFailed(cr: OwnerObject): boolean {
  const conditions = (cr.status as { conditions?: unknown } | undefined)?.conditions;
  return (
    Array.isArray(conditions) &&
    conditions.some((c: { type?: unknown; reason?: unknown }) => c?.type === 'Ready' && c.reason === 'FinalizeFailed')
  );
}
