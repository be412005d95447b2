import { describe, expect, it } from '@jest/globals';
import { createTemplateEngine } from '@orkestra/template';
import { buildChildOrder, ChildOrder, type OrderProblems } from '../src/child-order.js';
import type { HandlerTemplates } from '../src/config.js';

const engine = createTemplateEngine();
const readsOf = (source: unknown, field: string) => engine.reads(source, { field });
const build = (resources: Record<string, HandlerTemplates>) => buildChildOrder(resources, readsOf);
const order = (resources: Record<string, HandlerTemplates>): ChildOrder => {
  const out = build(resources);
  if (!(out instanceof ChildOrder)) throw new Error(out.problems.map((p) => `${p.path}: ${p.message}`).join('\n'));
  return out;
};
const problems = (resources: Record<string, HandlerTemplates>) => (build(resources) as OrderProblems).problems;

describe('buildChildOrder', () => {
  it('lays templates out in levels from dependsOn (ready) and references (exists)', () => {
    const o = order({
      deployments: {
        onReconcile: [
          { id: 'db', name: 'db' },
          { id: 'app', name: 'app', dependsOn: ['deployments.db', 'configmaps.cfg'] },
        ],
      },
      configmaps: {
        onReconcile: [{ id: 'cfg', name: 'cfg', data: { host: '{{children.services.db.spec.clusterIP}}' } }],
      },
      services: { onReconcile: [{ id: 'db', name: 'db' }, { name: 'unordered' }] },
    });
    expect(o.ordered).toBe(true);
    const app = o.node('deployments.onReconcile[1]')!;
    expect(app.needs).toEqual([
      { field: 'deployments.onReconcile[0]', label: 'deployments.db', until: 'ready' },
      { field: 'configmaps.onReconcile[0]', label: 'configmaps.cfg', until: 'ready' },
    ]);
    const cfg = o.node('configmaps.onReconcile[0]')!;
    expect(cfg.needs).toEqual([{ field: 'services.onReconcile[0]', label: 'services.db', until: 'exists' }]);
    expect(cfg.reads).toEqual(new Map([['services.db', 'services.onReconcile[0]']]));
    expect([
      o.node('services.onReconcile[0]')!.level,
      o.node('deployments.onReconcile[0]')!.level,
      cfg.level,
      app.level,
    ]).toEqual([0, 0, 1, 2]);
    expect(o.linked('services.onReconcile[1]')).toBe(false);
    expect(o.linked('services.onReconcile[0]')).toBe(true);
    expect(o.dependents('services.onReconcile[0]').map((n) => n.label)).toEqual(['configmaps.cfg']);
  });

  it('a reference listed in dependsOn waits for readiness, not only existence', () => {
    const o = order({
      services: { onReconcile: [{ id: 'db' }] },
      configmaps: {
        onReconcile: [{ dependsOn: ['services.db'], data: { a: '{{children.services.db.spec.clusterIP}}' } }],
      },
    });
    expect(o.node('configmaps.onReconcile[0]')!.needs).toEqual([
      { field: 'services.onReconcile[0]', label: 'services.db', until: 'ready' },
    ]);
  });

  it('without edges nothing is ordered', () => {
    expect(order({ services: { onReconcile: [{ id: 'a' }, { id: 'b' }] } }).ordered).toBe(false);
  });

  it('refuses a cycle, naming it', () => {
    expect(
      problems({
        deployments: { onReconcile: [{ id: 'a', dependsOn: ['services.b'] }] },
        services: { onReconcile: [{ id: 'b', name: '{{children.deployments.a.metadata.name}}-b' }] },
      }),
    ).toEqual([
      {
        path: 'deployments.onReconcile[0]',
        message: 'dependency cycle: deployments.a -> services.b -> deployments.a',
        hint: 'remove one dependsOn or reference of the cycle',
      },
    ]);
    expect(problems({ services: { onReconcile: [{ id: 'self', dependsOn: ['services.self'] }] } })[0]!.message).toBe(
      'dependency cycle: services.self -> services.self',
    );
  });

  it('names the full id when dependsOn gives a bare one', () => {
    const found = problems({
      services: { onReconcile: [{ id: 'db' }] },
      deployments: { onReconcile: [{ id: 'db' }] },
      configmaps: { onReconcile: [{ dependsOn: ['db'] }] },
    });
    expect(found).toEqual([
      {
        path: 'configmaps.onReconcile[0].dependsOn[0]',
        message: '"db" is no child template\'s id',
        hint: 'name a child as <handler key>.<id>: services.db or deployments.db',
      },
    ]);
  });

  it('refuses unknown ids, duplicate ids, bad ids, and references it cannot serve', () => {
    const found = problems({
      services: {
        onReconcile: [
          { id: 'db' },
          { id: 'db' },
          { id: '1bad' },
          { forEach: 'spec.dbs', id: 'many' },
          { dependsOn: ['services.dbb'] },
          { name: '{{children.services.dbb.spec.clusterIP}}' },
          { name: '{{children.services.many.spec.clusterIP}}' },
          { name: '{{#each children.services}}x{{/each}}' },
        ],
        onDelete: [{ dependsOn: ['services.db'] }],
      },
    });
    expect(found.map((p) => p.path)).toEqual([
      'services.onReconcile[1].id',
      'services.onReconcile[2].id',
      'services.onReconcile[4].dependsOn[0]',
      'services.onReconcile[5].name',
      'services.onReconcile[6].name',
      'services.onReconcile[7].name',
      'services.onDelete[0].dependsOn[0]',
    ]);
    expect(found[2]).toMatchObject({
      message: '"services.dbb" is no child template\'s id',
      hint: 'known ids: services.db, services.many',
    });
    expect(found[3]!.message).toBe('reads children.services.dbb, but no child template has that id');
    expect(found[4]!.message).toContain('a forEach template');
  });
});
