/**
 * `when` conditions: should the reconciler create this child for this CR? Evaluated against the CR, with
 * Orkestra Go's operators and semantics, or as a Handlebars expression. A missing field is absent, never an error.
 *
 * Go semantics kept: the field is compared as text (`equals: "true"` matches the boolean `true`, `3` matches
 * `"3"`); an absent field is the empty text, and `0` for `gt`/`lt` (Kubernetes omits zero integers); `exists`
 * means present and not empty; `in` takes a comma-separated list (or, here, a list).
 */
import { TemplateError } from './errors.js';
import type { Position } from './helpers.js';
import { assertUsable, resolvePrepared } from './interpreter.js';
import { compilePath, joinPath, parseFieldPath, readPath } from './paths.js';
import type { PreparedTemplate } from './program.js';
import { findInSchema, rootSchema, schemaMessage } from './schema-check.js';
import type {
  CheckOptions,
  CustomResource,
  JsonSchema,
  TemplateProblem,
  When,
  WhenCondition,
  WhenOperator,
} from './types.js';
import { isTruthy } from './values.js';

/** What `when` needs from the engine: its cached template strings. */
interface WhenHost {
  string(template: string, position: Position): PreparedTemplate;
}

const WHEN_OPERATORS: readonly WhenOperator[] = [
  'equals',
  'notEquals',
  'contains',
  'prefix',
  'suffix',
  'exists',
  'notExists',
  'gt',
  'lt',
  'in',
];

/** Go's shorthand keys, in the order Go's `ResolveConditionOp` tries them. */
const SHORTHANDS: readonly (readonly [keyof WhenCondition, WhenOperator])[] = [
  ['equals', 'equals'],
  ['notEquals', 'notEquals'],
  ['prefix', 'prefix'],
  ['suffix', 'suffix'],
  ['contains', 'contains'],
  ['greaterThan', 'gt'],
  ['lessThan', 'lt'],
  ['in', 'in'],
];

/** The text form Go compares: `''` when absent, strings as they are, numbers and booleans printed, data as JSON. */
function textOf(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

function numberOf(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '') return Number(v);
  return Number.NaN;
}

/** The operator and expected value of a condition, shorthands resolved; or a problem. */
function resolveOperator(c: WhenCondition): { op: WhenOperator; expected: unknown } | { problem: string } {
  for (const [key, op] of SHORTHANDS) if (c[key] !== undefined) return { op, expected: c[key] };
  if (c.exists !== undefined) return { op: c.exists ? 'exists' : 'notExists', expected: undefined };
  if (c.notExists !== undefined) return { op: c.notExists ? 'notExists' : 'exists', expected: undefined };
  if (c.operator !== undefined) {
    if (!WHEN_OPERATORS.includes(c.operator)) {
      return { problem: `unknown operator ${JSON.stringify(c.operator)}; use one of ${WHEN_OPERATORS.join(', ')}` };
    }
    return { op: c.operator, expected: c.value };
  }
  if (c.value !== undefined) return { op: 'equals', expected: c.value };
  return { op: 'exists', expected: undefined };
}

type Predicate = (cr: CustomResource) => boolean;

function compileCondition(c: WhenCondition, field: string, host: WhenHost): Predicate {
  if (typeof c !== 'object' || c === null || typeof c.field !== 'string') {
    throw new TemplateError({ field, message: 'a when condition needs a field (a CR path such as spec.environment)' });
  }
  const parts = parseFieldPath(c.field);
  if (parts === undefined)
    throw new TemplateError({ field: `${field}.field`, message: `cannot read the CR path ${JSON.stringify(c.field)}` });
  const resolved = resolveOperator(c);
  if ('problem' in resolved) throw new TemplateError({ field: `${field}.operator`, message: resolved.problem });
  const { op } = resolved;
  const path = compilePath(parts, joinPath(parts));
  // A string value may itself be a template: `value: "{{ .metadata.name }}-prod"`.
  let expected: (cr: CustomResource) => unknown = () => resolved.expected;
  if (typeof resolved.expected === 'string' && resolved.expected.includes('{{')) {
    const leaf = host.string(resolved.expected, 'value');
    assertUsable(leaf, `${field}.value`, false);
    expected = (cr) => resolvePrepared(leaf, cr, `${field}.value`, false);
  }
  switch (op) {
    case 'exists':
      return (cr) => textOf(readPath(cr, path)) !== '';
    case 'notExists':
      return (cr) => textOf(readPath(cr, path)) === '';
    case 'equals':
      return (cr) => textOf(readPath(cr, path)) === textOf(expected(cr));
    case 'notEquals':
      return (cr) => textOf(readPath(cr, path)) !== textOf(expected(cr));
    case 'contains':
      return (cr) => {
        const v = readPath(cr, path);
        if (v === undefined) return false;
        const want = textOf(expected(cr));
        return Array.isArray(v) ? v.some((item) => textOf(item) === want) : textOf(v).includes(want);
      };
    case 'prefix':
      return (cr) => {
        const v = readPath(cr, path);
        return v !== undefined && textOf(v).startsWith(textOf(expected(cr)));
      };
    case 'suffix':
      return (cr) => {
        const v = readPath(cr, path);
        return v !== undefined && textOf(v).endsWith(textOf(expected(cr)));
      };
    case 'gt':
    case 'lt':
      return (cr) => {
        const v = readPath(cr, path);
        const have = v === undefined ? 0 : numberOf(v);
        const want = numberOf(expected(cr));
        if (Number.isNaN(have) || Number.isNaN(want)) return false;
        return op === 'gt' ? have > want : have < want;
      };
    case 'in':
      return (cr) => {
        const want = expected(cr);
        const list = Array.isArray(want)
          ? want.map(textOf)
          : textOf(want)
              .split(',')
              .map((s) => s.trim());
        return list.includes(textOf(readPath(cr, path)));
      };
  }
}

