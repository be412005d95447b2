/**
 * A trace for people: first why the CR is not Ready (the deepest causes, whole), then its conditions, then the
 * tree — kind/name, state, and what each not-ready object waits for or why it failed. Messages are never cut.
 */

import { causes, type Trace, type TraceNode, type TraceState } from '@orkestra/operator/internal';
import { line, type Output, paint } from '../output.js';

const LABEL: Record<TraceState, string> = {
  Current: 'Ready',
  Present: 'Present',
  InProgress: 'InProgress',
  Failed: 'Failed',
};

function stateText(output: Output, state: TraceState): string {
  const style = state === 'Failed' ? 'red' : state === 'InProgress' ? 'yellow' : 'green';
  return paint(output.color, style, LABEL[state]);
}

const title = (n: TraceNode) => `${n.kind}/${n.name}`;

/** Prints `trace` as text. */
export function printTrace(output: Output, trace: Trace): void {
  const { root } = trace;
  const where = root.namespace ? ` (namespace ${root.namespace})` : '';
  line(output, `${paint(output.color, 'bold', title(root))}${where}: ${stateText(output, root.state)}`);
  const found = causes(root);
  if (root.state !== 'Current' && root.state !== 'Present') {
    line(output, found.length ? 'why not Ready:' : `why not Ready: ${root.reason ?? 'unknown'}`);
    for (const { path, node } of found)
      line(
        output,
        `  ${stateText(output, node.state)} ${path.map(title).join(' → ')}${node.reason ? `: ${node.reason}` : ''}`,
      );
  }
  if (root.conditions?.length) {
    line(output, 'conditions:');
    for (const c of root.conditions)
      line(output, `  ${c.type}=${c.status}${c.reason ? ` ${c.reason}` : ''}${c.message ? `: ${c.message}` : ''}`);
  }
  line(output, 'tree:');
  printNode(output, root, '', true, true);
  if (trace.skipped.length) line(output, `not shown (cannot be read): ${trace.skipped.join(', ')}`);
}

function printNode(output: Output, node: TraceNode, prefix: string, last: boolean, top = false): void {
  const branch = top ? '' : last ? '└─ ' : '├─ ';
  const reason = node.reason && !top ? paint(output.color, 'dim', ` ${node.reason}`) : '';
  line(output, `${prefix}${branch}${title(node)} ${stateText(output, node.state)}${reason}`);
  const next = top ? prefix : `${prefix}${last ? '   ' : '│  '}`;
  node.children.forEach((c, i) => {
    printNode(output, c, next, i === node.children.length - 1);
  });
}
