/**
 * Parsing one template string into Handlebars' parse tree (Handlebars' parser only: its compiler is never loaded
 * nor used), with Go-style spellings turned into Handlebars first, and syntax errors turned into problems that name
 * the line, the column and what was expected.
 */
import { parse as handlebarsParse, parser as handlebarsParser } from 'handlebars/dist/cjs/handlebars/compiler/base.js';
import type { StaticProblem } from './errors.js';
import { type NormalizedTemplate, normalizeTemplate } from './go-style.js';
import type { Program } from './hbs-ast.js';

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
    const lexer = (handlebarsParser as { lexer?: Lexer }).lexer;
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
    hint: pipe
      ? 'pipes (|) are Go-template syntax: write {{default spec.replicas 1}}, not {{ .spec.replicas | default 1 }}'
      : undefined,
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
    return { ast: handlebarsParse(norm.text) as Program };
  } catch (err) {
    return { problem: syntaxProblem(err, template, norm) };
  }
}
