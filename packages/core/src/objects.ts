/**
 * The object shapes this package works with. They are plain JSON as the API server sends it: no classes,
 * no `Date`s, so what is read can be compared with what is written.
 */

/** An owner reference as stored in `metadata.ownerReferences`. */
export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

/**
 * `metadata` as the API server stores it (ObjectMeta): every field it has, and no other, so a misspelt field
 * (`labls`) in a typed object literal does not compile. A type alias, not an interface, so that it is still
 * assignable where any object is taken (`{ [field: string]: unknown }`).
 */
export type ObjectMeta = {
  name?: string;
  generateName?: string;
  namespace?: string;
  selfLink?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  deletionGracePeriodSeconds?: number;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: OwnerReference[];
  finalizers?: string[];
  managedFields?: unknown[];
};

/** Any Kubernetes object. */
export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: ObjectMeta;
  [field: string]: unknown;
}

/**
 * Anything that can own children: any Kubernetes object with apiVersion, kind and a metadata name and UID
 * (and a namespace when it is namespaced). No assumption is made about its type.
 */
export interface OwnerObject {
  apiVersion: string;
  kind: string;
  /** Its ObjectMeta: a misspelt field does not compile. */
  metadata: Omit<ObjectMeta, 'name' | 'uid' | 'namespace'> & {
    name: string;
    uid: string;
    namespace?: string | undefined;
  };
  [field: string]: unknown;
}

/** Names one object: what `get` and `delete` take. `namespace` is absent for cluster-scoped kinds. */
export interface ObjectRef {
  apiVersion: string;
  kind: string;
  name: string;
  namespace?: string | undefined;
}

/** The {@link ObjectRef} of an object. */
export function refOf(obj: {
  apiVersion: string;
  kind: string;
  metadata: { name?: string | undefined; namespace?: string | undefined };
}): ObjectRef {
  return {
    apiVersion: obj.apiVersion,
    kind: obj.kind,
    name: obj.metadata.name ?? '',
    namespace: obj.metadata.namespace,
  };
}

/** `Website shop/web (uid 1234…)`: how owners are named in messages. */
export function describeOwner(owner: OwnerObject): string {
  const where = owner.metadata.namespace ? `${owner.metadata.namespace}/${owner.metadata.name}` : owner.metadata.name;
  return `${owner.kind} ${where} (uid ${owner.metadata.uid})`;
}
