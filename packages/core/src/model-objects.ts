/**
 * Objects typed as `@kubernetes/client-node`'s models (`V1Deployment`, `V1ConfigMap`, …) taken where core takes
 * owners and children, without casts and without importing client-node: its models make every field optional
 * and hold timestamps as `Date`s, so they are checked and turned into plain JSON here, once, at the boundary.
 *
 * Converting every model field by its wire name needs client-node's serializer (a few models rename fields:
 * `V1JSONSchemaProps._default`); that is `@orkestra/core/client-node`'s `fromModel`.
 */
import { ValidationError } from './errors.js';
import type { KubeObject, OwnerObject } from './objects.js';

/** `metadata` as client-node's `V1ObjectMeta` types it: every field optional, timestamps as `Date`s. */
export interface ModelObjectMeta {
  name?: string | undefined;
  namespace?: string | undefined;
  uid?: string | undefined;
  labels?: { [key: string]: string } | undefined;
  annotations?: { [key: string]: string } | undefined;
  creationTimestamp?: Date | string | undefined;
  deletionTimestamp?: Date | string | undefined;
}

/** A Kubernetes object as client-node's models type it (`V1Deployment`, `V1ConfigMap`, `KubernetesObject`). */
export interface ModelObject {
  apiVersion?: string | undefined;
  kind?: string | undefined;
  metadata?: ModelObjectMeta | undefined;
}

/** What core takes as an owner: an {@link OwnerObject}, or a client-node model of one. */
export type OwnerLike = OwnerObject | ModelObject;

/** What core takes as a desired child: a {@link KubeObject}, or a client-node model of one. */
export type ChildLike = KubeObject | ModelObject;

/** True when `value` is JSON as the API server sends it at its top: a plain object without `Date`s in metadata. */
function isPlain(value: object): boolean {
  if (Object.getPrototypeOf(value) !== Object.prototype) return false;
  const meta = (value as { metadata?: unknown }).metadata;
  if (meta === undefined) return true;
  if (typeof meta !== 'object' || meta === null || Object.getPrototypeOf(meta) !== Object.prototype) return false;
  const m = meta as ModelObjectMeta;
  return !(m.creationTimestamp instanceof Date) && !(m.deletionTimestamp instanceof Date);
}

/**
 * `obj` as plain JSON: a plain object is returned as it is (no copy: the hot path of a reconciler); a model
 * instance, or one with `Date`s, is copied through JSON (`Date`s become RFC 3339 strings, `undefined` fields go).
 */
function plain<T>(obj: object): T {
  return (isPlain(obj) ? obj : JSON.parse(JSON.stringify(obj))) as T;
}

function missing(obj: ModelObject, fields: readonly string[]): string[] {
  const values: Record<string, unknown> = {
    apiVersion: obj.apiVersion,
    kind: obj.kind,
    'metadata.name': obj.metadata?.name,
    'metadata.uid': obj.metadata?.uid,
  };
  return fields.filter((f) => typeof values[f] !== 'string' || values[f] === '');
}

/**
 * The owner as an {@link OwnerObject}: a plain object as it is, a client-node model as plain JSON. Throws a
 * {@link ValidationError} naming each missing field when it lacks `apiVersion`, `kind`, `metadata.name` or
 * `metadata.uid` (an object read from the API server has them all; one built in code has no UID yet).
 *
 * @example
 * const website = await customObjects.getNamespacedCustomObject({ ... }); // client-node
 * await updateChild(ctx, kube, asOwner(website), desired);                   // (updateChild also takes it as is)
 */
export function asOwner(owner: OwnerLike): OwnerObject {
  const gaps = missing(owner as ModelObject, ['apiVersion', 'kind', 'metadata.name', 'metadata.uid']);
  if (gaps.length > 0)
    throw new ValidationError(
      gaps.map((path) => ({
        path,
        message: 'is missing on the owner',
        hint:
          'pass the owner as read from the API server (a created or read object has an apiVersion, kind, name ' +
          'and uid)',
      })),
      {
        object: {
          kind: String(owner.kind ?? 'owner'),
          name: owner.metadata?.name,
          namespace: owner.metadata?.namespace,
        },
      },
    );
  return plain<OwnerObject>(owner);
}

/**
 * The desired child as a {@link KubeObject}: a plain object as it is, a client-node model as plain JSON. Throws
 * a {@link ValidationError} naming each missing field when it lacks `apiVersion` or `kind` (a missing name is
 * refused by the lifecycle, as for any child).
 *
 * @example
 * const configMap: V1ConfigMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'web' }, data };
 * asChild(configMap).metadata.name; // 'web'
 */
export function asChild(child: ChildLike): KubeObject {
  const gaps = missing(child as ModelObject, ['apiVersion', 'kind']);
  if (gaps.length > 0)
    throw new ValidationError(
      gaps.map((path) => ({ path, message: 'is missing on the child', hint: 'set it on the desired object' })),
      {
        object: {
          kind: String(child.kind ?? 'child'),
          name: child.metadata?.name,
          namespace: child.metadata?.namespace,
        },
      },
    );
  const object = plain<KubeObject>(child);
  return object.metadata ? object : { ...object, metadata: {} };
}