/** A `when` expression is true when its value is truthy; a text result is false when empty or `"false"`. */
function expressionTruth(v: unknown): boolean {
  if (typeof v === 'string') {
    const t = v.trim();
    return t !== '' && t !== 'false';
  }
  return isTruthy(v);
}

function compileExpression(expression: string, field: string, host: WhenHost): Predicate {
  const leaf = host.string(expression, 'condition');
  assertUsable(leaf, field, false);
  return (cr) => expressionTruth(resolvePrepared(leaf, cr, field, false));
}

/** Compiles a `when` clause into a predicate; throws {@link TemplateError} for a malformed clause. */
export function compileWhen(when: When, host: WhenHost, field = 'when'): Predicate {
  if (typeof when === 'string') return compileExpression(when, field, host);
  if (Array.isArray(when)) {
    const all = (when as readonly (WhenCondition | string)[]).map((w, i) => compileWhen(w, host, `${field}[${i}]`));
    if (all.length === 1) return all[0]!;
    return (cr) => {
      for (const p of all) if (!p(cr)) return false;
      return true;
    };
  }
  return compileCondition(when as WhenCondition, field, host);
}

/** Every problem of a `when` clause, without a CR: malformed conditions, bad expressions, unknown fields. */
export function checkWhen(when: When, host: WhenHost, options: CheckOptions, field = 'when'): TemplateProblem[] {
  const schema = options.schema ? rootSchema(options.schema) : undefined;
  const check = (w: WhenCondition | string, at: string): TemplateProblem[] =>
    typeof w === 'string'
      ? checkExpression(w, at, host, options.sensitive ?? false, schema)
      : checkCondition(w, at, host, schema);
  if (Array.isArray(when))
    return (when as readonly (WhenCondition | string)[]).flatMap((w, i) => check(w, `${field}[${i}]`));
  return check(when as WhenCondition | string, field);
}

/** The problems of a `when` expression at `at`: its template's own, else the CR paths it reads that `schema` lacks. */
function checkExpression(
  expression: string,
  at: string,
  host: WhenHost,
  sensitive: boolean,
  schema: JsonSchema | undefined,
): TemplateProblem[] {
  const leaf = host.string(expression, 'condition');
  if (leaf.problems.length > 0) {
    try {
      assertUsable(leaf, at, sensitive);
    } catch (err) {
      if (err instanceof TemplateError) return [...err.problems];
    }
    return [];
  }
  if (!schema) return [];
  const problems: TemplateProblem[] = [];
  for (const use of leaf.uses) {
    const miss = use.abs === null ? undefined : findInSchema(schema, use.abs);
    if (miss)
      problems.push({ field: at, path: use.display, message: schemaMessage(use.display, miss), hint: miss.hint });
  }
  return problems;
}

/** The problems of a `when` condition at `at`: a malformed condition's, else its field when `schema` lacks it. */
function checkCondition(
  condition: WhenCondition,
  at: string,
  host: WhenHost,
  schema: JsonSchema | undefined,
): TemplateProblem[] {
  try {
    compileCondition(condition, at, host);
  } catch (err) {
    return err instanceof TemplateError ? [...err.problems] : [];
  }
  const parts = parseFieldPath(condition.field);
  const miss = schema && parts ? findInSchema(schema, parts) : undefined;
  if (!miss || !parts) return [];
  const path = joinPath(parts);
  return [{ field: `${at}.field`, path, message: schemaMessage(path, miss), hint: miss.hint }];
}
