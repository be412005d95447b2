/**
 * A whole template source prepared once: every string prepared (or found in the engine's cache), static values
 * kept as they are. Resolving walks this tree, evaluates each string with the interpreter and builds a fresh
 * result; it never parses. Every failing field is reported in one {@link TemplateError}.
 */
import { locate, placeProblem, TemplateError, toProblem } from './errors.js';
import { evaluate } from './interpreter.js';
import { childField } from './paths.js';
import type { PreparedTemplate } from './program.js';
import type { CompiledTemplate, TemplateProblem } from './types.js';

/** A node of a prepared source tree. */
export type TreeNode =
  | { readonly k: 'value'; readonly value: string | number | boolean | null | undefined }
  | Leaf
  | { readonly k: 'list'; readonly items: readonly TreeNode[] }
  | { readonly k: 'map'; readonly keys: readonly string[]; readonly values: readonly TreeNode[] };

interface Leaf {
  readonly k: 'leaf';
  readonly leaf: PreparedTemplate;
  readonly field: string;
}

function describeSourceValue(v: unknown): string {
  if (typeof v === 'function') return 'a function';
  if (typeof v === 'object' && v !== null)
    return `an instance of ${(v as { constructor?: { name?: string } }).constructor?.name ?? 'a class'}`;
  return `a ${typeof v}`;
}

/** Walks a source tree; every string is compiled through `compile` (the engine's cache). */
export function buildTree(
  source: unknown,
  field: string,
  compile: (template: string) => PreparedTemplate,
  problems: TemplateProblem[],
  sensitive: boolean,
  ancestors: Set<object> = new Set(),
): TreeNode {
  if (typeof source === 'string') {
    const leaf = compile(source);
    for (const p of leaf.problems) problems.push(placeProblem(p, field, sensitive));
    return leaf.literal ? { k: 'value', value: source } : { k: 'leaf', leaf, field };
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
        return {
          k: 'list',
          items: source.map((item, i) =>
            buildTree(item, childField(field, i), compile, problems, sensitive, ancestors),
          ),
        };
      }
      const proto = Object.getPrototypeOf(source) as unknown;
      if (proto === Object.prototype || proto === null) {
        const keys: string[] = [];
        const values: TreeNode[] = [];
        for (const key of Object.keys(source)) {
          const value = (source as Record<string, unknown>)[key];
          if (value === undefined) continue;
          keys.push(key);
          values.push(buildTree(value, childField(field, key), compile, problems, sensitive, ancestors));
        }
        return { k: 'map', keys, values };
      }
    } finally {
      ancestors.delete(source);
    }
  }
  problems.push({
    field,
    message:
      `a template source holds strings, numbers, booleans, null, lists and maps, not ` +
      `${describeSourceValue(source)}`,
  });
  return { k: 'value', value: undefined };
}

function leafValue(n: Leaf, cr: unknown, problems: TemplateProblem[], sensitive: boolean): unknown {
  try {
    return evaluate(n.leaf, cr);
  } catch (err) {
    problems.push(toProblem(err, n.field, sensitive));
    return undefined;
  }
}

function resolveNode(n: TreeNode, cr: unknown, problems: TemplateProblem[], sensitive: boolean): unknown {
  switch (n.k) {
    case 'value':
      return n.value;
    case 'leaf':
      return leafValue(n, cr, problems, sensitive);
    case 'list': {
      const out = new Array<unknown>(n.items.length);
      for (let i = 0; i < out.length; i++) out[i] = resolveNode(n.items[i]!, cr, problems, sensitive);
      return out;
    }
    case 'map': {
      const out: Record<string, unknown> = {};
      const { keys, values } = n;
      for (let i = 0; i < keys.length; i++) {
        const v = resolveNode(values[i]!, cr, problems, sensitive);
        if (v === undefined) continue;
        const key = keys[i]!;
        if (key === '__proto__')
          Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
        else out[key] = v;
      }
      return out;
    }
  }
}

/** Checks the CR argument: resolving needs an object. */
export function assertCustomResource(cr: unknown): void {
  if (typeof cr !== 'object' || cr === null) {
    throw new TypeError(
      `a template resolves against a custom resource object, got ${cr === null ? 'null' : typeof cr}`,
    );
  }
}

/** The compiled form of a whole source tree. */
export function compileTree<R>(root: TreeNode, sensitive: boolean): CompiledTemplate<R> {
  return {
    resolve(cr) {
      assertCustomResource(cr);
      const problems: TemplateProblem[] = [];
      const out = resolveNode(root, cr, problems, sensitive);
      if (problems.length > 0) throw new TemplateError(problems, { object: locate(cr) });
      return out as R;
    },
  };
}

/** Every template string of a tree, with its field. */
export function* leaves(n: TreeNode): Generator<{ leaf: PreparedTemplate; field: string }> {
  switch (n.k) {
    case 'leaf':
      yield { leaf: n.leaf, field: n.field };
      return;
    case 'list':
      for (const item of n.items) yield* leaves(item);
      return;
    case 'map':
      for (const value of n.values) yield* leaves(value);
      return;
    default:
      return;
  }
}
