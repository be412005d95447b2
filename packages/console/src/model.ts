/** What the pages show, computed from the server's JSON without the DOM (unit-tested). */
import type { ChildDiffView, InstanceView, TimelineEntry, TraceNode, TraceState } from './types.js';

/** A page of the console, from the URL's hash: `#/` the kinds, `#/i/<kind id>/<namespace>/<name>` an instance. */
export type Route = { page: 'kinds' } | { page: 'instance'; kind: string; namespace: string; name: string };

/** The route of `hash` (`location.hash`); anything unknown is the kinds page. */
export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').map(decodeURIComponent);
  if (parts[0] === 'i' && parts.length === 4 && parts[1] && parts[3])
    return { page: 'instance', kind: parts[1], namespace: parts[2] ?? '', name: parts[3] };
  return { page: 'kinds' };
}

/** The hash of an instance's page. */
export function instanceHash(kind: string, namespace: string | undefined, name: string): string {
  return `#/i/${[kind, namespace ?? '', name].map(encodeURIComponent).join('/')}`;
}

/** The query of the JSON and stream endpoints for `route`. */
export function apiQuery(route: Route): string {
  if (route.page === 'kinds') return '';
  const q = new URLSearchParams({ kind: route.kind, namespace: route.namespace, name: route.name });
  return `?${q.toString()}`;
}

/** One line of the tree as the page shows it. */
export interface TreeRow {
  depth: number;
  title: string;
  state: TraceState;
  reason?: string;
}

/** The tree as indented rows, in the server's order (worst first at every level). */
export function treeRows(node: TraceNode, depth = 0, out: TreeRow[] = []): TreeRow[] {
  out.push({
    depth,
    title: `${node.kind}/${node.name}`,
    state: node.state,
    ...(node.reason ? { reason: node.reason } : {}),
  });
  for (const child of node.children) treeRows(child, depth + 1, out);
  return out;
}

/** Words for a health state. */
export const STATE_LABEL: Record<TraceState, string> = {
  Current: 'Ready',
  Present: 'Present',
  InProgress: 'In progress',
  Failed: 'Failed',
};

/** "why not Ready" lines: each cause with its path, or the instance's own reason when no child explains it. */
export function whyLines(view: InstanceView): string[] {
  if (view.state === 'Current' || view.state === 'Present') return [];
  if (view.why.length === 0) return [view.tree.reason ?? 'not Ready yet'];
  return view.why.map((w) => `${w.path.join(' → ')}${w.reason ? `: ${w.reason}` : ''}`);
}

/** One line for a reconcile of the timeline. */
export function timelineLine(entry: TimelineEntry): string {
  const changes = entry.changes.length
    ? entry.changes.map((c) => `${c.action} ${c.kind}/${c.name}`).join(', ')
    : 'no change';
  return `${entry.result} (${entry.trigger}, ${entry.durationMs} ms): ${changes}`;
}

/** What the last reconcile left undone: children waiting (and on what), children that failed, its error. */
export function pendingLines(view: InstanceView): string[] {
  const last = view.lastReconcile;
  if (!last) return [];
  return [
    ...last.waiting,
    ...last.failed.map((f) => `${f.kind}/${f.name} failed: ${f.error}`),
    ...(last.error ? [`reconcile ${last.result}: ${last.error}`] : []),
  ];
}

/** A value of the diff as one line: strings as they are, anything else as JSON; absent as `(none)`. */
export function diffValue(value: unknown): string {
  if (value === undefined) return '(none)';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The lines of one child's difference: `path: live → desired` per field, or why it could not be compared. */
export function diffLines(d: ChildDiffView): string[] {
  if (d.state === 'error') return [d.message ?? 'could not be compared'];
  if (d.state === 'missing') return ['does not exist yet: the next reconcile creates it'];
  const lines = (d.drifted ?? []).map((f) =>
    f.reason === 'fields'
      ? `${f.path}: the set of fields Orkestra sets changed`
      : `${f.path}: ${diffValue(f.live)} → ${diffValue(f.desired)}`,
  );
  return d.recreate ? [...lines, 'needs delete and create (an immutable field)'] : lines;
}

/** A node of the graph view, placed on a grid: one column per level, one row per leaf. */
export interface GraphNode {
  id: string;
  label: string;
  state: TraceState;
  column: number;
  row: number;
  parent?: string;
}

/** The tree placed for the graph view: children to the right of their parent, each subtree on its own rows. */
export function graphLayout(root: TraceNode): { nodes: GraphNode[]; columns: number; rows: number } {
  const nodes: GraphNode[] = [];
  let rows = 0;
  let columns = 0;
  const place = (node: TraceNode, column: number, parent?: string): number => {
    const id = `${column}:${nodes.length}`;
    const index = nodes.length;
    nodes.push({
      id,
      label: `${node.kind}/${node.name}`,
      state: node.state,
      column,
      row: rows,
      ...(parent ? { parent } : {}),
    });
    columns = Math.max(columns, column + 1);
    if (node.children.length === 0) rows++;
    else {
      const first = rows;
      for (const child of node.children) place(child, column + 1, id);
      (nodes[index] as GraphNode).row = (first + rows - 1) / 2;
    }
    return index;
  };
  place(root, 0);
  return { nodes, columns, rows };
}
