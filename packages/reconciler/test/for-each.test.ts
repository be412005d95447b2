/**
 * forEach in the planner: one child per item of a CR list or map, told apart by name (not position), with
 * duplicates and bad lists refused at planning, naming the items.
 */
import { describe, expect, it } from '@jest/globals';
import * as configmaps from '@orkestra/configmaps';
import type { OwnerObject, ResolvedSpec, ResourceHandler } from '@orkestra/core';
import { createTemplateEngine } from '@orkestra/template';
import type { HandlerTemplates } from '../src/index.js';
import { ChildPlanner } from '../src/internal.js';

const handler = configmaps.handler as unknown as ResourceHandler<unknown, ResolvedSpec>;

function planner(resources: Record<string, HandlerTemplates>): ChildPlanner {
  return new ChildPlanner(resources, new Map([[handler.key, handler]]), createTemplateEngine());
}

function shop(spec: Record<string, unknown>): OwnerObject {
  return {
    apiVersion: 'example.com/v1',
    kind: 'Shop',
    metadata: { name: 'shop', namespace: 'ns' },
    spec,
  } as unknown as OwnerObject;
}

const perDatabase: Record<string, HandlerTemplates> = {
  configmaps: {
    onReconcile: [
      {
        forEach: 'spec.databases',
        name: '{{metadata.name}}-{{item.name}}',
        data: { size: '{{item.size}}', position: '{{index}}', key: '{{key}}', owner: '{{spec.team}}' },
      },
    ],
  },
};

describe('forEach', () => {
  it('makes one child per list item with item, index and key beside the CR', () => {
    const { children, problems } = planner(perDatabase).resolve(
      shop({
        team: 'red',
        databases: [
          { name: 'orders', size: '1Gi' },
          { name: 'users', size: '2Gi' },
        ],
      }),
    );
    expect(problems).toEqual([]);
    expect(
      children.map((c) => [c.spec.name, c.item, (c.spec as unknown as { data: Record<string, string> }).data]),
    ).toEqual([
      ['shop-orders', 'spec.databases[0]', { size: '1Gi', position: '0', key: '0', owner: 'red' }],
      ['shop-users', 'spec.databases[1]', { size: '2Gi', position: '1', key: '1', owner: 'red' }],
    ]);
  });

  it('reads a map: key is the entry name', () => {
    const resources: Record<string, HandlerTemplates> = {
      configmaps: { onReconcile: [{ forEach: 'spec.envs', name: 'cfg-{{key}}', data: { url: '{{item.url}}' } }] },
    };
    const { children } = planner(resources).resolve(shop({ envs: { prod: { url: 'p' }, dev: { url: 'd' } } }));
    expect(children.map((c) => [c.spec.name, c.item])).toEqual([
      ['cfg-prod', 'spec.envs.prod'],
      ['cfg-dev', 'spec.envs.dev'],
    ]);
  });

  it('gives the same children, by name, whatever the order of the items', () => {
    const p = planner(perDatabase);
    const a = p.resolve(
      shop({
        team: 't',
        databases: [
          { name: 'orders', size: '1' },
          { name: 'users', size: '2' },
        ],
      }),
    ).children;
    const b = p.resolve(
      shop({
        team: 't',
        databases: [
          { name: 'users', size: '2' },
          { name: 'orders', size: '1' },
        ],
      }),
    ).children;
    const byName = (cs: typeof a) =>
      Object.fromEntries(cs.map((c) => [c.spec.name, (c.spec as unknown as { data: { size: string } }).data.size]));
    expect(byName(b)).toEqual(byName(a));
  });

  it('has no children for an absent or empty list, and evaluates when per item', () => {
    expect(planner(perDatabase).resolve(shop({})).children).toEqual([]);
    const resources: Record<string, HandlerTemplates> = {
      configmaps: { onReconcile: [{ forEach: 'spec.databases', when: '{{item.enabled}}', name: 'db-{{item.name}}' }] },
    };
    const { children } = planner(resources).resolve(
      shop({
        databases: [
          { name: 'a', enabled: true },
          { name: 'b', enabled: false },
        ],
      }),
    );
    expect(children.map((c) => c.spec.name)).toEqual(['db-a']);
  });

  it('refuses two items that make one name, naming both', () => {
    const { children, problems } = planner(perDatabase).resolve(
      shop({
        team: 't',
        databases: [
          { name: 'orders', size: '1' },
          { name: 'orders', size: '2' },
        ],
      }),
    );
    expect(children.map((c) => c.spec.name)).toEqual(['shop-orders']);
    expect(problems).toHaveLength(1);
    const message = (problems[0]!.error as Error).message;
    expect(message).toContain('spec.databases[1]');
    expect(message).toContain('spec.databases[0]');
    expect(message).toContain('"shop-orders"');
  });

  it('refuses a forEach over a scalar, and names the item of a failing template', () => {
    const scalar = planner(perDatabase).resolve(shop({ databases: 'orders' }));
    expect((scalar.problems[0]!.error as Error).message).toMatch(
      /configmaps\.onReconcile\[0\]\.forEach.*spec\.databases is "orders", not a list or a map/,
    );
    const missing = planner(perDatabase).resolve(
      shop({ team: 't', databases: [{ name: 'a', size: '1' }, { name: 'b' }] }),
    );
    expect(missing.children.map((c) => c.spec.name)).toEqual(['shop-a']);
    expect((missing.problems[0]!.error as Error).message).toContain('item spec.databases[1]');
  });

  it('refuses a forEach that is not a dotted path when compiling', () => {
    expect(() => planner({ configmaps: { onReconcile: [{ forEach: '{{spec.x}}', name: 'x' }] } })).toThrow(
      /configmaps\.onReconcile\[0\]\.forEach/,
    );
  });
});
