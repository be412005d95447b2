/**
 * Handlebars' parser alone (`Handlebars.parse` and `Handlebars.Parser` are these): importing this module instead of
 * `handlebars` leaves out its compiler, code generator, runtime and source-map, which the interpreter never uses.
 */
declare module 'handlebars/dist/cjs/handlebars/compiler/base.js' {
  /** Parses a template into Handlebars' tree, whitespace control applied; throws on a syntax error. */
  export function parse(input: string): unknown;
  /** The generated parser; its `lexer` holds the position of the last token read. */
  export const parser: { lexer?: unknown };
}
