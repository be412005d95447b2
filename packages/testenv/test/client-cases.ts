/**
 * Cases run on the fake client and on the real API server alike (`fake-client.test.ts`,
 * `fake-client.int.test.ts`): where the fake claims to behave as Kubernetes, the real server proves it.
 */
import { describe, expect, it } from '@jest/globals';
import {
  AlreadyExistsError,
  ConflictError,
  type ControllerClient,
  type KubeObject,
  type WatchEvent,
} from '@orkestra/core';

type ConfigMap = KubeObject & { data?: Record<string, string> };

/** What a case needs: a client, a fresh namespace, and a wait for an eventually true condition. */
export interface ClientUnderTest {
  kube: () => ControllerClient;
  namespace: () => string;
  /** Resolves once `check` holds (the real server's controllers act later; the fake at once). */
  eventually: (check: () => Promise<boolean>) => Promise<void>;
}

/** The shared cases. */
export function describeClientCases(name: string, t: ClientUnderTest): void {
  const cm = (n: string, data: Record<string, string> = { a: '1' }, labels?: Record<string, string>): ConfigMap => ({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: n, namespace: t.namespace(), ...(labels ? { labels } : {}) },
    data,
  });
  const ref = (n: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', namespace: t.namespace(), name: n });

  describe(`${name}: objects as the API server keeps them`, () => {
    it('a create sets uid, resourceVersion and generation; a second create of the name is AlreadyExists', async () => {
      const created = await t.kube().create(cm('one'), { fieldManager: 'test' });
      expect(created.metadata.uid).toMatch(/^[0-9a-f-]{36}$/);
      expect(created.metadata.resourceVersion).toMatch(/^\d+$/);
      expect((await t.kube().get(ref('one')))?.metadata.uid).toBe(created.metadata.uid);
      await expect(t.kube().create(cm('one'))).rejects.toBeInstanceOf(AlreadyExistsError);
    });

    it('a write with a stale resourceVersion is a Conflict (update, merge patch, apply)', async () => {
      const created = await t.kube().create(cm('stale'));
      const stale = created.metadata.resourceVersion;
      await t.kube().update({ ...created, data: { a: '2' } });
      await expect(t.kube().update({ ...created, data: { a: '3' } })).rejects.toBeInstanceOf(ConflictError);
      await expect(
        t.kube().patch(ref('stale'), { metadata: { resourceVersion: stale }, data: { a: '4' } }),
      ).rejects.toBeInstanceOf(ConflictError);
      const applied = { ...cm('stale', { a: '5' }), metadata: { ...cm('stale').metadata, resourceVersion: stale } };
      await expect(t.kube().apply(applied, { fieldManager: 'test', force: true })).rejects.toBeInstanceOf(
        ConflictError,
      );
      expect((await t.kube().get<ConfigMap>(ref('stale')))?.data).toEqual({ a: '2' });
    });

    it("an apply removes what the manager set before and no longer sets, and keeps another manager's field", async () => {
      await t.kube().apply(cm('applied', { a: '1', b: '2' }), { fieldManager: 'orkestra', force: true });
      await t.kube().apply(cm('applied', { c: '3' }), { fieldManager: 'someone', force: true });
      const after = await t.kube().apply(cm('applied', { a: '1' }), { fieldManager: 'orkestra', force: true });
      expect(after.data).toEqual({ a: '1', c: '3' });
      const managers = (after.metadata.managedFields ?? []).map((m) => (m as { manager: string }).manager).sort();
      expect(managers).toEqual(['orkestra', 'someone']);
    });

    it('a create-only apply of an existing name is AlreadyExists and writes nothing', async () => {
      await t.kube().create(cm('create-only'));
      await expect(
        t.kube().apply(cm('create-only', { a: 'x' }), { fieldManager: 'test', createOnly: true }),
      ).rejects.toBeInstanceOf(AlreadyExistsError);
      expect((await t.kube().get<ConfigMap>(ref('create-only')))?.data).toEqual({ a: '1' });
    });

    it('lists by label selector, in one namespace', async () => {
      await t.kube().create(cm('red', {}, { colour: 'red' }));
      await t.kube().create(cm('blue', {}, { colour: 'blue' }));
      const red = await t.kube().list('v1', 'ConfigMap', { namespace: t.namespace(), labelSelector: 'colour=red' });
      expect(red.items.map((o) => o.metadata.name)).toEqual(['red']);
      expect(red.resourceVersion).toMatch(/^\d+$/);
    });

    it('a finalizer holds a deletion until a JSON patch removes it; a failed test operation writes nothing', async () => {
      await t.kube().create({ ...cm('held'), metadata: { ...cm('held').metadata, finalizers: ['example.com/hold'] } });
      expect(await t.kube().delete(ref('held'))).toBe(true);
      const marked = await t.kube().get(ref('held'));
      expect(marked?.metadata.deletionTimestamp).toEqual(expect.any(String));
      await expect(
        t.kube().patch(ref('held'), [{ op: 'test', path: '/metadata/finalizers/0', value: 'other' }], { type: 'json' }),
      ).rejects.toMatchObject({ reason: expect.stringMatching(/^(Invalid|Conflict)$/) });
      await t.kube().patch(
        ref('held'),
        [
          { op: 'test', path: '/metadata/finalizers/0', value: 'example.com/hold' },
          { op: 'remove', path: '/metadata/finalizers/0' },
        ],
        { type: 'json' },
      );
      await t.eventually(async () => (await t.kube().get(ref('held'))) === undefined);
      expect(await t.kube().delete(ref('held'))).toBe(false);
    });

    it('a watch from a list sees what is written after it, in order', async () => {
      const list = await t.kube().list('v1', 'ConfigMap', { namespace: t.namespace() });
      const events: string[] = [];
      const abort = new AbortController();
      const watching = t
        .kube()
        .watch(
          'v1',
          'ConfigMap',
          { namespace: t.namespace(), resourceVersion: list.resourceVersion, signal: abort.signal },
          (e: WatchEvent) => {
            if (e.type !== 'BOOKMARK') events.push(`${e.type} ${e.object.metadata.name}`);
          },
        );
      await t.kube().create(cm('watched'));
      await t.kube().patch(ref('watched'), { data: { a: '2' } });
      await t.kube().delete(ref('watched'));
      await t.eventually(async () => events.length >= 3);
      abort.abort();
      await watching.catch(() => undefined);
      expect(events).toEqual(['ADDED watched', 'MODIFIED watched', 'DELETED watched']);
    });
  });
}
