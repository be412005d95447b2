import { describe, expect, it } from '@jest/globals';
import type { OwnerObject, ResolvedSpec, ResourceHandler } from '@orkestra/core';
import * as deployments from '@orkestra/deployments';
import { createTemplateEngine } from '@orkestra/template';
import { ChildPlanner } from '../src/internal.js';

const cr = {
  apiVersion: 'example.com/v1',
  kind: 'Website',
  metadata: { name: 'shop', namespace: 'shop-ns', uid: 'u1' },
} as OwnerObject;
/** An autoscaler-like handler: it declares that it writes its target's spec.replicas (as @orkestra/hpas does). */
const scalers = {
  key: 'scalers',
  apiVersion: 'example.com/v1',
  kind: 'Scaler',
  plural: 'scalers',
  namespaced: true,
  resolve: (source: { target?: string }, owner: string) => ({
    name: `${owner}-scaler`,
    target: source.target ?? `${owner}-deployment`,
  }),
  controls: (spec: { target: string }) => [
    { apiVersion: 'apps/v1', kind: 'Deployment', name: spec.target, fields: ['spec.replicas'] },
  ],
};
const handlers = new Map(
  [deployments.handler, scalers].map((h) => [h.key, h as unknown as ResourceHandler<unknown, ResolvedSpec>]),
);
const plan = (resources: ConstructorParameters<typeof ChildPlanner>[0]) =>
  new ChildPlanner(resources, handlers, createTemplateEngine()).resolve(cr);

describe("fields a sibling's controller writes are yielded", () => {
  it('a scaler (an HPA) targeting a Deployment child of the same CR: the Deployment yields spec.replicas and is desired without it', async () => {
    const { children, problems } = plan({
      deployments: { onReconcile: [{ image: 'nginx:1.27' }, { name: 'other', image: 'nginx:1.27' }] },
      scalers: { onReconcile: [{}] },
    });
    expect(problems).toEqual([]);
    const [web, other] = children.filter((c) => c.handlerKey === 'deployments');
    expect(web!.writeOptions?.yieldedFields).toEqual(['spec.replicas']);
    expect(other!.writeOptions?.yieldedFields).toBeUndefined();
    const desired = (await web!.handler.desired(cr, web!.spec, undefined, web!.writeOptions)) as unknown as {
      spec: Record<string, unknown>;
    };
    expect(desired.spec).not.toHaveProperty('replicas');
    expect(desired.spec).toHaveProperty('template');
    expect(
      (
        (await other!.handler.desired(cr, other!.spec, undefined, other!.writeOptions)) as unknown as {
          spec: { replicas: number };
        }
      ).spec.replicas,
    ).toBe(1);
  });

  it('a scaler whose target is another name, or no scaler at all, yields nothing', () => {
    const { children } = plan({
      deployments: { onReconcile: [{ image: 'nginx:1.27' }] },
      scalers: { onReconcile: [{ target: 'elsewhere' }] },
    });
    expect(children.every((c) => c.writeOptions?.yieldedFields === undefined)).toBe(true);
    expect(
      plan({ deployments: { onReconcile: [{ image: 'nginx:1.27' }] } }).children[0]!.writeOptions?.yieldedFields,
    ).toBeUndefined();
  });
});
