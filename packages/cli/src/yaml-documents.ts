/**
 * The documents of a small YAML input file (`--cr`, `--crd`): each document's value and where it starts, and
 * every problem — a syntax error, or aliases that expand too much (a "billion laughs" file) — as a located
 * {@link Problem}, never an exception.
 */

import type { Problem } from './exit-codes.js';
import { yaml } from './yaml-module.js';

/** One non-empty document of a file. */
interface YamlDocument {
  /** 1 for the first document. */
  index: number;
  value: unknown;
  /** `file:line:column` of its start. */
  location: string;
}

/** Alias uses one document may expand (the `yaml` library's own default). */
const MAX_ALIAS_COUNT = 100;

/** Every document of `text`; `path` names a document in problems (`(yaml document 2)`). */
export function readYamlDocuments(text: string, file: string): { documents: YamlDocument[]; problems: Problem[] } {
  const { LineCounter, parseAllDocuments } = yaml();
  const lines = new LineCounter();
  const documents: YamlDocument[] = [];
  const problems: Problem[] = [];
  const at = (offset: number | undefined) => {
    if (offset === undefined) return file;
    const { line, col } = lines.linePos(offset);
    return `${file}:${line}:${col}`;
  };
  parseAllDocuments(text, { lineCounter: lines, prettyErrors: true }).forEach((doc, i) => {
    const path = `(yaml document ${i + 1})`;
    if (doc.errors.length > 0) {
      for (const e of doc.errors)
        problems.push({
          path,
          message: e.message.split('\n')[0] ?? e.message,
          hint: 'fix the YAML syntax',
          location: at(e.pos[0]),
        });
      return;
    }
    const location = at(doc.contents?.range?.[0]);
    let value: unknown;
    try {
      value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    } catch (e) {
      const excessive = e instanceof ReferenceError && /alias/i.test(e.message);
      const message = excessive
        ? `its aliases expand too much (more than ${MAX_ALIAS_COUNT} alias uses: a "billion laughs" file?)`
        : (e instanceof Error ? e.message : String(e)).split('\n')[0]!;
      problems.push({ path, message, location });
      return;
    }
    if (value !== null && value !== undefined) documents.push({ index: i + 1, value, location });
  });
  return { documents, problems };
}
