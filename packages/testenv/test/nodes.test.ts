import { describe, expect, it } from '@jest/globals';
import { nodesFromEnv } from '../src/jest-global-setup.js';
import { allNodesReady, InvalidNodesOptionError, kwokStages, nodeObjects, resolveNodes } from '../src/nodes.js';

describe('resolveNodes', () => {
  it('fills in the defaults; a number is a count; none is undefined', () => {
    expect(resolveNodes(undefined)).toBeUndefined();
    expect(resolveNodes(2)).toEqual({
      count: 2,
      capacity: { cpu: '32', memory: '256Gi', pods: 110 },
      neverReadyImages: [],
      podStartDelayMs: 0,
    });
    expect(resolveNodes({ capacity: { cpu: '4' } })?.capacity).toEqual({ cpu: '4', memory: '256Gi', pods: 110 });
  });

  it('refuses a count out of range and a negative delay, naming the field', () => {
    expect(() => resolveNodes(0)).toThrow(
      new InvalidNodesOptionError('@orkestra/testenv: nodes.count must be a whole number from 1 to 100, got 0'),
    );
    expect(() => resolveNodes({ count: 1.5 })).toThrow(/nodes\.count .* got 1\.5/);
    expect(() => resolveNodes({ podStartDelayMs: -1 })).toThrow(
      /nodes\.podStartDelayMs must be 0 or more milliseconds, got -1/,
    );
  });
});

describe('nodeObjects', () => {
  it('makes one Node per count, annotated for kwok, with capacity and allocatable', () => {
    const nodes = nodeObjects(resolveNodes({ count: 2, capacity: { pods: 3 } })!);
    expect(nodes.map((n) => n.metadata?.name)).toEqual(['kwok-node-0', 'kwok-node-1']);
    expect(nodes[0]?.metadata?.annotations).toEqual({ 'kwok.x-k8s.io/node': 'fake' });
    expect(nodes[0]?.status).toEqual({
      capacity: { cpu: '32', memory: '256Gi', pods: '3' },
      allocatable: { cpu: '32', memory: '256Gi', pods: '3' },
    });
  });
});

describe('allNodesReady', () => {
  const node = (name: string, ready: string) => ({
    metadata: { name },
    status: { conditions: [{ type: 'Ready', status: ready }] },
  });
  it('is true only when every simulated node is Ready', () => {
    const two = resolveNodes(2)!;
    expect(allNodesReady(JSON.stringify({ items: [node('kwok-node-0', 'True')] }), two)).toBe(false);
    expect(
      allNodesReady(JSON.stringify({ items: [node('kwok-node-0', 'True'), node('kwok-node-1', 'False')] }), two),
    ).toBe(false);
    expect(
      allNodesReady(JSON.stringify({ items: [node('kwok-node-0', 'True'), node('kwok-node-1', 'True')] }), two),
    ).toBe(true);
  });
});

describe('kwokStages', () => {
  const stages = (yaml: string) =>
    yaml.split('\n---\n').map((d) => JSON.parse(d) as { metadata: { name: string }; spec: Record<string, unknown> });

  it('initializes nodes, makes pods ready, completes Job pods and deletes deleted pods', () => {
    const all = stages(kwokStages(resolveNodes(1)!));
    expect(all.map((s) => s.metadata.name)).toEqual(['node-initialize', 'pod-ready', 'pod-complete', 'pod-delete']);
    expect(all[1]?.spec.delay).toBeUndefined();
  });

  it('keeps the pods of never-ready images running unready, and their Jobs incomplete; delays pod starts', () => {
    const all = stages(kwokStages(resolveNodes({ neverReadyImages: ['x:1'], podStartDelayMs: 500 })!));
    expect(all.map((s) => s.metadata.name)).toEqual([
      'node-initialize',
      'pod-ready',
      'pod-never-ready',
      'pod-complete',
      'pod-delete',
    ]);
    const notIn = { key: '.spec.containers.[].image', operator: 'NotIn', values: ['x:1'] };
    const byName = Object.fromEntries(all.map((s) => [s.metadata.name, s.spec]));
    const match = (name: string) => (byName[name]!.selector as { matchExpressions: unknown[] }).matchExpressions;
    expect(match('pod-ready')).toContainEqual(notIn);
    expect(match('pod-complete')).toContainEqual(notIn);
    expect(match('pod-never-ready')).toContainEqual({
      ...notIn,
      operator: 'In',
    });
    expect(byName['pod-ready']?.delay).toEqual({ durationMilliseconds: 500 });
    expect(JSON.stringify(byName['pod-never-ready']?.next)).toContain('ContainersNotReady');
  });
});

describe('nodesFromEnv', () => {
  it('reads a count; unset, empty or 0 is none; anything else is an error', () => {
    expect(nodesFromEnv({})).toBeUndefined();
    expect(nodesFromEnv({ ORKESTRA_TESTENV_NODES: '' })).toBeUndefined();
    expect(nodesFromEnv({ ORKESTRA_TESTENV_NODES: '0' })).toBeUndefined();
    expect(nodesFromEnv({ ORKESTRA_TESTENV_NODES: '3' })).toBe(3);
    expect(() => nodesFromEnv({ ORKESTRA_TESTENV_NODES: 'two' })).toThrow(
      '@orkestra/testenv: ORKESTRA_TESTENV_NODES must be a count of simulated nodes (e.g. 2), got "two"',
    );
  });
});
