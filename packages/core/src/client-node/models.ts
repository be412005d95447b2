/**
 * Conversions between core's objects (plain JSON as the API server sends it) and `@kubernetes/client-node`'s
 * models (class instances, timestamps as `Date`s, a few fields renamed, e.g. `V1JSONSchemaProps._default`), with
 * client-node's own serializer (through its public `loadYaml` and `dumpYaml`, which pick the model by apiVersion
 * and kind as client-node does; JSON is YAML).
 *
 * Core's functions take client-node models as owners and children as they are (see `asOwner`, `asChild`):
 * convert only to get every model field by its wire name, or to hand core's objects to code that expects models.
 */
import { dumpYaml, loadYaml } from '@kubernetes/client-node';
import { JSON_SCHEMA, load } from 'js-yaml';
import { asChild, type ModelObject } from '../model-objects.js';
import type { KubeObject } from '../objects.js';

/**
 * `obj` as client-node's model of its kind: timestamps become `Date`s, renamed fields take the model's names.
 * `M` names the model you expect (`toModel<V1Deployment>(deployment)`); it is not checked against the kind.
 *
 * @example
 * const live = await kube.get({ apiVersion: 'apps/v1', kind: 'Deployment', namespace, name });
 * const deployment = toModel<V1Deployment>(live);
 * deployment.metadata?.creationTimestamp instanceof Date; // true
 */
export function toModel<M extends ModelObject = ModelObject>(obj: KubeObject): M {
  return loadYaml<M>(JSON.stringify(obj));
}

/**
 * A client-node model as core's plain object: `Date`s become RFC 3339 strings, fields take their wire names.
 * Throws core's `ValidationError` when the model has no `apiVersion` or `kind` (client-node's typed APIs return
 * objects with both; a model built in code must set them).
 *
 * @example
 * // `x_kubernetes_preserve_unknown_fields` → `x-kubernetes-preserve-unknown-fields`
 * const crd = fromModel(v1CustomResourceDefinition);
 */
export function fromModel(model: ModelObject): KubeObject {
  asChild(model);
  // JSON_SCHEMA: every scalar that is not JSON's stays a string (no timestamps turned into Dates again).
  return asChild(load(dumpYaml(model), { schema: JSON_SCHEMA }) as KubeObject);
}
