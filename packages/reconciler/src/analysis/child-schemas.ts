/**
 * Each child template against its handler's JSON Schema (the handler's precompiled check first, Ajv only to
 * explain a refusal), a handler of any kind's literal apiVersion and kind, and the order between the templates
 * (`dependsOn`, references). Ajv's errors become problems with a hint where one helps (`did you mean image?`).
 */
import { type FieldProblem, type ResolvedSpec, type ResourceHandler, ValidationError } from '@orkestra/core';
import { defaultTemplateEngine, suggest, type TemplateEngine } from '@orkestra/template';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { buildChildOrder, ChildOrder } from '../child-order.js';
import { childTemplates } from '../child-templates.js';
import type { HandlerTemplates } from '../config.js';
import { childAcceptedAhead, compileChildCheck, schemaExplainer } from '../schema-checks.js';
import type { ProblemList } from './problems.js';

/** JSON pointer segments of an Ajv error → `spec.crds[0].owner.kind`. */
function pathOf(segments: readonly (string | number)[]): string {
  let out = '';
  for (const s of segments) out += typeof s === 'number' ? `[${s}]` : out ? `.${s}` : s;
  return out;
}

function segmentsOf(pointer: string): (string | number)[] {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/** An Ajv error as a field problem: segments below the checked value, a message, and a hint where one helps. */
function describeAjvError(e: ErrorObject): {
  segments: (string | number)[];
  message: string;
  hint?: string;
  code?: 'required';
  field?: string;
} {
  const segments = segmentsOf(e.instancePath);
  const params = e.params as Record<string, unknown>;
  if (e.keyword === 'additionalProperties') {
    const field = String(params.additionalProperty);
    // With Ajv's `verbose`, the object's schema names the fields it takes: a near one is the likely meaning.
    const known = Object.keys((e.parentSchema as { properties?: object } | undefined)?.properties ?? {});
    const near = suggest(field, known);
    return {
      segments: [...segments, field],
      message: 'is not a known field',
      hint: near ? `did you mean ${near}?` : 'check the spelling; see the package README for the fields it takes',
    };
  }
  if (e.keyword === 'required') {
    const field = String(params.missingProperty);
    return { segments, message: `must have ${field}`, code: 'required', field };
  }
  if (e.keyword === 'const') return { segments, message: `must be ${JSON.stringify(params.allowedValue)}` };
  if (e.keyword === 'anyOf' || e.keyword === 'oneOf') return { segments, message: wrongType(e) };
  return { segments, message: e.message ?? 'is invalid' };
}

const ARTICLE: Record<string, string> = { integer: 'an integer', object: 'a map', array: 'a list' };

/**
 * `is a boolean, but must be an integer or a string` for a value no alternative takes (with Ajv's `verbose`, the
 * alternatives and the value are on the error). The value itself is never shown: it may be a secret.
 */
function wrongType(e: ErrorObject): string {
  const types = (Array.isArray(e.schema) ? (e.schema as { type?: unknown }[]) : [])
    .map((s) => s.type)
    .filter((t): t is string => typeof t === 'string');
  if (types.length === 0) return 'has a value of the wrong type';
  const name = (t: string) => ARTICLE[t] ?? `a ${t}`;
  const data: unknown = e.data;
  const got = data === null ? 'null' : Array.isArray(data) ? 'array' : Number.isInteger(data) ? 'integer' : typeof data;
  return `is ${got === 'null' ? 'null' : name(got)}, but must be ${[...new Set(types)].map(name).join(' or ')}`;
}

/** Ajv's errors as field problems below `prefix`; anyOf's branch errors are left out (its summary is enough). */
export function ajvProblems(
  errors: readonly ErrorObject[] | null | undefined,
  prefix: readonly (string | number)[],
): FieldProblem[] {
  const out: FieldProblem[] = [];
  const seen = new Set<string>();
  for (const e of errors ?? []) {
    if (e.schemaPath.includes('/anyOf/') && !e.schemaPath.endsWith('/anyOf')) continue;
    const { segments, message, hint, code, field } = describeAjvError(e);
    const path = pathOf([...prefix, ...segments]);
    const key = `${path} ${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ path, message, hint, ...(code ? { code, field } : {}) });
  }
  return out;
}

/**
 * A handler of any kind needs a literal apiVersion and kind in each template: what {@link ResourceHandler.kindOf} says.
 */
function kindProblems(handler: ResourceHandler<unknown, ResolvedSpec>, item: unknown, at: string): FieldProblem[] {
  try {
    handler.kindOf?.(item);
    return [];
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    return e.problems.map((p) => ({ ...p, path: `${at}.${p.path}` }));
  }
}

/**
 * Every child template of `resources` against its handler's schema (and a handler of any kind's kind), into
 * `list` at `resources.<key>.<phase>[<i>]`. Keys without a handler are left to the caller.
 */
export function checkChildSchemas(
  resources: Readonly<Record<string, HandlerTemplates>>,
  handlers: ReadonlyMap<string, ResourceHandler<unknown, ResolvedSpec>>,
  list: ProblemList,
): void {
  /** Ajv's check of a handler's schema, compiled only to explain a template its precompiled check refuses. */
  const explainers = new Map<string, ValidateFunction>();
  for (const { handlerKey, field, template } of childTemplates(resources)) {
    const handler = handlers.get(handlerKey);
    if (!handler) continue;
    const at = `resources.${field}`;
    if (!childAcceptedAhead(handler, template)) {
      let check = explainers.get(handlerKey);
      if (!check) explainers.set(handlerKey, (check = compileChildCheck(schemaExplainer(), handler.schema)));
      if (!check(template)) {
        for (const p of ajvProblems(check.errors, [])) list.add({ ...p, path: p.path ? `${at}.${p.path}` : at });
        continue;
      }
    }
    if (handler.kindOf) for (const p of kindProblems(handler, template, at)) list.add(p);
  }
}

/**
 * The problems of the order between child templates (`dependsOn`, references): unknown ids, cycles… each with
 * its path below `prefix` (`resources`); empty when the order holds.
 */
export function childOrderProblems(
  resources: Readonly<Record<string, HandlerTemplates>>,
  prefix: string,
  engine: TemplateEngine = defaultTemplateEngine(),
): FieldProblem[] {
  const order = buildChildOrder(resources, (source, field) => engine.reads(source, { field }));
  return order instanceof ChildOrder ? [] : order.problems.map((p) => ({ ...p, path: `${prefix}.${p.path}` }));
}
