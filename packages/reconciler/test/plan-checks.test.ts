import { describe, expect, it } from '@jest/globals';
import { type OwnerObject, type ResolvedSpec, type ResourceHandler, ValidationError } from '@orkestra/core';
import { createTemplateEngine } from '@orkestra/template';
import { ChildPlanner } from '../src/internal.js';

const handler = (key: string, kind: string, namespaced = true) =>
  ({
    key,
    apiVersion: 'v1',
    kind,
    plural: `${kind.toLowerCase()}s`,
    namespaced,
    resolve: (source: { name: string; namespace?: string }) => ({
      name: source.name,
      ...(source.namespace ? { namespace: source.namespace } : {}),
    }),
  }) as unknown as ResourceHandler<unknown, ResolvedSpec>;
const handlers = new Map(
  [handler('configmaps', 'ConfigMap'), handler('services', 'Service'), handler('namespaces', 'Namespace', false)].map(
    (h) => [h.key, h],
  ),
);
const cr = {
  apiVersion: 'example.com/v1',
  kind: 'Website',
  metadata: { name: 'shop', namespace: 'shop-ns', uid: 'u1' },
} as OwnerObject;

describe('planning checks placement and uniqueness before any write', () => {
  it('a child in another namespace is a problem of the plan, with its template field, and its siblings stay planned', () => {
    const planner = new ChildPlanner(
      {
        configmaps: { onReconcile: [{ name: 'a' }, { name: 'b', namespace: 'elsewhere' }] },
        services: { onReconcile: [{ name: 'web', namespace: 'shop-ns' }] },
      },
      handlers,
      createTemplateEngine(),
    );
    const { children, problems } = planner.resolve(cr);
    expect(children.map((c) => c.field)).toEqual(['configmaps.onReconcile[0]', 'services.onReconcile[0]']);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.field).toBe('configmaps.onReconcile[1]');
    expect(problems[0]!.error).toBeInstanceOf(ValidationError);
    expect((problems[0]!.error as ValidationError).problems[0]!.path).toBe('configmaps.onReconcile[1].namespace');
    expect((problems[0]!.error as Error).message).toMatch(/must be the owner's namespace "shop-ns", got "elsewhere"/);
  });

  it('a cluster-scoped child of a namespaced owner is a problem of the plan', () => {
    const planner = new ChildPlanner(
      { namespaces: { onReconcile: [{ name: 'team' }] } },
      handlers,
      createTemplateEngine(),
    );
    const { children, problems } = planner.resolve(cr);
    expect(children).toEqual([]);
    expect((problems[0]!.error as Error).message).toMatch(
      /cluster-scoped and cannot be owned by the namespaced Website/,
    );
  });

  it('two children that are the same object are a problem naming both templates', () => {
    const planner = new ChildPlanner(
      { configmaps: { onReconcile: [{ name: 'same' }, { name: '{{metadata.name}}' }, { name: 'same' }] } },
      handlers,
      createTemplateEngine(),
    );
    const { children, problems } = planner.resolve(cr);
    expect(children.map((c) => c.field)).toEqual(['configmaps.onReconcile[0]', 'configmaps.onReconcile[1]']);
    expect(problems.map((p) => p.field)).toEqual(['configmaps.onReconcile[2]']);
    expect((problems[0]!.error as Error).message).toMatch(/is the same ConfigMap as configmaps.onReconcile\[0\]/);
  });
});
