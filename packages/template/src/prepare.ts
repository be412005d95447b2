/**
 * Preparing one template string, once, when it is first used: parse it (`Handlebars.parse`), find every static
 * problem (unknown helpers, wrong arity, partials, `../` above the CR, …), record the CR paths it reads (for the
 * schema check), and build the {@link PreparedTemplate} the interpreter runs.
 */
import type { StaticProblem } from './errors.js';
import {
  type BlockStatement,
  type Expression,
  isLiteral,
  literalValue,
  type MustacheStatement,
  type PathExpression,
  type Program,
  type SourceLocation,
  type Statement,
} from './hbs-ast.js';
import { type HelperSpec, type ParamMode, type Position, paramMode } from './helpers.js';
import { parseTemplate } from './parse.js';
import { compilePath, joinPath } from './paths.js';
import type { Base, Expr, PathUse, PreparedTemplate, Stmt } from './program.js';
import { suggest } from './suggest.js';

type HelperRegistry = ReadonlyMap<string, HelperSpec>;

const BLOCK_HELPERS = new Set(['if', 'unless', 'each', 'with']);
const DATA_VARIABLES = new Set(['root', 'index', 'key', 'first', 'last']);
const CONDITION: ParamMode = { optional: true, position: 'condition' };
const UNDEFINED: Expr = { k: 'lit', value: undefined };
const NO_PROBLEMS: readonly StaticProblem[] = Object.freeze([]);

/**
 * Path reads and path uses are plain data that do not depend on the engine's helpers, and a katalog repeats the
 * same few (`metadata.name`, `spec.image`) in thousands of strings: each distinct one is built once and shared,
 * so a prepared string holds little more than its statements. Bounded: cleared when it grows past the limit.
 */
const SHARED_LIMIT = 10_000;
const sharedPaths = new Map<string, Expr>();
const sharedUses = new Map<string, PathUse>();
const resultNames = new Map<string, string>();

function shared<V>(map: Map<string, V>, key: string, make: () => V): V {
  let v = map.get(key);
  if (v === undefined) {
    if (map.size >= SHARED_LIMIT) map.clear();
    map.set(key, (v = make()));
  }
  return v;
}

/** The expression reading `rest` below `base`; one object per distinct read. */
function pathExpr(base: Base, rest: readonly string[], display: string, optional: boolean): Expr {
  const at = base.k === 'data' ? base.name : base.k === 'param' ? base.index : '';
  const key = `${base.k}:${base.depth}:${at}:${optional ? 1 : 0}:${display}\0${rest.join('\0')}`;
  return shared(sharedPaths, key, () => ({ k: 'path', base, path: compilePath([...rest], display), optional }));
}

/** A path use; one object per distinct use. */
function pathUse(abs: readonly string[] | null, display: string): PathUse {
  const key = `${abs === null ? '\u0001' : abs.join('\0')}\u0002${display}`;
  return shared(sharedUses, key, () => ({ abs: abs && [...abs], display }));
}

/** `the result of <helper>`, how messages name a helper's value. */
function resultOf(name: string): string {
  return shared(resultNames, name, () => `the result of ${name}`);
}

/** `list` in an array of its own length (one grown by `push` keeps spare room for more). */
function compact<T>(list: readonly T[]): readonly T[] {
  return list.length === 0 ? [] : list.slice();
}

/** How messages name a path as written: `spec.ports[0]`, `@root.spec`, `../name`, `this`. */
function displayPath(p: PathExpression): string {
  const body = joinPath(p.parts);
  return '../'.repeat(p.depth) + (p.data ? '@' : '') + (body === '' ? 'this' : body);
}

/** `this.x`, `./x` and `..` paths never name a helper or a block parameter. */
function isScoped(p: PathExpression): boolean {
  return /^\.|^this\b/.test(p.original);
}

function isSimple(p: PathExpression): boolean {
  return p.parts.length === 1 && !p.data && p.depth === 0 && !isScoped(p);
}

type Where = { line?: number; column?: number };

function where(loc: SourceLocation | undefined): Where {
  return loc ? { line: loc.start.line, column: loc.start.column + 1 } : {};
}

function arity(h: HelperSpec): string {
  if (h.maxArgs === Infinity) return `at least ${h.minArgs} argument${h.minArgs === 1 ? '' : 's'}`;
  if (h.minArgs === h.maxArgs) return `${h.minArgs} argument${h.minArgs === 1 ? '' : 's'}`;
  return `${h.minArgs} to ${h.maxArgs} arguments`;
}

/** What a mustache (or sub-expression) does: call a helper, or read a path. */
type Classified =
  | { readonly kind: 'call'; readonly helper: HelperSpec; readonly name: string }
  | { readonly kind: 'path'; readonly path: PathExpression }
  | { readonly kind: 'invalid'; readonly problem: StaticProblem };

