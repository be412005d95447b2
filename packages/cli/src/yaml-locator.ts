/**
 * Source positions of a YAML file by field path: `spec.crds[0].resources.deployments.onReconcile[0].image` →
 * `katalog.yaml:14:20`, so every problem the CLI reports points at the line to fix. Map keys may hold dots
 * (`app.kubernetes.io/name`): at each map the longest key that the rest of the path starts with wins.
 */
import { LineCounter, isMap, isScalar, isSeq, parseDocument, type Node } from 'yaml';

/** Finds the line and column of field paths in one YAML document. */
export class YamlLocator {
  private readonly lines = new LineCounter();
  private readonly root: Node | null;

  constructor(text: string, private readonly file: string) {
    const doc = parseDocument(text, { lineCounter: this.lines, keepSourceTokens: false });
    this.root = doc.contents as Node | null;
  }

  /** `file:line:column` of the deepest node of `path` that exists (its key, for a map entry), or undefined. */
  locate(path: string): string | undefined {
    let node: Node | null | undefined = this.root;
    let offset = node?.range?.[0];
    let rest = path;
    while (rest.length > 0 && node) {
      if (rest.startsWith('.')) rest = rest.slice(1);
      if (isSeq(node)) {
        const m = /^\[(\d+)\]/.exec(rest);
        if (!m) break;
        const item = node.items[Number(m[1])] as Node | undefined;
        if (!item) break;
        offset = item.range?.[0] ?? offset;
        node = item;
        rest = rest.slice(m[0].length);
        continue;
      }
      if (isMap(node)) {
        let best: { key: string; keyOffset: number | undefined; value: Node | null } | undefined;
        for (const pair of node.items) {
          const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
          const fits = rest === key || rest.startsWith(`${key}.`) || rest.startsWith(`${key}[`);
          if (fits && (!best || key.length > best.key.length)) {
            best = { key, keyOffset: isScalar(pair.key) ? pair.key.range?.[0] : undefined, value: pair.value as Node | null };
          }
        }
        if (!best) break;
        offset = best.keyOffset ?? offset;
        node = best.value;
        rest = rest.slice(best.key.length);
        continue;
      }
      break;
    }
    if (offset === undefined) return undefined;
    const { line, col } = this.lines.linePos(offset);
    return `${this.file}:${line}:${col}`;
  }
}

/** Splits a loadKatalog message `must be … (katalog.yaml:12:15)` into its text and its location. */
export function splitLocation(message: string): { message: string; location: string | undefined } {
  const m = / \(([^()]*:\d+:\d+)\)$/.exec(message);
  if (!m) return { message, location: undefined };
  return { message: message.slice(0, m.index), location: m[1] };
}
