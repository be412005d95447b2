/**
 * The built-in helpers and the rules for user helpers. A helper is a plain function of its positional arguments,
 * called by the interpreter with the evaluated arguments.
 *
 * Which arguments may be missing is decided by the helper's kind (see {@link paramMode}): `default` and `required`
 * accept a missing first argument, condition helpers (`eq`, `and`, …) accept missing arguments when they sit in a
 * condition (`{{#if (eq spec.env "prod")}}`, a `when` expression); every other argument must exist.
 */
import { createHash } from 'node:crypto';
import { deepEqual } from '@orkestra/core/internal';
import { EvalFailure } from './errors.js';
import { describeType } from './paths.js';
import type { TemplateHelper } from './types.js';
import { isTruthy, toText } from './values.js';

/** `value`: ordinary; `condition`: tolerant of missing args in conditions; `default`/`required`: fallbacks. */
type HelperKind = 'value' | 'condition' | 'default' | 'required';

export interface HelperSpec {
  readonly name: string;
  readonly fn: (...args: unknown[]) => unknown;
  readonly minArgs: number;
  readonly maxArgs: number;
  readonly kind: HelperKind;
  readonly builtin: boolean;
}

/** Where an expression sits: a value that must exist, or a condition where a missing path is just absent. */
export type Position = 'value' | 'condition';

/** How one argument is read: may it be missing, and in which position do its own sub-expressions sit. */
export interface ParamMode {
  readonly optional: boolean;
  readonly position: Position;
}

const VALUE: ParamMode = { optional: false, position: 'value' };
const OPTIONAL_VALUE: ParamMode = { optional: true, position: 'value' };
const CONDITION: ParamMode = { optional: true, position: 'condition' };

export function paramMode(spec: HelperSpec, index: number, position: Position): ParamMode {
  switch (spec.kind) {
    case 'default':
      if (index === 0) return position === 'condition' ? CONDITION : OPTIONAL_VALUE;
      return position === 'condition' ? CONDITION : VALUE;
    case 'required':
      return index === 0 ? OPTIONAL_VALUE : VALUE;
    case 'condition':
      return position === 'condition' ? CONDITION : VALUE;
    default:
      return VALUE;
  }
}

function fail(helper: string, message: string): never {
  throw new EvalFailure(`${helper}: ${message}`);
}

function text(helper: string, v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'object' && v !== null) fail(helper, `expects text, got ${describeType(v)}`);
  return toText(v, `the result of ${helper}`);
}

function integer(helper: string, v: unknown): number {
  const n = typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n)) fail(helper, `expects a whole number, got ${describeType(v)}`);
  return n;
}

