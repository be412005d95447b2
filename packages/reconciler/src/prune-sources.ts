/**
 * Where prune looks for a CR's children: each child informer once, paired with the kind it serves, worked out
 * when the reconciler starts instead of on every reconcile.
 */
import type { ResourceInfo } from '@orkestra/core';
import { type ChildKindUse, kindKey } from './child-kinds.js';
import type { Informer } from './informer.js';

/** A child informer and the served kind it holds. */
export interface PruneSource extends ResourceInfo, ChildKindUse {
  informer: Informer;
}

/** Every informer of `informers` that holds a kind of `served`, once, in the order of `served`. */
export function pruneSources(
  served: ReadonlyMap<string, ResourceInfo & ChildKindUse>,
  informers: readonly Informer[],
): PruneSource[] {
  const out: PruneSource[] = [];
  const seen = new Set<Informer>();
  for (const kind of served.values())
    for (const informer of informers) {
      if (seen.has(informer) || kindKey(informer.options) !== kindKey(kind)) continue;
      seen.add(informer);
      out.push({ ...kind, informer });
    }
  return out;
}
