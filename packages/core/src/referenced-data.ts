/**
 * Copying keys from another object of the owner's namespace (`fromConfigMap`, `fromSecret`): the source is
 * read when the child is built, and the keys the template declares win over copied ones.
 */
import type { Context } from './context.js';
import { OrkestraError } from './errors.js';
import type { ObjectClient } from './object-client.js';

/** Where to read referenced objects from: a client (through its read cache) and the call's context. */
export interface ObjectReader {
  kube: ObjectClient;
  ctx: Context;
}

/** Which keys to copy from which object. */
export interface KeySource {
  /** Name of the source object, in the child's namespace. */
  name: string;
  /** Only these keys; all when absent. */
  keys?: readonly string[] | undefined;
}

/**
 * Reads `fields` (e.g. `['data', 'binaryData']`) of the named object and returns them with only the wanted
 * keys. A missing object or key is an error naming both and how to fix it; values are never in messages.
 *
 * @example
 * const where = { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'shop' };
 * const { data } = await readKeysFrom(reader, where, { name: 'base' }, ['data']);
 */
export async function readKeysFrom(
  reader: ObjectReader | undefined,
  type: { apiVersion: string; kind: string; namespace: string | undefined },
  source: KeySource,
  fields: readonly string[],
  field: string,
): Promise<Record<string, Record<string, string>>> {
  const where = `${type.kind} ${type.namespace ? `${type.namespace}/` : ''}${source.name}`;
  if (!reader) {
    throw new OrkestraError('NeedsCluster', `${field}: copying keys from ${where} needs a cluster to read it from`, {
      object: { kind: type.kind, namespace: type.namespace, name: source.name },
    });
  }
  const obj = await reader.kube.get(
    { apiVersion: type.apiVersion, kind: type.kind, namespace: type.namespace, name: source.name },
    { signal: reader.ctx.signal },
  );
  if (!obj) {
    throw new OrkestraError(
      'NotFound',
      `${field}: ${where} does not exist — create it, or fix the name in ${field}.name`,
      { object: { kind: type.kind, namespace: type.namespace, name: source.name } },
    );
  }
  const out: Record<string, Record<string, string>> = {};
  const found = new Set<string>();
  for (const f of fields) {
    const values = (obj[f] ?? {}) as Record<string, string>;
    const picked: Record<string, string> = {};
    for (const [k, v] of Object.entries(values)) {
      if (source.keys && !source.keys.includes(k)) continue;
      picked[k] = v;
      found.add(k);
    }
    out[f] = picked;
  }
  const missing = source.keys?.filter((k) => !found.has(k)) ?? [];
  if (missing.length) {
    throw new OrkestraError(
      'NotFound',
      `${field}.keys: ${where} has no key ${missing.map((k) => JSON.stringify(k)).join(', ')} — add it there, or ` +
        `remove it from ${field}.keys`,
      { object: { kind: type.kind, namespace: type.namespace, name: source.name } },
    );
  }
  return out;
}
