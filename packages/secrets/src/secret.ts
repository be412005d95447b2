/** Secrets: how to resolve a source and build the object; the lifecycle is core's. */
import { randomInt } from 'node:crypto';
import type { DriftedField, ImmutableChange, KubeObject, ObjectReader, OwnerObject } from '@orkestra/core';
import {
  type ChildBehaviour,
  canonicalBase64,
  checkConfigKey,
  checkDns1123Subdomain,
  checkLabelKey,
  checkWrappedBase64,
  defineResource,
  immutableDataChanges,
  metadataFor,
  readKeysFrom,
  resolveCommonFields,
  Validator,
} from '@orkestra/core/authoring';
import { secretSourceAccepts } from '../generated/schema-check.js';
import {
  GENERATE_CHARSETS,
  type GenerateCharset,
  type GenerateRule,
  type ResolvedSecret,
  type SecretSource,
  SecretSourceSchema,
} from './types.js';

/** Keys the API server requires of each built-in type: every key of `all`, or at least one of `anyOf`. */
const REQUIRED_KEYS: Record<string, { all: readonly string[] } | { anyOf: readonly string[] }> = {
  'kubernetes.io/tls': { all: ['tls.crt', 'tls.key'] },
  'kubernetes.io/dockerconfigjson': { all: ['.dockerconfigjson'] },
  'kubernetes.io/dockercfg': { all: ['.dockercfg'] },
  'kubernetes.io/basic-auth': { anyOf: ['username', 'password'] },
  'kubernetes.io/ssh-auth': { all: ['ssh-privatekey'] },
};
/** The key of a Docker-config type whose value must be JSON. */
const JSON_KEY: Record<string, string> = {
  'kubernetes.io/dockerconfigjson': '.dockerconfigjson',
  'kubernetes.io/dockercfg': '.dockercfg',
};
const KNOWN_TYPES = [
  'Opaque',
  ...Object.keys(REQUIRED_KEYS),
  'kubernetes.io/service-account-token',
  'bootstrap.kubernetes.io/token',
];
const CHARSETS = Object.keys(GENERATE_CHARSETS) as GenerateCharset[];
const DEFAULT_RULE: GenerateRule = { length: 32, charset: 'alphanumeric' };
const SECRET_DATA = /^(data|stringData)(\.|$)/;

const utf8ToBase64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

function checkSecretType(type: string): string | undefined {
  if (type.length === 0) return 'must not be empty (leave type out for Opaque)';
  const known = KNOWN_TYPES.find((t) => t.toLowerCase() === type.toLowerCase());
  if (known && known !== type)
    return `must be ${JSON.stringify(known)}: type names are case-sensitive, got ${JSON.stringify(type)}`;
  const problem = checkLabelKey(type);
  return problem && `must be a type name such as Opaque or kubernetes.io/tls: ${problem}`;
}

const checkKey = (key: string) => {
  const p = checkConfigKey(key);
  return p && `key ${p}`;
};

/** True for paths of the matcher (and of `ChildResult.drifted`) that hold Secret values. */
export function isSecretData(path: string): boolean {
  return SECRET_DATA.test(path);
}

/** Records a problem for each key `type` requires that `keys` lacks. Names keys, never values. */
function checkRequiredKeys(v: Validator, type: string, keys: ReadonlySet<string>, hint: string): void {
  const rule = REQUIRED_KEYS[type];
  if (!rule) return;
  if ('all' in rule) {
    for (const key of rule.all) if (!keys.has(key)) v.add(`data.${key}`, `is required by type ${type}`, hint);
  } else if (!rule.anyOf.some((key) => keys.has(key))) {
    v.add('data', `type ${type} needs the key ${rule.anyOf.map((k) => JSON.stringify(k)).join(' or ')}`, hint);
  }
}

/** A Docker config must be JSON; the message never quotes the value (nor JSON.parse's, which does). */
function checkJsonValue(v: Validator, path: string, text: string): void {
  try {
    JSON.parse(text);
  } catch {
    v.add(path, 'must be valid JSON (a Docker config such as {"auths": {…}})');
  }
}

