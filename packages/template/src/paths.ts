/**
 * Paths: reading a CR path with own-property look-ups only, naming paths in messages, template field paths,
 * and copying data taken from the CR.
 */
import { EvalFailure } from './errors.js';
import { suggest } from './suggest.js';

const hop = Object.prototype.hasOwnProperty;

/**
 * Keys that exist on a built-in prototype (`constructor`, `__proto__`, `toString`, `length`, …). Only these need an
 * own-property check: for any other key, a plain-data object either has it or yields `undefined`.
 */
function isInheritableKey(key: string): boolean {
  return (
    key === '__proto__' ||
    key in Object.prototype ||
    key in Array.prototype ||
    key in String.prototype ||
    key in Number.prototype ||
    key in Boolean.prototype ||
    key in Function.prototype
  );
}

/** A path ready to read: its keys and which of them need the own-property check. */
export interface CompiledPath {
  readonly parts: readonly string[];
  readonly guarded: readonly boolean[];
  /** How messages name it: `spec.ports[0]`, `@root.spec.x`, `../name`, `item.name`. */
  readonly display: string;
}

export function compilePath(parts: readonly string[], display: string): CompiledPath {
  return { parts, guarded: parts.map(isInheritableKey), display };
}

/**
 * Reads `path` below `base`. `undefined` when any step is missing or `null`, or is only inherited (prototype
 * access is blocked).
 */
export function readPath(base: unknown, path: CompiledPath): unknown {
  let cur = base;
  const { parts, guarded } = path;
  for (let i = 0; i < parts.length; i++) {
    if (cur === undefined || cur === null) return undefined;
    const key = parts[i]!;
    const next: unknown = (cur as Record<string, unknown>)[key];
    if (next === undefined || next === null || (guarded[i] && !hop.call(cur, key))) return undefined;
    cur = next;
  }
  return cur === null ? undefined : cur;
}

/** The failure for a missing path: which step is missing, and a near key when there is one. */
export function missingPath(base: unknown, path: CompiledPath, what = 'the CR'): EvalFailure {
  const { parts, guarded, display } = path;
  let cur = base;
  let i = 0;
  for (; i < parts.length; i++) {
    const key = parts[i]!;
    const next: unknown = cur === undefined || cur === null ? undefined : (cur as Record<string, unknown>)[key];
    if (next === undefined || next === null || (guarded[i] && !hop.call(cur, key))) break;
    cur = next;
  }
  if (parts.length === 0 || i >= parts.length) {
    return new EvalFailure(`${display} is missing`, { path: display });
  }
  const key = parts[i]!;
  const parentParts = parts.slice(0, i);
  const prefix = display.startsWith('@root') ? '@root' : '';
  const parentName = parentParts.length === 0 ? prefix || what : joinPath(parentParts, prefix);
  let detail: string;
  let near: string | undefined;
  if (cur === null) {
    detail = `${parentName} is null`;
  } else if (typeof cur !== 'object') {
    detail = `${parentName} is ${describeType(cur)}, it has no field ${JSON.stringify(key)}`;
  } else {
    const own = (cur as Record<string, unknown>)[key];
    detail =
      own === null && hop.call(cur, key)
        ? `${joinPath(parts.slice(0, i + 1), prefix)} is null`
        : `${parentName} has no field ${JSON.stringify(key)}`;
    if (!Array.isArray(cur)) {
      const candidate = suggest(key, Object.keys(cur));
      if (candidate !== undefined) near = joinPath([...parentParts, candidate], prefix);
    }
  }
  const hint = near
    ? `did you mean ${near}?`
    : `if it is optional, write {{default ${display} …}} or {{#if ${display}}}…{{/if}}`;
  return new EvalFailure(`${display} is missing: ${detail}`, { path: display, hint });
}

