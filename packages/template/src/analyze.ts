/**
 * Analysis of one template string, done once when it is compiled: parse it with Handlebars (`Handlebars.parse`),
 * find every static problem (unknown helpers, wrong arity, partials, `../` above the CR, …), record the CR paths it
 * reads (for the schema check), and — when it is only text, paths and helper calls — build the fast-path plan.
 */
import Handlebars from 'handlebars';
import { normalizeTemplate, type NormalizedTemplate } from './go-style.js';
import {
  isLiteral,
  literalValue,
  type BlockStatement,
  type Expression,
  type MustacheStatement,
  type PathExpression,
  type Program,
  type SourceLocation,
  type Statement,
} from './hbs-ast.js';
import { paramMode, type HelperSpec, type ParamMode, type Position } from './helpers.js';
import { compilePath, joinPath, type CompiledPath } from './paths.js';
import { suggest } from './suggest.js';

/** An expression of the fast path. Paths are read from the CR root. */
export type Expr =
  | { readonly k: 'path'; readonly path: CompiledPath; readonly optional: boolean }
  | { readonly k: 'lit'; readonly value: string | number | boolean | null | undefined }
  | { readonly k: 'call'; readonly helper: HelperSpec; readonly args: readonly Expr[]; readonly display: string | undefined };

/** A fast-path plan: text pieces and expressions; `typed` means one expression whose value is kept as it is. */
export interface FastPlan {
  readonly typed: boolean;
  readonly parts: readonly (string | Expr)[];
}

/** A CR path a template reads: absolute parts from the CR root (`[]` marks "any item"), or `null` when unknown. */
export interface PathUse {
  readonly abs: readonly string[] | null;
  readonly display: string;
}

/** A problem found without a CR. `excerpt` is template text: it is left out for sensitive sources. */
export interface StaticProblem {
  readonly message: string;
  readonly hint?: string | undefined;
  readonly line?: number | undefined;
  readonly column?: number | undefined;
  readonly path?: string | undefined;
  readonly excerpt?: string | undefined;
}

export interface Analysis {
  readonly problems: readonly StaticProblem[];
  readonly ast: Program | undefined;
  /** Exactly one expression, nothing else but comments or whitespace removed by `~`. */
  readonly typed: boolean;
  readonly fast: FastPlan | undefined;
  readonly uses: readonly PathUse[];
}

export type HelperRegistry = ReadonlyMap<string, HelperSpec>;

const BLOCK_HELPERS = new Set(['if', 'unless', 'each', 'with']);
const DATA_VARIABLES = new Set(['root', 'index', 'key', 'first', 'last']);

/** How messages name a path as written: `spec.ports[0]`, `@root.spec`, `../name`, `this`. */
export function displayPath(p: PathExpression): string {
  const body = joinPath(p.parts);
  return '../'.repeat(p.depth) + (p.data ? '@' : '') + (body === '' ? 'this' : body);
}

/** `this.x`, `./x` and `..` paths never name a helper or a block parameter. */
export function isScoped(p: PathExpression): boolean {
  return /^\.|^this\b/.test(p.original);
}

/** What a mustache (or sub-expression) does: call a helper, or read a path. */
export type Classified =
  | { readonly kind: 'call'; readonly helper: HelperSpec; readonly name: string }
  | { readonly kind: 'path'; readonly path: PathExpression }
  | { readonly kind: 'invalid'; readonly problem: StaticProblem };

