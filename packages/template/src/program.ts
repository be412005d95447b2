/**
 * The prepared form of one template string: what {@link prepareTemplate} builds from Handlebars' parse tree once,
 * and what the interpreter walks on every resolve. Helpers are looked up, paths split and checked, and whether a
 * missing path is an error is decided here, so evaluating never consults the parse tree or the helper registry.
 */
import type { StaticProblem } from './errors.js';
import type { HelperSpec } from './helpers.js';
import type { CompiledPath } from './paths.js';

/** Where a path starts. */
export type Base =
  /** The context `depth` levels up: 0 is `this`, 1 is `../`. */
  | { readonly k: 'context'; readonly depth: number }
  /** A data variable (`@root`, `@index`, `@key`, `@first`, `@last`) of the data frame `depth` levels up. */
  | { readonly k: 'data'; readonly name: string; readonly depth: number }
  /** A block parameter (`as |item i|`): the declaring block `depth` declaring blocks out, its `index`-th value. */
  | { readonly k: 'param'; readonly depth: number; readonly index: number };

/** An expression: a literal, a path below a base, or a helper call. */
export type Expr =
  | { readonly k: 'lit'; readonly value: string | number | boolean | null | undefined }
  /** `optional`: a missing path is `undefined`, not an error (conditions, `default`'s first argument). */
  | { readonly k: 'path'; readonly base: Base; readonly path: CompiledPath; readonly optional: boolean }
  /** Arguments as the helper receives them (`required` gets its hidden arguments as literals). */
  | { readonly k: 'call'; readonly helper: HelperSpec; readonly args: readonly Expr[] };

/** A statement of a template's body; each writes text. */
export type Stmt =
  | { readonly k: 'text'; readonly value: string }
  /** `{{expr}}`: the expression's text; `display` names it in errors (`spec.x`, `the result of upper`). */
  | { readonly k: 'out'; readonly expr: Expr; readonly display: string }
  /** `#if` (or `#unless` when `negate`); `includeZero` counts 0 as true. */
  | {
      readonly k: 'if';
      readonly cond: Expr;
      readonly negate: boolean;
      readonly includeZero: Expr | undefined;
      readonly then: readonly Stmt[];
      readonly otherwise: readonly Stmt[];
    }
  /** `#each` / `#with`; `params`: the block declares block parameters (`as |item i|`). */
  | {
      readonly k: 'each' | 'with';
      readonly value: Expr;
      readonly params: boolean;
      readonly then: readonly Stmt[];
      readonly otherwise: readonly Stmt[];
    }
  /** A section `{{#spec.x}}…{{/spec.x}}`, as Handlebars renders one. */
  | {
      readonly k: 'section';
      readonly value: Expr;
      readonly then: readonly Stmt[];
      readonly otherwise: readonly Stmt[];
    };

/** A CR path a template reads: absolute parts from the CR root (`[]` marks "any item"), or `null` when unknown. */
export interface PathUse {
  readonly abs: readonly string[] | null;
  readonly display: string;
}

/** One prepared template string: the unit the engine caches. */
export interface PreparedTemplate {
  readonly template: string;
  /** Problems that keep it from being evaluated; empty when it is usable. */
  readonly problems: readonly StaticProblem[];
  /** CR paths it reads, for the schema check. */
  readonly uses: readonly PathUse[];
  /** No `{{`: the string is its own value. */
  readonly literal: boolean;
  /** Exactly one expression and nothing else: its value is kept as it is (the body is one `out`). */
  readonly typed: boolean;
  readonly body: readonly Stmt[];
}
