/**
 * The interpreter: evaluates a {@link PreparedTemplate} against a CR. The one way templates are evaluated — no
 * generated JavaScript, no Handlebars runtime. It reads own properties only (see {@link readPath}), writes no
 * HTML escapes, and treats every value read from the CR as data: a CR value is never parsed or evaluated.
 *
 * Blocks behave as Handlebars' built-in helpers do (`#if`, `#unless`, `#each`, `#with`, sections, `else`,
 * `@index`/`@key`/`@first`/`@last`, block parameters, `../`), including the rule that `../` climbs only past
 * blocks that changed the context.
 */
import { locate, placeProblem, TemplateError, toProblem } from './errors.js';
import { copyData, missingPath, readPath } from './paths.js';
import type { Base, Expr, PreparedTemplate, Stmt } from './program.js';
import { toText } from './values.js';

/** The data frame of an `#each`: its current item's key and position; `parent` is the enclosing frame. */
interface DataFrame {
  key: unknown;
  index: number;
  first: boolean;
  last: boolean;
  readonly parent: DataFrame | undefined;
}

/** Block parameter values of one declaring block; `up` is the enclosing declaring block's. */
interface Params {
  readonly values: readonly unknown[];
  readonly up: Params | undefined;
}

/** Where an expression is evaluated. `parent` is what `../` reads. */
interface Env {
  readonly context: unknown;
  readonly parent: Env | undefined;
  readonly data: DataFrame | undefined;
  readonly params: Params | undefined;
  readonly root: unknown;
}

function dataValue(env: Env, name: string, depth: number): unknown {
  let frame = env.data;
  for (let i = 0; i < depth; i++) {
    if (frame === undefined) return undefined;
    frame = frame.parent;
  }
  if (name === 'root') return env.root;
  return frame === undefined ? undefined : frame[name as 'key' | 'index' | 'first' | 'last'];
}

function baseValue(base: Base, env: Env): unknown {
  switch (base.k) {
    case 'context': {
      let e: Env | undefined = env;
      for (let i = 0; i < base.depth && e !== undefined; i++) e = e.parent;
      return e?.context;
    }
    case 'data':
      return dataValue(env, base.name, base.depth);
    case 'param': {
      let p = env.params;
      for (let i = 0; i < base.depth && p !== undefined; i++) p = p.up;
      return p?.values[base.index];
    }
  }
}

function evaluateExpr(e: Expr, env: Env): unknown {
  switch (e.k) {
    case 'lit':
      return e.value;
    case 'path': {
      const base = e.base.k === 'context' && e.base.depth === 0 ? env.context : baseValue(e.base, env);
      const v = readPath(base, e.path);
      if (v === undefined && !e.optional) {
        throw missingPath(base, e.path, base !== undefined && base === env.root ? 'the CR' : 'the current context');
      }
      return v;
    }
    case 'call': {
      const args = new Array<unknown>(e.args.length);
      for (let i = 0; i < args.length; i++) args[i] = evaluateExpr(e.args[i]!, env);
      return e.helper.fn(...args);
    }
  }
}

/** Handlebars' emptiness: falsy but not 0, or an empty list. */
function isEmpty(v: unknown): boolean {
  return (!v && v !== 0) || (Array.isArray(v) && v.length === 0);
}

/** An env for a block's body with `context` as `this`; `../` climbs only when the context changed. */
function enter(env: Env, context: unknown, data: DataFrame | undefined, params: Params | undefined): Env {
  // Loose comparison, as Handlebars decides whether a block pushed a context.
  // biome-ignore lint/suspicious/noDoubleEquals: Handlebars compares contexts loosely too
  const parent = context != env.context ? env : env.parent;
  return { context, parent, data, params, root: env.root };
}

/** A block over the items of a list or the entries of a map; `s.otherwise` when there are none. */
function renderEach(
  s: { then: readonly Stmt[]; otherwise: readonly Stmt[] },
  params: boolean,
  value: unknown,
  env: Env,
): string {
  if (!value || typeof value !== 'object') return render(s.otherwise, env);
  const frame: DataFrame = { key: undefined, index: 0, first: false, last: false, parent: env.data };
  let out = '';
  const iterate = (key: string | number, index: number, last: boolean, item: unknown): void => {
    frame.key = key;
    frame.index = index;
    frame.first = index === 0;
    frame.last = last;
    out += render(s.then, enter(env, item, frame, params ? { values: [item, key], up: env.params } : env.params));
  };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) iterate(i, i, i === value.length - 1, value[i]);
    return value.length === 0 ? render(s.otherwise, env) : out;
  }
  const keys = Object.keys(value);
  keys.forEach((key, i) => iterate(key, i, i === keys.length - 1, (value as Record<string, unknown>)[key]));
  return keys.length === 0 ? render(s.otherwise, env) : out;
}

function renderStmt(s: Stmt, env: Env): string {
  switch (s.k) {
    case 'text':
      return s.value;
    case 'out':
      return toText(evaluateExpr(s.expr, env), s.display);
    case 'if': {
      const v = evaluateExpr(s.cond, env);
      const includeZero = s.includeZero !== undefined && evaluateExpr(s.includeZero, env);
      const empty = (!includeZero && !v) || isEmpty(v);
      return render(empty === s.negate ? s.then : s.otherwise, env);
    }
    case 'with': {
      const v = evaluateExpr(s.value, env);
      if (isEmpty(v)) return render(s.otherwise, env);
      return render(s.then, enter(env, v, env.data, s.params ? { values: [v], up: env.params } : env.params));
    }
    case 'each':
      return renderEach(s, s.params, evaluateExpr(s.value, env), env);
    case 'section': {
      const v = evaluateExpr(s.value, env);
      if (v === true) return render(s.then, env);
      if (v === false || v === undefined || v === null) return render(s.otherwise, env);
      if (Array.isArray(v)) return renderEach(s, false, v, env);
      return render(s.then, enter(env, v, env.data, env.params));
    }
  }
}

function render(body: readonly Stmt[], env: Env): string {
  let out = '';
  for (const s of body) out += renderStmt(s, env);
  return out;
}

/**
 * Evaluates a usable prepared template against `cr`: its text, or for a typed template the value of its one
 * expression (data taken from the CR is copied). Throws an internal failure naming the CR path or helper, not
 * the field: see {@link resolvePrepared} for the error callers see.
 */
export function evaluate(t: PreparedTemplate, cr: unknown): unknown {
  if (t.literal) return t.template;
  const env: Env = { context: cr, parent: undefined, data: undefined, params: undefined, root: cr };
  if (t.typed) {
    const only = t.body[0];
    return only?.k === 'out' ? copyData(evaluateExpr(only.expr, env)) : render(t.body, env);
  }
  return render(t.body, env);
}

/** Throws the static problems of `t`, placed at `field`, when it cannot be evaluated. */
export function assertUsable(t: PreparedTemplate, field: string, sensitive: boolean): void {
  if (t.problems.length > 0) throw new TemplateError(t.problems.map((p) => placeProblem(p, field, sensitive)));
}

/** Evaluates `t` against `cr`; a failure becomes a {@link TemplateError} naming `field` and the CR. */
export function resolvePrepared(t: PreparedTemplate, cr: unknown, field: string, sensitive: boolean): unknown {
  try {
    return evaluate(t, cr);
  } catch (err) {
    throw new TemplateError(toProblem(err, field, sensitive), { object: locate(cr) });
  }
}
