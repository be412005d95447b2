/**
 * The Handlebars path, for templates the fast path does not cover (blocks: `{{#if}}`, `{{#each}}`, `{{#with}}`,
 * sections; `@index`, `../`, block parameters).
 *
 * One isolated environment (`Handlebars.create()`), `noEscape`, prototype access left blocked, no partials, no
 * `log` or `lookup`. Before compiling, the parse tree is rewritten so that Handlebars never reads the CR itself:
 *
 * - every path becomes `(__orkGet "r"|"o" "<display>" <base> "key" …)`, which reads own properties only (as the
 *   fast path does) and throws a missing-path failure for a required (`r`) path;
 * - every helper call becomes `(__orkCall "<name>" …)`, which calls the function the fast path calls;
 * - every mustache becomes `{{__orkText "<display>" (…)}}` (text as the fast path writes it; a plain path in one
 *   call, `{{__orkPathText …}}`) or, for a string that is one expression, `{{__orkCapture (…)}}`, which keeps the
 *   typed value;
 * - a section `{{#spec.tls}}` becomes `{{#__orkSection (…)}}`, Handlebars' own section behaviour.
 *
 * Whether a path may be missing follows the same rules as the fast path ({@link paramMode}).
 */
import Handlebars from 'handlebars';
import { classifyMustache, displayPath, isScoped, type HelperRegistry } from './analyze.js';
import {
  isLiteral,
  pathNode,
  stringNode,
  subExpression,
  undefinedNode,
  type BlockStatement,
  type Expression,
  type MustacheStatement,
  type PathExpression,
  type Program,
  type Statement,
  type SubExpression,
} from './hbs-ast.js';
import { paramMode, type HelperSpec, type ParamMode, type Position } from './helpers.js';
import { compilePath, copyData, missingPath, readPath } from './paths.js';
import { toText } from './values.js';

const GET = '__orkGet';
const TEXT = '__orkText';
const PATH_TEXT = '__orkPathText';
const CAPTURE = '__orkCapture';
const SECTION = '__orkSection';
const CALL = '__orkCall';

interface Slot {
  value: unknown;
}
interface Options {
  data?: { root?: unknown; orkSlot?: Slot };
}

const CONDITION: ParamMode = { optional: true, position: 'condition' };

class Rewriter {
  constructor(
    private readonly helpers: HelperRegistry,
    private readonly position: Position,
    private readonly typed: boolean,
  ) {}

  program(p: Program | undefined, blockParams: ReadonlySet<string>): void {
    if (!p) return;
    for (const s of p.body) this.statement(s, blockParams);
  }

  private statement(s: Statement, blockParams: ReadonlySet<string>): void {
    if (s.type === 'MustacheStatement') this.mustache(s, blockParams);
    else if (s.type === 'BlockStatement') this.block(s, blockParams);
  }

  private mustache(m: MustacheStatement, blockParams: ReadonlySet<string>): void {
    const c = classifyMustache(m, this.helpers, blockParams, false);
    if (c.kind === 'invalid') throw new Error(c.problem.message);
    m.hash = undefined;
    if (c.kind === 'path' && !this.typed && this.position === 'value') {
      // The common case in one helper call: read a required path and write its text.
      const lookup = this.lookup(c.path, false, blockParams);
      m.path = pathNode([PATH_TEXT], { original: PATH_TEXT }, m.loc);
      m.params = lookup.params.slice(1);
      return;
    }
    const inner =
      c.kind === 'call'
        ? this.call(c.helper, m.params, this.position, blockParams, m)
        : this.lookup(c.path, this.position === 'condition', blockParams);
    const display = c.kind === 'call' ? `the result of ${c.name}` : displayPath(c.path);
    m.path = pathNode([this.typed ? CAPTURE : TEXT], { original: this.typed ? CAPTURE : TEXT }, m.loc);
    m.params = this.typed ? [inner] : [stringNode(display, m.loc), inner];
  }

  private block(b: BlockStatement, blockParams: ReadonlySet<string>): void {
    const p = b.path as PathExpression;
    const name = p.parts[0] ?? '';
    const simple = p.parts.length === 1 && !p.data && p.depth === 0 && !isScoped(p);
    let inner = blockParams;
    if (simple && (name === 'if' || name === 'unless' || name === 'each' || name === 'with')) {
      b.params = b.params.map((e) => this.param(e, CONDITION, blockParams));
      if (b.hash) for (const pair of b.hash.pairs) pair.value = this.param(pair.value, CONDITION, blockParams);
      const declared = b.program?.blockParams ?? [];
      if (declared.length > 0) inner = new Set([...blockParams, ...declared]);
    } else {
      b.params = [this.lookup(p, true, blockParams)];
      b.path = pathNode([SECTION], { original: SECTION }, p.loc);
    }
    this.program(b.program, inner);
    this.program(b.inverse, blockParams);
  }

