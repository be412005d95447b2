/** Who controls an object: decided by the controller owner reference's UID, never by names or labels. */
import type { KubeObject, OwnerObject, OwnerReference } from './objects.js';

/** The controller owner reference of `obj` (`controller: true`), or `undefined` when it has none. */
export function controllerOf(obj: Pick<KubeObject, 'metadata'>): OwnerReference | undefined {
  return obj.metadata.ownerReferences?.find((r) => r.controller === true);
}

/**
 * True when `owner` controls `obj`: its controller owner reference carries the owner's UID. A reference
 * with the owner's name but another UID (a deleted and recreated owner) does not count.
 *
 * @example
 * // true when deployment.metadata.ownerReferences has website's uid with controller: true
 * isControlledBy(deployment, website);
 */
export function isControlledBy(obj: Pick<KubeObject, 'metadata'>, owner: Pick<OwnerObject, 'metadata'>): boolean {
  const ref = controllerOf(obj);
  return ref !== undefined && ref.uid === owner.metadata.uid;
}

/** `Website shop/web (uid …)`-style description of the controller reference, for messages. */
export function describeController(ref: OwnerReference | undefined, namespace: string | undefined): string | undefined {
  if (!ref) return undefined;
  return `${ref.kind} ${namespace ? `${namespace}/` : ''}${ref.name} (uid ${ref.uid})`;
}
