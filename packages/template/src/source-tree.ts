/**
 * A whole template source compiled into one plan: every string compiled (or found in the cache) once, and one
 * generated function that builds the resolved tree — fast-path strings inlined, Handlebars strings called,
 * static values written as literals. Resolving walks nothing and parses nothing.
 *
 * The generated function has no error handling. When it throws, the plan is evaluated again field by field, with
 * detailed errors, and every failing field is reported in one {@link TemplateError}.
 */
import type { CompiledString } from './compiled-string.js';
import { TemplateError, locate, placeProblem, toProblem } from './errors.js';
import { Emitter, emitPlan } from './fast-path.js';
import { childField } from './paths.js';
import type { CompiledTemplate, TemplateProblem } from './types.js';

type Node =
  | { readonly k: 'value'; readonly value: number | boolean | null | undefined }
  | { readonly k: 'leaf'; readonly leaf: CompiledString; readonly field: string }
  | { readonly k: 'list'; readonly items: readonly Node[] }
  | { readonly k: 'map'; readonly entries: readonly (readonly [string, Node])[] };

function describeSourceValue(v: unknown): string {
  if (typeof v === 'function') return 'a function';
  if (typeof v === 'object' && v !== null) return `an instance of ${(v as { constructor?: { name?: string } }).constructor?.name ?? 'a class'}`;
  return `a ${typeof v}`;
}

/** Walks a source tree; every string is compiled through `compile` (the engine's cache). */
export function buildTree(
  source: unknown,
  field: string,
  compile: (template: string) => CompiledString,
  problems: TemplateProblem[],
  sensitive: boolean,
  ancestors: Set<object> = new Set(),
): Node {
  if (typeof source === 'string') {
    const leaf = compile(source);
    for (const p of leaf.problems) problems.push(placeProblem(p, field, sensitive));
    return { k: 'leaf', leaf, field };
  }
  if (source === null || source === undefined || typeof source === 'number' || typeof source === 'boolean') {
    return { k: 'value', value: source };
  }
  if (typeof source === 'object') {
    if (ancestors.has(source)) {
      problems.push({ field, message: 'the source refers to itself (a cycle)' });
      return { k: 'value', value: undefined };
    }
    ancestors.add(source);
    try {
      if (Array.isArray(source)) {
        return { k: 'list', items: source.map((item, i) => buildTree(item, childField(field, i), compile, problems, sensitive, ancestors)) };
      }
      const proto = Object.getPrototypeOf(source) as unknown;
      if (proto === Object.prototype || proto === null) {
        const entries: (readonly [string, Node])[] = [];
        for (const key of Object.keys(source)) {
          const value = (source as Record<string, unknown>)[key];
          if (value === undefined) continue;
          entries.push([key, buildTree(value, childField(field, key), compile, problems, sensitive, ancestors)]);
        }
        return { k: 'map', entries };
      }
    } finally {
      ancestors.delete(source);
    }
  }
  problems.push({ field, message: `a template source holds strings, numbers, booleans, null, lists and maps, not ${describeSourceValue(source)}` });
  return { k: 'value', value: undefined };
}

function dropUndefined(o: Record<string, unknown>): Record<string, unknown> {
  for (const key of Object.keys(o)) if (o[key] === undefined) delete o[key];
  return o;
}

function emitNode(n: Node, em: Emitter): string {
  switch (n.k) {
    case 'value':
      if (n.value === undefined) return 'void 0';
      if (typeof n.value === 'number') return Number.isFinite(n.value) && !Object.is(n.value, -0) ? `(${String(n.value)})` : em.ref(n.value);
      return JSON.stringify(n.value);
    case 'leaf': {
      const leaf = n.leaf;
      if (leaf.kind === 'static') return JSON.stringify(leaf.template);
      if (leaf.kind === 'fast' && leaf.plan) return emitPlan(leaf.plan, 'r', em);
      return `${em.ref(leaf.run)}(r)`;
    }
    case 'list':
      return `[${n.items.map((item) => emitNode(item, em)).join(', ')}]`;
    case 'map': {
      const body = n.entries
        .map(([key, value]) => `${key === '__proto__' ? '["__proto__"]' : JSON.stringify(key)}: ${emitNode(value, em)}`)
        .join(', ');
      const optional = n.entries.some(([, value]) => value.k === 'leaf' && value.leaf.mayBeUndefined);
      return optional ? `${em.ref(dropUndefined)}({${body}})` : `({${body}})`;
    }
  }
}

function collect(n: Node, cr: unknown, problems: TemplateProblem[], sensitive: boolean): unknown {
  switch (n.k) {
    case 'value':
      return n.value;
    case 'leaf':
      try {
        return n.leaf.explain(cr);
      } catch (err) {
        problems.push(toProblem(err, n.field, sensitive));
        return undefined;
      }
    case 'list':
      return n.items.map((item) => collect(item, cr, problems, sensitive));
    case 'map': {
      const out: Record<string, unknown> = {};
      for (const [key, value] of n.entries) {
        const v = collect(value, cr, problems, sensitive);
        if (v === undefined) continue;
        if (key === '__proto__') Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
        else out[key] = v;
      }
      return out;
    }
  }
}

/** Checks the CR argument: resolving needs an object. */
export function assertCustomResource(cr: unknown): void {
  if (typeof cr !== 'object' || cr === null) {
    throw new TypeError(`a template resolves against a custom resource object, got ${cr === null ? 'null' : typeof cr}`);
  }
}

/** The compiled form of a whole source tree. */
export function compileTree<R>(root: Node, sensitive: boolean): CompiledTemplate<R> {
  const em = new Emitter();
  const build = em.build(emitNode(root, em));
  return {
    resolve(cr) {
      assertCustomResource(cr);
      try {
        return build(cr) as R;
      } catch {
        // Evaluate again field by field to report every failure with its details.
      }
      const problems: TemplateProblem[] = [];
      const out = collect(root, cr, problems, sensitive);
      if (problems.length > 0) throw new TemplateError(problems, { object: locate(cr) });
      return out as R;
    },
  };
}

export type { Node as TreeNode };

/** Every template string of a tree, with its field. */
export function* leaves(n: Node): Generator<{ leaf: CompiledString; field: string }> {
  switch (n.k) {
    case 'leaf':
      yield { leaf: n.leaf, field: n.field };
      return;
    case 'list':
      for (const item of n.items) yield* leaves(item);
      return;
    case 'map':
      for (const [, value] of n.entries) yield* leaves(value);
      return;
    default:
      return;
  }
}