type Call = Pick<MustacheStatement, 'path' | 'params' | 'hash' | 'loc'>;

function classify(m: Call, helpers: HelperRegistry, blockParams: ReadonlySet<string>, sub: boolean): Classified {
  const at = where(m.loc);
  if (m.path.type !== 'PathExpression') {
    const message = sub ? 'a sub-expression must start with a helper name' : 'a literal cannot be a mustache';
    const hint = sub ? undefined : 'write the text without braces; write \\{{ for literal braces';
    return invalid({ ...at, message, hint });
  }
  if (m.params.length > 0 || m.hash || sub) return helperCall(m, m.path, helpers, at);
  return bareName(m.path, helpers, blockParams, at);
}

/** A mustache with arguments (or a sub-expression): a known, non-block helper called with its arity. */
function helperCall(m: Call, p: PathExpression, helpers: HelperRegistry, at: Where): Classified {
  if (!isSimple(p)) return invalid({ ...at, message: `${displayPath(p)} is not a helper name` });
  const name = p.parts[0] ?? '';
  const helper = helpers.get(name);
  if (!helper) {
    if (BLOCK_HELPERS.has(name)) return blockHelperUsedInline(name, at);
    const near = suggest(name, helpers.keys());
    return invalid({ ...at, message: `unknown helper ${JSON.stringify(name)}`, hint: near && `did you mean ${near}?` });
  }
  if (m.hash && m.hash.pairs.length > 0)
    return invalid({ ...at, message: `${name} takes positional arguments only, not key=value` });
  if (m.params.length < helper.minArgs || m.params.length > helper.maxArgs)
    return invalid({ ...at, message: `${name} takes ${arity(helper)}, got ${m.params.length}` });
  return { kind: 'call', helper, name };
}

/** A mustache of one name and no arguments: a helper taking none, else a path (a block parameter's included). */
function bareName(p: PathExpression, helpers: HelperRegistry, blockParams: ReadonlySet<string>, at: Where): Classified {
  const name = p.parts[0] ?? '';
  if (!isSimple(p) || blockParams.has(name)) return { kind: 'path', path: p };
  const helper = helpers.get(name);
  if (helper && helper.minArgs > 0) return invalid({ ...at, message: `${name} takes ${arity(helper)}, got 0` });
  if (helper) return { kind: 'call', helper, name };
  if (BLOCK_HELPERS.has(name)) return blockHelperUsedInline(name, at);
  return { kind: 'path', path: p };
}

function invalid(problem: StaticProblem): Classified {
  return { kind: 'invalid', problem };
}

function blockHelperUsedInline(name: string, at: Where): Classified {
  return invalid({ ...at, message: `${name} is a block helper: write {{#${name} …}}…{{/${name}}}` });
}

/** Block parameters declared by one block: their names and the absolute CR paths they stand for. */
interface ParamFrame {
  readonly names: readonly string[];
  readonly abs: readonly (readonly string[] | null)[];
}

/** The static view of where an expression sits. */
interface Scope {
  /** Absolute path of `this`, or null when unknown. */
  readonly context: readonly string[] | null;
  /** Contexts of the enclosing context-changing blocks, nearest first: what `../` reads. */
  readonly parents: readonly (readonly string[] | null)[];
  /** Block parameters in scope, nearest declaring block first. */
  readonly params: readonly ParamFrame[];
}

const ROOT_SCOPE: Scope = { context: [], parents: [], params: [] };

function paramNames(scope: Scope): ReadonlySet<string> {
  return new Set(scope.params.flatMap((f) => f.names));
}

function findParam(scope: Scope, name: string): { depth: number; index: number } | undefined {
  for (let depth = 0; depth < scope.params.length; depth++) {
    const index = scope.params[depth]!.names.indexOf(name);
    if (index >= 0) return { depth, index };
  }
  return undefined;
}

/** One pass over the parse tree: problems, path uses, and the prepared statements. */
class Preparer {
  readonly problems: StaticProblem[] = [];
  readonly uses: PathUse[] = [];

  constructor(
    private readonly helpers: HelperRegistry,
    private readonly position: Position,
  ) {}

  program(p: Program | undefined, scope: Scope): readonly Stmt[] {
    const out: Stmt[] = [];
    for (const s of p?.body ?? []) {
      const stmt = this.statement(s, scope);
      if (stmt === undefined) continue;
      const last = out[out.length - 1];
      if (stmt.k === 'text' && last?.k === 'text') out[out.length - 1] = { k: 'text', value: last.value + stmt.value };
      else out.push(stmt);
    }
    return compact(out);
  }