export function classifyMustache(
  m: { path: PathExpression | Expression; params: Expression[]; hash?: { pairs: unknown[] } | undefined; loc?: SourceLocation | undefined },
  helpers: HelperRegistry,
  blockParams: ReadonlySet<string>,
  sub: boolean,
): Classified {
  const at = where(m.loc);
  if (m.path.type !== 'PathExpression') {
    return {
      kind: 'invalid',
      problem: {
        ...at,
        message: sub ? 'a sub-expression must start with a helper name' : 'a literal cannot be a mustache',
        hint: sub ? undefined : 'write the text without braces; write \\{{ for literal braces',
      },
    };
  }
  const p = m.path;
  const simple = p.parts.length === 1 && !p.data && p.depth === 0 && !isScoped(p);
  const name = p.parts[0] ?? '';
  if (m.params.length > 0 || m.hash || sub) {
    if (!simple) return { kind: 'invalid', problem: { ...at, message: `${displayPath(p)} is not a helper name` } };
    const helper = helpers.get(name);
    if (!helper) {
      if (BLOCK_HELPERS.has(name)) return { kind: 'invalid', problem: { ...at, message: `${name} is a block helper: write {{#${name} …}}…{{/${name}}}` } };
      return { kind: 'invalid', problem: { ...at, message: `unknown helper ${JSON.stringify(name)}`, hint: nearHelper(name, helpers) } };
    }
    if (m.hash && m.hash.pairs.length > 0) {
      return { kind: 'invalid', problem: { ...at, message: `${name} takes positional arguments only, not key=value` } };
    }
    if (m.params.length < helper.minArgs || m.params.length > helper.maxArgs) {
      return { kind: 'invalid', problem: { ...at, message: `${name} takes ${arity(helper)}, got ${m.params.length}` } };
    }
    return { kind: 'call', helper, name };
  }
  if (simple && !blockParams.has(name)) {
    const helper = helpers.get(name);
    if (helper) {
      if (helper.minArgs > 0) return { kind: 'invalid', problem: { ...at, message: `${name} takes ${arity(helper)}, got 0` } };
      return { kind: 'call', helper, name };
    }
    if (BLOCK_HELPERS.has(name)) return { kind: 'invalid', problem: { ...at, message: `${name} is a block helper: write {{#${name} …}}…{{/${name}}}` } };
  }
  return { kind: 'path', path: p };
}

function arity(h: HelperSpec): string {
  if (h.maxArgs === Infinity) return `at least ${h.minArgs} argument${h.minArgs === 1 ? '' : 's'}`;
  if (h.minArgs === h.maxArgs) return `${h.minArgs} argument${h.minArgs === 1 ? '' : 's'}`;
  return `${h.minArgs} to ${h.maxArgs} arguments`;
}

function nearHelper(name: string, helpers: HelperRegistry): string | undefined {
  const near = suggest(name, helpers.keys());
  return near === undefined ? undefined : `did you mean ${near}?`;
}

function where(loc: SourceLocation | undefined): { line?: number; column?: number } {
  return loc ? { line: loc.start.line, column: loc.start.column + 1 } : {};
}

// ---------------------------------------------------------------------------------------------------------------
// Parsing and syntax errors

const TOKEN_NAMES: Record<string, string> = {
  CLOSE: '"}}"',
  CLOSE_UNESCAPED: '"}}}"',
  CLOSE_RAW_BLOCK: '"}}}}"',
  OPEN_SEXPR: '"("',
  CLOSE_SEXPR: '")"',
  ID: 'a name',
  SEP: '"."',
  STRING: 'a string',
  NUMBER: 'a number',
  BOOLEAN: 'true or false',
  UNDEFINED: 'undefined',
  NULL: 'null',
  DATA: 'an @variable',
  EQUALS: '"="',
  OPEN_BLOCK_PARAMS: '"as |"',
  CLOSE_BLOCK_PARAMS: '"|"',
  EOF: 'the end of the template',
  INVALID: 'an unexpected character',
  OPEN: '"{{"',
  OPEN_BLOCK: '"{{#"',
  OPEN_ENDBLOCK: '"{{/"',
  OPEN_INVERSE: '"{{^"',
  OPEN_INVERSE_CHAIN: '"{{else"',
  INVERSE: '"{{else}}"',
  OPEN_PARTIAL: '"{{>"',
  CONTENT: 'text',
  COMMENT: 'a comment',
};

/** Which expected tokens are worth naming first. */
const PRIORITY = ['"}}"', '")"', 'a name', '"}}}"', '"."', 'a string', 'a number'];

function rank(name: string): number {
  const i = PRIORITY.indexOf(name);
  return i < 0 ? PRIORITY.length : i;
}

function tokenName(t: string): string {
  return TOKEN_NAMES[t] ?? t.toLowerCase();
}

interface Lexer {
  yylloc?: { first_line: number; first_column: number };
}

function excerptAt(template: string, line: number, column: number): string {
  const text = template.split('\n')[line - 1] ?? '';
  const start = Math.max(0, column - 1 - 30);
  const end = Math.min(text.length, column - 1 + 30);
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}

