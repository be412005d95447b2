/** A child whose name someone else holds costs no request while nothing changes, and is created as soon as the name is free. */
import { describe, expect, it } from '@jest/globals';
import { harness, readyOf } from './harness.js';

const h = harness('refusals');
const resources = {
  deployments: { onReconcile: [{ name: '{{metadata.name}}-web', image: '{{spec.image}}' }] },
  configmaps: { onReconcile: [{ name: '{{metadata.name}}-config', data: { greeting: '{{spec.greeting}}' } }] },
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a child name taken by a foreign object', () => {
  it('is refused once, then costs zero requests for 4 s; freeing the name creates the child at once', async () => {
    await h.user.create({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'shop-config', namespace: h.ns },
      data: { mine: 'yes' },
    });
    const r = await h.run({ resources });
    await h.user.create(h.website('shop', { image: 'nginx:1.27', greeting: 'hi' }));
    const cr = await h.ready('shop', 'False');
    expect(readyOf(cr)).toMatchObject({ reason: 'OwnershipConflict' });
    expect(readyOf(cr)?.message).toMatch(/ConfigMap .*shop-config has no controller owner reference/);
    expect(await h.get('Deployment', 'apps/v1', 'shop-web')).toBeDefined(); // the sibling is not held back
    await r.whenIdle();
    await sleep(300); // the watch on the foreign object has listed, and its CR was reconciled once more

    h.kube.requests.reset();
    await sleep(4_000);
    r.enqueueAll(); // a resync too: still nothing to ask
    await r.whenIdle();
    expect(h.kube.requests.snapshot()).toEqual({});
    expect(r.lastReports.get(`${h.ns}/shop`)?.children).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'shop-config', action: 'failed' })]),
    );
    expect((await h.get('ConfigMap', 'v1', 'shop-config'))?.data).toEqual({ mine: 'yes' }); // never touched

    await h.user.delete(h.ref('ConfigMap', 'v1', 'shop-config'));
    await h.until(
      async () => (await h.get('ConfigMap', 'v1', 'shop-config'))?.metadata.ownerReferences?.[0]?.name === 'shop',
      'the child created once the name is free',
      5_000,
    );
    await h.ready('shop');
  });

  it('a change of the CR tries again (and is refused again while the foreign object stays)', async () => {
    await h.user.create({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'shop-config', namespace: h.ns },
      data: { mine: 'yes' },
    });
    const r = await h.run({ resources });
    await h.user.create(h.website('shop', { image: 'nginx:1.27', greeting: 'hi' }));
    await h.ready('shop', 'False');
    await r.whenIdle();
    await sleep(300);
    h.kube.requests.reset();
    await h.user.patch(
      h.ref('Website', 'example.com/v1', 'shop'),
      { spec: { image: 'nginx:1.28', greeting: 'hi' } },
      { fieldManager: 'user' },
    );
    await h.until(
      async () =>
        ((await h.get('Deployment', 'apps/v1', 'shop-web')) as any)?.spec.template.spec.containers[0].image ===
        'nginx:1.28',
      'the Deployment updated',
    );
    await r.whenIdle();
    // The refused child was tried again: its create-only apply was refused by the server (a write request).
    expect(
      h.kube.requests.snapshot()['apply configmaps'] ?? h.kube.requests.snapshot()['create configmaps'],
    ).toBeGreaterThanOrEqual(1);
    expect(readyOf(await h.get('Website', 'example.com/v1', 'shop'))).toMatchObject({
      status: 'False',
      reason: 'OwnershipConflict',
    });
  });
});
