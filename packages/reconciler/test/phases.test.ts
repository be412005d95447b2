/**
 * One reconcile's phases and users' hooks on the in-memory client of `@orkestra/testenv/fake`: plan (children
 * resolved from the CR, refused plans write nothing), apply (create, then only what drifted), prune (a child no
 * longer desired goes), status (conditions and fields), hooks (validate, status, finalize) — milliseconds each,
 * no control plane. What Kubernetes itself does (defaulting, validation, the garbage collector's timing) stays
 * tested on the real API server in the `*.int.test.ts` files.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import * as configmaps from '@orkestra/configmaps';
import type { KubeObject } from '@orkestra/core';
import * as deployments from '@orkestra/deployments';
import * as services from '@orkestra/services';
import { FakeClient } from '@orkestra/testenv/fake';
import { GenericReconciler, type ReconcilerConfig } from '../src/index.js';

const owner = { group: 'example.com', version: 'v1', kind: 'Website', plural: 'websites' };
const websites = [{ apiVersion: 'example.com/v1', kind: 'Website', plural: 'websites', namespaced: true }];
const handlers = [deployments.handler, services.handler, configmaps.handler] as ReconcilerConfig['handlers'];
type Condition = { type: string; status: string; reason: string; message: string };
type Status = { conditions?: Condition[]; image?: string; observedGeneration?: number };

const running: GenericReconciler[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => r.stop()));
});

/** A reconciler over a fresh fake cluster, started, and a second client as "someone else". */
async function reconcilerOnFake(config: Partial<ReconcilerConfig> = {}) {
  const kube = new FakeClient({ kinds: websites });
  const user = kube.sharing();
  const r = new GenericReconciler(kube, {
    owner,
    handlers,
    resources: {
      deployments: { onReconcile: [{ name: '{{metadata.name}}-web', image: '{{spec.image}}', port: 8080 }] },
      services: {
        onReconcile: [
          {
            name: '{{metadata.name}}-web',
            port: 80,
            targetPort: 8080,
            when: { field: 'spec.expose', operator: 'notEquals', value: false },
          },
        ],
      },
      configmaps: { onReconcile: [{ name: '{{metadata.name}}-page', data: { greeting: '{{spec.greeting}}' } }] },
    },
    status: { fields: { image: '{{spec.image}}' } },
    readiness: 'synced',
    resyncPeriodMs: 3_600_000,
    namespaces: ['shop'],
    ...config,
  });
  running.push(r);
  await r.start();
  const website = (spec: Record<string, unknown>, name = 'site'): KubeObject => ({
    apiVersion: 'example.com/v1',
    kind: 'Website',
    metadata: { name, namespace: 'shop' },
    spec,
  });
  const ref = (kind: string, apiVersion: string, name: string) => ({ apiVersion, kind, namespace: 'shop', name });
  const cr = async (name = 'site') => user.get(ref('Website', 'example.com/v1', name));
  const statusOf = async (name = 'site') => (await cr(name))?.status as Status | undefined;
  const settle = () => r.whenIdle();
  return { kube, user, r, website, ref, cr, statusOf, settle };
}

