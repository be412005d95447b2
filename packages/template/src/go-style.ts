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
  let out = '';
  const inserts: number[] = [];
  const n = src.length;
  let i = 0;
  while (i < n) {
    const j = src.indexOf('{{', i);
    if (j < 0) {
      out += src.slice(i);
      break;
    }
    if (j > 0 && src[j - 1] === '\\' && !(j > 1 && src[j - 2] === '\\')) {
      out += src.slice(i, j + 2);
      i = j + 2;
      continue;
    }
    out += src.slice(i, j);
    let end: number;
    if (src.startsWith('{{{{', j)) {
      const close = src.indexOf('{{{{/', j + 4);
      const stop = close < 0 ? -1 : src.indexOf('}}}}', close);
      end = stop < 0 ? n : stop + 4;
      out += src.slice(j, end);
      i = end;
      continue;
    }
    const afterOpen = src[j + 2] === '~' ? j + 3 : j + 2;
    if (src.startsWith('!--', afterOpen)) {
      const m = /--~?\}\}/g;
      m.lastIndex = afterOpen + 3;
      const found = m.exec(src);
      end = found ? found.index + found[0].length : n;
      out += src.slice(j, end);
      i = end;
      continue;
    }
    if (src[afterOpen] === '!') {
      const stop = src.indexOf('}}', afterOpen);
      end = stop < 0 ? n : stop + 2;
      out += src.slice(j, end);
      i = end;
      continue;
    }
    // A mustache: scan to its closing braces.
    out += '{{';
    let k = j + 2;
    while (k < n) {
      const c = src[k]!;
      if (c === '}' && src[k + 1] === '}') break;
      if (c === '"' || c === "'") {
        let e = k + 1;
        while (e < n && src[e] !== c) e += src[e] === '\\' && src[e + 1] === c ? 2 : 1;
        out += src.slice(k, e + 1);
        k = e + 1;
        continue;
      }
      const prev = out[out.length - 1] ?? '';
      if (c === '[') {
        if (ID_CHAR.test(prev)) {
          inserts.push(out.length);
          out += '.';
        }
        const e = src.indexOf(']', k);
        const stop = e < 0 ? n : e + 1;
        out += src.slice(k, stop);
        k = stop;
        continue;
      }
      if (c === '.' && BOUNDARY.test(prev) && PATH_START.test(src[k + 1] ?? '')) {
        out += ' ';
        k++;
        continue;
      }
      out += c;
      k++;
    }
    i = k;
  }
  if (inserts.length === 0) return identity(out);
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
