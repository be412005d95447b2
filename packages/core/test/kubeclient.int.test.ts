import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { start, type TestEnvironment, testCluster } from '@orkestra/testenv';
import {
  AlreadyExistsError,
  ConflictError,
  InvalidError,
  type KubeObject,
  NotFoundError,
  UnavailableError,
} from '../src/index.js';
import { Kubeclient, type ReadCache } from '../src/kube/index.js';

const cluster = testCluster();
let kube: Kubeclient;
let ns: string;

const widgetCrd = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'widgets.test.orkestra.io' },
  spec: {
    group: 'test.orkestra.io',
    scope: 'Namespaced',
    names: { plural: 'widgets', singular: 'widget', kind: 'Widget' },
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        subresources: { status: {} },
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: {
              spec: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
              status: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
            },
          },
        },
      },
    ],
  },
};

beforeAll(async () => {
  kube = new Kubeclient(cluster.kubeConfig);
  await kube.apply(widgetCrd, { fieldManager: 'test' });
  await cluster.waitFor(
    async () => {
      const crd = await kube.get<KubeObject & { status?: { conditions?: { type: string; status: string }[] } }>({
        apiVersion: 'apiextensions.k8s.io/v1',
        kind: 'CustomResourceDefinition',
        name: widgetCrd.metadata.name,
      });
      return crd?.status?.conditions?.some((c) => c.type === 'Established' && c.status === 'True');
    },
    { timeoutMs: 20_000, description: 'the Widget CRD to be established' },
  );
});
afterAll(async () => {
  await cluster.deleteNamespaces();
  await kube.close();
});
beforeEach(async () => {
  ns = await cluster.newNamespace('core');
  kube.requests.reset();
});

const cm = (name: string, data: Record<string, string> = {}): KubeObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, namespace: ns },
  data,
});

describe('Kubeclient against kube-apiserver', () => {
  it('creates, reads, lists, applies and deletes, counting each request by verb and resource', async () => {
    const created = await kube.create(cm('a', { x: '1' }));
    expect(created.metadata.uid).toBeTruthy();
    expect((await kube.get({ apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name: 'a' }))?.data).toEqual({
      x: '1',
    });
    const applied = await kube.apply(cm('a', { x: '2' }), { fieldManager: 'test', force: true });
    expect(applied.data).toEqual({ x: '2' });
    const list = await kube.list('v1', 'ConfigMap', { namespace: ns, labelSelector: 'nope!=x' });
    expect(list.items.map((i) => i.metadata.name)).toContain('a');
    expect(list.items[0]).toMatchObject({ apiVersion: 'v1', kind: 'ConfigMap' });
    expect(await kube.delete({ apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name: 'a' })).toBe(true);
    expect(await kube.delete({ apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name: 'a' })).toBe(false);
    expect(await kube.get({ apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name: 'a' })).toBeUndefined();
    expect(kube.requests.snapshot()).toEqual({
      'apply configmaps': 1,
      'create configmaps': 1,
      'delete configmaps': 2,
      'get configmaps': 2,
      'list configmaps': 1,
    });
    expect(kube.requests.writes()).toBe(4);
  });

  it('maps real error answers to typed errors naming the object', async () => {
    await kube.create(cm('dup'));
    const exists = await kube.create(cm('dup')).catch((e: unknown) => e);
    expect(exists).toBeInstanceOf(AlreadyExistsError);
    expect((exists as Error).message).toContain(`create ConfigMap ${ns}/dup failed`);

    const stale = await kube
      .update({ ...cm('dup'), metadata: { name: 'dup', namespace: ns, resourceVersion: '1' } })
      .catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(ConflictError);

    const invalid = (await kube.create(cm('Bad_Name')).catch((e: unknown) => e)) as InvalidError;
    expect(invalid).toBeInstanceOf(InvalidError);
    expect(invalid.causes.map((c) => c.field)).toContain('metadata.name');

    const missingNs = await kube
      .create({ ...cm('x'), metadata: { name: 'x', namespace: 'no-such-namespace' } })
      .catch((e: unknown) => e);
    expect(missingNs).toBeInstanceOf(NotFoundError);
  });

  it('discovers a custom kind once and patches its status subresource', async () => {
    const widget = await kube.create({
      apiVersion: 'test.orkestra.io/v1',
      kind: 'Widget',
      metadata: { name: 'w', namespace: ns },
      spec: { size: 1 },
    });
    await kube.get({ apiVersion: 'test.orkestra.io/v1', kind: 'Widget', namespace: ns, name: 'w' });
    expect(kube.requests.count({ verb: 'discovery' })).toBe(1);
    const patched = await kube.patchStatus(
      { apiVersion: 'test.orkestra.io/v1', kind: 'Widget', namespace: ns, name: 'w' },
      { phase: 'Ready' },
    );
    expect(patched.status).toEqual({ phase: 'Ready' });
    expect(patched.spec).toEqual(widget.spec);
    expect(kube.requests.count({ resource: 'widgets/status' })).toBe(1);
    const unknown = await kube
      .get({ apiVersion: 'test.orkestra.io/v1', kind: 'Gadget', namespace: ns, name: 'g' })
      .catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(NotFoundError);
    expect((unknown as Error).message).toMatch(/does not serve kind Gadget in test.orkestra.io\/v1 — install its CRD/);
  });

  it('answers reads from a plugged-in cache and tells it of writes', async () => {
    const seen: string[] = [];
    const cache: ReadCache = {
      get: (ref) => (ref.name === 'cached' ? { object: undefined } : undefined),
      observe: (event) =>
        seen.push(event.type === 'written' ? `written ${event.object.metadata.name}` : `deleted ${event.ref.name}`),
    };
    kube.setReadCache(cache);
    try {
      expect(await kube.get({ apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name: 'cached' })).toBeUndefined();
      expect(kube.requests.count()).toBe(0);
      await kube.apply(cm('c'), { fieldManager: 'test' });
      await kube.delete({ apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name: 'c' });
      expect(seen).toEqual(['written c', 'deleted c']);
    } finally {
      kube.setReadCache(undefined);
    }
  });

  it('tells the cache that an object held by a finalizer still exists, being deleted', async () => {
    const seen: KubeObject[] = [];
    kube.setReadCache({ get: () => undefined, observe: (e) => void (e.type === 'written' && seen.push(e.object)) });
    const ref = { apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name: 'held' };
    try {
      await kube.create({ ...cm('held'), metadata: { name: 'held', namespace: ns, finalizers: ['example.com/hold'] } });
      seen.length = 0;
      expect(await kube.delete(ref)).toBe(true);
      expect(seen.map((o) => [o.metadata.name, Boolean(o.metadata.deletionTimestamp)])).toEqual([['held', true]]);
    } finally {
      kube.setReadCache(undefined);
      await kube.patch(ref, { metadata: { finalizers: null } }, { type: 'merge' });
    }
  });
});

