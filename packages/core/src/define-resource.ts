/**
 * `defineResource`: turns what a resource package knows of its kind — how to resolve a source and build the
 * desired object, and what is special about the kind — into a full {@link ResourceHandler}. The create /
 * update / delete functions are core's child lifecycle, so no resource package writes them again.
 */
import { createChild, deleteChild, updateChild, type ChildBehaviour, type ChildResult } from './children.js';
import type { JsonSchema, ResolvedSpec, ResourceHandler } from './contract.js';
import type { Context } from './context.js';
import type { ObjectClient } from './object-client.js';
import type { KubeObject, OwnerObject } from './objects.js';
import type { ObjectReader } from './referenced-data.js';

/** What a resource package provides. */
export interface ResourceDefinition<Source, Resolved extends ResolvedSpec & { recreate?: boolean }> {
  key: string;
  apiVersion: string;
  kind: string;
  plural: string;
  namespaced: boolean;
  schema: JsonSchema;
  sensitiveFields?: readonly string[];
  resolve(source: Source, ownerName: string): Resolved;
  /** Builds the desired object; `reader` is there to read objects it copies from (may be undefined: no cluster). */
  desired(owner: OwnerObject, spec: Resolved, reader?: ObjectReader): KubeObject | Promise<KubeObject>;
  /** What is special about the kind for this spec: immutable fields, preparation, matcher options. */
  behaviour?(spec: Resolved): ChildBehaviour;
}

/** A handler with its functions bound, ready to export one by one. */
export interface DefinedResource<Source, Resolved extends ResolvedSpec> extends ResourceHandler<Source, Resolved> {
  create(ctx: Context, kube: ObjectClient, owner: OwnerObject, spec: Resolved): Promise<ChildResult>;
  update(ctx: Context, kube: ObjectClient, owner: OwnerObject, spec: Resolved): Promise<ChildResult>;
  delete(ctx: Context, kube: ObjectClient, owner: OwnerObject, spec: Resolved): Promise<ChildResult>;
}

/**
 * Builds a resource handler from a definition.
 *
 * @example
 * export const handler = defineResource({
 *   key: 'configmaps', apiVersion: 'v1', kind: 'ConfigMap', plural: 'configmaps', namespaced: true,
 *   schema: ConfigMapSourceSchema, resolve, desired,
 *   behaviour: (spec) => ({ recreate: spec.recreate, immutable: immutableDataChanges }),
 * });
 */
export function defineResource<Source, Resolved extends ResolvedSpec & { recreate?: boolean }>(def: ResourceDefinition<Source, Resolved>): DefinedResource<Source, Resolved> {
  const behaviourOf = (spec: Resolved): ChildBehaviour => ({ clusterScoped: !def.namespaced, recreate: spec.recreate ?? false, ...def.behaviour?.(spec) });
  return {
    key: def.key,
    apiVersion: def.apiVersion,
    kind: def.kind,
    plural: def.plural,
    namespaced: def.namespaced,
    schema: def.schema,
    ...(def.sensitiveFields ? { sensitiveFields: def.sensitiveFields } : {}),
    resolve: (source, ownerName) => def.resolve(source, ownerName),
    desired: async (owner, spec, reader) => def.desired(owner, spec, reader),
    create: async (ctx, kube, owner, spec) => createChild(ctx, kube, owner, await def.desired(owner, spec, { kube, ctx }), behaviourOf(spec)),
    update: async (ctx, kube, owner, spec) => updateChild(ctx, kube, owner, await def.desired(owner, spec, { kube, ctx }), behaviourOf(spec)),
    delete: (ctx, kube, owner, spec) =>
      deleteChild(ctx, kube, owner, {
        apiVersion: def.apiVersion, kind: def.kind, name: spec.name,
        namespace: def.namespaced ? (spec.namespace ?? owner.metadata.namespace) : undefined,
      }),
  };
}
