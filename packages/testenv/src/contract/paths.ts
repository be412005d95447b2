/**
 * Field paths of the contract suite: written `spec.ports[0].port` or `data["b.json"]` (brackets for a key that
 * holds a dot or a slash), and the paths a patch touches, so a drift's correction can be checked field by field.
 */

/** A parsed path: object keys and list indices. */
export type PathSegments = readonly (string | number)[];

const SEGMENT = /\["((?:[^"\\]|\\.)*)"\]|\[(\d+)\]|([^.[\]]+)/g;

/** `spec.ports[0].port` → `['spec', 'ports', 0, 'port']`; `metadata.annotations["user/note"]` keeps the key whole. */
export function parsePath(path: string): PathSegments {
  const segments: (string | number)[] = [];
  for (const m of path.matchAll(SEGMENT)) {
    if (m[1] !== undefined) segments.push(m[1].replace(/\\(.)/g, '$1'));
    else if (m[2] !== undefined) segments.push(Number(m[2]));
    else segments.push(m[3]!);
  }
  return segments;
}

/** The inverse of {@link parsePath}, for messages. */
export function formatPath(segments: PathSegments): string {
  return segments
    .map((s, i) =>
      typeof s === 'number' ? `[${s}]` : /^[A-Za-z0-9_-]+$/.test(s) ? `${i ? '.' : ''}${s}` : `[${JSON.stringify(s)}]`,
    )
    .join('');
}

/** The value at `path` in `obj`, or `undefined` when any step is missing. */
export function valueAt(obj: unknown, path: string | PathSegments): unknown {
  let cur: unknown = obj;
  for (const s of typeof path === 'string' ? parsePath(path) : path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string | number, unknown>)[s];
  }
  return cur;
}

/**
 * The paths a patch changes. A merge or strategic-merge patch: every leaf (a list counts as one leaf, since
 * the patch replaces or merges it as a whole). A JSON patch (RFC 6902): each operation's `path`.
 */
export function patchPaths(patch: unknown): PathSegments[] {
  if (Array.isArray(patch)) return patch.map((op: { path: string }) => pointerSegments(op.path));
  const out: PathSegments[] = [];
  const walk = (value: unknown, at: (string | number)[]) => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length) {
      for (const [k, v] of Object.entries(value)) walk(v, [...at, k]);
    } else out.push(at);
  };
  walk(patch, []);
  return out;
}

/** A JSON pointer (`/spec/ports/0/name`, `~1` for `/`) as segments, numbers for list indices. */
function pointerSegments(pointer: string): PathSegments {
  return pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}
