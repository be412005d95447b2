import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as configmaps from '@orkestra/configmaps';
import { type CacheAnswer, type KubeObject, type ObjectRef, type ReadCache, silentLogger } from '@orkestra/core';
import { Kubeclient } from '@orkestra/core/kube';
import * as deployments from '@orkestra/deployments';
import { testCluster } from '@orkestra/testenv';
import { GenericReconciler, type ReconcilerConfig, SharedInformerFactory } from '../src/index.js';
import type { Informer } from '../src/machinery/informer.js';

const cluster = testCluster();
const handlers = [deployments.handler, configmaps.handler] as ReconcilerConfig['handlers'];
const until = <T>(check: () => Promise<T> | T, description: string, timeoutMs = 20_000) =>
  cluster.waitFor(check, { timeoutMs, intervalMs: 50, description });

/** Two CRDs of test/crds (Website, Blog), each with a Deployment and a ConfigMap per CR, named apart. */
function config(kind: 'Website' | 'Blog', ns: string, changes: { key: string; action: string }[]): ReconcilerConfig {
  const suffix = kind.toLowerCase();
  return {
    owner: { group: 'example.com', version: 'v1', kind, plural: `${suffix}s` },
    handlers,
    namespaces: [ns],
    resources: {
      deployments: { onReconcile: [{ name: `{{metadata.name}}-${suffix}`, image: '{{spec.image}}', port: 8080 }] },
      configmaps: { onReconcile: [{ name: `{{metadata.name}}-${suffix}`, data: { greeting: '{{spec.greeting}}' } }] },
    },
    resyncPeriodMs: 3_600_000,
    readiness: 'synced', // no nodes here: no Deployment becomes available, and these tests are about the informers
    observer: { childChanged: (c) => changes.push(c) },
  };
}

const cr = (kind: string, ns: string, name: string): KubeObject => ({
  apiVersion: 'example.com/v1',
  kind,
  metadata: { name, namespace: ns },
  spec: { image: 'nginx:1.27', greeting: `hello ${kind}` },
});
const ready = (o: KubeObject | undefined) =>
  (o?.status as { conditions?: { type: string; status: string }[] } | undefined)?.conditions?.some(
    (c) => c.type === 'Ready' && c.status === 'True',
  ) ?? false;
const childInformers = (r: GenericReconciler) =>
  (r as unknown as { watches: { children: Informer[] } }).watches.children;

