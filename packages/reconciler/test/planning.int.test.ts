/** Every check that needs no request runs while planning: one invalid child, and the CR gets no write at all. */
import { describe, expect, it } from '@jest/globals';
import { harness, readyOf } from './harness.js';

const h = harness('planning');

describe('a CR with one invalid child', () => {
  it('a child placed in another namespace: no sibling is written, Ready=False with the field path, a Warning Event', async () => {
    const r = await h.run({
      resources: {
        deployments: { onReconcile: [{ name: '{{metadata.name}}-web', image: '{{spec.image}}' }] },
        configmaps: { onReconcile: [{ name: '{{metadata.name}}-config', data: { a: 'b' } }] },
        // Templated: a literal one is refused when the reconciler is built (the analysis); this one only at planning.
        services: {
          onReconcile: [{ name: '{{metadata.name}}-web', namespace: "{{default spec.target 'default'}}", port: 80 }],
        },
      },
    });
    await h.user.create(h.website('shop', { image: 'nginx:1.27' }));
    const cr = await h.ready('shop', 'False');
    await r.whenIdle();
    expect(readyOf(cr)).toMatchObject({ reason: 'InvalidSpec' });
    expect(readyOf(cr)?.message).toMatch(/services\.onReconcile\[0\]\.namespace: must be the owner's namespace/);
    for (const [kind, apiVersion] of [
      ['Deployment', 'apps/v1'],
      ['Service', 'v1'],
      ['ConfigMap', 'v1'],
    ] as const) {
      const { items } = await h.user.list(apiVersion, kind, { namespace: h.ns, labelSelector: 'managed-by=orkestra' });
      expect({ kind, names: items.map((i) => i.metadata.name) }).toEqual({ kind, names: [] });
    }
    expect(r.lastReports.get(`${h.ns}/shop`)).toMatchObject({ result: 'invalid', children: [] });
    const warning = await h.until(
      async () => (await h.eventsOf('shop')).find((e) => e.type === 'Warning'),
      'a Warning Event',
    );
    expect(warning.reason).toBe('InvalidSpec');
  });
});
