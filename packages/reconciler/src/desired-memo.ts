/**
 * What tells an update from a drift correction: the desired state each child of a CR was last brought to (written,
 * or found in sync), by CR key and child. A child written while its desired state is still the one remembered
 * was changed by someone else — drift; one written because its desired state changed (the CR, the template, a
 * child it reads) is an update. It holds the resolved specs the plan made — the same objects the plan's memo
 * keeps while the CR does not change, so an unchanged CR is told by identity — not copies.
 */
import { deepEqual } from '@orkestra/core/internal';

/**
 * The last desired state of each child, by CR key.
 *
 * @example
 * const changed = memo.changed(key, child, spec) ?? crChanged; // undefined: nothing known since the start
 * // … write the child …
 * memo.settle(key, new Map([[child, spec]]));
 */
export class DesiredMemo {
  private readonly byCr = new Map<string, Map<string, unknown>>();

  /**
   * Whether `spec` differs from the desired state `child` of `key` was last brought to; undefined when none is
   * known (the child is new, or the reconciler started since).
   */
  changed(key: string, child: string, spec: unknown): boolean | undefined {
    const last = this.byCr.get(key)?.get(child);
    if (last === undefined) return undefined;
    return last !== spec && !deepEqual(last, spec);
  }

  /**
   * Records the desired state of the children a reconcile brought in line, by child; the children it did not
   * (they wait, or their write failed) keep what was known of them when `keep` names them, and the others —
   * no longer desired — are forgotten.
   */
  settle(key: string, settled: ReadonlyMap<string, unknown>, keep: Iterable<string>): void {
    const last = this.byCr.get(key);
    if (last && sameEntries(last, settled)) return; // a resync of a settled CR: nothing new, nothing allocated
    const next = new Map(settled);
    for (const child of keep) {
      const spec = last?.get(child);
      if (spec !== undefined && !next.has(child)) next.set(child, spec);
    }
    if (next.size > 0) this.byCr.set(key, next);
    else this.byCr.delete(key);
  }

  /** Forgets a CR (deleted). */
  forget(key: string): void {
    this.byCr.delete(key);
  }
}

/** True when `b` holds the very same values as `a`, by key. */
function sameEntries(a: ReadonlyMap<string, unknown>, b: ReadonlyMap<string, unknown>): boolean {
  if (a.size !== b.size) return false;
  for (const [key, value] of b) if (a.get(key) !== value) return false;
  return true;
}
