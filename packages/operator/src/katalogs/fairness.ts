/**
 * Fairness between Katalogs. Each kind of each Katalog has its own reconciler and queue; what they share is the
 * event loop, the connection pool (shared in turns per identity, see core's `Kubeclient`) and the API server. A kind
 * reconciling hundreds of objects at once would take most of the event loop: each of its reconciles' steps runs
 * between another Katalog's, so another Katalog's new object waits for hundreds of steps. The runtime therefore
 * caps how many reconciles of one kind run at once (`KatalogRuntimeOptions.concurrency`): a Katalog may ask for fewer
 * (`concurrency:` of its entry), never more.
 */
import { OrkestraError } from '@orkestra/core';

/** The default of `KatalogRuntimeOptions.concurrency`: the reconciler's own default. */
export const DEFAULT_KATALOG_CONCURRENCY = 4;

/** The reconciles at once of one kind of a Katalog: what its entry asks, at most `cap`. */
export function katalogConcurrency(asked: number | undefined, cap: number = DEFAULT_KATALOG_CONCURRENCY): number {
  return Math.min(asked ?? DEFAULT_KATALOG_CONCURRENCY, cap);
}

/** `cap` when it is a whole number ≥ 1; else a `Config` error saying so. */
export function checkedConcurrencyCap(cap: number | undefined): number {
  if (cap === undefined) return DEFAULT_KATALOG_CONCURRENCY;
  if (!Number.isInteger(cap) || cap < 1)
    throw new OrkestraError(
      'Config',
      `katalogs.concurrency is ${cap}: give a whole number of reconciles at once per kind, 1 or more ` +
        `(default ${DEFAULT_KATALOG_CONCURRENCY})`,
    );
  return cap;
}
