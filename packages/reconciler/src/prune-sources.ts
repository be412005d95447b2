/**
 * Where prune looks for a CR's children: each child informer once, paired with the kind it serves, worked out
 * when the reconciler starts instead of on every reconcile.
 */
import { type KubeObject, OWNER_LABEL, type ResourceInfo } from '@orkestra/core';
import { type ChildKindUse, kindKey } from './child-kinds.js';
import type { Informer } from './machinery/informer.js';

/** The child-informer index key of an owner's children: `<namespace>/<orkestra-owner label>`. */
export function ownerIndexKey(namespace: string | undefined, ownerLabel: string | undefined): string | undefined {
  return ownerLabel === undefined ? undefined : `${namespace ?? ''}/${ownerLabel}`;
}

/**
 * The index of child informers. One function object for every reconciler: shared informers accept one
 * index only. Owners of several kinds may share a bucket (same namespace and name); prune confirms by UID.
 */
export const indexByOwner = (o: KubeObject): string | undefined =>
  ownerIndexKey(o.metadata.namespace, o.metadata.labels?.[OWNER_LABEL]);

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