describe('GenericReconcilers of two CRDs on one client', () => {
  let user: Kubeclient;
  beforeAll(() => {
    user = new Kubeclient(cluster.kubeConfig);
  });
  afterAll(async () => {
    await cluster.deleteNamespaces();
    await user.close();
  });

  it('share one informer per child kind, converge both, and stop their watches only when both stopped', async () => {
    const kube = new Kubeclient(cluster.kubeConfig);
    const ns = await cluster.newNamespace('shared-informers');
    const changes: { key: string; action: string }[] = [];
    const sites = new GenericReconciler(kube, config('Website', ns, changes));
    const blogs = new GenericReconciler(kube, config('Blog', ns, changes));
    const informers = SharedInformerFactory.for(kube);
    try {
      kube.requests.reset();
      // Started together: the second acquires each child informer while its first list is in flight.
      await Promise.all([sites.start(), blogs.start()]);
      expect(sites.ready && blogs.ready).toBe(true);
      const started = kube.requests.snapshot();
      expect(started).toMatchObject({
        'list deployments': 1,
        'watch deployments': 1,
        'list configmaps': 1,
        'watch configmaps': 1,
        'list websites': 1,
        'list blogs': 1,
      });
      const deploymentInformer = childInformers(sites).find((i) => i.options.kind === 'Deployment')!;
      expect(childInformers(blogs).find((i) => i.options.kind === 'Deployment')).toBe(deploymentInformer);
      expect(informers.informers.filter((i) => i.options.kind === 'Deployment')).toEqual([deploymentInformer]);
      expect(
        informers.refCount({
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          namespace: ns,
          labelSelector: 'managed-by=orkestra',
        }),
      ).toBe(2);

      // The same CR names in both kinds: their children share an index bucket, and each reconciler keeps to its own.
      const names = ['one', 'two', 'three'];
      await Promise.all(names.flatMap((n) => [user.create(cr('Website', ns, n)), user.create(cr('Blog', ns, n))]));
      for (const [kind, plural] of [
        ['Website', 'websites'],
        ['Blog', 'blogs'],
      ] as const) {
        await until(async () => {
          const { items } = await user.list('example.com/v1', kind, { namespace: ns });
          return items.length === names.length && items.every(ready);
        }, `every ${kind} to be Ready`);
        void plural;
      }
      await Promise.all([sites.whenIdle(), blogs.whenIdle()]);
      for (const n of names) {
        for (const suffix of ['website', 'blog']) {
          expect(
            await user.get({ apiVersion: 'apps/v1', kind: 'Deployment', namespace: ns, name: `${n}-${suffix}` }),
          ).toBeDefined();
          expect(
            (await user.get({ apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name: `${n}-${suffix}` }))?.data,
          ).toEqual({ greeting: `hello ${suffix === 'website' ? 'Website' : 'Blog'}` });
        }
      }
      expect(changes.filter((c) => c.action === 'pruned')).toEqual([]);
      expect(
        [...sites.lastReports.values(), ...blogs.lastReports.values()].filter((r) => r.result !== 'success'),
      ).toEqual([]);
      expect(deploymentInformer.size).toBe(2 * names.length);

      // Steady state: each reconciler reads its children from the shared caches.
      kube.requests.reset();
      sites.enqueueAll();
      blogs.enqueueAll();
      await Promise.all([sites.whenIdle(), blogs.whenIdle()]);
      expect(kube.requests.snapshot()).toEqual({});

      // One reconciler stops: the shared informers keep running for the other, which still corrects drift.
      await sites.stop();
      expect(deploymentInformer.stopped).toBe(false);
      expect(
        informers.refCount({
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          namespace: ns,
          labelSelector: 'managed-by=orkestra',
        }),
      ).toBe(1);
      expect(informers.informers.some((i) => i.options.kind === 'Website')).toBe(false);
      expect(blogs.ready).toBe(true);
      const ref = { apiVersion: 'apps/v1', kind: 'Deployment', namespace: ns, name: 'two-blog' };
      const live = (await user.get(ref)) as KubeObject & {
        spec: { template: { spec: { containers: { name: string }[] } } };
      };
      await user.patch(
        ref,
        {
          spec: {
            template: {
              spec: {
                containers: live.spec.template.spec.containers.map((c) => ({ name: c.name, image: 'evil:latest' })),
              },
            },
          },
        },
        { type: 'strategic', fieldManager: 'kubectl-edit' },
      );
      await until(
        async () =>
          ((await user.get(ref)) as typeof live).spec.template.spec.containers.every(
            (c) => (c as { image?: string }).image === 'nginx:1.27',
          ),
        "the Blog's Deployment image to be restored",
        10_000,
      );

      // Both stopped: every informer stops (its watch closes) and the factory holds none.
      const held = [...informers.informers];
      await blogs.stop();
      expect(held.every((i) => i.stopped)).toBe(true);
      expect(informers.informers).toEqual([]);
      kube.requests.reset();
      await new Promise((r) => setTimeout(r, 300));
      expect(kube.requests.count({ verb: 'watch' }) + kube.requests.count({ verb: 'list' })).toBe(0);
    } finally {
      await sites.stop();
      await blogs.stop();
      await kube.close();
    }
  }, 90_000);
});