  private param(e: Expression, mode: ParamMode, blockParams: ReadonlySet<string>): Expression {
    if (isLiteral(e)) return e;
    if (e.type === 'PathExpression') return this.lookup(e, mode.optional, blockParams);
    const c = classifyMustache(e, this.helpers, blockParams, true);
    if (c.kind !== 'call') throw new Error(c.kind === 'invalid' ? c.problem.message : 'not a helper');
    return this.call(c.helper, e.params, mode.position, blockParams, e);
  }

  private call(
    helper: HelperSpec,
    params: readonly Expression[],
    position: Position,
    blockParams: ReadonlySet<string>,
    at: { loc?: MustacheStatement['loc'] },
  ): Expression {
    const args = params.map((e, i) => this.param(e, paramMode(helper, i, position), blockParams));
    if (helper.kind === 'required') {
      while (args.length < 2) args.push(undefinedNode(at.loc));
      const first = params[0];
      args.push(stringNode(first?.type === 'PathExpression' ? displayPath(first) : '', at.loc));
    }
    return subExpression(CALL, [stringNode(helper.name, at.loc), ...args], at.loc);
  }

  private lookup(p: PathExpression, optional: boolean, blockParams: ReadonlySet<string>): SubExpression {
    let base: PathExpression;
    let rest: string[];
    if (p.data) {
      const head = p.parts[0] ?? '';
      base = pathNode([head], { data: true, depth: p.depth, original: `@${head}` }, p.loc);
      rest = p.parts.slice(1);
    } else if (p.depth === 0 && !isScoped(p) && p.parts.length > 0 && blockParams.has(p.parts[0]!)) {
      base = pathNode([p.parts[0]!], { original: p.parts[0]! }, p.loc);
      rest = p.parts.slice(1);
    } else {
      base = pathNode([], { depth: p.depth, original: p.depth > 0 ? `${'../'.repeat(p.depth - 1)}..` : 'this' }, p.loc);
      rest = p.parts;
    }
    return subExpression(
      GET,
      [stringNode(optional ? 'o' : 'r', p.loc), stringNode(displayPath(p), p.loc), base, ...rest.map((k) => stringNode(k, p.loc))],
      p.loc,
    );
  }
}

function read(mode: string, display: string, base: unknown, rest: unknown[]): unknown {
  const options = rest.pop() as Options;
  const path = compilePath(rest as string[], display);
  const v = readPath(base, path);
  if (v === undefined && mode === 'r') {
    throw missingPath(base, path, base !== undefined && base === options.data?.root ? 'the CR' : 'the current context');
  }
  return v;
}

/**
 * One isolated Handlebars environment; compiles rewritten parse trees.
 *
 * Handlebars wraps every registered helper on every render, so the environment holds only the block helpers and
 * six internal ones: all of Orkestra's helpers (built-in and user) are reached through one dispatcher,
 * `(__orkCall "name" …)`, which calls the same functions the fast path calls.
 */
export class HandlebarsRuntime {
  private readonly env = Handlebars.create();
  private readonly known: Record<string, boolean> = {
    [GET]: true,
    [TEXT]: true,
    [PATH_TEXT]: true,
    [CAPTURE]: true,
    [SECTION]: true,
    [CALL]: true,
  };

  constructor(helpers: HelperRegistry) {
    const env = this.env;
    env.unregisterHelper('log');
    env.unregisterHelper('lookup');
    const section = env.helpers['blockHelperMissing']!;
    env.registerHelper(GET, (mode: string, display: string, base: unknown, ...rest: unknown[]) => read(mode, display, base, rest));
    env.registerHelper(PATH_TEXT, (display: string, base: unknown, ...rest: unknown[]) => toText(read('r', display, base, rest), display));
    env.registerHelper(TEXT, (display: string, value: unknown) => toText(value, display));
    env.registerHelper(CALL, (name: string, ...args: unknown[]) => {
      args.pop();
      return helpers.get(name)!.fn(...args);
    });
    env.registerHelper(CAPTURE, (value: unknown, options: Options) => {
      const slot = options.data?.orkSlot;
      if (slot) slot.value = copyData(value);
      return '';
    });
    env.registerHelper(SECTION, function (this: unknown, value: unknown, options: Handlebars.HelperOptions) {
      return section.call(this, value, options);
    });
  }

  /**
   * Compiles a parse tree that passed the static checks, now (not on first use). The tree is rewritten in place.
   * A `typed` template yields the value of its one expression; any other yields its text.
   */
  compile(ast: Program, typed: boolean, helpers: HelperRegistry, position: Position): (cr: unknown) => unknown {
    new Rewriter(helpers, position, typed).program(ast, new Set());
    const spec = this.env.precompile(ast, {
      noEscape: true,
      strict: false,
      data: true,
      knownHelpers: { ...this.known },
      knownHelpersOnly: true,
    });
    const template = this.env.template(new Function(`return ${String(spec)}`)() as TemplateSpecification);
    if (typed) {
      return (cr) => {
        const slot: Slot = { value: undefined };
        template(cr, { data: { orkSlot: slot } });
        return slot.value;
      };
    }
    return (cr) => template(cr);
  }
}
