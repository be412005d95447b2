/** The `children(cr, ctx)` hook against the real API server: planned, applied, followed and pruned like templates. */
import { describe, expect, it } from '@jest/globals';
import * as configmaps from '@orkestra/configmaps';
import type { KubeObject, OwnerObject } from '@orkestra/core';
import { child, GenericReconciler, type HookContext, SharedInformerFactory } from '../src/index.js';
import { handlers, harness, owner, readyOf } from './harness.js';

const h = harness('hook-children');

type ConfigMap = KubeObject & { data?: Record<string, string> };
const templated = {
  configmaps: { onReconcile: [{ name: '{{metadata.name}}-config', data: { greeting: '{{spec.greeting}}' } }] },
};
const specOf = (cr: OwnerObject) => cr.spec as { greeting?: string; tls?: boolean };
const configMap = async (name: string) => (await h.get('ConfigMap', 'v1', name)) as ConfigMap | undefined;

/** A child computed from the CR and from the user's ConfigMap `settings`, read from the cache. */
function extraChild(cr: OwnerObject, ctx: HookContext) {
  const settings = ctx.reader.get<ConfigMap>({ apiVersion: 'v1', kind: 'ConfigMap', name: 'settings' });
  if (!specOf(cr).tls) return [];
  return [
    child(configmaps.handler, {
      name: `${cr.metadata.name}-extra`,
      data: { greeting: specOf(cr).greeting ?? '', color: settings?.data?.color ?? 'none' },
    }),
  ];
}

describe('the children hook', () => {
  it('adds a child computed from the CR and another cached object, follows that object, prunes it once gone from the output; steady state costs no request', async () => {
    await h.user.create({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'settings', namespace: h.ns },
      data: { color: 'blue' },
    });
    const r = await h.run({
      resources: templated,
      reads: [{ apiVersion: 'v1', kind: 'ConfigMap' }],
      hooks: { children: extraChild },
    });
    await h.user.create(h.website('shop', { greeting: 'hello', tls: true }));
    const cr = await h.ready('shop');
    const extra = await configMap('shop-extra');
    expect(extra?.data).toEqual({ greeting: 'hello', color: 'blue' });
    expect(extra?.metadata.ownerReferences).toEqual([
      expect.objectContaining({ kind: 'Website', name: 'shop', uid: cr.metadata.uid, controller: true }),
    ]);
    expect(extra?.metadata.labels).toMatchObject({ 'managed-by': 'orkestra', 'orkestra-owner': 'shop' });
    expect((await configMap('shop-config'))?.data).toEqual({ greeting: 'hello' });

    // Converged: resyncs run the hook and read the caches, and send nothing.
    expect(await h.steadyStateRequests(r)).toEqual({});

    // The object the hook read changes (resync is an hour away): the CR is reconciled and the child follows.
    await h.user.patch(h.ref('ConfigMap', 'v1', 'settings'), { data: { color: 'red' } }, { type: 'merge' });
    await h.until(async () => (await configMap('shop-extra'))?.data?.color === 'red', 'shop-extra follows settings');

    // The hook stops returning it: pruned; the templated child stays.
    await h.user.patch(h.ref('Website', 'example.com/v1', 'shop'), { spec: { tls: false } }, { type: 'merge' });
    await h.until(async () => (await configMap('shop-extra')) === undefined, 'shop-extra pruned');
    expect((await configMap('shop-config'))?.data).toEqual({ greeting: 'hello' });
    await r.whenIdle();
    expect(readyOf(await h.get('Website', 'example.com/v1', 'shop'))?.status).toBe('True');
  });

  it('a hook child its handler refuses writes nothing, not even the valid children; fixed, both are applied', async () => {
    await h.run({
      resources: templated,
      hooks: {
        children: (cr) => [
          child(configmaps.handler, { name: `${cr.metadata.name}-ok`, data: { a: 'b' } }),
          child(configmaps.handler, { name: specOf(cr).greeting === 'bad' ? 'Bad_Name' : `${cr.metadata.name}-two` }),
        ],
      },
    });
    await h.user.create(h.website('shop', { greeting: 'bad' }));
    const cr = await h.ready('shop', 'False');
    expect(readyOf(cr)).toMatchObject({ reason: 'InvalidSpec', message: expect.stringContaining('hooks.children[1]') });
    expect(await configMap('shop-ok')).toBeUndefined();
    expect(await configMap('shop-config')).toBeUndefined();

    await h.user.patch(h.ref('Website', 'example.com/v1', 'shop'), { spec: { greeting: 'good' } }, { type: 'merge' });
    await h.ready('shop');
    expect((await configMap('shop-ok'))?.data).toEqual({ a: 'b' });
    expect(await configMap('shop-two')).toBeDefined();
  });

  it('a hook that throws, or reads a kind that is not cached, sets Ready=False with its message and writes nothing', async () => {
    await h.run({
      resources: templated,
      hooks: {
        children: (cr, ctx) => {
          if (specOf(cr).greeting === 'throw') throw new Error('inventory service unreachable');
          ctx.reader.get({ apiVersion: 'v1', kind: 'Secret', name: 'x' });
          return [];
        },
      },
    });
    await h.user.create(h.website('shop', { greeting: 'throw' }));
    await h.user.create(h.website('blog', { greeting: 'hello' }));
    expect(readyOf(await h.ready('shop', 'False'))).toMatchObject({
      reason: 'HookFailed',
      message: 'children hook failed: inventory service unreachable',
    });
    expect(readyOf(await h.ready('blog', 'False'))).toMatchObject({
      reason: 'HookFailed',
      message: expect.stringContaining(
        "Secret (v1) is not cached for hooks: add { apiVersion: 'v1', kind: 'Secret' } to the reconciler's reads",
      ),
    });
    expect(await configMap('shop-config')).toBeUndefined();
    expect(await configMap('blog-config')).toBeUndefined();
  });

  it('a kind in reads that the API server does not serve is refused at start, before anything is watched', async () => {
    const informers = new SharedInformerFactory(h.kube);
    const r = new GenericReconciler(h.kube, {
      owner,
      handlers,
      resources: templated,
      namespaces: [h.ns],
      reads: [{ apiVersion: 'example.com/v1', kind: 'Gadget' }],
      hooks: { children: () => [] },
      informers,
    });
    await expect(r.start()).rejects.toThrow(
      'reads[0]: the API server does not serve kind Gadget in example.com/v1 — fix apiVersion and kind, or install its CustomResourceDefinition',
    );
    expect(informers.informers).toEqual([]);
    await r.stop();
  });
});