describe('phases on the fake client', () => {
  it('plan and apply: every child made with one owner reference and the system labels; status written', async () => {
    const t = await reconcilerOnFake();
    await t.user.create(t.website({ image: 'nginx:1.27', greeting: 'hi' }));
    await t.settle();
    const page = await t.user.get<KubeObject & { data?: Record<string, string> }>(
      t.ref('ConfigMap', 'v1', 'site-page'),
    );
    expect(page?.data).toEqual({ greeting: 'hi' });
    expect(page?.metadata.labels).toMatchObject({ 'managed-by': 'orkestra', 'orkestra-owner': 'site' });
    expect(page?.metadata.ownerReferences).toEqual([
      expect.objectContaining({ kind: 'Website', name: 'site', controller: true, blockOwnerDeletion: true }),
    ]);
    expect(await t.user.get(t.ref('Deployment', 'apps/v1', 'site-web'))).toBeDefined();
    expect(await t.user.get(t.ref('Service', 'v1', 'site-web'))).toBeDefined();
    const status = await t.statusOf();
    expect(status?.image).toBe('nginx:1.27');
    expect(status?.conditions?.map((c) => [c.type, c.status])).toEqual(
      expect.arrayContaining([
        ['Synced', 'True'],
        ['Ready', 'True'],
      ]),
    );
  });

  it('steady state costs no request; a drift is corrected with one write; a CR change updates only its child', async () => {
    const t = await reconcilerOnFake();
    await t.user.create(t.website({ image: 'nginx:1.27', greeting: 'hi' }));
    await t.settle();
    t.kube.requests.reset();
    await t.r.reconcileNow('shop', 'site');
    expect(t.kube.requests.snapshot()).toEqual({});

    await t.user.patch(t.ref('ConfigMap', 'v1', 'site-page'), { data: { greeting: 'tampered' } });
    await t.settle();
    const page = await t.user.get<KubeObject & { data?: Record<string, string> }>(
      t.ref('ConfigMap', 'v1', 'site-page'),
    );
    expect(page?.data).toEqual({ greeting: 'hi' });
    expect(t.kube.requests.writes({ resource: 'configmaps' })).toBe(1);

    t.kube.requests.reset();
    await t.user.patch(t.ref('Website', 'example.com/v1', 'site'), { spec: { greeting: 'hello' } });
    await t.settle();
    expect(t.kube.requests.writes({ resource: 'configmaps' })).toBe(1);
    expect(t.kube.requests.writes({ resource: 'deployments' })).toBe(0);
  });

  it('prune: a child whose `when` stops holding is deleted; one the CR does not control is never touched', async () => {
    const t = await reconcilerOnFake();
    await t.user.create(t.website({ image: 'nginx:1.27', greeting: 'hi' }));
    await t.settle();
    await t.user.create({
      apiVersion: 'v1',
      kind: 'Service',
      metadata: {
        name: 'someone-elses',
        namespace: 'shop',
        labels: { 'managed-by': 'orkestra', 'orkestra-owner': 'site' },
      },
    });
    await t.user.patch(t.ref('Website', 'example.com/v1', 'site'), { spec: { expose: false } });
    await t.settle();
    expect(await t.user.get(t.ref('Service', 'v1', 'site-web'))).toBeUndefined();
    expect(await t.user.get(t.ref('Service', 'v1', 'someone-elses'))).toBeDefined();
  });

  it('a plan that fails writes nothing and says why in Ready', async () => {
    const t = await reconcilerOnFake();
    await t.user.create(t.website({ greeting: 'no image' }));
    await t.settle();
    expect(await t.user.list('apps/v1', 'Deployment', { namespace: 'shop' })).toMatchObject({ items: [] });
    expect(await t.user.list('v1', 'ConfigMap', { namespace: 'shop' })).toMatchObject({ items: [] });
    const ready = (await t.statusOf())?.conditions?.find((c) => c.type === 'Ready');
    expect(ready).toMatchObject({ status: 'False' });
    expect(ready?.message).toContain('spec.image');
  });
});

describe("users' hooks on the fake client", () => {
  it('validate refuses the CR (Ready=False, reason Refused) and nothing is written; status adds fields', async () => {
    const t = await reconcilerOnFake({
      hooks: {
        validate: (cr) => ((cr.spec as { image?: string }).image?.endsWith(':latest') ? 'pin the image' : undefined),
        status: (cr) => ({ pinned: !(cr.spec as { image?: string }).image?.endsWith(':latest') }),
      },
    });
    await t.user.create(t.website({ image: 'nginx:latest', greeting: 'hi' }, 'latest'));
    await t.user.create(t.website({ image: 'nginx:1.27', greeting: 'hi' }, 'pinned'));
    await t.settle();
    const refused = (await t.statusOf('latest'))?.conditions?.find((c) => c.type === 'Ready');
    expect(refused).toMatchObject({ status: 'False', reason: 'Refused', message: 'pin the image' });
    expect(await t.user.get(t.ref('ConfigMap', 'v1', 'latest-page'))).toBeUndefined();
    expect(((await t.cr('pinned'))?.status as { pinned?: boolean } | undefined)?.pinned).toBe(true);
  });

  it('finalize runs on deletion before the finalizer goes; the CR and its children are then gone', async () => {
    const finalized: string[] = [];
    const t = await reconcilerOnFake({
      hooks: {
        finalize: async (cr) => {
          finalized.push(cr.metadata.name ?? '');
        },
      },
    });
    await t.user.create(t.website({ image: 'nginx:1.27', greeting: 'hi' }));
    await t.settle();
    expect((await t.cr())?.metadata.finalizers).toHaveLength(1);
    await t.user.delete(t.ref('Website', 'example.com/v1', 'site'));
    await t.settle();
    expect(finalized).toEqual(['site']);
    expect(await t.cr()).toBeUndefined();
    expect(await t.user.get(t.ref('ConfigMap', 'v1', 'site-page'))).toBeUndefined();
  });
});
