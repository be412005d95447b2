/**
 * Code hooks beside the templates: `validate` refuses a CR, `children` adds children, `status` computes status
 * fields, `finalize` cleans up outside the cluster before the CR goes.
 */
import type { KubeObject, OwnerObject } from '@orkestra/core';
import type { HookChild } from './hook-child.js';
import type { HookContext } from './hook-context.js';
import type { ReconcileOutcome } from './status.js';

/**
 * The live children of a CR, by handler key then child name. Status field templates see these and, beside
 * them, each single child by its template `id` (see `ReconcilerConfig.status`); hooks get names only.
 */
export type LiveChildren = Record<string, Record<string, KubeObject>>;

/**
 * Functions run by the reconciler beside the templates. They see the CR, its children and (through
 * `ctx.reader`) the caches, and send no request, so a converged CR still costs none. A hook that throws makes
 * the CR `Ready=False` with reason `HookFailed` and its message; nothing else is written.
 */
export interface ReconcilerHooks<CR extends OwnerObject = OwnerObject> {
  /**
   * Checked before any child is planned: a returned message refuses the CR — `Ready=False`, reason `Refused`,
   * the message on the condition and in a Warning Event — and no child is written. `undefined`: accepted.
   */
  validate?(cr: CR, ctx: HookContext): string | undefined | Promise<string | undefined>;
  /**
   * Fills defaults and computed values of a CR being created or updated, at admission only (opt in with
   * `webhooks.default`; the Manager serves it as a mutating webhook). It gets a copy of the CR: change it in
   * place and return nothing, or return the CR as it should be stored. Only `spec`, `metadata.labels` and
   * `metadata.annotations` may change (the API server stores the difference, a JSON patch); a change elsewhere,
   * or a throw, refuses the request with the message. Runs on dry runs too: keep it free of side effects. At
   * admission `ctx.reader` throws (the caches are the leader's): decide from the CR alone.
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: a hook that changes the CR in place returns nothing (void)
  default?(cr: CR, ctx: HookContext): CR | undefined | void | Promise<CR | undefined | void>;
  /**
   * Children beyond the templated ones, each made with `child(handler, source)`; run on every reconcile of a
   * live CR. They are planned like the templated ones (validated by their handler, placed, checked for
   * uniqueness: any problem writes nothing), applied, and pruned once no longer returned. Their handlers must
   * be among the configuration's. What the hook reads through `ctx.reader` is remembered: a change to it
   * reconciles the CR again.
   */
  children?(cr: CR, ctx: HookContext): readonly HookChild[] | Promise<readonly HookChild[]>;
  /** Status fields computed from the CR and its live children, merged over the templated `status.fields`. */
  status?(cr: CR, children: LiveChildren, ctx: HookContext): Record<string, unknown> | Promise<Record<string, unknown>>;
  /**
   * Cleans up what lives outside the cluster when the CR is deleted, behind the finalizer (added to every CR
   * while this hook is set), after the `onDelete` children exist. The finalizer is removed only once it
   * resolves. A throw, or an attempt running past `finalizeTimeoutMs` (`ctx.signal` aborts then), makes the
   * CR `Ready=False` with reason `FinalizeFailed` and a Warning Event, and the attempt is retried with
   * backoff. Make it idempotent: an attempt may be repeated after a partial success.
   */
  finalize?(cr: CR, ctx: HookContext): void | Promise<void>;
}

/** A hook threw: the message names the hook. */
export class HookError extends Error {
  constructor(
    readonly hook: keyof ReconcilerHooks,
    cause: unknown,
  ) {
    super(`${hook} hook failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'HookError';
  }
}

/** Runs `hook`, wrapping what it throws in a {@link HookError}. */
export async function runHook<T>(name: keyof ReconcilerHooks, hook: () => T | Promise<T>): Promise<T> {
  try {
    return await hook();
  } catch (e) {
    throw new HookError(name, e);
  }
}

/** The outcome of a CR refused by its `validate` hook, or of a hook that threw. */
export function hookOutcome(e: HookError | string): ReconcileOutcome {
  return typeof e === 'string'
    ? { ready: false, reason: 'Refused', message: e, fields: {} }
    : { ready: false, reason: 'HookFailed', message: e.message, fields: {} };
}
