import { describe, expect, it } from '@jest/globals';
import type { ObjectClient } from '@orkestra/core';
import { causes, sortTree, type TraceNode, type TraceState, traceObject, worst } from '../src/trace/trace-tree.js';

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

describe('traceObject’s lists', () => {
  /** A client whose lists take 20 ms each, counting how many are in flight at once (the bound is pure logic). */
  function slowClient() {
    const seen = { inFlight: 0, most: 0, lists: [] as string[] };
    const kube = {
      get: async () => ({
        apiVersion: 'example.com/v1',
        kind: 'Website',
        metadata: { name: 'shop', namespace: 'ns', uid: 'u' },
      }),
      list: async (_apiVersion: string, kind: string) => {
        seen.lists.push(kind);
        seen.most = Math.max(seen.most, ++seen.inFlight);
        await new Promise((resolve) => setTimeout(resolve, 20));
        seen.inFlight--;
        return { items: [] };
      },
    } as unknown as ObjectClient;
    return { kube, seen };
  }
  const ref = { apiVersion: 'example.com/v1', kind: 'Website', namespace: 'ns', name: 'shop' };

  it('sends the kinds’ lists at once, at most `concurrency` in flight', async () => {
    const { kube, seen } = slowClient();
    const trace = await traceObject(kube, ref, { concurrency: 4 });
    expect(trace?.root.children).toEqual([]);
    expect(seen.lists.length).toBeGreaterThan(10); // the common kinds
    expect(seen.most).toBe(4);
  });

  it('lists only the kinds it is told the children may be of, and what the cache holds not at all', async () => {
    const { kube, seen } = slowClient();
    const cache = (kind: { kind: string }) => (kind.kind === 'ConfigMap' ? [] : undefined);
    const childKinds = [
      { apiVersion: 'v1', kind: 'ConfigMap' },
      { apiVersion: 'apps/v1', kind: 'Deployment' },
    ];
    await traceObject(kube, ref, { cache, childKinds });
    expect(seen.lists).toEqual(['Deployment']);
  });
});
