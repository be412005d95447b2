import { describe, expect, it } from '@jest/globals';
import { causes, sortTree, type TraceNode, type TraceState, worst } from '../src/trace/trace-tree.js';

const node = (
  kind: string,
  name: string,
  state: TraceState,
  children: TraceNode[] = [],
  reason?: string,
): TraceNode => ({
  apiVersion: 'v1',
  kind,
  name,
  state,
  ...(reason ? { reason } : {}),
  children,
});

describe('the trace tree', () => {
  const tree = () =>
    node('Website', 'shop', 'InProgress', [
      node('ConfigMap', 'page', 'Current'),
      node('Deployment', 'web', 'InProgress', [
        node('ReplicaSet', 'web-1', 'InProgress', [node('Pod', 'web-1-a', 'InProgress', [], 'Pending: Unschedulable')]),
      ]),
      node('Job', 'migrate', 'Failed', [], 'failed (BackoffLimitExceeded)'),
      node('StatefulSet', 'db', 'Current', [node('Pod', 'db-0', 'Current')]),
    ]);

  it('puts the worst subtree first, then the one whose cause sits deepest, then kind and name', () => {
    const t = tree();
    sortTree(t);
    expect(t.children.map((c) => `${c.kind}/${c.name}`)).toEqual([
      'Job/migrate',
      'Deployment/web',
      'ConfigMap/page',
      'StatefulSet/db',
    ]);
    expect(worst(t)).toBe('Failed');
  });

  it('names the deepest not-ready objects as causes, failed ones first, each with its path', () => {
    const t = tree();
    sortTree(t);
    expect(causes(t).map(({ path, node: n }) => [path.map((p) => p.name).join(' → '), n.reason])).toEqual([
      ['migrate', 'failed (BackoffLimitExceeded)'],
      ['web → web-1 → web-1-a', 'Pending: Unschedulable'],
    ]);
  });

  it('a tree where everything is ready has no cause', () => {
    expect(causes(node('Website', 'shop', 'Current', [node('ConfigMap', 'page', 'Current')]))).toEqual([]);
  });
});