  private statement(s: Statement, scope: Scope): Stmt | undefined {
    switch (s.type) {
      case 'ContentStatement':
        return s.value === '' ? undefined : { k: 'text', value: s.value };
      case 'CommentStatement':
        return undefined;
      case 'MustacheStatement':
        return this.mustache(s, scope);
      case 'BlockStatement':
        return this.block(s, scope);
      case 'PartialStatement':
      case 'PartialBlockStatement':
        this.problems.push({ ...where(s.loc), message: 'partials ({{> name}}) are not supported' });
        return undefined;
      default:
        this.problems.push({ ...where(s.loc), message: 'decorators ({{* name}}) are not supported' });
        return undefined;
    }
  }

  private mustache(m: MustacheStatement, scope: Scope): Stmt | undefined {
    const c = classify(m, this.helpers, paramNames(scope), false);
    if (c.kind === 'invalid') {
      this.problems.push(c.problem);
      return undefined;
    }
    if (c.kind === 'path') {
      const expr = this.path(c.path, scope, this.position === 'condition').expr;
      return { k: 'out', expr, display: expr.k === 'path' ? expr.path.display : displayPath(c.path) };
    }
    return { k: 'out', expr: this.call(c.helper, m.params, this.position, scope), display: resultOf(c.name) };
  }

  private call(helper: HelperSpec, params: readonly Expression[], position: Position, scope: Scope): Expr {
    const args = params.map((e, i) => this.param(e, paramMode(helper, i, position), scope));
    if (helper.kind === 'required') {
      // `required` gets the path it checks as a hidden third argument, for its error.
      while (args.length < 2) args.push(UNDEFINED);
      const first = params[0];
      args.push({ k: 'lit', value: first?.type === 'PathExpression' ? displayPath(first) : '' });
    }
    return { k: 'call', helper, args };
  }

  private param(e: Expression, mode: ParamMode, scope: Scope): Expr {
    if (isLiteral(e)) return { k: 'lit', value: literalValue(e) };
    if (e.type === 'PathExpression') return this.path(e, scope, mode.optional).expr;
    const c = classify(e, this.helpers, paramNames(scope), true);
    if (c.kind !== 'call') {
      if (c.kind === 'invalid') this.problems.push(c.problem);
      return UNDEFINED;
    }
    return this.call(c.helper, e.params, mode.position, scope);
  }

  /** The expression reading `p`, and the absolute path it reads (recorded for the schema check) or null. */
  private path(p: PathExpression, scope: Scope, optional: boolean): { expr: Expr; abs: readonly string[] | null } {
    const display = displayPath(p);
    const read = (base: Base, rest: readonly string[], abs: readonly string[] | null) => ({
      expr: pathExpr(base, rest, display, optional),
      abs,
    });
    if (p.data) {
      const head = p.parts[0] ?? '';
      if (!DATA_VARIABLES.has(head)) {
        this.problems.push({
          ...where(p.loc),
          message: `unknown data variable @${head}`,
          hint: 'use @root, @index, @key, @first or @last',
        });
        return { expr: UNDEFINED, abs: null };
      }
      const rest = p.parts.slice(1);
      if (head !== 'root') return read({ k: 'data', name: head, depth: p.depth }, rest, null);
      this.uses.push(pathUse(rest, display));
      return read({ k: 'data', name: head, depth: p.depth }, rest, rest);
    }
    let base: readonly string[] | null;
    let rest: readonly string[] = p.parts;
    let runtime: Base = { k: 'context', depth: p.depth };
    const param = p.depth === 0 && !isScoped(p) && p.parts.length > 0 ? findParam(scope, p.parts[0]!) : undefined;
    if (p.depth > 0) {
      if (p.depth > scope.parents.length) {
        this.problems.push({
          ...where(p.loc),
          message: `${display} goes above the CR`,
          hint: p.parts.length > 0 ? `write @root.${joinPath(p.parts)}` : undefined,
          path: display,
        });
        return { expr: UNDEFINED, abs: null };
      }
      base = scope.parents[p.depth - 1]!;
    } else if (param) {
      base = scope.params[param.depth]!.abs[param.index] ?? null;
      rest = p.parts.slice(1);
      runtime = { k: 'param', ...param };
    } else {
      base = scope.context;
    }
    const abs = base === null ? null : [...base, ...rest];
    if (rest.length > 0) this.uses.push(pathUse(abs, display));
    return read(runtime, rest, abs);
  }