/** `a string`, `a number`, `an object`, `a list` — a type, never the value. */
export function describeType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  switch (typeof v) {
    case 'object':
      return 'an object';
    case 'undefined':
      return 'missing';
    case 'string':
      return 'a string';
    case 'number':
      return 'a number';
    case 'boolean':
      return 'a boolean';
    default:
      return `a ${typeof v}`;
  }
}

const SIMPLE_KEY = /^[A-Za-z_$][\w$-]*$/;
const INDEX = /^(0|[1-9][0-9]*)$/;

/** `spec.ports[0].name`, `metadata.labels["app.kubernetes.io/name"]`; `prefix` such as `@root` goes first. */
export function joinPath(parts: readonly string[], prefix = ''): string {
  let out = prefix;
  for (const p of parts) {
    if (INDEX.test(p)) out += `[${p}]`;
    else if (SIMPLE_KEY.test(p)) out += out === '' ? p : `.${p}`;
    else out += `[${JSON.stringify(p)}]`;
  }
  return out;
}

/** Appends a map key or list index to a template field path. */
export function childField(field: string, key: string | number): string {
  if (typeof key === 'number') return `${field}[${key}]`;
  if (SIMPLE_KEY.test(key)) return field === '' ? key : `${field}.${key}`;
  return `${field}[${JSON.stringify(key)}]`;
}

/**
 * Parses a dotted CR path as written in a `when` field: `spec.a.b`, `.spec.a` (Go style), `spec.ports[0].name`,
 * `metadata.labels["app.kubernetes.io/name"]`. Returns `undefined` when it cannot be parsed.
 */
export function parseFieldPath(text: string): string[] | undefined {
  let s = text.trim();
  if (s.startsWith('.')) s = s.slice(1);
  if (s === '') return undefined;
  const parts: string[] = [];
  for (let i = 0; i < s.length; ) {
    const step = s[i] === '[' ? bracketStep(s, i) : dottedStep(s, i);
    if (step === undefined) return undefined;
    parts.push(step.key);
    i = step.next;
  }
  return parts;
}

/** One key of a field path and where the next one starts; `undefined` when the text there cannot be parsed. */
type PathStep = { key: string; next: number } | undefined;

/** `[0]`, `["app.kubernetes.io/name"]` or `['x']` at `i`, and the dot after it. */
function bracketStep(s: string, i: number): PathStep {
  const end = s.indexOf(']', i);
  if (end < 0) return undefined;
  const key = bracketKey(s.slice(i + 1, end).trim());
  if (key === undefined) return undefined;
  return { key, next: s[end + 1] === '.' ? end + 2 : end + 1 };
}

/** The key inside brackets: a JSON string unquoted, a single-quoted one stripped, anything else as written. */
function bracketKey(inner: string): string | undefined {
  if (inner.startsWith("'")) return inner.slice(1, -1);
  if (!inner.startsWith('"')) return inner;
  try {
    return JSON.parse(inner) as string;
  } catch {
    return undefined;
  }
}

/** A plain key at `i`, up to the next `.` or `[`; a trailing dot with nothing after it cannot be parsed. */
function dottedStep(s: string, i: number): PathStep {
  let j = i;
  while (j < s.length && s[j] !== '.' && s[j] !== '[') j++;
  const key = s.slice(i, j);
  if (key === '') return undefined;
  if (s[j] !== '.') return { key, next: j };
  return j + 1 >= s.length ? undefined : { key, next: j + 1 };
}

/**
 * Copies data taken from the CR so that changing a resolved value never changes the CR (which may sit in an
 * informer cache). Plain objects and lists are copied deeply; anything else is returned as it is.
 */
export function copyData(v: unknown): unknown {
  if (typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) {
    const out = new Array<unknown>(v.length);
    for (let i = 0; i < v.length; i++) out[i] = copyData(v[i]);
    return out;
  }
  const proto = Object.getPrototypeOf(v) as unknown;
  if (proto !== Object.prototype && proto !== null) return v;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(v)) {
    const value = copyData((v as Record<string, unknown>)[key]);
    if (key === '__proto__')
      Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
    else out[key] = value;
  }
  return out;
}
