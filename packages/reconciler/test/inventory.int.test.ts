/**
 * A kind removed from the configuration is pruned: the CR's inventory annotation remembers the kinds of its
 * children, so a reconciler restarted without a handler key (and without its handler) still finds them.
 */
import { describe, expect, it } from '@jest/globals';
import * as configmaps from '@orkestra/configmaps';
import * as deployments from '@orkestra/deployments';
import type { ReconcilerConfig } from '../src/index.js';
import { harness } from './harness.js';
import { ANNOTATION, full } from './inventory-fixtures.js';

const h = harness('inventory');

describe('the inventory of a CR', () => {
  it('records the kinds, prunes a whole kind removed from the configuration after a restart, and costs nothing in steady state', async () => {
    const first = await h.run({ resources: full });
    await h.user.create(h.website('shop', { image: 'nginx:1.27' }));
    // Someone else's Service that carries our labels but is not controlled by the CR: never deleted.
    await h.user.create({
      apiVersion: 'v1',
      kind: 'Service',
      metadata: {
        name: 'shop-lookalike',
        namespace: h.ns,
        labels: { 'managed-by': 'orkestra', 'orkestra-owner': 'shop' },
      },
      spec: { ports: [{ port: 82 }] },
    });
    await h.ready('shop');
    const cr = await h.until(async () => {
      const c = await h.get('Website', 'example.com/v1', 'shop');
      return c?.metadata.annotations?.[ANNOTATION] && c;
    }, 'the inventory');
    expect(cr.metadata.annotations?.[ANNOTATION]).toBe('ConfigMap.v1,Deployment.v1.apps,Service.v1');
    expect(await h.steadyStateRequests(first)).toEqual({});
    await first.stop();

    // The katalog lost its services key, and the process its services handler.
    const smaller = { deployments: full.deployments, configmaps: full.configmaps };
    const second = await h.run({
      resources: smaller,
      handlers: [deployments.handler, configmaps.handler] as ReconcilerConfig['handlers'],
    });
    await h.until(
      async () =>
        (await h.get('Service', 'v1', 'shop-web')) === undefined &&
        (await h.get('Service', 'v1', 'shop-admin')) === undefined,
      'both Services pruned',
    );
    await h.until(
      async () =>
        (await h.get('Website', 'example.com/v1', 'shop'))?.metadata.annotations?.[ANNOTATION] ===
        'ConfigMap.v1,Deployment.v1.apps',
      'the inventory without Service',
    );
    expect(await h.get('Service', 'v1', 'shop-lookalike')).toBeDefined();
    expect(await h.get('Deployment', 'apps/v1', 'shop-web')).toBeDefined();
    const pruned = await h.until(
      async () => (await h.eventsOf('shop')).find((e) => e.reason === 'Pruned'),
      'a Pruned Event',
    );
    expect(pruned.message).toMatch(/Service shop-(web|admin), Service shop-(web|admin)/);
    expect(await h.steadyStateRequests(second)).toEqual({});
  });

  it('a reconciler started with one more kind adds it to the inventory once', async () => {
    const first = await h.run({ resources: { configmaps: full.configmaps } });
    await h.user.create(h.website('shop', { image: 'nginx:1.27' }));
    await h.until(
      async () =>
        (await h.get('Website', 'example.com/v1', 'shop'))?.metadata.annotations?.[ANNOTATION] === 'ConfigMap.v1',
      'the inventory',
    );
    await first.stop();
    const second = await h.run({ resources: full });
    await h.until(
      async () =>
        (await h.get('Website', 'example.com/v1', 'shop'))?.metadata.annotations?.[ANNOTATION] ===
        'ConfigMap.v1,Deployment.v1.apps,Service.v1',
      'the grown inventory',
    );
    expect(await h.steadyStateRequests(second)).toEqual({});
  });
});
