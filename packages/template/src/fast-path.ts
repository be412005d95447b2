/**
 * The fast path: a plan built from Handlebars' own parse tree (text, paths, helper calls) turned into JavaScript
 * once, so that resolving is a few property reads and string concatenations — no Handlebars runtime, no helper
 * wrapping, no per-call setup.
 *
 * Generated code reads paths exactly as {@link readPath} does (own-property checks for keys that exist on a
 * built-in prototype; `null` counts as missing) and stops at the first failure by throwing a shared marker; the
 * caller then runs {@link interpretPlan}, which evaluates the same plan step by step and throws the detailed error.
 * Only JSON-encoded literals and generated identifiers are ever written into the code.
 */
import type { Expr, FastPlan } from './analyze.js';
import { retry } from './errors.js';
import { copyData, readPath, readRequired } from './paths.js';
import { toText } from './values.js';

const hop = Object.prototype.hasOwnProperty;

/** Text of a value on the fast path; anything without a text form goes to the detailed re-run. */
function fastText(v: unknown): string {
  if ((typeof v === 'object' && v !== null) || typeof v === 'function' || typeof v === 'symbol') retry();
  return v === undefined || v === null ? '' : String(v);
}

/** Collects the constants generated code refers to, and its temporaries. */
export class Emitter {
  private readonly refs: unknown[] = [];
  private readonly refIndex = new Map<unknown, string>();
  private temps = 0;

  /** A name bound to `value` in the generated function's scope. */
  ref(value: unknown): string {
    let name = this.refIndex.get(value);
    if (name === undefined) {
      name = `c${this.refs.length}`;
      this.refs.push(value);
      this.refIndex.set(value, name);
    }
    return name;
  }

  temp(): string {
    return `t${this.temps++}`;
  }

  /** Builds `function (r) { return <body>; }` with the constants and temporaries in scope. */
  build(body: string): (r: unknown) => unknown {
    const consts = this.refs.map((_, i) => `c${i} = refs[${i}]`).join(', ');
    const temps = Array.from({ length: this.temps }, (_, i) => `t${i}`).join(', ');
    const source =
      `"use strict";${consts ? ` const ${consts};` : ''}\n` +
      `return function resolveTemplate(r) {${temps ? ` let ${temps};` : ''} return ${body}; };`;
    return new Function('refs', source)(this.refs) as (r: unknown) => unknown;
  }
}

function literal(v: string | number | boolean | null | undefined, em: Emitter): string {
  if (v === undefined) return 'void 0';
  if (typeof v === 'number') return Number.isFinite(v) && !Object.is(v, -0) ? `(${String(v)})` : em.ref(v);
  return JSON.stringify(v);
}

/** Code for one expression, reading paths below `root` (an identifier). */
export function emitExpr(e: Expr, root: string, em: Emitter): string {
  switch (e.k) {
    case 'lit':
      return literal(e.value, em);
    case 'call': {
      const args = e.args.map((a) => emitExpr(a, root, em));
      if (e.helper.kind === 'required') {
        while (args.length < 2) args.push('void 0');
        args.push(JSON.stringify(e.display ?? ''));
      }
      return `${em.ref(e.helper.fn)}(${args.join(', ')})`;
    }
    case 'path': {
      const { parts, guarded } = e.path;
      if (parts.length === 0) return root;
      const otherwise = e.optional ? 'void 0' : `${em.ref(retry)}()`;
      let code = '';
      let cur = root;
      for (let i = 0; i < parts.length; i++) {
        const t = em.temp();
        const key = JSON.stringify(parts[i]);
        const guard = guarded[i] ? ` || !${em.ref(hop)}.call(${cur}, ${key})` : '';
        code += `(${t} = ${cur}[${key}]) == null${guard} ? ${otherwise} : `;
        cur = t;
      }
      return `(${code}${cur})`;
    }
  }
}

/** Code for a whole plan: a string concatenation, or the value of its one expression (copied when data). */
export function emitPlan(plan: FastPlan, root: string, em: Emitter): string {
  if (plan.typed) {
    const e = plan.parts.find((p): p is Expr => typeof p !== 'string');
    if (e === undefined) return '""';
    if (e.k === 'lit') return literal(e.value, em);
    const t = em.temp();
    return `(typeof (${t} = ${emitExpr(e, root, em)}) === "object" && ${t} !== null ? ${em.ref(copyData)}(${t}) : ${t})`;
  }
  const pieces = plan.parts.map((p) => {
    if (typeof p === 'string') return JSON.stringify(p);
    const t = em.temp();
    return `(typeof (${t} = ${emitExpr(p, root, em)}) === "string" ? ${t} : ${em.ref(fastText)}(${t}))`;
  });
  if (pieces.length === 0) return '""';
  if (pieces.length === 1 && typeof plan.parts[0] !== 'string') return `"" + ${pieces[0]}`;
  return pieces.join(' + ');
}

/** A standalone function for one plan. */
export function generatePlanFunction(plan: FastPlan): (cr: unknown) => unknown {
  const em = new Emitter();
  return em.build(emitPlan(plan, 'r', em));
}

/** Whether a typed plan may yield `undefined` (a helper or literal can; a path cannot). */
export function mayBeUndefined(plan: FastPlan): boolean {
  if (!plan.typed) return false;
  const e = plan.parts.find((p): p is Expr => typeof p !== 'string');
  if (e === undefined) return false;
  return e.k === 'call' || (e.k === 'path' && e.optional) || (e.k === 'lit' && e.value === undefined);
}

function evalExpr(e: Expr, cr: unknown): unknown {
  switch (e.k) {
    case 'lit':
      return e.value;
    case 'path':
      return e.optional ? readPath(cr, e.path) : readRequired(cr, e.path);
    case 'call': {
      const args = e.args.map((a) => evalExpr(a, cr));
      if (e.helper.kind === 'required') {
        while (args.length < 2) args.push(undefined);
        args.push(e.display ?? '');
      }
      return e.helper.fn(...args);
    }
  }
}

function describeExpr(e: Expr): string {
  return e.k === 'path' ? e.path.display : e.k === 'call' ? `the result of ${e.helper.name}` : 'a literal';
}

/**
 * Evaluates a plan step by step, with the same results as the generated code but detailed errors: which path is
 * missing and where, which helper failed, which value has no text form.
 */
export function interpretPlan(plan: FastPlan, cr: unknown): unknown {
  if (plan.typed) {
    const e = plan.parts.find((p): p is Expr => typeof p !== 'string');
    return e === undefined ? '' : copyData(evalExpr(e, cr));
  }
  let out = '';
  for (const p of plan.parts) out += typeof p === 'string' ? p : toText(evalExpr(p, cr), describeExpr(p));
  return out;
}
