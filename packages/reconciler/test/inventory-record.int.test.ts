/**
 * The inventory record (`config.inventory`): one ConfigMap per configuration lists the kinds it manages, written
 * at start before any child, so a new CR costs no inventory write; a kind the configuration lost is pruned once
 * for every CR at the next start, and dropped from the record.
 */
import { describe, expect, it } from '@jest/globals';
import * as configmaps from '@orkestra/configmaps';
import type { KubeObject } from '@orkestra/core';
import * as deployments from '@orkestra/deployments';
import * as services from '@orkestra/services';
import { child, type ReconcilerConfig } from '../src/index.js';
import { inventoryRecordName } from '../src/internal.js';
import { harness, owner } from './harness.js';
import { ANNOTATION, full } from './inventory-fixtures.js';

const h = harness('inv-record');
const smaller = { deployments: full.deployments, configmaps: full.configmaps };
const withoutServices = [deployments.handler, configmaps.handler] as ReconcilerConfig['handlers'];

const recordName = () => inventoryRecordName(owner, [h.ns]);
const recordKinds = async () =>
  ((await h.get('ConfigMap', 'v1', recordName())) as (KubeObject & { data?: Record<string, string> }) | undefined)
    ?.data?.['managed-kinds'];
const inventoryOf = async (name: string) =>
  (await h.get('Website', 'example.com/v1', name))?.metadata.annotations?.[ANNOTATION];
const servicesGone = (cr: string) => async () =>
  (await h.get('Service', 'v1', `${cr}-web`)) === undefined &&
  (await h.get('Service', 'v1', `${cr}-admin`)) === undefined;

describe('the inventory record of a configuration', () => {
  it('is written at start, before any child; a new CR then costs its children and its status, no inventory write', async () => {
    await h.user.create(h.website('early', { image: 'nginx:1.27' }));
    const r = await h.run({ resources: full, inventory: { namespace: h.ns } });
    // start() resolved: the record lists every configured kind, whatever the reconciles have written yet
    expect(await recordKinds()).toBe('ConfigMap.v1,Deployment.v1.apps,Service.v1');
    await h.ready('early');
    await r.whenIdle();

    h.kube.requests.reset();
    await h.user.create(h.website('shop', { image: 'nginx:1.27' }));
    await h.ready('shop');
    await r.whenIdle();
    // 4 children created (POST) and the status patched: 5 writes (6 with a per-CR annotation)
    expect(h.kube.requests.count({ verb: 'create' })).toBe(4);
    expect(h.kube.requests.writes({ resource: 'websites' })).toBe(0);
    expect(h.kube.requests.writes()).toBe(5);
    expect(await inventoryOf('shop')).toBeUndefined();
    expect(await inventoryOf('early')).toBeUndefined();
    expect(await h.steadyStateRequests(r)).toEqual({});
  });

  it('a restart without a kind prunes its children of every CR once, leaves what is not ours, and drops the kind', async () => {
    const first = await h.run({ resources: full, inventory: { namespace: h.ns } });
    for (const name of ['shop', 'blog']) await h.user.create(h.website(name, { image: 'nginx:1.27' }));
    // Someone else's Service with our labels, not controlled by a CR: never deleted.
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
    for (const name of ['shop', 'blog']) await h.ready(name);
    await first.stop();

    const second = await h.run({ resources: smaller, handlers: withoutServices, inventory: { namespace: h.ns } });
    for (const name of ['shop', 'blog']) await h.until(servicesGone(name), `the Services of ${name} pruned`);
    await h.until(
      async () => (await recordKinds()) === 'ConfigMap.v1,Deployment.v1.apps',
      'the record without Service',
    );
    expect(await h.get('Service', 'v1', 'shop-lookalike')).toBeDefined();
    expect(await h.get('Deployment', 'apps/v1', 'shop-web')).toBeDefined();
    for (const name of ['shop', 'blog']) {
      const pruned = await h.until(
        async () => (await h.eventsOf(name)).find((e) => e.reason === 'Pruned'),
        `a Pruned Event on ${name}`,
      );
      expect(pruned.message).toMatch(new RegExp(`Service ${name}-(web|admin), Service ${name}-(web|admin)`));
      expect(await inventoryOf(name)).toBeUndefined();
    }
    expect(await h.steadyStateRequests(second)).toEqual({});
  });

  it('a CR inventoried by its annotation (an older version) still gets the children of a removed kind pruned', async () => {
    const legacy = await h.run({ resources: full });
    await h.user.create(h.website('shop', { image: 'nginx:1.27' }));
    await h.ready('shop');
    await h.until(
      async () => (await inventoryOf('shop')) === 'ConfigMap.v1,Deployment.v1.apps,Service.v1',
      'the annotation',
    );
    await legacy.stop();

    const upgraded = await h.run({ resources: smaller, handlers: withoutServices, inventory: { namespace: h.ns } });
    expect(await recordKinds()).toBe('ConfigMap.v1,Deployment.v1.apps');
    await h.until(servicesGone('shop'), 'the Services pruned');
    // the record covers what is left: the annotation goes
    await h.until(async () => (await inventoryOf('shop')) === undefined, 'the annotation removed');
    expect(await h.get('Deployment', 'apps/v1', 'shop-web')).toBeDefined();
    expect(await h.steadyStateRequests(upgraded)).toEqual({});
  });

  it("with a children hook the record lists every typed handler's kind: a hooked child costs no annotation either", async () => {
    const r = await h.run({
      resources: { configmaps: full.configmaps },
      hooks: {
        children: (cr) =>
          cr.metadata.name === 'shop'
            ? [child(services.handler, { name: `${cr.metadata.name}-hooked`, port: 80 })]
            : [],
      },
      inventory: { namespace: h.ns },
    });
    // A hook may return a child of any handler given: each handler's kind is configured, so the record lists it.
    expect(await recordKinds()).toBe('ConfigMap.v1,Deployment.v1.apps,Service.v1');
    for (const name of ['shop', 'blog']) await h.user.create(h.website(name, { image: 'nginx:1.27' }));
    for (const name of ['shop', 'blog']) await h.ready(name);
    expect(await h.get('Service', 'v1', 'shop-hooked')).toBeDefined();
    for (const name of ['shop', 'blog']) expect(await inventoryOf(name)).toBeUndefined();
    expect(await h.steadyStateRequests(r)).toEqual({});
  });
});
