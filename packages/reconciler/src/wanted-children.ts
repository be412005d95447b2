/**
 * The children one reconcile wants, as prune asks about them: "is this live child one of them?" for every
 * child of the CR in the caches — answered by name first, so a steady-state reconcile builds no key string
 * per child.
 */
import type { ChildRef } from './refusals.js';

/**
 * The planned children by name.
 *
 * @example
 * const wanted = new WantedChildren(refs);
 * wanted.has('apps/v1', 'Deployment', 'shop', 'shop-web'); // true when planned
 */
export class WantedChildren {
  private readonly byName = new Map<string, ChildRef[]>();

  constructor(refs: readonly ChildRef[]) {
    for (const ref of refs) {
      const same = this.byName.get(ref.name);
      if (same) same.push(ref);
      else this.byName.set(ref.name, [ref]);
    }
  }

  /** Whether a child of this kind, namespace (undefined: cluster-scoped) and name is planned. */
  has(apiVersion: string, kind: string, namespace: string | undefined, name: string): boolean {
    return (
      this.byName
        .get(name)
        ?.some((r) => r.kind === kind && r.apiVersion === apiVersion && (r.namespace ?? '') === (namespace ?? '')) ??
      false
    );
  }
}