function compare(helper: string, a: unknown, b: unknown): number | undefined {
  if (a === undefined || a === null || b === undefined || b === null) return undefined;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return fail(helper, `compares two numbers or two strings, got ${describeType(a)} and ${describeType(b)}`);
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function builtin(
  name: string,
  kind: HelperKind,
  minArgs: number,
  maxArgs: number,
  fn: (...args: unknown[]) => unknown,
): HelperSpec {
  return { name, kind, minArgs, maxArgs, fn, builtin: true };
}

/**
 * The built-in helpers, each with the example the README shows. Arguments come value first:
 * `{{trunc metadata.name 63}}`, `{{replace spec.host "." "-"}}`, `{{join spec.args " "}}`.
 */
export const BUILTIN_HELPERS: readonly HelperSpec[] = [
  // {{default spec.replicas 1}}: the value when present (0, '' and false are present), else the fallback.
  builtin('default', 'default', 2, 2, (value, fallback) => (value === undefined || value === null ? fallback : value)),
  // {{required spec.image "spec.image must be set"}}: fails with the message when missing, null or ''.
  // The compiler passes the path as a hidden third argument, for the error.
  builtin('required', 'required', 1, 2, (value, message, path) => {
    if (value === undefined || value === null || value === '') {
      const where = typeof path === 'string' && path !== '' ? path : undefined;
      const text = typeof message === 'string' && message !== '' ? message : `${where ?? 'a value'} is required`;
      throw new EvalFailure(text, { path: where });
    }
    return value;
  }),
  builtin('upper', 'value', 1, 1, (s) => text('upper', s).toUpperCase()),
  builtin('lower', 'value', 1, 1, (s) => text('lower', s).toLowerCase()),
  builtin('trim', 'value', 1, 1, (s) => text('trim', s).trim()),
  // {{trunc metadata.name 63}}: at most 63 characters; a negative length keeps the end.
  builtin('trunc', 'value', 2, 2, (s, n) => {
    const str = text('trunc', s);
    const len = integer('trunc', n);
    const chars = Array.from(str);
    if (len >= 0) return chars.length <= len ? str : chars.slice(0, len).join('');
    return chars.length <= -len ? str : chars.slice(chars.length + len).join('');
  }),
  // {{replace spec.host "." "-"}}: every occurrence.
  builtin('replace', 'value', 3, 3, (s, from, to) =>
    text('replace', s).replaceAll(text('replace', from), text('replace', to)),
  ),
  // {{quote spec.name}}: a double-quoted string with JSON escapes.
  builtin('quote', 'value', 1, 1, (s) => JSON.stringify(text('quote', s))),
  builtin('b64enc', 'value', 1, 1, (s) => Buffer.from(text('b64enc', s), 'utf8').toString('base64')),
  builtin('b64dec', 'value', 1, 1, (s) => {
    const str = text('b64dec', s);
    if (!BASE64.test(str)) fail('b64dec', 'the value is not valid base64');
    return Buffer.from(str, 'base64').toString('utf8');
  }),
  // {{toJson spec.config}}: compact JSON.
  builtin('toJson', 'value', 1, 1, (v) => {
    if (v === undefined) fail('toJson', 'got no value');
    return JSON.stringify(v);
  }),
  // {{sha256 (toJson spec.config)}}: hex SHA-256 of the text (of the JSON for a non-string).
  builtin('sha256', 'value', 1, 1, (v) => {
    if (v === undefined) fail('sha256', 'got no value');
    return createHash('sha256')
      .update(typeof v === 'string' ? v : JSON.stringify(v), 'utf8')
      .digest('hex');
  }),
  // {{join spec.args " "}}: the items' text, with "," when no separator is given.
  builtin('join', 'value', 1, 2, (list, sep) => {
    if (!Array.isArray(list)) fail('join', `expects a list, got ${describeType(list)}`);
    const separator = sep === undefined ? ',' : text('join', sep);
    return list.map((item: unknown) => text('join', item)).join(separator);
  }),
  builtin('eq', 'condition', 2, 2, (a, b) => deepEqual(a, b)),
  builtin('ne', 'condition', 2, 2, (a, b) => !deepEqual(a, b)),
  // {{lt spec.replicas 3}}: numbers or strings; false when either side is absent.
  builtin('lt', 'condition', 2, 2, (a, b) => (compare('lt', a, b) ?? 0) < 0),
  builtin('gt', 'condition', 2, 2, (a, b) => (compare('gt', a, b) ?? 0) > 0),
  builtin('and', 'condition', 1, Infinity, (...args) => args.every(isTruthy)),
  builtin('or', 'condition', 1, Infinity, (...args) => args.some(isTruthy)),
  builtin('not', 'condition', 1, 1, (v) => !isTruthy(v)),
];

/** Names a user helper cannot take: built-ins, Handlebars' block helpers and keywords. */
const RESERVED_NAMES: ReadonlySet<string> = new Set([
  ...BUILTIN_HELPERS.map((h) => h.name),
  'if',
  'unless',
  'each',
  'with',
  'else',
  'this',
  'lookup',
  'log',
  'helperMissing',
  'blockHelperMissing',
  'true',
  'false',
  'null',
  'undefined',
]);

const HELPER_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/** Checks a user helper and wraps it so that what it throws names it. */
export function userHelper(name: string, fn: TemplateHelper): HelperSpec {
  if (!HELPER_NAME.test(name)) {
    throw new TypeError(
      `helper name ${JSON.stringify(name)} is not valid: use letters, digits and _, starting with a letter`,
    );
  }
  if (RESERVED_NAMES.has(name))
    throw new TypeError(`helper name ${JSON.stringify(name)} is taken by a built-in helper or keyword`);
  if (typeof fn !== 'function') throw new TypeError(`helper ${name} must be a function`);
  const wrapped = (...args: unknown[]): unknown => {
    let result: unknown;
    try {
      result = fn(...args);
    } catch (err) {
      if (err instanceof EvalFailure) throw err;
      throw new EvalFailure(`helper ${name} failed`, {
        userText: err instanceof Error ? err.message : String(err),
        cause: err,
      });
    }
    if (typeof result === 'object' && result !== null && typeof (result as { then?: unknown }).then === 'function') {
      throw new EvalFailure(`helper ${name} returned a Promise; helpers must return their value synchronously`);
    }
    return result;
  };
  return { name, fn: wrapped, minArgs: 0, maxArgs: Infinity, kind: 'value', builtin: false };
}
