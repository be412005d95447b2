/**
 * Go-template and JavaScript path spellings, turned into Handlebars before parsing:
 *
 * - a leading dot, Orkestra Go's `{{ .spec.image }}`, becomes `{{  spec.image }}` (the dot is replaced by a space,
 *   so columns stay the same);
 * - an index written `spec.ports[0]` becomes Handlebars' `spec.ports.[0]` (a dot is inserted; positions are
 *   mapped back for error messages).
 *
 * Only the inside of mustaches changes: text, string literals, comments, raw blocks and escaped `\{{` stay as
 * written.
 */

export interface NormalizedTemplate {
  /** The template as Handlebars should parse it. */
  readonly text: string;
  /** Maps a position in {@link text} (1-based line, 0-based column) to the written template (1-based both). */
  toOriginal(line: number, column0: number): { line: number; column: number };
}

const PATH_START = /[A-Za-z_$\u0080-\uffff[]/;
const ID_CHAR = /[A-Za-z0-9_$\-\u0080-\uffff\]]/;
const BOUNDARY = /[\s{(~#^=&/]/;

function lineStarts(s: string): number[] {
  const starts = [0];
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

/** Rewrites Go-style leading dots and `a[0]` indexes inside the mustaches of `src`. */
export function normalizeTemplate(src: string): NormalizedTemplate {
  if (!src.includes('{{')) return identity(src);
  const rewriter = new Rewriter(src);
  let i = 0;
  while (i < src.length) {
    const j = src.indexOf('{{', i);
    if (j < 0) {
      rewriter.copy(i, src.length);
      break;
    }
    if (isEscaped(src, j)) {
      i = rewriter.copy(i, j + 2);
      continue;
    }
    rewriter.copy(i, j);
    const verbatim = verbatimEnd(src, j);
    i = verbatim >= 0 ? rewriter.copy(j, verbatim) : rewriter.mustache(j);
  }
  const { out, inserts } = rewriter;
  return inserts.length === 0 ? identity(out) : mappedBack(src, out, inserts);
}

/** `\{{` is literal braces, unless the backslash is itself escaped (`\\{{`). */
function isEscaped(src: string, open: number): boolean {
  return open > 0 && src[open - 1] === '\\' && !(open > 1 && src[open - 2] === '\\');
}

/**
 * Where the span opening at `open` ends when it stays as written — a raw block `{{{{raw}}}}…{{{{/raw}}}}`, a
 * comment `{{!-- … --}}` or `{{! … }}` — or -1 for a mustache to rewrite.
 */
function verbatimEnd(src: string, open: number): number {
  const n = src.length;
  if (src.startsWith('{{{{', open)) {
    const close = src.indexOf('{{{{/', open + 4);
    const stop = close < 0 ? -1 : src.indexOf('}}}}', close);
    return stop < 0 ? n : stop + 4;
  }
  const afterOpen = src[open + 2] === '~' ? open + 3 : open + 2;
  if (src.startsWith('!--', afterOpen)) {
    const m = /--~?\}\}/g;
    m.lastIndex = afterOpen + 3;
    const found = m.exec(src);
    return found ? found.index + found[0].length : n;
  }
  if (src[afterOpen] === '!') {
    const stop = src.indexOf('}}', afterOpen);
    return stop < 0 ? n : stop + 2;
  }
  return -1;
}

/** The normalised text, built left to right, and the offsets in it where a dot was inserted. */
class Rewriter {
  out = '';
  readonly inserts: number[] = [];

  constructor(private readonly src: string) {}

  /** Copies `src[from, to)` as written; returns `to`. */
  copy(from: number, to: number): number {
    this.out += this.src.slice(from, to);
    return to;
  }

  /** Rewrites the mustache opening at `open` up to its closing braces; returns where they start. */
  mustache(open: number): number {
    const { src } = this;
    this.out += '{{';
    let k = open + 2;
    while (k < src.length && !src.startsWith('}}', k)) k = this.piece(k);
    return k;
  }

  /** Copies or rewrites the piece of a mustache at `k`: a string literal, an index, a leading dot, a character. */
  private piece(k: number): number {
    const { src } = this;
    const c = src[k]!;
    if (c === '"' || c === "'") return this.copy(k, stringEnd(src, k) + 1);
    if (c === '[') return this.index(k);
    if (c === '.' && BOUNDARY.test(this.out.at(-1) ?? '') && PATH_START.test(src[k + 1] ?? '')) {
      this.out += ' ';
      return k + 1;
    }
    this.out += c;
    return k + 1;
  }

  /** `a[0]` → `a.[0]`: a dot is inserted after a name, and the bracketed part copied as written. */
  private index(k: number): number {
    if (ID_CHAR.test(this.out.at(-1) ?? '')) {
      this.inserts.push(this.out.length);
      this.out += '.';
    }
    const e = this.src.indexOf(']', k);
    return this.copy(k, e < 0 ? this.src.length : e + 1);
  }
}

/** The index of the quote closing the string literal that opens at `k` (or the end of `src`). */
function stringEnd(src: string, k: number): number {
  const quote = src[k];
  let e = k + 1;
  while (e < src.length && src[e] !== quote) e += src[e] === '\\' && src[e + 1] === quote ? 2 : 1;
  return e;
}

/** `out` with positions mapped back to `src` across the dots inserted at `inserts`. */
function mappedBack(src: string, out: string, inserts: readonly number[]): NormalizedTemplate {
  const normStarts = lineStarts(out);
  const origStarts = lineStarts(src);
  return {
    text: out,
    toOriginal(line, column0) {
      const offset = (normStarts[line - 1] ?? 0) + column0;
      let shift = 0;
      while (shift < inserts.length && inserts[shift]! < offset) shift++;
      const orig = offset - shift;
      let l = 0;
      while (l + 1 < origStarts.length && origStarts[l + 1]! <= orig) l++;
      return { line: l + 1, column: orig - origStarts[l]! + 1 };
    },
  };
}

function identity(text: string): NormalizedTemplate {
  return { text, toOriginal: (line, column0) => ({ line, column: column0 + 1 }) };
}