describe('Kubeclient.list in pages', () => {
  it('with limit returns one page and the continue token; following the tokens yields every object once', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `page-${String(i).padStart(2, '0')}`);
    await Promise.all(names.map((n) => kube.create(cm(n))));
    kube.requests.reset();
    const first = await kube.list('v1', 'ConfigMap', { namespace: ns, limit: 5 });
    expect(first.items).toHaveLength(5);
    expect(first.continue).toEqual(expect.any(String));
    const seen = first.items.map((i) => i.metadata.name);
    let token = first.continue;
    while (token) {
      const page = await kube.list('v1', 'ConfigMap', { namespace: ns, limit: 5, continue: token });
      expect(page.resourceVersion).toBe(first.resourceVersion); // one consistent snapshot
      seen.push(...page.items.map((i) => i.metadata.name));
      token = page.continue;
    }
    // kube-root-ca.crt is published into every namespace by the controller manager, when one runs.
    expect(seen.filter((n) => n !== 'kube-root-ca.crt')).toEqual(names);
    expect(new Set(seen).size).toBe(seen.length);
    expect(kube.requests.count({ verb: 'list' })).toBe(Math.ceil(seen.length / 5));
    const whole = await kube.list('v1', 'ConfigMap', { namespace: ns });
    expect(whole.items).toHaveLength(seen.length);
    expect(whole.continue).toBeUndefined();
  });
});

