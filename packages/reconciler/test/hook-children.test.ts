/** Planning the `children` hook's output: pure, with the real configmaps and deployments handlers. */
import { describe, expect, it } from '@jest/globals';
import * as configmaps from '@orkestra/configmaps';
import type { OwnerObject, ResolvedSpec, ResourceHandler } from '@orkestra/core';
import * as deployments from '@orkestra/deployments';
import * as services from '@orkestra/services';
import { createTemplateEngine } from '@orkestra/template';
import { hookChildKinds, planHookChildren } from '../src/hook-children.js';
import { child, type HandlerTemplates } from '../src/index.js';
import { ChildPlanner, childKinds } from '../src/internal.js';

const as = (h: unknown) => h as ResourceHandler<unknown, ResolvedSpec>;
const handlers = new Map([configmaps.handler, deployments.handler].map((h) => [h.key, as(h)]));
const resources: Record<string, HandlerTemplates> = {
  configmaps: { onReconcile: [{ name: '{{metadata.name}}-config', data: { a: '{{spec.greeting}}' } }] },
};
const cr: OwnerObject = {
  apiVersion: 'example.com/v1',
  kind: 'Website',
  metadata: { name: 'shop', namespace: 'ns', uid: 'u1' },
  spec: { greeting: 'hi' },
};
const templated = new ChildPlanner(resources, handlers, createTemplateEngine()).resolve(cr).children;
const planning = { handlers, watches: () => true };
const messages = (problems: { error: unknown }[]) => problems.map((p) => (p.error as Error).message);

describe('planHookChildren', () => {
  it('resolves each hook child by its handler, after the templated children, with system labels and no template evaluation', () => {
    const { children, problems } = planHookChildren(
      cr,
      templated,
      [
        child(
          configmaps.handler,
          { name: 'shop-extra', data: { raw: '{{spec.greeting}}' } },
          { readyWhen: (live) => live.metadata.annotations?.checked === 'yes' },
        ),
      ],
      planning,
    );
    expect(problems).toEqual([]);
    expect(
      children[1]!.readyWhen?.({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { annotations: { checked: 'yes' } } }),
    ).toBe(true);
    expect(children.map((c) => [c.field, c.spec.name])).toEqual([
      ['configmaps.onReconcile[0]', 'shop-config'],
      ['hooks.children[0]', 'shop-extra'],
    ]);
    expect(children[1]!.spec).toMatchObject({
      data: { raw: '{{spec.greeting}}' },
      labels: { 'managed-by': 'orkestra', 'orkestra-owner': 'shop' },
    });
  });

  it('collects every problem, each named by its position: invalid source, a template’s object, a foreign handler, an unwatched kind, another namespace', () => {
    const { children, problems } = planHookChildren(
      cr,
      templated,
      [
        child(deployments.handler, { name: 'Bad_Name', image: 'nginx' }),
        child(configmaps.handler, { name: 'shop-config' }),
        child(services.handler, { port: 80 }),
        child(configmaps.handler, { name: 'elsewhere', namespace: 'other' }),
      ],
      { handlers, watches: (k) => k.kind !== 'Deployment' },
    );
    expect(children.map((c) => c.spec.name)).toEqual(['shop-config']);
    expect(messages(problems)).toEqual([
      'hooks.children[0]: Deployment (apps/v1) is not a kind this reconciler watches — a handler of any kind makes only the kinds its templates name; add a template of that kind',
      "hooks.children[2]: handler services is not one of the reconciler's handlers — add it to handlers (with defineOperator: children(services.handler, {}))",
      expect.stringContaining(
        'hooks.children[1].name: is the same ConfigMap as configmaps.onReconcile[0]: both are named "shop-config"',
      ),
      expect.stringContaining('hooks.children[3].namespace: must be the owner\'s namespace "ns"'),
    ]);
  });

  it('refuses what is not a list of children', () => {
    const bare = planHookChildren(cr, templated, { image: 'nginx' }, planning);
    expect(messages(bare.problems)).toEqual([
      'hooks.children must return a list of children made with child(handler, source), got object',
    ]);
    const forged = planHookChildren(cr, templated, [{ image: 'nginx' }], planning);
    expect(messages(forged.problems)).toEqual(['hooks.children[0]: not a child made with child(handler, source)']);
  });

  it('an invalid source is a ValidationError with the hook child’s path', () => {
    const { problems } = planHookChildren(
      cr,
      [],
      [child(deployments.handler, { name: 'shop-web', image: 'nginx', replicas: -1 })],
      planning,
    );
    expect(messages(problems)[0]).toContain('hooks.children[0].replicas');
  });
});

describe('hookChildKinds', () => {
  it('adds the kind of every typed handler the templates do not make, once', () => {
    const known = childKinds(resources, handlers);
    expect(hookChildKinds(handlers.values(), known).map((k) => [k.kind, k.field, k.phases])).toEqual([
      ['Deployment', 'hooks.children', ['onReconcile']],
    ]);
  });
});