function syntaxProblem(err: unknown, template: string, norm: NormalizedTemplate): StaticProblem {
  const e = err as { message?: string; lineNumber?: number; column?: number };
  const raw = typeof e.message === 'string' ? e.message : String(err);
  let line: number | undefined;
  let column0: number | undefined;
  let message: string;
  const got = /got '([A-Z_]+)'/.exec(raw);
  if (got) {
    const lexer = (Handlebars as unknown as { Parser?: { lexer?: Lexer } }).Parser?.lexer;
    if (lexer?.yylloc) {
      line = lexer.yylloc.first_line;
      column0 = lexer.yylloc.first_column;
    } else {
      const m = /on line (\d+)/.exec(raw);
      if (m) line = Number(m[1]);
    }
    const expecting = /Expecting (.*), got/.exec(raw)?.[1];
    const list = expecting
      ? expecting
          .split(', ')
          .map((t) => t.replace(/'/g, ''))
          .filter((t) => TOKEN_NAMES[t] !== undefined && t !== 'INVALID')
          .map(tokenName)
      : [];
    const unique = [...new Set(list)].sort((a, b) => rank(a) - rank(b)).slice(0, 3);
    const token = got[1] === 'INVALID' ? 'character' : tokenName(got[1]!);
    message = `syntax error: unexpected ${token}${unique.length > 0 ? `, expected ${unique.join(' or ')}` : ''}`;
  } else {
    line = typeof e.lineNumber === 'number' ? e.lineNumber : undefined;
    column0 = typeof e.column === 'number' ? e.column : undefined;
    message = `syntax error: ${raw.replace(/ - \d+:\d+$/, '').split('\n')[0]}`;
  }
  const pos = line !== undefined ? norm.toOriginal(line, column0 ?? 0) : undefined;
  const pipe = /\{\{[^}]*\s\|\s*[A-Za-z]/.test(template);
  return {
    message,
    line: pos?.line,
    column: pos?.column,
    hint: pipe ? 'pipes (|) are Go-template syntax: write {{default spec.replicas 1}}, not {{ .spec.replicas | default 1 }}' : undefined,
    excerpt: pos ? excerptAt(template, pos.line, pos.column) : undefined,
  };
}

/** Parses `template` (Go-style spellings allowed) into Handlebars' tree, or a syntax problem. */
export function parseTemplate(template: string): { ast: Program } | { problem: StaticProblem } {
  const raw = /(^|[^\\])\{\{\{\{/.exec(template);
  if (raw) {
    const before = template.slice(0, raw.index + raw[1]!.length);
    const line = before.split('\n').length;
    return {
      problem: {
        message: 'raw blocks ({{{{name}}}}) are not supported',
        hint: 'write \\{{ for literal braces',
        line,
        column: before.length - before.lastIndexOf('\n'),
      },
    };
  }
  const norm = normalizeTemplate(template);
  try {
    return { ast: Handlebars.parse(norm.text) as unknown as Program };
  } catch (err) {
    return { problem: syntaxProblem(err, template, norm) };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The static walk: problems and path uses

interface Scope {
  /** Absolute path of `this`, or null when unknown. */
  readonly context: readonly string[] | null;
  /** Contexts of the enclosing context-changing blocks, nearest first: what `../` reads. */
  readonly parents: readonly (readonly string[] | null)[];
  /** Block parameters in scope and the absolute path they stand for. */
  readonly blockParams: ReadonlyMap<string, readonly string[] | null>;
}

const ROOT_SCOPE: Scope = { context: [], parents: [], blockParams: new Map() };

class Walker {
  readonly problems: StaticProblem[] = [];
  readonly uses: PathUse[] = [];

  constructor(
    private readonly helpers: HelperRegistry,
    private readonly position: Position,
  ) {}

  program(p: Program | undefined, scope: Scope): void {
    if (!p) return;
    for (const s of p.body) this.statement(s, scope);
  }

  private statement(s: Statement, scope: Scope): void {
    switch (s.type) {
      case 'ContentStatement':
      case 'CommentStatement':
        return;
      case 'MustacheStatement':
        return this.mustache(s, scope, this.position);
      case 'BlockStatement':
        return this.block(s, scope);
      case 'PartialStatement':
      case 'PartialBlockStatement':
        this.problems.push({ ...where(s.loc), message: 'partials ({{> name}}) are not supported' });
        return;
      default:
        this.problems.push({ ...where(s.loc), message: 'decorators ({{* name}}) are not supported' });
    }
  }

  private mustache(m: MustacheStatement, scope: Scope, position: Position): void {
    const c = classifyMustache(m, this.helpers, new Set(scope.blockParams.keys()), false);
    if (c.kind === 'invalid') this.problems.push(c.problem);
    else if (c.kind === 'path') this.path(c.path, scope);
    else this.params(c.helper, m.params, scope, position);
  }

  private params(helper: HelperSpec, params: readonly Expression[], scope: Scope, position: Position): void {
    params.forEach((p, i) => this.expression(p, scope, paramMode(helper, i, position).position));
  }

  private expression(e: Expression, scope: Scope, position: Position): void {
    if (e.type === 'PathExpression') this.path(e, scope);
    else if (e.type === 'SubExpression') {
      const c = classifyMustache(e, this.helpers, new Set(scope.blockParams.keys()), true);
      if (c.kind === 'invalid') this.problems.push(c.problem);
      else if (c.kind === 'call') this.params(c.helper, e.params, scope, position);
    }
  }

  /** The absolute path `p` reads, recorded for the schema check; problems for bad `@` and `../` paths. */
  path(p: PathExpression, scope: Scope): readonly string[] | null {
    const display = displayPath(p);
    if (p.data) {
      const head = p.parts[0] ?? '';
      if (!DATA_VARIABLES.has(head)) {
        this.problems.push({ ...where(p.loc), message: `unknown data variable @${head}`, hint: 'use @root, @index, @key, @first or @last' });
        return null;
      }
      if (head !== 'root') return null;
      const abs = p.parts.slice(1);
      this.uses.push({ abs, display });
      return abs;
    }
    let base: readonly string[] | null;
    let rest = p.parts;
    if (p.depth > 0) {
      if (p.depth > scope.parents.length) {
        this.problems.push({
          ...where(p.loc),
          message: `${display} goes above the CR`,
          hint: p.parts.length > 0 ? `write @root.${joinPath(p.parts)}` : undefined,
          path: display,
        });
        return null;
      }
      base = scope.parents[p.depth - 1]!;
    } else if (!isScoped(p) && p.parts.length > 0 && scope.blockParams.has(p.parts[0]!)) {
      base = scope.blockParams.get(p.parts[0]!)!;
      rest = p.parts.slice(1);
    } else {
      base = scope.context;
    }
    const abs = base === null ? null : [...base, ...rest];
    if (rest.length > 0) this.uses.push({ abs, display });
    return abs;
  }

  private block(b: BlockStatement, scope: Scope): void {
    if (b.type === 'DecoratorBlock') {
      this.problems.push({ ...where(b.loc), message: 'decorators ({{#* name}}) are not supported' });
      return;
    }
    const at = where(b.loc);
    if (b.path.type !== 'PathExpression') {
      this.problems.push({ ...at, message: 'a block must start with a helper name or a path' });
      return;
    }
    const p = b.path;
    const simple = p.parts.length === 1 && !p.data && p.depth === 0 && !isScoped(p);
    const name = simple ? p.parts[0]! : '';
    const blockParams = b.program?.blockParams ?? [];
    let inner: Scope = scope;
    if (simple && BLOCK_HELPERS.has(name)) {
      if (b.params.length !== 1) {
        this.problems.push({ ...at, message: `#${name} takes exactly one argument, got ${b.params.length}` });
        return;
      }
      const pairs = b.hash?.pairs ?? [];
      for (const pair of pairs) {
        if (!((name === 'if' || name === 'unless') && pair.key === 'includeZero')) {
          this.problems.push({ ...at, message: `#${name} does not take ${pair.key}=` });
        }
      }
      const arg = b.params[0]!;
      let abs: readonly string[] | null = null;
      if (arg.type === 'PathExpression') abs = this.path(arg, scope);
      else this.expression(arg, scope, 'condition');
      if (name === 'each' || name === 'with') {
        const context = abs === null ? null : name === 'each' ? [...abs, '[]'] : abs;
        const params = new Map(scope.blockParams);
        if (blockParams[0] !== undefined) params.set(blockParams[0], context);
        if (blockParams[1] !== undefined) params.set(blockParams[1], null);
        inner = { context, parents: [scope.context, ...scope.parents], blockParams: params };
      } else if (blockParams.length > 0) {
        this.problems.push({ ...at, message: `#${name} has no block parameters` });
      }
    } else if (simple && this.helpers.has(name)) {
      this.problems.push({ ...at, message: `${name} is not a block helper: write {{${name} …}}` });
      return;
    } else if (b.params.length > 0 || (b.hash && b.hash.pairs.length > 0)) {
      this.problems.push({ ...at, message: `unknown block helper ${JSON.stringify(displayPath(p))}`, hint: 'the block helpers are #if, #unless, #each and #with' });
      return;
    } else {
      // A section: {{#spec.tls}}…{{/spec.tls}} renders when the value is truthy, once per item for a list.
      // Its context is the value or each of its items: unknown here, so paths inside are not checked.
      this.path(p, scope);
      inner = { context: null, parents: [scope.context, ...scope.parents], blockParams: scope.blockParams };
      if (blockParams.length > 0) this.problems.push({ ...at, message: 'a section has no block parameters' });
    }
    this.program(b.program, inner);
    this.program(b.inverse, scope);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The fast-path plan

class Unsupported extends Error {}

function fastExpr(e: Expression, mode: ParamMode, helpers: HelperRegistry): Expr {
  if (isLiteral(e)) return { k: 'lit', value: literalValue(e) };
  if (e.type === 'SubExpression') {
    const c = classifyMustache(e, helpers, new Set(), true);
    if (c.kind !== 'call') throw new Unsupported();
    return fastCall(c.helper, e.params, mode.position, helpers);
  }
  return { k: 'path', path: fastPath(e), optional: mode.optional };
}

function fastPath(p: PathExpression): CompiledPath {
  if (p.depth > 0) throw new Unsupported();
  if (p.data) {
    if (p.parts[0] !== 'root') throw new Unsupported();
    return compilePath(p.parts.slice(1), displayPath(p));
  }
  return compilePath(p.parts, displayPath(p));
}

function fastCall(helper: HelperSpec, params: readonly Expression[], position: Position, helpers: HelperRegistry): Expr {
  const args = params.map((p, i) => fastExpr(p, paramMode(helper, i, position), helpers));
  const first = params[0];
  const display = helper.kind === 'required' && first?.type === 'PathExpression' ? displayPath(first) : undefined;
  return { k: 'call', helper, args, display };
}

function buildFastPlan(ast: Program, typed: boolean, helpers: HelperRegistry, position: Position): FastPlan | undefined {
  const parts: (string | Expr)[] = [];
  try {
    for (const s of ast.body) {
      if (s.type === 'ContentStatement') {
        if (s.value !== '') {
          const last = parts[parts.length - 1];
          if (typeof last === 'string') parts[parts.length - 1] = last + s.value;
          else parts.push(s.value);
        }
      } else if (s.type === 'CommentStatement') {
        continue;
      } else if (s.type === 'MustacheStatement') {
        const c = classifyMustache(s, helpers, new Set(), false);
        if (c.kind === 'call') parts.push(fastCall(c.helper, s.params, position, helpers));
        else if (c.kind === 'path') parts.push({ k: 'path', path: fastPath(c.path), optional: position === 'condition' });
        else return undefined;
      } else {
        return undefined;
      }
    }
  } catch (err) {
    if (err instanceof Unsupported) return undefined;
    throw err;
  }
  return { typed, parts };
}

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
 * Analyses one template string. `position` is `condition` for `when` expressions, where a missing path is absent
 * rather than an error.
 */
export function analyzeTemplate(template: string, helpers: HelperRegistry, position: Position): Analysis {
  const parsed = parseTemplate(template);
  if ('problem' in parsed) return { problems: [parsed.problem], ast: undefined, typed: false, fast: undefined, uses: [] };
  const ast = parsed.ast;
  const walker = new Walker(helpers, position);
  walker.program(ast, ROOT_SCOPE);
  const typed = isTyped(ast);
  const fast = walker.problems.length === 0 ? buildFastPlan(ast, typed, helpers, position) : undefined;
  return { problems: walker.problems, ast, typed, fast, uses: walker.uses };
}
