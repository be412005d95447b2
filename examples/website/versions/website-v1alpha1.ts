/**
 * The conversion of Website v1alpha1 to and from v1, the hub (katalog.yaml points here): `message` became
 * `greeting`. v1's `expose` has no place in v1alpha1; Orkestra keeps it across round trips by itself.
 */
import type { ConvertedFields, VersionedObject } from '@orkestra/reconciler';

interface SpecV1alpha1 {
  image: string;
  replicas?: number;
  message?: string;
}
interface SpecV1 {
  image: string;
  replicas?: number;
  greeting?: string;
  expose?: boolean;
}

/** A v1alpha1 Website as v1. */
export function toHub(object: VersionedObject): ConvertedFields {
  const { message, ...spec } = object.spec as SpecV1alpha1;
  return { spec: { ...spec, ...(message === undefined ? {} : { greeting: message }) } satisfies SpecV1 };
}

/** A v1 Website as v1alpha1. */
export function fromHub(hub: VersionedObject): ConvertedFields {
  const { greeting, expose: _expose, ...spec } = hub.spec as SpecV1;
  return { spec: { ...spec, ...(greeting === undefined ? {} : { message: greeting }) } satisfies SpecV1alpha1 };
}
