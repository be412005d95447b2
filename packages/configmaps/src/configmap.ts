/** ConfigMaps: how to resolve a source and build the object; the lifecycle is core's. */
import type { DriftedField, ImmutableChange, KubeObject, ObjectReader, OwnerObject } from '@orkestra/core';
import {
  canonicalBase64,
  checkWrappedBase64,
  defineResource,
  immutableDataChanges,
  metadataFor,
  readKeysFrom,
  resolveCommonFields,
  Validator,
} from '@orkestra/core/authoring';
import { configMapSourceAccepts } from '../generated/schema-check.js';
import { type ConfigMapSource, ConfigMapSourceSchema, type ResolvedConfigMap } from './types.js';

/**
 * Resolves a ConfigMap source: name `<owner>-config` by default, keys checked (`a/b` is not a key), binary
 * values checked to be base64, a key in both `data` and `binaryData` refused, system labels stamped.
 * Pure: sends no request. Throws a `ValidationError` listing every problem.
 *
 * @example
 * resolve({ data: { 'app.properties': 'color=blue' } }, 'shop');
 * // { name: 'shop-config', data: { 'app.properties': 'color=blue' }, binaryData: {},
 * //   labels: { 'managed-by': 'orkestra', … }, … }
 */
export function resolve(source: ConfigMapSource, ownerName: string): ResolvedConfigMap {
  const v = new Validator({
    kind: 'ConfigMap',
    name: typeof source.name === 'string' ? source.name : `${ownerName}-config`,
  });
  const common = resolveCommonFields(v, source, ownerName, { defaultSuffix: 'config' });
  const data = v.data('data', source.data);
  const binaryData = Object.fromEntries(
    Object.entries(v.data('binaryData', source.binaryData, checkWrappedBase64)).map(([k, b]) => [
      k,
      canonicalBase64(b),
    ]),
  );
  for (const key of Object.keys(binaryData))
    if (key in data)
      v.add(`binaryData.${key}`, 'is also a key of data', 'a key can be in data or in binaryData, not both');
  let fromConfigMap: ResolvedConfigMap['fromConfigMap'];
  if (source.fromConfigMap !== undefined) {
    const ref = typeof source.fromConfigMap === 'object' ? source.fromConfigMap : { name: source.fromConfigMap };
    const name = v.string('fromConfigMap.name', ref.name);
    if (name !== undefined && v.check('fromConfigMap.name', name, (n) => (n ? undefined : 'must not be empty'))) {
      fromConfigMap = { name, keys: 'keys' in ref ? ref.keys : undefined };
    }
  }
  const immutable = source.immutable === undefined ? undefined : v.boolean('immutable', source.immutable);
  v.done();
  return { ...common, data, binaryData, fromConfigMap, immutable };
}

/**
 * The ConfigMap for a resolved spec. With `fromConfigMap`, the source ConfigMap is read through `reader`
 * and its keys are copied under the declared ones.
 */
export async function desired(owner: OwnerObject, spec: ResolvedConfigMap, reader?: ObjectReader): Promise<KubeObject> {
  const metadata = metadataFor(spec, owner.metadata.namespace);
  let data = spec.data;
  let binaryData = spec.binaryData;
  if (spec.fromConfigMap) {
    const copied = await readKeysFrom(
      reader,
      { apiVersion: 'v1', kind: 'ConfigMap', namespace: metadata.namespace },
      spec.fromConfigMap,
      ['data', 'binaryData'],
      'fromConfigMap',
    );
    data = { ...copied.data, ...data };
    binaryData = { ...copied.binaryData, ...binaryData };
    for (const key of Object.keys(data)) delete binaryData[key];
  }
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata,
    ...(Object.keys(data).length ? { data } : {}),
    ...(Object.keys(binaryData).length ? { binaryData } : {}),
    ...(spec.immutable !== undefined ? { immutable: spec.immutable } : {}),
  };
}

/**
 * The content of an immutable ConfigMap (and the flag itself, once set) cannot change in place: a changed
 * or added value, a removed key, or `immutable` turned off or dropped.
 */
export function immutableChanges(
  drifted: readonly DriftedField[],
  live: KubeObject,
  desired?: KubeObject,
): ImmutableChange[] {
  return immutableDataChanges(drifted, live, desired, { kind: 'ConfigMap', fields: ['data', 'binaryData'] });
}

/** The ConfigMap handler: `key` `configmaps`, for the reconciler and the CLI. */
export const handler = defineResource<ConfigMapSource, ResolvedConfigMap>({
  key: 'configmaps',
  apiVersion: 'v1',
  kind: 'ConfigMap',
  plural: 'configmaps',
  namespaced: true,
  schema: ConfigMapSourceSchema,
  check: configMapSourceAccepts,
  resolve,
  desired,
  behaviour: () => ({ immutable: immutableChanges }),
});

/** Creates the ConfigMap unless it exists (see core's `createChild`). */
export const create = handler.create;
/** Brings the ConfigMap to the spec, writing only on drift (see core's `updateChild`). */
export const update = handler.update;
/** Deletes the ConfigMap if the owner controls it (see core's `deleteChild`). */
const remove = handler.delete;

export { remove as delete };
