/**
 * Fields one child's controller writes on a sibling — an HPA sets its Deployment's `spec.replicas` — are
 * yielded by that sibling: the reconciler calls its handler with them as `yieldedFields` (core's
 * `ChildWriteOptions`), so the sibling is written without them and the two never fight. Generic: the HPA's handler
 * declares what it controls
 * (`ResourceHandler.controls`), core's `defineResource` leaves yielded fields out; no resource package is
 * named here.
 */
import type { OwnerObject } from '@orkestra/core';
import { childKindOf } from '@orkestra/core/internal';
import type { PlannedChild } from './plan.js';

const objectId = (apiVersion: string, kind: string, namespace: string | undefined, name: string) =>
  `${apiVersion}/${kind}/${namespace ?? ''}/${name}`;

/**
 * The planned children, each with the fields its siblings' controllers write on it added to its
 * `writeOptions.yieldedFields`; children nobody controls are returned as they are. The specs are not changed.
 *
 * @example
 * yieldControlledFields(cr, [deploymentChild, hpaChild]);
 * // the Deployment's child gets writeOptions: { yieldedFields: ['spec.replicas'] } when the HPA targets it
 */
export function yieldControlledFields(owner: OwnerObject, children: readonly PlannedChild[]): PlannedChild[] {
  const ownerNs = owner.metadata.namespace;
  const claims = new Map<string, Set<string>>();
  for (const { handler, spec } of children) {
    for (const target of handler.controls?.(spec) ?? []) {
      const id = objectId(target.apiVersion, target.kind, target.namespace ?? ownerNs, target.name);
      const fields = claims.get(id) ?? new Set<string>();
      for (const f of target.fields) fields.add(f);
      claims.set(id, fields);
    }
  }
  if (claims.size === 0) return [...children];
  return children.map((child) => {
    const { apiVersion, kind } = childKindOf(child.handler, child.spec);
    const fields = claims.get(objectId(apiVersion, kind, child.spec.namespace ?? ownerNs, child.spec.name));
    if (!fields) return child;
    const yieldedFields = [...new Set([...(child.writeOptions?.yieldedFields ?? []), ...fields])];
    return { ...child, writeOptions: { ...child.writeOptions, yieldedFields } };
  });
}
