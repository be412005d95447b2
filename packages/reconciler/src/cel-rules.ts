/**
 * Checks of a CEL rule before any cluster sees it: its syntax (parsed by @marcbachmann/cel-js, with optional
 * chaining as Kubernetes enables it) and every field it names (`self.replicaz`) against the schema it runs on.
 * What only the API server knows — types of functions, the cost budget — is left to it (`generate crd` then
 * `kubectl apply --dry-run=server`).
 */

import { createRequire } from 'node:module';
import type * as Cel from '@marcbachmann/cel-js';
import type { ASTNode } from '@marcbachmann/cel-js';
import type { FieldProblem } from '@orkestra/core';
import { suggest } from '@orkestra/template';
import type { OpenApiSchema } from './owner-api.js';

let cel: { environment: Cel.Environment; ParseError: typeof Cel.ParseError } | undefined;

/**
 * The CEL parser, loaded at the first rule checked: a configuration without CEL rules (and so `orkestra run` of
 * most katalogs) never loads it; loaded, with its environment, it costs ~6 MiB of RSS (bench/README, "Memory over
 * a bare node").
 */
function celParser() {
  if (!cel) {
    const { Environment, ParseError } = createRequire(import.meta.url)('@marcbachmann/cel-js') as typeof Cel;
    cel = { environment: new Environment({ enableOptionalTypes: true, unlistedVariablesAreDyn: true }), ParseError };
  }
  return cel;
}

/** The macros whose first argument names each element of their target (`self.items.all(i, i.size() < 5)`). */
const MACROS = new Set(['all', 'exists', 'exists_one', 'map', 'filter']);

/** What a variable of a rule is: a schema to check field names against, or `undefined` (anything goes). */
export type CelVariables = Readonly<Record<string, OpenApiSchema | undefined>>;

/** The type a schema node stands for, as a message names it. */
function typeName(s: OpenApiSchema): string {
  return s.type === 'object' || s.properties ? 'an object' : s.type === 'array' ? 'a list' : `a ${s.type ?? 'value'}`;
}

/** Walks a parsed rule, resolving each `a.b.c` against the variables' schemas. */
class FieldWalker {
  readonly problems: string[] = [];
  constructor(private readonly text: (node: ASTNode) => string) {}

  /** The schema of what `node` evaluates to, when it is a field path of a known schema. */
  resolve(node: ASTNode, scope: CelVariables): OpenApiSchema | undefined {
    switch (node.op) {
      case 'id':
        return scope[node.args];
      case '.':
      case '.?':
        return this.#field(node.args[0], node.args[1], scope, node);
      case '[]':
      case '[?]': {
        const base = this.resolve(node.args[0], scope);
        this.resolve(node.args[1], scope);
        if (!base) return undefined;
        if (base.type === 'array') return base.items;
        return typeof base.additionalProperties === 'object' ? base.additionalProperties : undefined;
      }
      case 'rcall':
        return this.#call(node.args[0], node.args[1], node.args[2], scope);
      case 'call':
        for (const arg of node.args[1]) this.resolve(arg, scope);
        return undefined;
      case 'value':
        return undefined;
      case 'list':
        for (const item of node.args) this.resolve(item, scope);
        return undefined;
      case 'map':
        for (const [k, v] of node.args) {
          this.resolve(k, scope);
          this.resolve(v, scope);
        }
        return undefined;
      case '?:':
      case '||':
      case '&&':
        for (const arg of node.args) this.resolve(arg, scope);
        return undefined;
      case '!_':
      case '-_':
        this.resolve(node.args, scope);
        return undefined;
      default:
        for (const arg of node.args as ASTNode[]) this.resolve(arg, scope);
        return undefined;
    }
  }

