import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { ImmutableFieldError, OwnershipError, createContext, type KubeObject, type OwnerObject } from '@orkestra/core';
import { Kubeclient } from '@orkestra/core/kube';
import { testCluster } from '@orkestra/testenv';
import * as configmaps from '../src/index.js';

const cluster = testCluster();
const ctx = createContext({ fieldManager: 'orkestra-test' });
let kube: Kubeclient;
let other: Kubeclient; // someone else: a user with kubectl, another controller
let ns: string;
let owner: OwnerObject;

async function makeOwner(name: string): Promise<OwnerObject> {
  const obj = await other.create<KubeObject>({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: ns }, data: { role: 'owner' } });
  return obj as unknown as OwnerObject;
}

const read = (name: string) => kube.get({ apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name });

beforeAll(() => {
  kube = new Kubeclient(cluster.kubeConfig);
  other = new Kubeclient(cluster.kubeConfig);
});
afterAll(async () => {
  await cluster.deleteNamespaces();
  await kube.close();
  await other.close();
});
beforeEach(async () => {
  ns = await cluster.newNamespace('configmaps');
  owner = await makeOwner('site');
  kube.requests.reset();
});

describe('create', () => {
  it('creates the ConfigMap with the owner reference and system labels', async () => {
    const result = await configmaps.create(ctx, kube, owner, configmaps.resolve({ data: { a: '1' } }, 'site'));
    expect(result.action).toBe('created');
    const live = await read('site-config');
    expect(live?.data).toEqual({ a: '1' });
    expect(live?.metadata.labels).toMatchObject({ 'managed-by': 'orkestra', 'orkestra-owner': 'site' });
    expect(live?.metadata.ownerReferences).toEqual([{ apiVersion: 'v1', kind: 'ConfigMap', name: 'site', uid: owner.metadata.uid, controller: true, blockOwnerDeletion: true }]);
  });

  it('is idempotent: an existing ConfigMap of this owner costs no write', async () => {
    const spec = configmaps.resolve({ data: { a: '1' } }, 'site');
    await configmaps.create(ctx, kube, owner, spec);
    kube.requests.reset();
    const again = await configmaps.create(ctx, kube, owner, spec);
    expect(again.action).toBe('unchanged');
    expect(kube.requests.writes()).toBe(0);
  });

  it('refuses a ConfigMap of the same name that nobody controls, without writing', async () => {
    await other.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'site-config', namespace: ns }, data: { theirs: 'yes' } });
    kube.requests.reset();
    await expect(configmaps.create(ctx, kube, owner, configmaps.resolve({ data: { a: '1' } }, 'site'))).rejects.toThrow(OwnershipError);
    expect(kube.requests.writes()).toBe(0);
    expect((await read('site-config'))?.data).toEqual({ theirs: 'yes' });
  });

  it('refuses a ConfigMap controlled by another owner', async () => {
    const otherOwner = await makeOwner('other-site');
    await configmaps.create(ctx, kube, otherOwner, configmaps.resolve({ name: 'shared', data: { a: 'theirs' } }, 'other-site'));
    kube.requests.reset();
    const err = await configmaps.create(ctx, kube, owner, configmaps.resolve({ name: 'shared', data: { a: 'mine' } }, 'site')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OwnershipError);
    expect((err as Error).message).toContain(`is controlled by ConfigMap ${ns}/other-site`);
    expect(kube.requests.writes()).toBe(0);
    expect((await read('shared'))?.data).toEqual({ a: 'theirs' });
  });

  it('two racing creates both succeed and leave one ConfigMap', async () => {
    const spec = configmaps.resolve({ data: { a: '1' } }, 'site');
    const results = await Promise.all([configmaps.create(ctx, kube, owner, spec), configmaps.create(ctx, new Kubeclient(cluster.kubeConfig), owner, spec)]);
    expect(results.map((r) => r.action).sort()).toEqual(expect.arrayContaining(['created']));
    expect((await read('site-config'))?.data).toEqual({ a: '1' });
  });
});