describe('Kubeclient when the API server goes away', () => {
  let env: TestEnvironment;
  beforeAll(async () => {
    env = await start();
  }, 120_000);
  afterAll(async () => {
    await env?.stop();
  });

  it('retries through a restart of the API server and fails with UnavailableError when it stays down', async () => {
    const client = new Kubeclient(env.kubeConfig, { retry: { retries: 8, baseDelayMs: 250, maxDelayMs: 2_000 } });
    const fast = new Kubeclient(env.kubeConfig, { retry: { retries: 2, baseDelayMs: 50, maxDelayMs: 100 } });
    try {
      await client.get({ apiVersion: 'v1', kind: 'Namespace', name: 'default' });
      await env.stopApiServer();
      const during = client.get({ apiVersion: 'v1', kind: 'Namespace', name: 'default' });
      const down = await fast.get({ apiVersion: 'v1', kind: 'Namespace', name: 'default' }).catch((e: unknown) => e);
      expect(down).toBeInstanceOf(UnavailableError);
      expect((down as Error).message).toMatch(/cannot reach the API server/);
      await env.startApiServer();
      expect((await during)?.metadata.name).toBe('default');
      expect(client.requests.count({ verb: 'get' })).toBeGreaterThan(2);
    } finally {
      await client.close();
      await fast.close();
    }
  }, 120_000);
});

describe('child lifecycle: immutable fields the resource package did not foresee', () => {
  it('turns the server refusal into an ImmutableFieldError naming the field, or recreates with recreate: true', async () => {
    const { createContext, updateChild, ImmutableFieldError } = await import('../src/index.js');
    const ctx = createContext({ fieldManager: 'test' });
    const owner = (await kube.create(cm('owner'))) as never;
    const secret = (data: string): KubeObject => ({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 's', namespace: ns },
      immutable: true,
      data: { k: data },
    });
    await updateChild(ctx, kube, owner, secret('YQ=='));
    const err = await updateChild(ctx, kube, owner, secret('Yg==')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImmutableFieldError);
    expect((err as Error).message).toMatch(/cannot update Secret .*\/s: .*Set `recreate: true`/);
    expect((err as Error).message).not.toContain('Yg==');
    const again = await updateChild(ctx, kube, owner, secret('Yg=='), { recreate: true });
    expect(again.action).toBe('recreated');
    expect((await kube.get({ apiVersion: 'v1', kind: 'Secret', namespace: ns, name: 's' }))?.data).toEqual({
      k: 'Yg==',
    });
  });
});

describe('Secret values in errors', () => {
  it('never echoes a Secret value the API server repeats in its answer', async () => {
    const secret = (data: unknown): KubeObject =>
      ({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', namespace: ns }, data }) as KubeObject;
    for (const [data, value] of [
      [{ k: 31415926 }, '31415926'],
      [{ k: { x: 'nestedsekrit' } }, 'nestedsekrit'],
      [{ k: ['listsekrit'] }, 'listsekrit'],
    ] as const) {
      const err = (await kube.apply(secret(data), { fieldManager: 'test' }).catch((e: unknown) => e)) as Error & {
        status?: unknown;
      };
      expect(err).toBeInstanceOf(Error);
      expect(err.message).toMatch(/expected string, got \[redacted\]/);
      expect(`${err.message} ${JSON.stringify(err.status)}`).not.toContain(value);
    }
  });
});

describe('create-only apply and labelled reads', () => {
  const ref = (name: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name });

  it('creates with createOnly when absent, fields owned by the apply; refuses with AlreadyExistsError and writes nothing when any object of that name exists', async () => {
    const created = await kube.apply(cm('fresh', { a: '1' }), { fieldManager: 'test', createOnly: true });
    expect(created.data).toEqual({ a: '1' });
    expect(created.metadata.managedFields).toEqual([expect.objectContaining({ manager: 'test', operation: 'Apply' })]);

    const theirs = await kube.create(cm('taken', { mine: 'no' }), { fieldManager: 'someone' });
    for (const force of [false, true]) {
      const err = await kube
        .apply(cm('taken', { a: '1' }), { fieldManager: 'test', force, createOnly: true })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AlreadyExistsError);
      expect((err as Error).message).toBe(
        `apply (create only) ConfigMap ${ns}/taken failed: an object of that name exists already`,
      );
    }
    const after = await kube.get(ref('taken'));
    expect(after?.metadata.resourceVersion).toBe(theirs.metadata.resourceVersion);
    expect(after?.data).toEqual({ mine: 'no' });
  });

  it('peeks into the read caches without a request; with a label selector a cache of those labels answers misses too', async () => {
    const ours = { ...cm('ours'), metadata: { name: 'ours', namespace: ns, labels: { 'managed-by': 'orkestra' } } };
    const plain = { ...cm('plain'), metadata: { name: 'plain', namespace: ns, labels: { app: 'web' } } };
    expect(kube.peek(ref('ours'))).toBeUndefined(); // no cache: nothing known
    const asked: (string | undefined)[] = [];
    // A cache of the labelled objects (answers hit or miss for its selector) that also holds a stale unlabelled copy.
    kube.setReadCache({
      get: (r, options) => {
        asked.push(options?.labelSelector);
        if (options?.labelSelector === 'managed-by=orkestra')
          return { object: r.name === 'ours' ? ours : r.name === 'plain' ? plain : undefined };
        return r.name === 'ours' ? { object: ours } : undefined;
      },
    });
    try {
      expect(kube.peek(ref('ours'), { labelSelector: 'managed-by=orkestra' })).toEqual({ object: ours });
      expect(kube.peek(ref('plain'), { labelSelector: 'managed-by=orkestra' })).toEqual({ object: undefined }); // held, but not labelled
      expect(kube.peek(ref('gone'), { labelSelector: 'managed-by=orkestra' })).toEqual({ object: undefined });
      expect(kube.peek(ref('ours'))).toEqual({ object: ours });
      expect(kube.peek(ref('plain'))).toBeUndefined();
      expect(asked).toEqual([
        'managed-by=orkestra',
        'managed-by=orkestra',
        'managed-by=orkestra',
        undefined,
        undefined,
      ]);
      expect(kube.requests.count()).toBe(0);
    } finally {
      kube.setReadCache(undefined);
    }
  });
});

