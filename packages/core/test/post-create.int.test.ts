/**
 * Children are created with a plain POST and updated with server-side apply, against a real kube-apiserver.
 * The POST leaves the fields under an `orkestra/Update` managedFields entry, which the server takes for another
 * manager than `orkestra/Apply`: unless the first update hands it over, a field the template stops setting
 * would stay. Both ways of reading the child are run: straight from the server (managedFields at hand: the
 * hand-over goes before the apply) and through a cache that drops managedFields, as the informers do (the
 * apply's answer tells).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { testCluster } from '@orkestra/testenv';
import {
  createChild,
  createContext,
  type KubeObject,
  type ObjectClient,
  type OwnerObject,
  updateChild,
} from '../src/index.js';
import { Kubeclient } from '../src/kube/index.js';
import type { ManagedFieldsEntry } from '../src/managed-fields.js';

const MANAGER = 'orkestra-test';
const cluster = testCluster();
const ctx = createContext({ fieldManager: MANAGER });
let kube: Kubeclient;
let ns: string;
let owner: OwnerObject;

/** `kube` with what an informer cache keeps: objects read without their managedFields. */
function cacheLike(client: Kubeclient): ObjectClient {
  return new Proxy(client, {
    get(target, prop, receiver) {
      if (prop !== 'get') return Reflect.get(target, prop, receiver);
      return async (...args: Parameters<Kubeclient['get']>) => {
        const obj = await target.get(...args);
        if (!obj) return obj;
        const { managedFields: _dropped, ...metadata } = obj.metadata;
        return { ...obj, metadata };
      };
    },
  });
}

const readers: [string, () => ObjectClient][] = [
  ['read from the server', () => kube],
  ['read through a cache without managedFields', () => cacheLike(kube)],
];

const configMap = (name: string, data: Record<string, string>, labels: Record<string, string> = {}): KubeObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, namespace: ns, labels },
  data,
});

const deployment = (name: string, env: { name: string; value: string }[]): KubeObject => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name, namespace: ns },
  spec: {
    selector: { matchLabels: { app: name } },
    template: {
      metadata: { labels: { app: name } },
      spec: { containers: [{ name: 'web', image: 'nginx:1.27', env }] },
    },
  },
});

async function live(kind: string, apiVersion: string, name: string): Promise<KubeObject> {
  const obj = await kube.get({ apiVersion, kind, namespace: ns, name });
  if (!obj) throw new Error(`${kind} ${name} is missing`);
  return obj;
}

function entries(obj: KubeObject): ManagedFieldsEntry[] {
  return (obj.metadata.managedFields ?? []) as ManagedFieldsEntry[];
}

function ownEntries(obj: KubeObject): string[] {
  return entries(obj)
    .filter((e) => e.manager === MANAGER)
    .map((e) => `${e.operation}${e.subresource ? `/${e.subresource}` : ''}`)
    .sort();
}

beforeAll(async () => {
  kube = new Kubeclient(cluster.kubeConfig);
  ns = await cluster.newNamespace('post-create');
  owner = (await kube.create<KubeObject>({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'owner', namespace: ns },
  })) as OwnerObject;
});
afterAll(async () => {
  await cluster.deleteNamespaces();
  await kube.close();
});

describe('a create', () => {
  it('is one POST, after one read; its fields are the field manager’s, under an Update entry', async () => {
    kube.requests.reset();
    const result = await createChild(ctx, kube, owner, configMap('one-post', { a: '1' }));
    expect(result.action).toBe('created');
    expect(kube.requests.snapshot()).toEqual({ 'create configmaps': 1, 'get configmaps': 1 });
    expect(ownEntries(await live('ConfigMap', 'v1', 'one-post'))).toEqual(['Update']);
  });

  it('by updateChild is one POST too', async () => {
    kube.requests.reset();
    expect((await updateChild(ctx, kube, owner, configMap('one-post-update', { a: '1' }))).action).toBe('created');
    expect(kube.requests.writes()).toBe(1);
    expect(kube.requests.count({ verb: 'create' })).toBe(1);
  });
});

