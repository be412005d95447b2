/** The object a planned child would be: its kind, namespace and name, worked out from its handler and spec. */
import { ANY_KIND, type OwnerObject, type ResolvedSpec, type ResourceHandler } from '@orkestra/core';
import { childKindOf } from '@orkestra/core/internal';
import type { KindScopes } from '../plan.js';
import type { ChildRef } from '../refusals.js';

/**
 * The child `spec` of `handler` would be for `cr`. A namespaced child lives in the spec's namespace or the
 * CR's; a handler of any kind asks `scopes` (the client's registry) whether the kind is namespaced.
 */
export function childRef(
  scopes: KindScopes,
  cr: OwnerObject,
  handler: ResourceHandler<unknown, ResolvedSpec>,
  spec: ResolvedSpec,
): ChildRef {
  const { apiVersion, kind } = childKindOf(handler, spec);
  const namespaced =
    handler.kind === ANY_KIND ? (scopes.lookup(apiVersion, kind)?.namespaced ?? true) : handler.namespaced;
  return {
    apiVersion,
    kind,
    namespace: namespaced ? (spec.namespace ?? cr.metadata.namespace) : undefined,
    name: spec.name,
  };
}