describe('child lifecycle: creating a child', () => {
  const labelledCacheThatMisses: ReadCache = {
    get: (_r, options) => (options?.labelSelector ? { object: undefined } : undefined),
  };

  it('costs one request, the write, when a cache knows no labelled child of that name', async () => {
    const { createContext, updateChild, createChild } = await import('../src/index.js');
    const ctx = createContext({ fieldManager: 'test' });
    const owner = (await kube.create(cm('owner'))) as never;
    kube.setReadCache(labelledCacheThatMisses);
    try {
      kube.requests.reset();
      expect((await updateChild(ctx, kube, owner, cm('child-a', { k: 'v' }))).action).toBe('created');
      expect((await createChild(ctx, kube, owner, cm('child-b', { k: 'v' }))).action).toBe('created');
      expect(kube.requests.snapshot()).toEqual({ 'create configmaps': 2 });
    } finally {
      kube.setReadCache(undefined);
    }
    const live = await kube.get({ apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name: 'child-a' });
    expect(live?.metadata.labels).toMatchObject({ 'managed-by': 'orkestra', 'orkestra-owner': 'owner' });
  });

  it('never merges into an object someone else made, even when the read before the write missed it', async () => {
    const { createContext, updateChild, createChild, OwnershipError } = await import('../src/index.js');
    const ctx = createContext({ fieldManager: 'test' });
    const owner = (await kube.create(cm('owner'))) as never;
    const theirs = await kube.create(cm('taken', { theirs: '1' }), { fieldManager: 'someone' });
    // The cache says "no labelled child of that name", which is true: the object exists, unlabelled.
    kube.setReadCache(labelledCacheThatMisses);
    try {
      for (const call of [updateChild, createChild]) {
        const err = await call(ctx, kube, owner, cm('taken', { k: 'v' })).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(OwnershipError);
        expect((err as Error).message).toContain(`ConfigMap ${ns}/taken`);
      }
    } finally {
      kube.setReadCache(undefined);
    }
    const after = await kube.get({ apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name: 'taken' });
    expect(after?.metadata.resourceVersion).toBe(theirs.metadata.resourceVersion);
    expect(after?.metadata.ownerReferences).toBeUndefined();
  });

  it('takes back its own child whose system labels someone removed', async () => {
    const { createContext, updateChild } = await import('../src/index.js');
    const ctx = createContext({ fieldManager: 'test' });
    const owner = (await kube.create(cm('owner'))) as never;
    await updateChild(ctx, kube, owner, cm('child', { k: 'v' }));
    await kube.patch(
      { apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name: 'child' },
      { metadata: { labels: { 'managed-by': null, 'orkestra-owner': null } } },
      { type: 'merge', fieldManager: 'someone' },
    );
    const result = await updateChild(ctx, kube, owner, cm('child', { k: 'v' }));
    expect(result.action).toBe('updated');
    expect(result.drifted?.map((d) => d.path)).toEqual(['metadata.labels']); // all labels gone: the whole map drifted
    const live = await kube.get({ apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name: 'child' });
    expect(live?.metadata.labels).toMatchObject({ 'managed-by': 'orkestra', 'orkestra-owner': 'owner' });
  });
});
