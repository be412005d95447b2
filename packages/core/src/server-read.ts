/**
 * Reading a child as the API server has it now, managedFields included — what field-ownership work (a take-over,
 * the hand-over of a POST's fields to the apply) needs and an informer cache does not keep.
 */
import type { Context } from './context.js';
import type { ObjectClient } from './object-client.js';
import type { KubeObject } from './objects.js';

/**
 * The object of `obj`'s kind, namespace and name as the server has it now: a list by name, which no read cache
 * answers. Undefined when it is gone.
 */
export async function readFromServer(
  ctx: Context,
  kube: ObjectClient,
  obj: KubeObject,
): Promise<KubeObject | undefined> {
  const { items } = await kube.list(obj.apiVersion, obj.kind, {
    namespace: obj.metadata.namespace,
    fieldSelector: `metadata.name=${obj.metadata.name ?? ''}`,
    signal: ctx.signal,
  });
  return items[0];
}

/** `obj` itself when it carries managedFields, else {@link readFromServer} (a cached copy drops them). */
export function withManagedFields(ctx: Context, kube: ObjectClient, obj: KubeObject): Promise<KubeObject | undefined> {
  return obj.metadata.managedFields ? Promise.resolve(obj) : readFromServer(ctx, kube, obj);
}
