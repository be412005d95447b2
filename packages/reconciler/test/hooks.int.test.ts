/** Code hooks (validate, status) against the real API server. */
import { describe, expect, it } from '@jest/globals';
import type { KubeObject, OwnerObject } from '@orkestra/core';
import { harness, readyOf } from './harness.js';

const h = harness('hooks');

const configmap = {
  configmaps: { onReconcile: [{ name: '{{metadata.name}}-config', data: { greeting: '{{spec.greeting}}' } }] },
};
const specOf = (cr: OwnerObject) => cr.spec as { greeting?: string; replicas?: number };

describe('code hooks', () => {
  it('a status hook computes a status field from the live children; steady state then costs no request', async () => {
    const r = await h.run({
      resources: configmap,
      status: { fields: { image: '{{spec.image}}' } },
      hooks: {
        status: (cr, children) => ({
          keys: Object.keys((children.configmaps![`${cr.metadata.name}-config`] as KubeObject & { data: object }).data)
            .length,
          shout: specOf(cr).greeting?.toUpperCase(),
        }),
        validate: () => undefined,
      },
    });
    await h.user.create(h.website('shop', { image: 'nginx', greeting: 'hello' }));
    const cr = await h.ready('shop');
    expect(cr.status).toMatchObject({ image: 'nginx', keys: 1, shout: 'HELLO' });

    expect(await h.steadyStateRequests(r)).toEqual({});
  });

  it('a validate hook refuses a CR: Ready=False with its message and a Warning Event, no child written', async () => {
    const r = await h.run({
      resources: configmap,
      hooks: { validate: (cr) => (specOf(cr).greeting === 'bad' ? 'spec.greeting may not be "bad"' : undefined) },
    });
    await h.user.create(h.website('shop', { greeting: 'bad' }));
    const cr = await h.ready('shop', 'False');
    expect(readyOf(cr)).toMatchObject({ reason: 'Refused', message: 'spec.greeting may not be "bad"' });
    await r.whenIdle();
    expect(await h.get('ConfigMap', 'v1', 'shop-config')).toBeUndefined();
    expect((await h.eventsOf('shop')).map((e) => [e.type, e.reason, e.message])).toContainEqual([
      'Warning',
      'Refused',
      'spec.greeting may not be "bad"',
    ]);

    // Fixed: the CR is accepted and its child created.
    await h.user.patch(h.ref('Website', 'example.com/v1', 'shop'), { spec: { greeting: 'good' } }, { type: 'merge' });
    await h.ready('shop');
    expect((await h.get('ConfigMap', 'v1', 'shop-config'))?.data).toEqual({ greeting: 'good' });
  });

  it('a hook that throws sets Ready=False with its message and writes no child', async () => {
    await h.run({
      resources: configmap,
      hooks: {
        validate: () => {
          throw new Error('lookup table missing');
        },
      },
    });
    await h.user.create(h.website('shop', { greeting: 'hello' }));
    const cr = await h.ready('shop', 'False');
    expect(readyOf(cr)).toMatchObject({ reason: 'HookFailed', message: 'validate hook failed: lookup table missing' });
    expect(await h.get('ConfigMap', 'v1', 'shop-config')).toBeUndefined();
  });

  it('a status hook that throws sets Ready=False with its message', async () => {
    await h.run({
      resources: configmap,
      hooks: {
        status: () => {
          throw new Error('no such child');
        },
      },
    });
    await h.user.create(h.website('shop', { greeting: 'hello' }));
    const cr = await h.ready('shop', 'False');
    expect(readyOf(cr)).toMatchObject({ reason: 'HookFailed', message: 'status hook failed: no such child' });
  });
});
