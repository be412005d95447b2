/**
 * Source positions of a YAML file by field path: `spec.crds[0].resources.deployments.onReconcile[0].image` →
 * `katalog.yaml:14:20`, so every problem reported about a katalog points at the line to fix. Map keys may hold
 * dots (`app.kubernetes.io/name`): at each map the longest key that the rest of the path starts with wins.
 *
 * The text is parsed for positions only when a position is first asked for: a valid katalog, however large,
 * never pays for a second, position-keeping parse (a YAML document tree is many times the size of its text),
 * nor loads the parser that builds it.
 */
import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';
import type { LineCounter, Node, YAMLMap, YAMLSeq } from 'yaml';

/** `yaml`, loaded on the first {@link YamlLocator.locate}: a process with a valid katalog never loads it. */
let yamlModule: typeof Yaml | undefined;
function yaml(): typeof Yaml {
  yamlModule ??= createRequire(import.meta.url)('yaml') as typeof Yaml;
  return yamlModule;
}

/** Finds the line and column of field paths in one YAML document. */
export class YamlLocator {
  private positions: { root: Node | null; lines: LineCounter } | undefined;

  /** `file` names the text in locations; without it they read `line 3:7`. */
  constructor(
    private readonly text: string,
    readonly file?: string,
  ) {}

  /** True once the text was parsed for positions (the first {@link locate}); a valid file never is. */
  get parsed(): boolean {
    return this.positions !== undefined;
  }

  /** Parsed once, on the first call. */
  private tree(): { root: Node | null; lines: LineCounter } {
    if (!this.positions) {
      const { LineCounter, parseDocument } = yaml();
      const lines = new LineCounter();
      const doc = parseDocument(this.text, { lineCounter: lines, keepSourceTokens: false });
      this.positions = { root: doc.contents as Node | null, lines };
    }
    return this.positions;
  }

  /**
   * `file:line:column` of the deepest node of `path` that exists (its key, for a map entry), or undefined when
   * the document is empty.
   */
  locate(path: string): string | undefined {
    const { root, lines } = this.tree();
    let node: Node | null | undefined = root;
    let offset = node?.range?.[0];
    let rest = path;
    while (rest.length > 0 && node) {
      if (rest.startsWith('.')) rest = rest.slice(1);
      const step = stepInto(node, rest);
      if (!step) break;
      offset = step.offset ?? offset;
      node = step.node;
      rest = step.rest;
    }
    if (offset === undefined) return undefined;
    const { line, col } = lines.linePos(offset);
    return this.file ? `${this.file}:${line}:${col}` : `line ${line}:${col}`;
  }
}

/** One step down a path: the node reached, where it is written (a map entry's key), and the rest of the path. */
interface Step {
  node: Node | null;
  offset: number | undefined;
  rest: string;
}

/** The item (`[2]…`) or map entry (`name…`) that `rest` starts with, below `node`; `undefined` when none is. */
function stepInto(node: Node, rest: string): Step | undefined {
  const { isMap, isSeq } = yaml();
  if (isSeq(node)) return itemStep(node, rest);
  if (isMap(node)) return entryStep(node, rest);
  return undefined;
}

function itemStep(seq: YAMLSeq, rest: string): Step | undefined {
  const m = /^\[(\d+)\]/.exec(rest);
  const item = m ? (seq.items[Number(m[1])] as Node | undefined) : undefined;
  if (!m || !item) return undefined;
  return { node: item, offset: item.range?.[0], rest: rest.slice(m[0].length) };
}

/** The entry whose key is the longest that `rest` starts with (a key may hold dots: `app.kubernetes.io/name`). */
function entryStep(map: YAMLMap, rest: string): Step | undefined {
  const { isScalar } = yaml();
  let best: { key: string; step: Step } | undefined;
  for (const pair of map.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
    const fits = rest === key || rest.startsWith(`${key}.`) || rest.startsWith(`${key}[`);
    if (fits && (!best || key.length > best.key.length)) {
      const offset = isScalar(pair.key) ? pair.key.range?.[0] : undefined;
      best = { key, step: { node: pair.value as Node | null, offset, rest: rest.slice(key.length) } };
    }
  }
  return best?.step;
}

/** Splits a message that ends in a location, `must be … (katalog.yaml:12:15)`, into its text and location. */
export function splitLocation(message: string): { message: string; location: string | undefined } {
  const m = / \(([^()]*:\d+:\d+|line \d+:\d+)\)$/.exec(message);
  if (!m) return { message, location: undefined };
  return { message: message.slice(0, m.index), location: m[1] };
}
