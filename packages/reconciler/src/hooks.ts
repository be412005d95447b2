/** Code hooks beside the templates: `validate` refuses a CR, `status` computes status fields. */
import type { KubeObject, OwnerObject } from '@orkestra/core';
import type { ReconcileOutcome } from './status.js';

/** The live children of a CR, by handler key then child name (what status templates see as `children`). */
export type LiveChildren = Record<string, Record<string, KubeObject>>;

/**
 * Functions run by the reconciler beside the templates. They see the CR and the children from the caches and
 * send no request, so a converged CR still costs none. A hook that throws makes the CR `Ready=False` with
 * reason `HookFailed` and its message; nothing else is written.
 */
export interface ReconcilerHooks<CR extends OwnerObject = OwnerObject> {
  /**
   * Checked before any child is planned: a returned message refuses the CR — `Ready=False`, reason `Refused`,
   * the message on the condition and in a Warning Event — and no child is written. `undefined`: accepted.
   */
  validate?(cr: CR): string | undefined | Promise<string | undefined>;
  /** Status fields computed from the CR and its live children, merged over the templated `status.fields`. */
  status?(cr: CR, children: LiveChildren): Record<string, unknown> | Promise<Record<string, unknown>>;
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
