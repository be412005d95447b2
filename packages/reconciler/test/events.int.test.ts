/** Events say what happened: a change of the CR rolled out is `Updated`; `DriftCorrected` only when a child moved under us. */
import { describe, expect, it } from '@jest/globals';
import { type KubeObject, type Logger, silentLogger } from '@orkestra/core';
import type { ReconcilerObserver } from '../src/index.js';
import { harness } from './harness.js';

const h = harness('events');
const resources = {
  deployments: {
    onReconcile: [{ name: '{{metadata.name}}-web', image: '{{spec.image}}', replicas: '{{default spec.replicas 1}}' }],
  },
  configmaps: { onReconcile: [{ name: '{{metadata.name}}-config', data: { greeting: '{{spec.greeting}}' } }] },
};

describe('Normal Events of updates', () => {
  it('a CR change rolled out is one Updated Event naming the fields; an edit of a child is DriftCorrected', async () => {
    const r = await h.run({ resources });
    await h.user.create(h.website('shop', { image: 'nginx:1.27', greeting: 'hi' }));
    await h.ready('shop');
    await r.whenIdle();

    const crRef = h.ref('Website', 'example.com/v1', 'shop');
    await h.user.patch(crRef, { spec: { image: 'nginx:1.28', greeting: 'hello' } }, { fieldManager: 'user' });
    const updated = await h.until(
      async () => (await h.eventsOf('shop')).find((e) => e.reason === 'Updated'),
      'an Updated Event',
    );
    await r.whenIdle();
    expect(updated.type).toBe('Normal');
    expect(updated.message).toMatch(/^updated to follow the Website's change: /);
    expect(updated.message).toContain('Deployment shop-web (spec.template.spec.containers');
    expect(updated.message).toContain('image');
    expect(updated.message).toContain('ConfigMap shop-config (data.greeting)');
    expect((await h.eventsOf('shop')).map((e) => e.reason)).not.toContain('DriftCorrected');

    await h.user.patch(
      h.ref('ConfigMap', 'v1', 'shop-config'),
      { data: { greeting: 'edited' } },
      { fieldManager: 'kubectl-edit' },
    );
    const drift = await h.until(
      async () => (await h.eventsOf('shop')).find((e) => e.reason === 'DriftCorrected'),
      'a DriftCorrected Event',
    );
    expect(drift.message).toBe('corrected drift in ConfigMap shop-config (data.greeting)');
    expect((await h.eventsOf('shop')).filter((e) => e.reason === 'Updated')).toHaveLength(1);
  });

  it('after a restart, a CR changed while no reconciler ran is Updated (the status has not observed its generation)', async () => {
    const first = await h.run({ resources });
    await h.user.create(h.website('shop', { image: 'nginx:1.27', greeting: 'hi' }));
    await h.ready('shop');
    await first.whenIdle();
    await first.stop();

    await h.user.patch(
      h.ref('Website', 'example.com/v1', 'shop'),
      { spec: { image: 'nginx:1.28', greeting: 'hi' } },
      { fieldManager: 'user' },
    );
    await h.run({ resources });
    const updated = await h.until(
      async () => (await h.eventsOf('shop')).find((e) => e.reason === 'Updated'),
      'an Updated Event',
    );
    expect(updated.message).toContain('Deployment shop-web');
    expect(updated.message).not.toContain('ConfigMap');
    const cr = (await h.get('Website', 'example.com/v1', 'shop')) as KubeObject;
    expect((await h.eventsOf('shop')).map((e) => e.reason)).not.toContain('DriftCorrected');
    expect(cr.metadata.generation).toBe(2);
  });

  it('an update is told from a drift correction in the observer (metrics) and the log too, not only in Events', async () => {
    type Change = Parameters<NonNullable<ReconcilerObserver['childChanged']>>[0];
    const changes: Change[] = [];
    const logged: { msg: string; name: unknown }[] = [];
    const logger: Logger = { ...silentLogger, info: (obj, msg) => void logged.push({ msg, name: obj.name }) };
    const r = await h.run({ resources, logger, observer: { childChanged: (c) => void changes.push(c) } });
    await h.user.create(h.website('shop', { image: 'nginx:1.27', greeting: 'hi' }));
    await h.ready('shop');
    await r.whenIdle();
    changes.length = 0;
    logged.length = 0;

    // The CR changes: both children follow it. Updates, not drift.
    await h.user.patch(
      h.ref('Website', 'example.com/v1', 'shop'),
      { spec: { image: 'nginx:1.28', greeting: 'hello' } },
      { fieldManager: 'user' },
    );
    await h.until(async () => changes.length === 2 && changes, 'two children updated');
    await r.whenIdle();
    expect(changes.map((c) => [c.kind, c.action, c.drift]).sort()).toEqual([
      ['ConfigMap', 'updated', false],
      ['Deployment', 'updated', false],
    ]);
    expect(logged.filter((l) => l.msg === 'corrected drift')).toEqual([]);
    expect(logged.filter((l) => l.msg === 'updated child to the desired state').map((l) => l.name)).toEqual(
      expect.arrayContaining(['shop-web', 'shop-config']),
    );

    // Someone edits a child: a drift correction.
    changes.length = 0;
    logged.length = 0;
    await h.user.patch(
      h.ref('ConfigMap', 'v1', 'shop-config'),
      { data: { greeting: 'edited' } },
      { fieldManager: 'kubectl-edit' },
    );
    await h.until(async () => changes.length === 1 && changes, 'the edit corrected');
    expect(changes).toEqual([
      { key: `${h.ns}/shop`, kind: 'ConfigMap', name: 'shop-config', action: 'updated', drift: true },
    ]);
    expect(logged.map((l) => l.msg)).toContain('corrected drift');
  });
});