describe.each(readers)('the first update of a POSTed child (%s)', (_, reader) => {
  it('removes a data key and a label the template dropped, and hands the Update entry over', async () => {
    const name = `cm-${readers.findIndex(([, r]) => r === reader)}`;
    const client = reader();
    await updateChild(ctx, client, owner, configMap(name, { a: '1', b: '2' }, { tier: 'web', zone: 'z1' }));
    expect(ownEntries(await live('ConfigMap', 'v1', name))).toEqual(['Update']);

    kube.requests.reset();
    const result = await updateChild(ctx, client, owner, configMap(name, { a: '1' }, { tier: 'web' }));
    expect(result.action).toBe('updated');
    // The hand-over (after a read when the child came from the cache), then the apply.
    expect(kube.requests.snapshot()).toMatchObject({ 'apply configmaps': 1, 'patch configmaps': 1 });
    expect(kube.requests.writes()).toBe(2);
    const after = await live('ConfigMap', 'v1', name);
    expect(after.data).toEqual({ a: '1' });
    expect(after.metadata.labels?.zone).toBeUndefined();
    expect(after.metadata.labels?.tier).toBe('web');
    expect(ownEntries(after)).toEqual(['Apply']);

    // Handed over: the next drift is one apply, and a converged child costs nothing.
    kube.requests.reset();
    expect((await updateChild(ctx, client, owner, configMap(name, { a: '2' }, { tier: 'web' }))).action).toBe(
      'updated',
    );
    expect(kube.requests.writes()).toBe(1);
    kube.requests.reset();
    expect((await updateChild(ctx, client, owner, configMap(name, { a: '2' }, { tier: 'web' }))).action).toBe(
      'unchanged',
    );
    expect(kube.requests.writes()).toBe(0);
  });

  it('that changes values only is one apply, and leaves the Update entry', async () => {
    const name = `lazy-${readers.findIndex(([, r]) => r === reader)}`;
    const client = reader();
    await updateChild(ctx, client, owner, configMap(name, { a: '1' }, { tier: 'web' }));
    kube.requests.reset();
    expect((await updateChild(ctx, client, owner, configMap(name, { a: '2' }, { tier: 'web' }))).action).toBe(
      'updated',
    );
    expect(kube.requests.writes()).toBe(1);
    expect(ownEntries(await live('ConfigMap', 'v1', name))).toEqual(['Apply', 'Update']);
    // A later update that drops a field still removes it.
    expect((await updateChild(ctx, client, owner, configMap(name, { a: '2' }))).action).toBe('updated');
    const after = await live('ConfigMap', 'v1', name);
    expect(after.metadata.labels?.tier).toBeUndefined();
    expect(ownEntries(after)).toEqual(['Apply']);
  });

  it('removes an env var the template dropped from a Deployment', async () => {
    const name = `web-${readers.findIndex(([, r]) => r === reader)}`;
    const client = reader();
    const both = [
      { name: 'A', value: '1' },
      { name: 'B', value: '2' },
    ];
    await updateChild(ctx, client, owner, deployment(name, both));
    expect((await updateChild(ctx, client, owner, deployment(name, [both[0]!]))).action).toBe('updated');
    const after = await live('Deployment', 'apps/v1', name);
    const spec = after.spec as { template: { spec: { containers: { env?: unknown[] }[] } } };
    expect(spec.template.spec.containers[0]!.env).toEqual([{ name: 'A', value: '1' }]);
    expect(ownEntries(after)).toEqual(['Apply']);
    kube.requests.reset();
    expect((await updateChild(ctx, client, owner, deployment(name, [both[0]!]))).action).toBe('unchanged');
    expect(kube.requests.writes()).toBe(0);
  });

  it('keeps what another manager set, and its managedFields entry', async () => {
    const name = `shared-${readers.findIndex(([, r]) => r === reader)}`;
    const client = reader();
    await updateChild(ctx, client, owner, configMap(name, { a: '1', b: '2' }));
    await kube.patch(
      { apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name },
      { metadata: { labels: { note: 'theirs' } }, data: { c: '3' } },
      { fieldManager: 'someone-else' },
    );
    const theirs = entries(await live('ConfigMap', 'v1', name)).find((e) => e.manager === 'someone-else');

    expect((await updateChild(ctx, client, owner, configMap(name, { a: '1' }))).action).toBe('updated');
    const after = await live('ConfigMap', 'v1', name);
    expect(after.data).toEqual({ a: '1', c: '3' });
    expect(after.metadata.labels?.note).toBe('theirs');
    expect(entries(after).find((e) => e.manager === 'someone-else')?.fieldsV1).toEqual(theirs?.fieldsV1);
    expect(ownEntries(after)).toEqual(['Apply']);
  });
});