  #field(base: ASTNode, field: string, scope: CelVariables, node: ASTNode): OpenApiSchema | undefined {
    const schema = this.resolve(base, scope);
    if (!schema) return undefined;
    const known = schema.properties?.[field] ?? schema.properties?.[unescapedCelName(field)];
    if (known) return known;
    if (typeof schema.additionalProperties === 'object') return schema.additionalProperties;
    if (schema.additionalProperties === true || schema['x-kubernetes-preserve-unknown-fields']) return undefined;
    if (schema['x-kubernetes-embedded-resource'] || (schema.type && schema.type !== 'object' && !schema.properties)) {
      if (schema.type && schema.type !== 'object')
        this.problems.push(`${this.text(node)}: ${this.text(base)} is ${typeName(schema)}, it has no field ${field}`);
      return undefined;
    }
    const fields = Object.keys(schema.properties ?? {});
    const near = suggest(field, fields);
    const hint = near ? ` (did you mean ${near}?)` : fields.length ? ` (it has ${fields.join(', ')})` : '';
    this.problems.push(`${this.text(node)}: the schema has no field ${field} in ${this.text(base)}${hint}`);
    return undefined;
  }

  #call(name: string, target: ASTNode, args: readonly ASTNode[], scope: CelVariables): OpenApiSchema | undefined {
    const base = this.resolve(target, scope);
    const [first, ...rest] = args;
    if (MACROS.has(name) && first?.op === 'id') {
      const element = base?.type === 'array' ? base.items : base ? { type: 'string' as const } : undefined;
      const inner = { ...scope, [first.args]: element };
      for (const arg of rest) this.resolve(arg, inner);
      return undefined;
    }
    for (const arg of args) this.resolve(arg, scope);
    return undefined;
  }
}

/** CEL's reserved words, which the API server escapes as `__word__` when they name a property. */
const RESERVED = new Set(
  'true false null in as break const continue else for function if import let loop package namespace return var void ' +
    'while'.split(' '),
);

/**
 * A property name as a CEL rule names it: the API server's escaping of a name that is not an identifier
 * (`__` → `__underscores__`, `.` → `__dot__`, `-` → `__dash__`, `/` → `__slash__`) or is a reserved word
 * (`__in__`). Pure.
 */
export function celPropertyName(name: string): string {
  if (RESERVED.has(name)) return `__${name}__`;
  return name
    .replace(/__/g, '__underscores__')
    .replace(/\./g, '__dot__')
    .replace(/-/g, '__dash__')
    .replace(/\//g, '__slash__');
}

/** The property a CEL rule's escaped name stands for (see {@link celPropertyName}). */
function unescapedCelName(name: string): string {
  const word = /^__(\w+)__$/.exec(name)?.[1];
  if (word && RESERVED.has(word)) return word;
  return name
    .replace(/__dot__/g, '.')
    .replace(/__dash__/g, '-')
    .replace(/__slash__/g, '/')
    .replace(/__underscores__/g, '__');
}

/**
 * The problems of one CEL expression: a syntax error (with the column), or each field it names that the schema
 * of its variable lacks. `variables` maps each variable to its schema (`{ self: specSchema, oldSelf: specSchema }`);
 * a variable absent from it or mapped to `undefined` is not checked. Each problem is at `path`. Pure.
 *
 * @example
 * celProblems('self.replicaz <= 10', { self: spec }, 'api.rules[0].rule')
 * // → [{ path: 'api.rules[0].rule',
 * //      message: 'self.replicaz: the schema has no field replicaz in self (did you mean replicas?)' }]
 */
export function celProblems(expression: string, variables: CelVariables, path: string): FieldProblem[] {
  let ast: ASTNode;
  try {
    ast = celParser().environment.parse(expression).ast;
  } catch (e) {
    if (!(e instanceof celParser().ParseError)) throw e;
    const column = (e as { range?: { start: number } }).range?.start;
    const at = column !== undefined ? ` at column ${column + 1}` : '';
    return [
      {
        path,
        message: `is not valid CEL: ${e.message.split('\n')[0]}${at}`,
        hint: 'see https://kubernetes.io/docs/reference/using-api/cel/ for the syntax',
      },
    ];
  }
  const walker = new FieldWalker((node) => expression.slice(node.range.start, node.range.end));
  walker.resolve(ast, variables);
  return [...new Set(walker.problems)].map((message) => ({ path, message }));
}