function resolveGenerate(v: Validator, value: unknown): Record<string, GenerateRule> {
  const out: Record<string, GenerateRule> = {};
  if (value === undefined || value === null) return out;
  const key = (path: string, raw: unknown) => {
    const text = v.string(path, raw);
    return text !== undefined && v.check(path, text, checkKey) ? text : undefined;
  };
  if (Array.isArray(value)) {
    value.forEach((raw, i) => {
      const k = key(`generate[${i}]`, raw);
      if (k !== undefined) out[k] = { ...DEFAULT_RULE };
    });
    return out;
  }
  if (typeof value !== 'object') {
    v.add('generate', 'must be a list of keys, or a map of keys to { length, charset }');
    return out;
  }
  for (const [name, rule] of Object.entries(value)) {
    const path = `generate.${name}`;
    if (key(path, name) === undefined) continue;
    if (rule === undefined || rule === null) {
      out[name] = { ...DEFAULT_RULE };
      continue;
    }
    const fields = v.map(path, rule, ['length', 'charset']);
    if (!fields) continue;
    const { length, charset } = fields;
    const n =
      length === undefined || length === null
        ? DEFAULT_RULE.length
        : v.integer(`${path}.length`, length, { min: 1, max: 4096 });
    const c =
      charset === undefined || charset === null ? DEFAULT_RULE.charset : v.oneOf(`${path}.charset`, charset, CHARSETS);
    if (n !== undefined && c !== undefined) out[name] = { length: n, charset: c };
  }
  return out;
}

function resolveFromSecret(v: Validator, value: unknown, ownName: string): ResolvedSecret['fromSecret'] {
  if (value === undefined || value === null) return undefined;
  const ref = (typeof value === 'object' ? value : { name: value }) as { name?: unknown; keys?: unknown };
  const name = v.string('fromSecret.name', ref.name);
  if (name === undefined || !v.check('fromSecret.name', name, checkDns1123Subdomain)) return undefined;
  if (name === ownName) {
    v.add('fromSecret.name', `is this Secret itself (${JSON.stringify(name)})`, 'copy from another Secret');
    return undefined;
  }
  if (ref.keys === undefined || ref.keys === null) return { name, keys: undefined };
  if (!Array.isArray(ref.keys)) {
    v.add('fromSecret.keys', 'must be a list of keys');
    return undefined;
  }
  const keys: string[] = [];
  ref.keys.forEach((raw, i) => {
    const k = v.string(`fromSecret.keys[${i}]`, raw);
    if (k !== undefined && v.check(`fromSecret.keys[${i}]`, k, checkKey)) keys.push(k);
  });
  return { name, keys };
}

/**
 * Resolves a Secret source: name `<owner>-secret` and type `Opaque` by default; keys checked; `data` checked
 * to be base64 and made canonical; a key in more than one of `stringData`, `data` and `generate` refused; the
 * keys a built-in type requires checked (those `fromSecret` copies without a `keys` list are checked by
 * {@link desired}); system labels stamped. Pure: sends no request. Throws a `ValidationError` listing every
 * problem; its messages name fields and keys, never a value.
 *
 * @example
 * resolve({ stringData: { password: 'hunter2' }, generate: ['token'] }, 'shop');
 * // { name: 'shop-secret', type: 'Opaque', stringData: { password: 'hunter2' }, data: {},
 * //   generate: { token: { length: 32, charset: 'alphanumeric' } }, labels: { 'managed-by': 'orkestra', … }, … }
 */