  private block(b: BlockStatement, scope: Scope): Stmt | undefined {
    const at = where(b.loc);
    if (b.type === 'DecoratorBlock') {
      this.problems.push({ ...at, message: 'decorators ({{#* name}}) are not supported' });
      return undefined;
    }
    if (b.path.type !== 'PathExpression') {
      this.problems.push({ ...at, message: 'a block must start with a helper name or a path' });
      return undefined;
    }
    const p = b.path;
    const name = isSimple(p) ? p.parts[0]! : '';
    if (BLOCK_HELPERS.has(name)) return this.helperBlock(b, name, scope);
    if (this.helpers.has(name)) {
      this.problems.push({ ...at, message: `${name} is not a block helper: write {{${name} …}}` });
      return undefined;
    }
    if (b.params.length > 0 || (b.hash && b.hash.pairs.length > 0)) {
      this.problems.push({
        ...at,
        message: `unknown block helper ${JSON.stringify(displayPath(p))}`,
        hint: 'the block helpers are #if, #unless, #each and #with',
      });
      return undefined;
    }
    // A section: {{#spec.tls}}…{{/spec.tls}} renders when the value is truthy, once per item for a list.
    // Its context is the value or each of its items: unknown here, so paths inside are not checked.
    const value = this.path(p, scope, true).expr;
    const inner: Scope = { context: null, parents: [scope.context, ...scope.parents], params: scope.params };
    if ((b.program?.blockParams ?? []).length > 0)
      this.problems.push({ ...at, message: 'a section has no block parameters' });
    // biome-ignore lint/suspicious/noThenProperty: a tree node, never awaited
    return { k: 'section', value, then: this.program(b.program, inner), otherwise: this.program(b.inverse, scope) };
  }

  /** `#if`, `#unless`, `#each`, `#with`: one argument, read as a condition (a missing path is absent). */
  private helperBlock(b: BlockStatement, name: string, scope: Scope): Stmt | undefined {
    const at = where(b.loc);
    if (b.params.length !== 1) {
      this.problems.push({ ...at, message: `#${name} takes exactly one argument, got ${b.params.length}` });
      return undefined;
    }
    let includeZero: Expr | undefined;
    for (const pair of b.hash?.pairs ?? []) {
      if ((name === 'if' || name === 'unless') && pair.key === 'includeZero')
        includeZero = this.param(pair.value, CONDITION, scope);
      else this.problems.push({ ...at, message: `#${name} does not take ${pair.key}=` });
    }
    const arg = b.params[0]!;
    const { expr, abs } =
      arg.type === 'PathExpression'
        ? this.path(arg, scope, true)
        : { expr: this.param(arg, CONDITION, scope), abs: null };
    const declared = b.program?.blockParams ?? [];
    if (name === 'if' || name === 'unless') {
      if (declared.length > 0) this.problems.push({ ...at, message: `#${name} has no block parameters` });
      const then = this.program(b.program, scope);
      return {
        k: 'if',
        cond: expr,
        negate: name === 'unless',
        includeZero,
        then,
        otherwise: this.program(b.inverse, scope),
      };
    }
    const context = abs === null ? null : name === 'each' ? [...abs, '[]'] : abs;
    const params = declared.length > 0 ? [{ names: declared, abs: [context, null] }, ...scope.params] : scope.params;
    const inner: Scope = { context, parents: [scope.context, ...scope.parents], params };
    const then = this.program(b.program, inner);
    return {
      k: name as 'each' | 'with',
      value: expr,
      params: declared.length > 0,
      then,
      otherwise: this.program(b.inverse, scope),
    };
  }
}

/** Exactly one mustache, and nothing else but comments and text removed by `~`. */
function isTyped(ast: Program): boolean {
  let mustaches = 0;
  for (const s of ast.body) {
    if (s.type === 'MustacheStatement') mustaches++;
    else if (s.type === 'ContentStatement') {
      if (s.value !== '') return false;
    } else if (s.type !== 'CommentStatement') return false;
  }
  return mustaches === 1;
}

/**
 * Prepares one template string. `position` is `condition` for `when` expressions, where a missing path is absent
 * rather than an error. Never throws: problems are returned in the result.
 */
export function prepareTemplate(template: string, helpers: HelperRegistry, position: Position): PreparedTemplate {
  const none = { template, uses: [], typed: false };
  if (!template.includes('{{')) return { ...none, problems: [], literal: true, body: [{ k: 'text', value: template }] };
  const parsed = parseTemplate(template);
  if ('problem' in parsed) return { ...none, problems: [parsed.problem], literal: false, body: [] };
  const preparer = new Preparer(helpers, position);
  const body = preparer.program(parsed.ast, ROOT_SCOPE);
  const typed = isTyped(parsed.ast);
  const problems = preparer.problems.length === 0 ? NO_PROBLEMS : preparer.problems;
  return { template, problems, uses: compact(preparer.uses), literal: false, typed, body };
}
