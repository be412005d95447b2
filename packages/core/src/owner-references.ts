/**
 * Owner references for children, and the placement rules Kubernetes enforces for them: an owner and a
 * namespaced child must share a namespace, and a namespaced owner cannot own a cluster-scoped object. The
 * garbage collector would otherwise treat the reference as dangling and delete the child, so Orkestra
 * refuses such a child before any request is sent.
 */
import { ValidationError } from './errors.js';
import type { ObjectMeta, OwnerObject, OwnerReference } from './objects.js';

/**
 * The one owner reference every child carries: `controller: true`, `blockOwnerDeletion: true`, the owner's UID.
 *
 * @example
 * controllerReference(website);
 * // { apiVersion: 'example.com/v1', kind: 'Website', name: 'shop', uid: '…',
 * //   controller: true, blockOwnerDeletion: true }
 */
export function controllerReference(owner: OwnerObject): OwnerReference {
  const { apiVersion, kind } = owner;
  const { name, uid } = owner.metadata;
  if (!apiVersion || !kind || !name || !uid) {
    throw new ValidationError(
      {
        path: 'owner',
        message: 'needs apiVersion, kind, metadata.name and metadata.uid',
        hint: 'pass the owner as read from the API server, not a hand-built object',
      },
      { object: { kind: kind || 'owner', namespace: owner.metadata.namespace, name } },
    );
  }
  return { apiVersion, kind, name, uid, controller: true, blockOwnerDeletion: true };
}

/** Where a child is to be placed. */
export interface ChildPlacement {
  kind: string;
  name: string;
  /** The child's namespace; `undefined` for a cluster-scoped child. */
  namespace: string | undefined;
  /** True when the child's kind is cluster-scoped. */
  clusterScoped?: boolean;
}

/**
 * Refuses, with a {@link ValidationError}, a child the owner cannot own: a namespaced owner and a child in
 * another namespace, or a namespaced owner and a cluster-scoped child. A cluster-scoped owner may own
 * children anywhere.
 *
 * @example
 * assertOwnable(website, { kind: 'ConfigMap', name: 'cfg', namespace: 'other' });
 * // ValidationError: invalid ConfigMap other/cfg: namespace: must be the owner's namespace "shop" …
 */
export function assertOwnable(owner: OwnerObject, child: ChildPlacement): void {
  const ownerNs = owner.metadata.namespace;
  if (!ownerNs) return;
  const object = { kind: child.kind, namespace: child.namespace, name: child.name };
  if (child.clusterScoped || !child.namespace) {
    throw new ValidationError(
      {
        path: 'namespace',
        message:
          `a ${child.kind} is cluster-scoped and cannot be owned by the namespaced ${owner.kind} ` +
          `${ownerNs}/${owner.metadata.name}`,
        hint: 'use a cluster-scoped owner for cluster-scoped children',
      },
      { object },
    );
  }
  if (child.namespace !== ownerNs) {
    throw new ValidationError(
      {
        path: 'namespace',
        message: `must be the owner's namespace ${JSON.stringify(ownerNs)}, got ${JSON.stringify(child.namespace)}`,
        hint:
          'Kubernetes does not allow owner references across namespaces; remove the namespace field or set it to ' +
          "the owner's",
      },
      { object },
    );
  }
}

/**
 * `metadata.ownerReferences` for a child: the owner's controller reference first, then any references the
 * child already had to other owners (non-controller ones), so adopting code never drops them.
 */
export function ownerReferencesFor(owner: OwnerObject, existing: ObjectMeta['ownerReferences'] = []): OwnerReference[] {
  const ref = controllerReference(owner);
  return [ref, ...existing.filter((r) => r.uid !== ref.uid && !r.controller)];
}
