/**
 * `defineResource`: turns what a resource package knows of its kind — how to resolve a source and build the
 * desired object, and what is special about the kind — into a full {@link ResourceHandler}. The create /
 * update / delete functions are core's child lifecycle, so no resource package writes them again.
 */
import { type ChildBehaviour, deleteChild } from './children.js';
import type { Context } from './context.js';
import type { ChildWriteOptions, ControlledFields, JsonSchema, ResolvedSpec, ResourceHandler } from './contract.js';
import { InSyncChildWrites } from './in-sync-memo.js';
import { asChild, asOwner } from './model-objects.js';
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
  /** {@link schema} compiled ahead of time (see {@link ResourceHandler.check}). */
  check?: (source: unknown) => boolean;
  sensitiveFields?: readonly string[];
  /**
   * Per kind, the child object's fields whose values are never printed (see {@link
   * ResourceHandler.sensitiveObjectFields}).
   */
  sensitiveObjectFields?: Readonly<Record<string, readonly string[]>>;
  resolve(source: Source, ownerName: string): Resolved;
  /** Builds the desired object; `reader` is there to read objects it copies from (may be undefined: no cluster). */
  desired(owner: OwnerObject, spec: Resolved, reader?: ObjectReader): KubeObject | Promise<KubeObject>;
  /** What is special about the kind for this spec: immutable fields, preparation, matcher options. */
  behaviour?(spec: Resolved): ChildBehaviour;
  /** Fields of other objects the child's controller writes (see {@link ResourceHandler.controls}). */
  controls?(spec: Resolved): readonly ControlledFields[];
}

/**
 * A handler with its functions bound, ready to export one by one (`export const { create, update } = handler`):
 * the same members as {@link ResourceHandler}, which already declares create, update and delete.
 */
export type DefinedResource<Source, Resolved extends ResolvedSpec> = ResourceHandler<Source, Resolved>;

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
export function defineResource<Source, Resolved extends ResolvedSpec & { recreate?: boolean }>(
  def: ResourceDefinition<Source, Resolved>,
): DefinedResource<Source, Resolved> {
  const behaviourOf = (spec: Resolved): ChildBehaviour => ({
    clusterScoped: !def.namespaced,
    recreate: spec.recreate ?? false,
    ...def.behaviour?.(spec),
  });
  // The desired object, and whether it was built from the spec and owner alone (no other object read).
  const build = async (
    ctx: Context,
    kube: ObjectClient,
    owner: OwnerObject,
    spec: Resolved,
    yieldedFields: readonly string[] | undefined,
  ) => {
    let pure = true;
    const reader: ObjectReader = {
      get kube() {
        pure = false;
        return kube;
      },
      ctx,
    };
    const desired = withoutFields(asChild(await def.desired(owner, spec, reader)), yieldedFields);
    return { desired, pure };
  };
  // A memoisable spec's last in-sync answer, per operation (see in-sync-memo.ts).
  const writes = new InSyncChildWrites();
  const buildChild =
    (ctx: Context, kube: ObjectClient, owner: OwnerObject, spec: Resolved, options: ChildWriteOptions) => async () => ({
      ...(await build(ctx, kube, owner, spec, options.yieldedFields)),
      behaviour: behaviourOf(spec),
    });
  return {
    key: def.key,
    apiVersion: def.apiVersion,
    kind: def.kind,
    plural: def.plural,
    namespaced: def.namespaced,
    schema: def.schema,
    ...(def.check ? { check: def.check } : {}),
    ...(def.sensitiveFields ? { sensitiveFields: def.sensitiveFields } : {}),
    ...(def.sensitiveObjectFields ? { sensitiveObjectFields: def.sensitiveObjectFields } : {}),
    resolve: (source, ownerName) => def.resolve(source, ownerName),
    ...(def.controls ? { controls: (spec: Resolved) => def.controls!(spec) } : {}),
    desired: async (owner, spec, reader, options) =>
      withoutFields(await def.desired(asOwner(owner), spec, reader), options?.yieldedFields),
    create: (ctx, kube, ownerLike, spec, options = {}) => {
      const owner = asOwner(ownerLike);
      return writes.create(ctx, kube, owner, spec, options, buildChild(ctx, kube, owner, spec, options));
    },
    update: (ctx, kube, ownerLike, spec, options = {}) => {
      const owner = asOwner(ownerLike);
      return writes.update(ctx, kube, owner, spec, options, buildChild(ctx, kube, owner, spec, options));
    },
    delete: (ctx, kube, ownerLike, spec) => {
      const owner = asOwner(ownerLike);
      return deleteChild(ctx, kube, owner, {
        apiVersion: def.apiVersion,
        kind: def.kind,
        name: spec.name,
        namespace: def.namespaced ? (spec.namespace ?? owner.metadata.namespace) : undefined,
      });
    },
  };
}

/**
 * `object` without the dotted `paths` (see {@link ChildWriteOptions.yieldedFields}): copies along each path, never
 * changes `object`. A path that is not there changes nothing. `defineResource` applies it; a handler written
 * without it calls it on its desired object.
 *
 * @example
 * withoutFields(deployment, ['spec.replicas']).spec.replicas; // undefined
 */
export function withoutFields(object: KubeObject, paths: readonly string[] | undefined): KubeObject {
  if (!paths?.length) return object;
  const copy = { ...object } as Record<string, unknown>;
  for (const path of paths) {
    const keys = path.split('.');
    let node: Record<string, unknown> | undefined = copy;
    for (const key of keys.slice(0, -1)) {
      const next: unknown = node[key];
      if (next === null || typeof next !== 'object' || Array.isArray(next)) {
        node = undefined;
        break;
      }
      node = node[key] = { ...(next as Record<string, unknown>) };
    }
    if (node) delete node[keys[keys.length - 1]!];
  }
  return copy as KubeObject;
}
