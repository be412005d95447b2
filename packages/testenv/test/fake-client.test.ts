/**
 * The fake client: the cases it shares with the real API server (`client-cases.ts`), then what only a fake
 * can be asked (its garbage collection, `authorize`, impersonation, a watch too far behind).
 */
import { describe, expect, it } from '@jest/globals';
import { ForbiddenError, type KubeObject, NotFoundError } from '@orkestra/core';
import { FakeClient } from '../src/fake/index.js';
import { describeClientCases } from './client-cases.js';

const fake = new FakeClient();
describeClientCases('fake client', {
  kube: () => fake,
  namespace: () => 'fake',
  eventually: async (check) => {
    for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setImmediate(r));
  },
});

const cr = (name: string): KubeObject => ({
  apiVersion: 'example.com/v1',
  kind: 'Website',
  metadata: { name, namespace: 'shop' },
  spec: { image: 'nginx' },
});
const websites = [{ apiVersion: 'example.com/v1', kind: 'Website', plural: 'websites', namespaced: true }];

describe('fake client: what only the fake is asked', () => {
  it('deleting an owner deletes its dependents (as the garbage collector would), unless orphaned', async () => {
    const kube = new FakeClient({ kinds: websites });
    const owner = await kube.create(cr('site'));
    const dependent = (name: string): KubeObject => ({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: {
        name,
        namespace: 'shop',
        ownerReferences: [
          { apiVersion: 'example.com/v1', kind: 'Website', name: 'site', uid: owner.metadata.uid!, controller: true },
        ],
      },
    });
    await kube.create(dependent('page'));
    await kube.delete({ apiVersion: 'example.com/v1', kind: 'Website', namespace: 'shop', name: 'site' });
    expect(await kube.get({ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'shop', name: 'page' })).toBeUndefined();

    const again = await kube.create(cr('site'));
    await kube.create({
      ...dependent('kept'),
      metadata: {
        ...dependent('kept').metadata,
        ownerReferences: [
          { apiVersion: 'example.com/v1', kind: 'Website', name: 'site', uid: again.metadata.uid!, controller: true },
        ],
      },
    });
    await kube.delete(
      { apiVersion: 'example.com/v1', kind: 'Website', namespace: 'shop', name: 'site' },
      { propagationPolicy: 'Orphan' },
    );
    expect(await kube.get({ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'shop', name: 'kept' })).toBeDefined();
  });

  it('a status patch changes status only; a spec change bumps the generation, a status change does not', async () => {
    const kube = new FakeClient({ kinds: websites });
    await kube.create(cr('gen'));
    const ref = { apiVersion: 'example.com/v1', kind: 'Website', namespace: 'shop', name: 'gen' };
    const status = await kube.patchStatus(ref, { phase: 'Ready' });
    expect(status.metadata.generation).toBe(1);
    const changed = await kube.patch(ref, { spec: { image: 'nginx:2' } });
    expect(changed.metadata.generation).toBe(2);
    expect((changed as KubeObject & { status?: unknown }).status).toEqual({ phase: 'Ready' });
  });

  it('an unknown kind is NotFound; authorize refuses as RBAC would, per identity', async () => {
    const kube = new FakeClient({
      authorize: (r) => r.user === undefined || (r.kind === 'ConfigMap' && r.namespace === 'team-a'),
    });
    await expect(
      kube.get({ apiVersion: 'example.com/v1', kind: 'Website', namespace: 'shop', name: 'x' }),
    ).rejects.toBeInstanceOf(NotFoundError);
    const team = kube.impersonate({ user: 'system:serviceaccount:team-a:katalog' });
    const page = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'p', namespace: 'team-a' } };
    await team.create(page);
    const refused = await team
      .create({ ...page, metadata: { name: 'p', namespace: 'team-b' } })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ForbiddenError);
    expect((refused as Error).message).toContain('system:serviceaccount:team-a:katalog cannot create configmaps');
    // One tally for the client and those it impersonates through.
    expect(kube.requests.count({ verb: 'create' })).toBe(2);
  });

  it('counts requests by verb, and an apply as an apply', async () => {
    const kube = new FakeClient();
    const page = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'p', namespace: 'n' }, data: { a: '1' } };
    await kube.apply(page, { fieldManager: 'm', force: true });
    await kube.get({ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'n', name: 'p' });
    expect(kube.requests.snapshot()).toEqual({ 'apply configmaps': 1, 'get configmaps': 1 });
  });
});