export function resolve(source: SecretSource, ownerName: string): ResolvedSecret {
  const v = new Validator({
    kind: 'Secret',
    name: typeof source.name === 'string' ? source.name : `${ownerName}-secret`,
  });
  const common = resolveCommonFields(v, source, ownerName, { defaultSuffix: 'secret' });
  const type = resolveType(v, source.type);
  const { stringData, data } = resolveValues(v, source);
  const generate = resolveGenerate(v, source.generate);
  for (const key of Object.keys(generate)) {
    const also = key in stringData ? 'stringData' : key in data ? 'data' : undefined;
    if (also) v.add(`generate.${key}`, `is also a key of ${also}`, 'a key is either generated or given, not both');
  }
  const fromSecret = resolveFromSecret(v, source.fromSecret, common.name);
  checkJsonKey(v, type, stringData, data);
  if (!fromSecret || fromSecret.keys) {
    const keys = new Set([
      ...Object.keys(stringData),
      ...Object.keys(data),
      ...Object.keys(generate),
      ...(fromSecret?.keys ?? []),
    ]);
    checkRequiredKeys(v, type, keys, 'set it in stringData, data or generate, or copy it with fromSecret');
  }
  const immutable =
    source.immutable === undefined || source.immutable === null ? undefined : v.boolean('immutable', source.immutable);
  v.done();
  return { ...common, type, stringData, data, fromSecret, generate, immutable };
}

/** The Secret's type: `Opaque` unless the source names a valid one. */
function resolveType(v: Validator, value: unknown): string {
  if (value === undefined || value === null) return 'Opaque';
  const t = v.string('type', value);
  return t !== undefined && v.check('type', t, checkSecretType) ? t : 'Opaque';
}

/** `stringData` as given, `data` checked to be base64 and made canonical; a key in both refused. */
function resolveValues(
  v: Validator,
  source: SecretSource,
): { stringData: Record<string, string>; data: Record<string, string> } {
  const stringData = v.data('stringData', source.stringData);
  const data = Object.fromEntries(
    Object.entries(v.data('data', source.data, checkWrappedBase64)).map(([k, b]) => [k, canonicalBase64(b)]),
  );
  for (const key of Object.keys(data))
    if (key in stringData)
      v.add(`data.${key}`, 'is also a key of stringData', 'a key can be in stringData or in data, not both');
  return { stringData, data };
}

/** The key a built-in type holds JSON in (`.dockerconfigjson`), checked to be JSON where it is given. */
function checkJsonKey(
  v: Validator,
  type: string,
  stringData: Record<string, string>,
  data: Record<string, string>,
): void {
  const jsonKey = JSON_KEY[type];
  if (jsonKey === undefined) return;
  if (jsonKey in stringData) checkJsonValue(v, `stringData.${jsonKey}`, stringData[jsonKey]!);
  if (jsonKey in data) checkJsonValue(v, `data.${jsonKey}`, Buffer.from(data[jsonKey]!, 'base64').toString('utf8'));
}

/** A random value by `rule`: each character drawn uniformly (crypto `randomInt`, no modulo bias). */
function generateValue(rule: GenerateRule): string {
  const chars = GENERATE_CHARSETS[rule.charset];
  let out = '';
  for (let i = 0; i < rule.length; i++) out += chars[randomInt(chars.length)];
  return out;
}

/**
 * The Secret for a resolved spec. Every value is sent as base64 `data`, `stringData` included: the API server
 * turns `stringData` into `data` and never returns it, so sending it would look like drift on every update.
 * Generated keys get a fresh random value here; `update` keeps the live one (see {@link keepGenerated}).
 * With `fromSecret`, the source Secret is read through `reader` and its keys are copied under the declared
 * ones; a key the type requires and the copy lacks is a `ValidationError`.
 *
 * @example
 * const obj = await desired(owner, resolve({ stringData: { password: 'hunter2' } }, 'shop'));
 * obj.data; // { password: 'aHVudGVyMg==' }
 */
