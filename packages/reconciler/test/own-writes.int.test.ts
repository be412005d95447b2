/** A new CR costs one reconcile: the informer events of the children it just wrote do not queue it again. */
import { describe, expect, it } from '@jest/globals';
import { harness } from './harness.js';

const h = harness('own-writes');
const resources = {
  deployments: { onReconcile: [{ name: '{{metadata.name}}-web', image: '{{spec.image}}' }] },
  services: { onReconcile: [{ name: '{{metadata.name}}-web', port: 80 }] },
  configmaps: { onReconcile: [{ name: '{{metadata.name}}-config', data: { greeting: '{{spec.greeting}}' } }] },
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('echoes of the reconciler’s own writes', () => {
  it('queue no second reconcile of a new CR, nor of a drift correction; a change by someone else does', async () => {
    const runs = new Map<string, number>();
    const r = await h.run({
      resources,
      observer: { reconciled: ({ key }) => runs.set(key, (runs.get(key) ?? 0) + 1) },
    });
    const key = `${h.ns}/shop`;
    await h.user.create(h.website('shop', { image: 'nginx:1.27', greeting: 'hi' }));
    await h.ready('shop');
    await r.whenIdle();
    await sleep(500); // any late watch event has arrived
    await r.whenIdle();
    expect(runs.get(key)).toBe(1);

    // someone else edits a child: one reconcile corrects it, and the correction's own echo queues nothing more
    await h.user.patch(
      h.ref('ConfigMap', 'v1', 'shop-config'),
      { data: { greeting: 'changed' } },
      { fieldManager: 'kubectl-edit' },
    );
    await h.until(
      async () =>
        ((await h.get('ConfigMap', 'v1', 'shop-config'))?.data as Record<string, string> | undefined)?.greeting ===
        'hi',
      'the ConfigMap corrected',
    );
    await r.whenIdle();
    await sleep(500);
    await r.whenIdle();
    expect(runs.get(key)).toBe(2);
  });
});
