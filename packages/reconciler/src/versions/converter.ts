/**
 * Conversion of an owner kind's objects between its versions, hub-and-spoke: the hub is the version the
 * reconciler works against (`owner.version`); every other version converts to it (`toHub`) and from it
 * (`fromHub`), and two other versions convert through it. Round trips lose nothing (see round-trip.ts).
 */

import type { OwnerKind } from '../config.js';
import { versionSchema } from '../custom-resource-definition.js';
import type { ApiVersion, ConvertedFields, OpenApiSchema, OwnerApi, VersionedObject } from '../owner-api.js';
import { pruned } from './prune.js';
import { lostFields, readConversionData, restoreFields, withConversionData } from './round-trip.js';

type Json = Record<string, unknown>;
const isMap = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An object that cannot be converted: the reason says which version, which object and why. */
export class ConversionError extends Error {
  constructor(
    /** The object, `Website shop/web` (or `Website (no name)`). */
    readonly object: string,
    /** Its apiVersion. */
    readonly from: string,
    /** The apiVersion asked for. */
    readonly to: string,
    /** Why, for a person. */
    readonly reason: string,
  ) {
    super(`cannot convert ${object} from ${from} to ${to}: ${reason}`);
    this.name = 'ConversionError';
  }
}

/** Converts objects of one owner kind between its versions. */
export interface OwnerConverter {
  /** The version the reconciler works against, which every other version converts through. */
  readonly hub: string;
  /** Every version, the hub first. */
  readonly versions: readonly string[];
  /**
   * `object` as `apiVersion` (`example.com/v1`): a new object — the input is never changed — with the
   * apiVersion rewritten, the same metadata except the round-trip annotation, and the target version's fields.
   * The same version: the object as it is. Throws {@link ConversionError}.
   */
  convert(object: VersionedObject, apiVersion: string): VersionedObject;
}

interface Version {
  schema: OpenApiSchema;
  toHub?: ApiVersion['toHub'];
  fromHub?: ApiVersion['fromHub'];
}

/** Everything but apiVersion, kind and metadata: what conversion changes. */
function bodyOf(object: Json): Json {
  const { apiVersion: _v, kind: _k, metadata: _m, ...body } = object;
  return body;
}

class Converter implements OwnerConverter {
  readonly hub: string;
  readonly versions: readonly string[];
  readonly #owner: OwnerKind;
  readonly #byName = new Map<string, Version>();

  constructor(owner: OwnerKind, api: OwnerApi) {
    this.#owner = owner;
    this.hub = owner.version;
    this.#byName.set(owner.version, { schema: versionSchema(api.spec, api.status) });
    for (const v of api.versions ?? []) {
      if (v.name === owner.version) continue;
      if (v.conversion && !(v.toHub && v.fromHub))
        throw new ConversionError(
          `${owner.kind} objects`,
          `${owner.group}/${v.name}`,
          `${owner.group}/${owner.version}`,
          `the conversion module ${v.conversion} of version ${v.name} is not loaded (orkestra run loads it; in code ` +
            `give toHub and fromHub)`,
        );
      this.#byName.set(v.name, {
        schema: versionSchema(v.spec ?? api.spec, v.status ?? api.status),
        ...(v.toHub ? { toHub: v.toHub } : {}),
        ...(v.fromHub ? { fromHub: v.fromHub } : {}),
      });
    }
    this.versions = [...this.#byName.keys()];
  }

  convert(object: VersionedObject, apiVersion: string): VersionedObject {
    const name =
      `${this.#owner.kind} ` +
      `${[object?.metadata?.namespace, object?.metadata?.name ?? '(no name)'].filter(Boolean).join('/')}`;
    const fail = (reason: string): never => {
      throw new ConversionError(name, String(object?.apiVersion), apiVersion, reason);
    };
    if (!isMap(object) || !isMap(object.metadata)) return fail('it is not an object with metadata');
    const to = this.#versionOf(apiVersion, fail);
    const from = this.#versionOf(object.apiVersion, fail);
    const source = structuredClone(object);
    if (from === to) return source;
    const data = readConversionData(source.metadata);
    const metadata = withConversionData(source.metadata, {});
    const body = bodyOf(source);
    const out = this.#body(body, metadata, from, to, fail);
    restoreFields(out, data[to] ?? {});
    const back = this.#body(structuredClone(out), metadata, to, from, fail);
    const { [to]: _used, ...others } = data;
    return {
      apiVersion: `${this.#owner.group}/${to}`,
      kind: source.kind,
      metadata: withConversionData(source.metadata, { ...others, [from]: lostFields(body, back) }),
      ...out,
    };
  }

  #versionOf(apiVersion: unknown, fail: (reason: string) => never): string {
    const [group, version, extra] = String(apiVersion).split('/');
    if (group !== this.#owner.group || !version || extra !== undefined || !this.#byName.has(version))
      return fail(
        `${String(apiVersion)} is not a version of ${this.#owner.kind} ` +
          `(${this.versions.map((v) => `${this.#owner.group}/${v}`).join(', ')})`,
      );
    return version;
  }

  /** The fields of an object of version `from`, as version `to` has them (pruned to its schema). */
  #body(body: Json, metadata: VersionedObject['metadata'], from: string, to: string, fail: (r: string) => never): Json {
    const hub = from === this.hub ? body : this.#call(from, 'toHub', body, metadata, fail);
    const target = to === this.hub ? hub : this.#call(to, 'fromHub', hub, metadata, fail);
    return pruned(target, this.#byName.get(to)?.schema) as Json;
  }

  #call(
    version: string,
    fn: 'toHub' | 'fromHub',
    body: Json,
    metadata: VersionedObject['metadata'],
    fail: (reason: string) => never,
  ): Json {
    const convert = this.#byName.get(version)?.[fn];
    if (!convert) return structuredClone(body);
    const inputVersion = fn === 'toHub' ? version : this.hub;
    const input: VersionedObject = {
      ...structuredClone(body),
      apiVersion: `${this.#owner.group}/${inputVersion}`,
      kind: this.#owner.kind,
      metadata: structuredClone(metadata),
    };
    let result: ConvertedFields;
    try {
      result = convert(input);
    } catch (e) {
      return fail(`${fn} of version ${version} threw: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (!isMap(result)) return fail(`${fn} of version ${version} returned ${typeof result}, not an object`);
    // What it does not return (the status, say) is copied as it is; what it returns as undefined is removed.
    const merged = Object.entries({ ...body, ...bodyOf(result) }).filter(([, value]) => value !== undefined);
    return structuredClone(Object.fromEntries(merged));
  }
}

/**
 * The converter between the versions of `owner` described by `api` (`owner.version` is the hub; see
 * {@link ApiVersion}). Throws {@link ConversionError} when a katalog version's conversion module was not loaded.
 *
 * @example
 * const converter = ownerConverter(owner, api);
 * const v1 = converter.convert(storedAsV1alpha1, 'example.com/v1');
 */
export function ownerConverter(owner: OwnerKind, api: OwnerApi): OwnerConverter {
  return new Converter(owner, api);
}