export async function desired(owner: OwnerObject, spec: ResolvedSecret, reader?: ObjectReader): Promise<KubeObject> {
  const metadata = metadataFor(spec, owner.metadata.namespace);
  const declared = {
    ...Object.fromEntries(Object.entries(spec.stringData).map(([k, text]) => [k, utf8ToBase64(text)])),
    ...spec.data,
  };
  let copied: Record<string, string> = {};
  if (spec.fromSecret) {
    copied =
      (
        await readKeysFrom(
          reader,
          { apiVersion: 'v1', kind: 'Secret', namespace: metadata.namespace },
          spec.fromSecret,
          ['data'],
          'fromSecret',
        )
      ).data ?? {};
    if (!spec.fromSecret.keys) {
      const v = new Validator({ kind: 'Secret', namespace: metadata.namespace, name: spec.name });
      const keys = new Set([...Object.keys(copied), ...Object.keys(declared), ...Object.keys(spec.generate)]);
      checkRequiredKeys(
        v,
        spec.type,
        keys,
        `Secret ${metadata.namespace ?? ''}/${spec.fromSecret.name} has no such key: add it there, or set it in ` +
          `stringData, data or generate`,
      );
      v.done();
    }
  }
  const generated = Object.fromEntries(
    Object.entries(spec.generate).map(([k, rule]) => [k, utf8ToBase64(generateValue(rule))]),
  );
  const data = { ...copied, ...generated, ...declared };
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata,
    type: spec.type,
    ...(Object.keys(data).length ? { data } : {}),
    ...(spec.immutable !== undefined ? { immutable: spec.immutable } : {}),
  };
}

/**
 * The `prepare` hook that keeps generated values: a generated key the live Secret has keeps its live value, so
 * no update rewrites it and it never counts as drift; a key the live Secret lacks (a new Secret, or someone
 * deleted the key) keeps the fresh value {@link desired} drew, and is written. The values found on the live
 * Secret are remembered by this hook, so the recreate of an immutable Secret within the same update (which
 * prepares with no live object) keeps them too. Make one hook per update call, as the handler does.
 *
 * @example
 * const prepare = keepGenerated(['password']);
 * prepare(desiredSecret, liveSecret).data.password === liveSecret.data.password; // true
 */
export function keepGenerated(keys: readonly string[]): NonNullable<ChildBehaviour['prepare']> {
  let kept: Record<string, string> = {};
  return (desiredObj, live) => {
    if (live) {
      const liveData = (live.data ?? {}) as Record<string, unknown>;
      kept = Object.fromEntries(keys.flatMap((k) => (typeof liveData[k] === 'string' ? [[k, liveData[k]]] : [])));
    }
    if (Object.keys(kept).length === 0) return desiredObj;
    return { ...desiredObj, data: { ...(desiredObj.data as Record<string, string> | undefined), ...kept } };
  };
}

/**
 * Changes the API server refuses on an existing Secret: its `type`, always; and on an immutable Secret any
 * change of `data` (a value, a new key, a removed key) and turning `immutable` off.
 */
export function immutableChanges(
  drifted: readonly DriftedField[],
  live: KubeObject,
  desiredObj?: KubeObject,
): ImmutableChange[] {
  const changes: ImmutableChange[] = [];
  if (drifted.some((d) => d.path === 'type'))
    changes.push({ path: 'type', reason: 'the type of a Secret cannot change' });
  return [...changes, ...immutableDataChanges(drifted, live, desiredObj, { kind: 'Secret', fields: ['data'] })];
}

/**
 * The Secret handler: `key` `secrets`, for the reconciler and the CLI. Its `sensitiveFields` name the source
 * fields whose values must stay out of logs, errors and events; the drift matcher redacts `data` values.
 */
export const handler = defineResource<SecretSource, ResolvedSecret>({
  key: 'secrets',
  apiVersion: 'v1',
  kind: 'Secret',
  plural: 'secrets',
  namespaced: true,
  schema: SecretSourceSchema,
  check: secretSourceAccepts,
  sensitiveFields: ['data', 'stringData', 'generate'],
  sensitiveObjectFields: { Secret: ['data', 'stringData'] },
  resolve,
  desired,
  behaviour: (spec) => {
    const generated = Object.keys(spec.generate);
    return {
      immutable: immutableChanges,
      match: { redact: isSecretData },
      ...(generated.length ? { prepare: keepGenerated(generated) } : {}),
    };
  },
});

/** Creates the Secret unless it exists (see core's `createChild`). */
export const create = handler.create;
/**
 * Brings the Secret to the spec, writing only on drift and never rewriting a generated value (see core's
 * `updateChild`).
 */
export const update = handler.update;
/** Deletes the Secret if the owner controls it (see core's `deleteChild`). */
const remove = handler.delete;

export { remove as delete };
