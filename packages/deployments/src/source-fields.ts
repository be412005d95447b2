/**
 * The checks a Deployment source's fields share: required values, unique names, ports, env var names, key
 * selectors and "exactly one of" groups. Each reports to the validator and returns the value, or undefined.
 */
import { checkConfigKey, checkDns1123Subdomain, type Validator } from '@orkestra/core/authoring';
import type { KeySelector } from './types.js';

/** Said of a list field given as one string. */
export const LIST_HINT = 'write it as a list, e.g. ["sh", "-c", "exec my-app"], or make one template yield a list';

/** Set to something: neither undefined, null nor the empty string. */
export const given = (value: unknown): boolean => value !== undefined && value !== null && value !== '';
/** A value as it is quoted in a message. */
export const show = (value: unknown): string => JSON.stringify(value);

/** The items of a list of maps, each checked for unknown fields, with its path (`env[2]`). */
export function* items(
  v: Validator,
  path: string,
  value: unknown,
  fields: readonly string[],
): Generator<{ at: string; item: Record<string, unknown> }> {
  for (const [i, raw] of v.list(path, value).entries()) {
    const at = `${path}[${i}]`;
    if (raw === undefined || raw === null) v.add(at, 'must not be empty');
    const item = v.map(at, raw, fields);
    if (item) yield { at, item };
  }
}

/** A string that must be there. */
export function required(v: Validator, path: string, value: unknown, hint?: string): string | undefined {
  if (!given(value)) {
    v.add(path, 'is required', hint);
    return undefined;
  }
  return v.string(path, value);
}

/** An optional boolean, `undefined` when absent. */
export function flag(v: Validator, path: string, value: unknown): boolean | undefined {
  return given(value) ? v.boolean(path, value) : undefined;
}

/** Reports a value already seen in another item of the same list (`seen` maps values to the first item's path). */
export function unique(v: Validator, seen: Map<string, string>, path: string, value: string, what: string): void {
  const first = seen.get(value);
  if (first !== undefined)
    v.add(path, `duplicate ${what} ${show(value)}, also at ${first}`, `each ${what} may appear once`);
  else seen.set(value, path.replace(/\.[^.[]+$/, ''));
}

/** A port number or a container port name that must be there. */
export function requiredPort(v: Validator, path: string, value: unknown): number | string | undefined {
  if (given(value)) return v.portOrName(path, value);
  v.add(path, 'is required');
  return undefined;
}

/** Environment variable names: any printable ASCII but `=` (Kubernetes' relaxed rule). */
export function checkEnvName(name: string): string | undefined {
  if (name.length === 0) return 'must not be empty';
  if (!/^[\x20-\x7e]+$/.test(name)) return `must consist of printable ASCII characters, got ${show(name)}`;
  if (name.includes('=')) return `must not contain '=', got ${show(name)}`;
  return undefined;
}

/** A relative path inside a volume: not absolute, no `..` element. */
export function checkRelativePath(path: string): string | undefined {
  if (path.startsWith('/')) return `must be a relative path, got ${show(path)}`;
  if (path.split('/').includes('..')) return `must not contain '..', got ${show(path)}`;
  return undefined;
}

export function requiredName(
  v: Validator,
  path: string,
  value: unknown,
  check: (s: string) => string | undefined = checkDns1123Subdomain,
): string | undefined {
  const text = required(v, path, value);
  return text !== undefined && v.check(path, text, check) ? text : undefined;
}

export function keySelector(v: Validator, path: string, value: unknown): KeySelector | undefined {
  const ref = v.map(path, value, ['name', 'key', 'optional']);
  if (!ref) return undefined;
  const refName = requiredName(v, `${path}.name`, ref.name);
  const key = requiredName(v, `${path}.key`, ref.key, checkConfigKey);
  const optional = flag(v, `${path}.optional`, ref.optional);
  if (refName === undefined || key === undefined) return undefined;
  return { name: refName, key, ...(optional !== undefined ? { optional } : {}) };
}

export function objectRef(
  v: Validator,
  path: string,
  value: unknown,
): { name: string; optional?: boolean } | undefined {
  const ref = v.map(path, value, ['name', 'optional']);
  if (!ref) return undefined;
  const refName = requiredName(v, `${path}.name`, ref.name);
  const optional = flag(v, `${path}.optional`, ref.optional);
  return refName === undefined ? undefined : { name: refName, ...(optional !== undefined ? { optional } : {}) };
}

/** Exactly one of `fields` is set on `item`; returns it, or reports the problem. */
export function oneOfFields(
  v: Validator,
  path: string,
  item: Record<string, unknown>,
  fields: readonly string[],
): string | undefined {
  const set = fields.filter((f) => given(item[f]));
  if (set.length === 1) return set[0];
  v.add(
    path,
    set.length === 0 ? `must set one of ${fields.join(', ')}` : `sets ${set.join(' and ')}; set only one of them`,
  );
  return undefined;
}
