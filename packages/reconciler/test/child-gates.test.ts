import { describe, expect, it } from '@jest/globals';
import type { KubeObject, ResolvedSpec, ResourceHandler } from '@orkestra/core';
import { createTemplateEngine } from '@orkestra/template';
import { ChildGates } from '../src/child-gates.js';
import { buildChildOrder, ChildOrder } from '../src/child-order.js';
import { ChildPlanner } from '../src/child-planner.js';
import type { HandlerTemplates } from '../src/config.js';
import type { PlannedChild } from '../src/plan.js';

const handler = (key: string, apiVersion: string, kind: string) =>
  ({
    key,
    apiVersion,
    kind,
    plural: `${kind.toLowerCase()}s`,
    namespaced: true,
    resolve: (src: Record<string, unknown>) => ({ ...src, name: String(src.name) }) as ResolvedSpec,
  }) as unknown as ResourceHandler<unknown, ResolvedSpec>;
const handlers = new Map([
  ['deployments', handler('deployments', 'apps/v1', 'Deployment')],
  ['services', handler('services', 'v1', 'Service')],
  ['configmaps', handler('configmaps', 'v1', 'ConfigMap')],
]);
const engine = createTemplateEngine();
const cr = { apiVersion: 'example.com/v1', kind: 'Website', metadata: { name: 'shop', namespace: 'ns', uid: 'u' } };

function setUp(resources: Record<string, HandlerTemplates>) {
  const order = buildChildOrder(resources, (source, field) => engine.reads(source, { field }));
  if (!(order instanceof ChildOrder)) throw new Error('bad order');
  const plan = new ChildPlanner(resources, handlers, engine).resolve(cr as never);
  return { order, plan, gates: new ChildGates(order, plan.children, plan.deferred) };
}
const live = (apiVersion: string, kind: string, name: string, extra: Record<string, unknown> = {}): KubeObject =>
  ({ apiVersion, kind, metadata: { name, namespace: 'ns', generation: 1 }, ...extra }) as KubeObject;

describe('ChildGates', () => {
  const resources: Record<string, HandlerTemplates> = {
    deployments: { onReconcile: [{ id: 'db', name: 'shop-db', replicas: 1 }] },
    services: { onReconcile: [{ id: 'db', name: 'shop-db' }] },
    configmaps: {
      onReconcile: [
        { name: 'shop-app', dependsOn: ['deployments.db'] },
        { name: 'shop-url', host: '{{children.services.db.spec.clusterIP}}' },
      ],
    },
  };

  it('puts dependencies in an earlier wave than their dependents', () => {
    const { gates } = setUp(resources);
    const waves = [...gates.waves()].map((w) => w.map((item) => item.field));
    expect(waves).toEqual([
      ['deployments.onReconcile[0]', 'services.onReconcile[0]'],
      ['configmaps.onReconcile[0]', 'configmaps.onReconcile[1]'],
    ]);
  });

  it('lets a child wait while its dependency is not ready, and resolves a reference from the live child', () => {
    const { gates } = setUp(resources);
    const [first, second] = [...gates.waves()];
    const resolved: PlannedChild[] = [];
    for (const item of first!) {
      const gate = gates.gate(item, resolved);
      resolved.push(gate.child!);
      const kind = gate.child!.handler.kind;
      gates.settle(
        item,
        gate.child!,
        live(
          gate.child!.handler.apiVersion,
          kind,
          'shop-db',
          kind === 'Service' ? { spec: { clusterIP: '10.0.0.7' } } : {},
        ),
      );
    }
    const [app, url] = second!.map((item) => gates.gate(item, resolved));
    expect(app).toMatchObject({ waiting: 'ConfigMap shop-app waits for Deployment shop-db: rollout not observed yet' });
    expect(app!.child?.spec.name).toBe('shop-app'); // resolved, so still desired
    expect(url!.waiting).toBeUndefined();
    expect(url!.child?.spec).toMatchObject({ name: 'shop-url', host: '10.0.0.7' });
    expect(gates.waiting).toEqual(['ConfigMap shop-app waits for Deployment shop-db: rollout not observed yet']);
    expect(gates.unresolved).toBe(0);
  });

  it('names every dependency that is not ready, not only the first', () => {
    const { gates } = setUp({
      deployments: {
        onReconcile: [
          { id: 'db', name: 'shop-db', replicas: 1 },
          { id: 'cache', name: 'shop-cache', replicas: 1 },
        ],
      },
      services: { onReconcile: [{ id: 'db', name: 'shop-db' }] },
      configmaps: {
        onReconcile: [{ name: 'shop-app', dependsOn: ['deployments.db', 'deployments.cache', 'services.db'] }],
      },
    });
    const [first, second] = [...gates.waves()];
    const resolved: PlannedChild[] = [];
    for (const item of first!) {
      const child = gates.gate(item, resolved).child!;
      resolved.push(child);
      if (child.spec.name === 'shop-cache' && child.handler.kind === 'Deployment') continue; // not written yet
      gates.settle(item, child, live(child.handler.apiVersion, child.handler.kind, child.spec.name));
    }
    expect(gates.gate(second![0]!, resolved).waiting).toBe(
      'ConfigMap shop-app waits for Deployment shop-db: rollout not observed yet, deployments.cache (Deployment shop-cache not written yet)',
    );
  });

  it('lets a child that reads a missing child wait, unresolved (nothing may be pruned)', () => {
    const { gates } = setUp(resources);
    const [first, second] = [...gates.waves()];
    for (const item of first!) gates.gate(item, []); // none written: both wait for nothing, but none settled live
    const url = gates.gate(second![1]!, []);
    expect(url).toEqual({
      child: undefined,
      waiting: 'configmaps.onReconcile[1] waits for services.db (not there yet)',
    });
    expect(gates.unresolved).toBe(1);
  });

  it('does not wait for a dependency the CR does not have (its when does not hold)', () => {
    const { gates } = setUp({
      deployments: { onReconcile: [{ id: 'db', name: 'shop-db', when: '{{spec.db}}' }] },
      configmaps: { onReconcile: [{ name: 'shop-app', dependsOn: ['deployments.db'] }] },
    });
    const items = [...gates.waves()].flat();
    expect(items.map((i) => i.field)).toEqual(['configmaps.onReconcile[0]']);
    expect(gates.gate(items[0]!, []).waiting).toBeUndefined();
  });
});