describe('update', () => {
  it('creates a missing ConfigMap', async () => {
    expect((await configmaps.update(ctx, kube, owner, configmaps.resolve({ data: { a: '1' } }, 'site'))).action).toBe('created');
  });

  it.each([
    ['with data', { data: { a: '1', 'b.json': '{"x":1}' }, binaryData: { bin: 'AAEC' }, labels: { app: 'web' }, annotations: { note: 'x' } }],
    ['empty', {}],
  ])('in sync (%s): zero writes over five updates', async (_, source) => {
    const spec = configmaps.resolve(source, 'site');
    await configmaps.update(ctx, kube, owner, spec);
    kube.requests.reset();
    for (let i = 0; i < 5; i++) expect((await configmaps.update(ctx, kube, owner, spec)).action).toBe('unchanged');
    expect(kube.requests.writes()).toBe(0);
  });

  it.each([
    ['a data value', { data: { a: 'evil' } }],
    ['a removed data key', { data: { a: null } }],
    ['a label', { metadata: { labels: { app: 'other' } } }],
    ['a system label', { metadata: { labels: { 'orkestra-owner': 'nobody' } } }],
    ['an annotation', { metadata: { annotations: { note: 'changed' } } }],
  ])('corrects %s changed by someone else with exactly one write', async (_, patch) => {
    const spec = configmaps.resolve({ data: { a: '1' }, labels: { app: 'web' }, annotations: { note: 'x' } }, 'site');
    await configmaps.update(ctx, kube, owner, spec);
    await other.patch({ apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name: 'site-config' }, patch, { fieldManager: 'kubectl-edit' });
    kube.requests.reset();
    const result = await configmaps.update(ctx, kube, owner, spec);
    expect(result.action).toBe('updated');
    expect(kube.requests.writes()).toBe(1);
    const live = await read('site-config');
    expect(live?.data).toEqual({ a: '1' });
    expect(live?.metadata.labels).toMatchObject({ app: 'web', 'orkestra-owner': 'site' });
    expect(live?.metadata.annotations).toMatchObject({ note: 'x' });
    expect((await configmaps.update(ctx, kube, owner, spec)).action).toBe('unchanged');
  });

  it('removes a key and an annotation the template stops setting, and leaves a user annotation alone', async () => {
    await configmaps.update(ctx, kube, owner, configmaps.resolve({ data: { a: '1', b: '2' }, annotations: { ours: 'x' } }, 'site'));
    await other.patch({ apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name: 'site-config' }, { metadata: { annotations: { 'user/note': 'keep me' } } }, { fieldManager: 'kubectl-annotate' });
    kube.requests.reset();
    const result = await configmaps.update(ctx, kube, owner, configmaps.resolve({ data: { a: '1' } }, 'site'));
    expect(result.action).toBe('updated');
    expect(kube.requests.writes()).toBe(1);
    const live = await read('site-config');
    expect(live?.data).toEqual({ a: '1' });
    expect(live?.metadata.annotations).not.toHaveProperty('ours');
    expect(live?.metadata.annotations?.['user/note']).toBe('keep me');
  });

  it('refuses to update a ConfigMap it does not control', async () => {
    await other.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'site-config', namespace: ns }, data: { theirs: 'yes' } });
    await expect(configmaps.update(ctx, kube, owner, configmaps.resolve({ data: { a: '1' } }, 'site'))).rejects.toThrow(OwnershipError);
    expect((await read('site-config'))?.data).toEqual({ theirs: 'yes' });
  });

  it('copies keys fromConfigMap, declared keys winning', async () => {
    await other.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'base', namespace: ns }, data: { shared: 'base', over: 'base' } });
    await configmaps.update(ctx, kube, owner, configmaps.resolve({ fromConfigMap: 'base', data: { over: 'mine' } }, 'site'));
    expect((await read('site-config'))?.data).toEqual({ shared: 'base', over: 'mine' });
    await expect(configmaps.update(ctx, kube, owner, configmaps.resolve({ fromConfigMap: { name: 'base', keys: ['nope'] } }, 'site')))
      .rejects.toThrow(`fromConfigMap.keys: ConfigMap ${ns}/base has no key "nope"`);
  });
});

describe('immutable ConfigMaps', () => {
  it('a data change is refused with the field and the way out, and nothing is written', async () => {
    await configmaps.update(ctx, kube, owner, configmaps.resolve({ data: { a: '1' }, immutable: true }, 'site'));
    kube.requests.reset();
    const err = await configmaps.update(ctx, kube, owner, configmaps.resolve({ data: { a: '2' }, immutable: true }, 'site')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImmutableFieldError);
    expect((err as Error).message).toMatch(new RegExp(`cannot update ConfigMap ${ns}/site-config: data.a \\(the ConfigMap is immutable\\).*recreate: true`));
    expect(kube.requests.writes()).toBe(0);
  });

  it('with recreate: true, it is deleted and created again', async () => {
    await configmaps.update(ctx, kube, owner, configmaps.resolve({ data: { a: '1' }, immutable: true }, 'site'));
    const before = await read('site-config');
    const result = await configmaps.update(ctx, kube, owner, configmaps.resolve({ data: { a: '2' }, immutable: true, recreate: true }, 'site'));
    expect(result.action).toBe('recreated');
    const after = await read('site-config');
    expect(after?.data).toEqual({ a: '2' });
    expect(after?.metadata.uid).not.toBe(before?.metadata.uid);
  });

  it('turning immutable off again is refused too', async () => {
    await configmaps.update(ctx, kube, owner, configmaps.resolve({ data: { a: '1' }, immutable: true }, 'site'));
    const err = await configmaps.update(ctx, kube, owner, configmaps.resolve({ data: { a: '1' }, immutable: false }, 'site')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImmutableFieldError);
  });
});

describe('delete', () => {
  it('missing: nothing happens', async () => {
    expect((await configmaps.delete(ctx, kube, owner, configmaps.resolve({}, 'site'))).action).toBe('absent');
    expect(kube.requests.writes()).toBe(0);
  });

  it('controlled by the owner: deleted', async () => {
    const spec = configmaps.resolve({ data: { a: '1' } }, 'site');
    await configmaps.create(ctx, kube, owner, spec);
    expect((await configmaps.delete(ctx, kube, owner, spec)).action).toBe('deleted');
    expect(await read('site-config')).toBeUndefined();
  });

  it("someone else's: OwnershipError and untouched", async () => {
    await other.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'site-config', namespace: ns }, data: { theirs: 'yes' } });
    kube.requests.reset();
    await expect(configmaps.delete(ctx, kube, owner, configmaps.resolve({}, 'site'))).rejects.toThrow(OwnershipError);
    expect(kube.requests.writes()).toBe(0);
    expect((await read('site-config'))?.data).toEqual({ theirs: 'yes' });
  });

  it('the garbage collector removes the child when the owner goes', async () => {
    await configmaps.create(ctx, kube, owner, configmaps.resolve({ data: { a: '1' } }, 'site'));
    await other.delete({ apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name: 'site' });
    await cluster.waitFor(async () => (await read('site-config')) === undefined, { timeoutMs: 30_000, description: 'the child ConfigMap to be garbage-collected' });
  });
});

