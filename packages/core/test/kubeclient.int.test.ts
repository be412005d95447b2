import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { KubeConfig } from '@kubernetes/client-node';
import { start, type TestEnvironment, testCluster } from '@orkestra/testenv';
import { ClientNodeObjectClient } from '../src/client-node/index.js';
import {
  type KubeObject,
  type OrkestraError,
  type ReadCache,
  UnavailableError,
  type WatchEvent,
} from '../src/index.js';
import { Kubeclient } from '../src/kube/index.js';

const cluster = testCluster();
let kube: Kubeclient;
let ns: string;

beforeAll(() => {
  kube = new Kubeclient(cluster.kubeConfig);
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

describe('both clients when the API server goes away', () => {
  let env: TestEnvironment;
  beforeAll(async () => {
    env = await start();
  }, 120_000);
  afterAll(async () => {
    await env?.stop();
  });

  const patient = { retry: { retries: 8, baseDelayMs: 250, maxDelayMs: 2_000 } };
  const hasty = { retry: { retries: 2, baseDelayMs: 50, maxDelayMs: 100 } };
  const pairs = (kc: KubeConfig) => [
    [new Kubeclient(kc, patient), new Kubeclient(kc, hasty)],
    [new ClientNodeObjectClient(kc, patient), new ClientNodeObjectClient(kc, hasty)],
  ];

  it('retries through a restart of the API server and fails with UnavailableError when it stays down', async () => {
    const clients = pairs(env.kubeConfig);
    const namespace = { apiVersion: 'v1', kind: 'Namespace', name: 'default' };
    try {
      for (const [client] of clients) await client!.get(namespace);
      await env.stopApiServer();
      const during = clients.map(([client]) => client!.get(namespace));
      for (const [, fast] of clients) {
        const down = await fast!.get(namespace).catch((e: unknown) => e);
        expect(down).toBeInstanceOf(UnavailableError);
        expect((down as Error).message).toMatch(/cannot reach the API server/);
      }
      // A write refused while the server is down never reached it: sent again until the server is back (over HTTP/2
      // the first attempt may instead wait for its new session's connection, and be the one that succeeds).
      const creates = clients.map(([client], i) =>
        client!.create({
          apiVersion: 'v1',
          kind: 'ConfigMap',
          metadata: { name: `while-down-${i}`, namespace: 'default' },
          data: { a: '1' },
        }),
      );
      await env.startApiServer();
      for (const answer of await Promise.all(during)) expect(answer?.metadata.name).toBe('default');
      for (const [i, created] of (await Promise.all(creates)).entries())
        expect(created.metadata.name).toBe(`while-down-${i}`);
      for (const [client] of clients) expect(client!.requests.count({ verb: 'get' })).toBeGreaterThan(2);
    } finally {
      for (const c of clients.flat()) await c.close();
    }
  }, 120_000);

  it('ends a watch when the API server stops, and watches again once it is back', async () => {
    // Over HTTP/2 the second watch needs a new session: the first got GOAWAY, or lost its connection.
    const kube = new Kubeclient(env.kubeConfig, patient);
    const user = new Kubeclient(env.kubeConfig, patient);
    const namespace = 'default';
    const seen: string[] = [];
    const onEvent = (e: WatchEvent) => void (e.type !== 'BOOKMARK' && seen.push(`${e.type} ${e.object.metadata.name}`));
    const configMap = (name: string) => ({ ...cm(name), metadata: { name, namespace } });
    try {
      const { resourceVersion } = await kube.list('v1', 'ConfigMap', { namespace });
      const first = kube.watch('v1', 'ConfigMap', { namespace, resourceVersion }, onEvent).catch((e: unknown) => e);
      await user.create(configMap('before-restart'));
      await env.waitFor(() => seen.includes('ADDED before-restart'), { timeoutMs: 10_000, description: 'the event' });
      await env.stopApiServer();
      const ended = await first; // ended by the server, or failed as the connection went: never left hanging
      if (ended !== undefined) expect(ended).toBeInstanceOf(UnavailableError);
      await env.startApiServer();
      // The restarted server's watch cache starts afresh (an older resourceVersion is 410 Gone): list, then watch.
      const after = await kube.list('v1', 'ConfigMap', { namespace });
      const stop = new AbortController();
      const second = kube
        .watch('v1', 'ConfigMap', { namespace, resourceVersion: after.resourceVersion, signal: stop.signal }, (e) => {
          onEvent(e);
          if (seen.includes('ADDED after-restart')) stop.abort();
        })
        .catch((e: unknown) => e);
      await user.create(configMap('after-restart'));
      expect(((await second) as OrkestraError).reason).toBe('Aborted');
      expect(seen).toEqual(['ADDED before-restart', 'ADDED after-restart']);
    } finally {
      await kube.close();
      await user.close();
    }
  }, 120_000);
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

describe('labelled reads', () => {
  const ref = (name: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name });

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

describe('a reference without a name', () => {
  it.each([
    ['Kubeclient', () => kube],
    ['ClientNodeObjectClient', () => new ClientNodeObjectClient(cluster.kubeConfig)],
  ])('is refused by %s before anything is sent: never a request on the whole collection', async (_name, make) => {
    const client = make();
    try {
      await kube.create(cm('one'));
      await kube.create(cm('two'));
      const before = client.requests.count();
      const noName = { apiVersion: 'v1', kind: 'ConfigMap', namespace: ns };
      // An object where a reference was wanted: its name is in metadata.name, `name` is undefined.
      const object = cm('one');
      for (const attempt of [
        () => client.delete(noName as never),
        () => client.delete(object as never),
        () => client.get(noName as never),
        () => client.patch(noName as never, { data: { a: '1' } }),
        () => client.update({ ...cm(''), metadata: { namespace: ns } } as never),
      ])
        await expect(attempt()).rejects.toMatchObject({
          reason: 'Validation',
          message: expect.stringContaining('the reference names no object'),
        });
      expect(client.requests.count()).toBe(before);
      const left = await kube.list('v1', 'ConfigMap', { namespace: ns });
      expect(left.items.map((o) => o.metadata.name).sort()).toEqual(expect.arrayContaining(['one', 'two']));
    } finally {
      if (client !== kube) await client.close();
    }
  });
});
