import { describe, expect, it } from '@jest/globals';
import {
  apiQuery,
  diffLines,
  graphLayout,
  instanceHash,
  parseRoute,
  pendingLines,
  timelineLine,
  treeRows,
  whyLines,
} from '../src/model.js';
import type { InstanceView, TraceNode } from '../src/types.js';

const node = (kind: string, name: string, state: TraceNode['state'], children: TraceNode[] = [], reason?: string) => ({
  apiVersion: 'v1',
  kind,
  name,
  state,
  children,
  ...(reason ? { reason } : {}),
});

const view = (over: Partial<InstanceView>): InstanceView => ({
  kind: 'Website',
  id: 'websites.example.com',
  namespace: 'demo',
  name: 'shop',
  state: 'InProgress',
  why: [],
  conditions: [],
  conditionHistory: [],
  tree: node('Website', 'shop', 'InProgress', [], 'waiting for Deployment shop-web'),
  hidden: [],
  events: [],
  diff: [],
  timeline: [],
  ...over,
});

describe('routes', () => {
  it('round-trips an instance through the hash, names with odd characters included', () => {
    const hash = instanceHash('websites.example.com', 'demo', 'a/b c');
    expect(parseRoute(hash)).toEqual({
      page: 'instance',
      kind: 'websites.example.com',
      namespace: 'demo',
      name: 'a/b c',
    });
    expect(parseRoute(instanceHash('clusters.example.com', undefined, 'x'))).toMatchObject({
      namespace: '',
      name: 'x',
    });
  });

  it('takes anything else for the kinds page', () => {
    expect(parseRoute('')).toEqual({ page: 'kinds' });
    expect(parseRoute('#/i/only-kind')).toEqual({ page: 'kinds' });
  });

  it('asks the server for the page of the route', () => {
    expect(apiQuery({ page: 'kinds' })).toBe('');
    expect(apiQuery({ page: 'instance', kind: 'websites.example.com', namespace: 'demo', name: 'shop' })).toBe(
      '?kind=websites.example.com&namespace=demo&name=shop',
    );
  });
});

describe('instance page model', () => {
  it('flattens the tree depth first, in the server’s order', () => {
    const tree = node('Website', 'shop', 'InProgress', [
      node('Deployment', 'web', 'InProgress', [node('ReplicaSet', 'web-1', 'InProgress')], '0 of 1 available'),
      node('Service', 'web', 'Current'),
    ]);
    expect(treeRows(tree).map((r) => `${r.depth} ${r.title} ${r.state}`)).toEqual([
      '0 Website/shop InProgress',
      '1 Deployment/web InProgress',
      '2 ReplicaSet/web-1 InProgress',
      '1 Service/web Current',
    ]);
    expect(treeRows(tree)[1]?.reason).toBe('0 of 1 available');
  });

  it('says why not Ready: each cause by its path, else the instance’s own reason, nothing when Ready', () => {
    const why = [{ path: ['Deployment/web', 'Pod/web-x'], state: 'InProgress' as const, reason: 'not ready' }];
    expect(whyLines(view({ why }))).toEqual(['Deployment/web → Pod/web-x: not ready']);
    expect(whyLines(view({}))).toEqual(['waiting for Deployment shop-web']);
    expect(whyLines(view({ state: 'Current' }))).toEqual([]);
  });

  it('describes a reconcile by its result, trigger, duration and changes', () => {
    const entry = { at: '', trigger: 'event' as const, result: 'success' as const, durationMs: 4.2 };
    expect(timelineLine({ ...entry, changes: [{ kind: 'Deployment', name: 'web', action: 'updated' }] })).toBe(
      'success (event, 4.2 ms): updated Deployment/web',
    );
    expect(timelineLine({ ...entry, changes: [] })).toBe('success (event, 4.2 ms): no change');
  });

  it('lists what the last reconcile left: waiting children, failed ones, its error', () => {
    expect(pendingLines(view({}))).toEqual([]);
    const lastReconcile = {
      result: 'error',
      waiting: ['CronJob orders-backup waits for StatefulSet orders-db: 1 of 2 replicas ready'],
      error: 'the API server refused',
      failed: [{ kind: 'Service', name: 'web', error: 'port taken' }],
    };
    expect(pendingLines(view({ lastReconcile }))).toEqual([
      'CronJob orders-backup waits for StatefulSet orders-db: 1 of 2 replicas ready',
      'Service/web failed: port taken',
      'reconcile error: the API server refused',
    ]);
  });
});

describe('desired versus live', () => {
  it('says each drifted field as live → desired, and what a missing or uncompared child means', () => {
    const base = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'shop-web' };
    expect(
      diffLines({
        ...base,
        state: 'drifted',
        drifted: [
          { path: 'spec.replicas', reason: 'changed', live: 1, desired: 3 },
          { path: 'metadata.labels', reason: 'missing', desired: { app: 'shop' } },
          { path: 'metadata', reason: 'fields' },
        ],
        recreate: true,
      }),
    ).toEqual([
      'spec.replicas: 1 → 3',
      'metadata.labels: (none) → {"app":"shop"}',
      'metadata: the set of fields Orkestra sets changed',
      'needs delete and create (an immutable field)',
    ]);
    expect(diffLines({ ...base, state: 'missing' })[0]).toContain('does not exist yet');
    expect(diffLines({ ...base, state: 'error', message: 'forbidden' })).toEqual(['forbidden']);
  });
});

describe('graph layout', () => {
  it('puts children one column right of their parent, each leaf on its own row, a parent beside its children', () => {
    const tree = node('Website', 'shop', 'InProgress', [
      node('Deployment', 'web', 'InProgress', [node('Pod', 'a', 'Current'), node('Pod', 'b', 'Failed')]),
      node('Service', 'web', 'Current'),
    ]);
    const { nodes, columns, rows } = graphLayout(tree);
    expect(columns).toBe(3);
    expect(rows).toBe(3);
    const by = Object.fromEntries(nodes.map((n) => [n.label, n]));
    expect(by['Pod/a']).toMatchObject({ column: 2, row: 0, parent: by['Deployment/web']?.id });
    expect(by['Pod/b']).toMatchObject({ column: 2, row: 1, state: 'Failed' });
    expect(by['Deployment/web']).toMatchObject({ column: 1, row: 0.5 });
    expect(by['Service/web']).toMatchObject({ column: 1, row: 2 });
    expect(by['Website/shop']).toMatchObject({ column: 0, row: 1 });
    expect(by['Website/shop']?.parent).toBeUndefined();
  });
});