describe('SharedInformerFactory', () => {
  let kube: Kubeclient;
  let ns: string;
  const cm = (name: string, labels?: Record<string, string>): KubeObject => ({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name, namespace: ns, ...(labels ? { labels } : {}) },
    data: { a: '1' },
  });
  beforeAll(async () => {
    kube = new Kubeclient(cluster.kubeConfig);
    ns = await cluster.newNamespace('informer-factory');
  });
  afterAll(async () => {
    await kube.close();
  });

  it('gives a second acquirer the informer whose first list is still in flight, and stops it at the last release', async () => {
    const factory = new SharedInformerFactory(kube, { logger: silentLogger });
    const key = { apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, labelSelector: 'managed-by=orkestra' };
    await kube.create(cm('listed', { 'managed-by': 'orkestra' }));
    kube.requests.reset();
    const first = factory.acquire(key);
    const second = factory.acquire({ ...key, labelSelector: ' managed-by = orkestra ' });
    expect(first.informer.hasSynced).toBe(false); // the list has been sent, not answered
    expect(second.informer).toBe(first.informer);
    const heard: string[] = [];
    first.on((e) => {
      if (e.type === 'added') heard.push(`first ${e.object.metadata.name}`);
    });
    second.on((e) => {
      if (e.type === 'added') heard.push(`second ${e.object.metadata.name}`);
    });
    await Promise.all([first.synced, second.synced]);
    expect(first.informer.get(ns, 'listed')).toBeDefined();
    expect(first.informer.stats.lists).toBe(1);
    expect(kube.requests.count({ verb: 'list', resource: 'configmaps' })).toBe(1);
    expect(factory.refCount(key)).toBe(2);
    // A third acquirer of a synced informer is synced at once.
    const third = factory.acquire(key);
    expect(third.informer).toBe(first.informer);
    await third.synced;
    await third.release();

    // The first releases: its listeners go, the informer keeps running for the second.
    await first.release();
    await first.release(); // idempotent
    expect(first.informer.stopped).toBe(false);
    expect(factory.refCount(key)).toBe(1);
    await kube.create(cm('later', { 'managed-by': 'orkestra' }));
    await until(() => heard.includes('second later'), 'the second lease to hear of the new ConfigMap');
    expect(heard).not.toContain('first later');

    await second.release();
    expect(first.informer.stopped).toBe(true);
    expect(first.informer.listenerCount).toBe(0);
    expect(factory.refCount(key)).toBe(0);
    const again = factory.acquire(key);
    try {
      expect(again.informer).not.toBe(first.informer);
      await again.synced;
    } finally {
      await again.release();
    }
  });

  it('refuses a second index function on one informer', async () => {
    const factory = new SharedInformerFactory(kube);
    const key = { apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, labelSelector: 'team' };
    const byTeam = (o: KubeObject) => o.metadata.labels?.team;
    const leases = [factory.acquire({ ...key, indexBy: byTeam })];
    try {
      leases.push(factory.acquire({ ...key, indexBy: byTeam }), factory.acquire(key)); // the same index, or none needed: fine
      expect(leases.every((l) => l.informer === leases[0]!.informer)).toBe(true);
      expect(() => factory.acquire({ ...key, indexBy: (o) => o.metadata.name })).toThrow(
        /already has another indexBy function/,
      );
      expect(factory.refCount(key)).toBe(3);
    } finally {
      await Promise.all(leases.map((l) => l.release()));
    }
    expect(factory.informers).toEqual([]);
  });

  it('answers "absent" for a lookup with its own label selector without asking the server', async () => {
    // The factory's read cache, caught as it is plugged into the client (it is not public).
    let cache: ReadCache | undefined;
    const client = new Kubeclient(cluster.kubeConfig);
    const plug = client.addReadCache.bind(client);
    client.addReadCache = (c) => {
      cache = c;
      return plug(c);
    };
    const factory = new SharedInformerFactory(client);
    const lease = factory.acquire({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      namespace: ns,
      labelSelector: 'managed-by=orkestra',
    });
    const lookup = (name: string, labelSelector?: string) =>
      (cache!.get as (ref: ObjectRef, options?: { labelSelector?: string }) => CacheAnswer)(
        { apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name },
        labelSelector === undefined ? undefined : { labelSelector },
      );
    try {
      expect(lookup('missing', 'managed-by=orkestra')).toBeUndefined(); // not synced yet: no answer
      await kube.create(cm('plain'));
      await kube.create(cm('labelled', { 'managed-by': 'orkestra' }));
      await lease.synced;
      await until(() => lease.informer.get(ns, 'labelled') !== undefined, 'the labelled ConfigMap in the cache');
      expect(lookup('labelled', 'managed-by=orkestra')?.object?.metadata.name).toBe('labelled');
      expect(lookup('labelled', ' managed-by = orkestra ')?.object?.metadata.name).toBe('labelled');
      expect(lookup('missing', 'managed-by=orkestra')).toEqual({ object: undefined });
      expect(lookup('plain', 'managed-by=orkestra')).toEqual({ object: undefined }); // it exists, but without these labels
      // Without a selector, or with another one, only a hit is an answer: a miss is for the server.
      expect(lookup('labelled')?.object?.metadata.name).toBe('labelled');
      expect(lookup('plain')).toBeUndefined();
      expect(lookup('missing', 'team=a')).toBeUndefined();
      expect(lookup('labelled', 'managed-by')).toBeUndefined(); // another selector: for the server, even on a hit
      client.requests.reset();
      expect(
        (await client.get({ apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name: 'labelled' }))?.metadata.name,
      ).toBe('labelled');
      expect(
        (await client.get({ apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name: 'plain' }))?.metadata.name,
      ).toBe('plain');
      expect(client.requests.snapshot()).toEqual({ 'get configmaps': 1 });
    } finally {
      await lease.release();
    }
    // Released: the factory's read cache is unplugged, so reads go to the server again.
    client.requests.reset();
    await client.get({ apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name: 'labelled' });
    expect(client.requests.snapshot()).toEqual({ 'get configmaps': 1 });
    await client.close();
  });
});
