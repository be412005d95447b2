/**
 * Informers of shards: on kube-apiserver with the ShardedListAndWatch gate each receives only its shards' objects
 * (server-side); on the shared control plane (no gate) each still holds only its shards, filtered on the client,
 * and one warning says every replica then pays for every object.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { KubeObject, LogFields, Logger } from '@orkestra/core';
import { shardOf } from '@orkestra/core/internal';
import { Kubeclient } from '@orkestra/core/kube';
import { start, type TestEnvironment, testCluster } from '@orkestra/testenv';
import { Informer } from '../src/machinery/informer.js';
import { SharedInformerFactory } from '../src/machinery/shared-informers.js';

const COUNT = 3;
const LABEL = 'shard-informer=yes';

function recordingLogger(warnings: string[]): Logger {
  const none = (_f: LogFields, _m: string) => undefined;
  return { debug: none, info: none, error: none, warn: (_f, message) => warnings.push(message) };
}

/** 12 namespaces with a labelled ConfigMap each; the client counts the items its lists received. */
async function seed(env: { newNamespace(prefix: string): Promise<string> }, kube: Kubeclient): Promise<string[]> {
  const namespaces = await Promise.all(Array.from({ length: 12 }, (_, i) => env.newNamespace(`si-${i}`)));
  for (const namespace of namespaces) {
    await kube.create({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'one', namespace, labels: { 'shard-informer': 'yes' } },
    });
  }
  return namespaces;
}

/** One informer per shard over a client that counts the objects its lists received; started. */
async function shardInformers(kube: Kubeclient, logger: Logger) {
  const received = { items: 0 };
  const list = kube.list.bind(kube);
  kube.list = (async (...args: Parameters<typeof list>) => {
    const answer = await list(...args);
    received.items += answer.items.filter((o: KubeObject) => o.metadata.labels?.['shard-informer'] === 'yes').length;
    return answer;
  }) as typeof kube.list;
  const informers = [0, 1, 2].map(
    (shard) =>
      new Informer(kube, {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        labelSelector: LABEL,
        shard: { count: COUNT, shards: [shard] },
        logger,
      }),
  );
  await Promise.all(informers.map((i) => i.start()));
  return { informers, received };
}

const held = (informer: Informer) =>
  informer
    .list()
    .map((o) => o.metadata.namespace ?? '')
    .sort();
const ofShard = (namespaces: string[], shard: number) => namespaces.filter((ns) => shardOf(ns, COUNT) === shard).sort();

describe('with the ShardedListAndWatch gate', () => {
  let env: TestEnvironment;
  let admin: Kubeclient;
  let namespaces: string[];

  beforeAll(async () => {
    env = await start({ featureGates: { ShardedListAndWatch: true } });
    admin = new Kubeclient(env.kubeConfig);
    namespaces = await seed(env, admin);
  }, 120_000);
  afterAll(async () => {
    await admin?.close();
    await env?.stop();
  });

  it('each informer receives from the server, and holds, only its shard; watches too; no warning', async () => {
    const warnings: string[] = [];
    const kube = new Kubeclient(env.kubeConfig);
    const { informers, received } = await shardInformers(kube, recordingLogger(warnings));
    for (const [shard, informer] of informers.entries()) expect(held(informer)).toEqual(ofShard(namespaces, shard));
    expect(received.items).toBe(namespaces.length); // each object was sent once, to its shard's informer
    const extra = await env.newNamespace('si-late');
    await admin.create({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'one', namespace: extra, labels: { 'shard-informer': 'yes' } },
    });
    const target = informers[shardOf(extra, COUNT)];
    await env.waitFor(() => target?.get(extra, 'one') !== undefined, { description: 'the new ConfigMap in its shard' });
    for (const informer of informers) if (informer !== target) expect(informer.get(extra, 'one')).toBeUndefined();
    expect(warnings).toEqual([]);
    await Promise.all(informers.map((i) => i.stop()));
    await kube.close();
  });

  it('a shared informer of other shards is another informer; its read cache answers only for its shards', async () => {
    const kube = new Kubeclient(env.kubeConfig);
    const factory = new SharedInformerFactory(kube);
    const options = { apiVersion: 'v1', kind: 'ConfigMap', labelSelector: LABEL };
    const a = factory.acquire({ ...options, shard: { count: COUNT, shards: [0] } });
    const b = factory.acquire({ ...options, shard: { count: COUNT, shards: [1, 2] } });
    await Promise.all([a.synced, b.synced]);
    expect(a.informer).not.toBe(b.informer);
    const inZero = ofShard(namespaces, 0)[0] ?? '';
    expect(a.informer.covers('v1', 'ConfigMap', inZero)).toBe(true);
    expect(b.informer.covers('v1', 'ConfigMap', inZero)).toBe(false);
    await Promise.all([a.release(), b.release()]);
    await kube.close();
  });
});

describe('without the gate (the shared control plane)', () => {
  const cluster = testCluster();
  afterAll(async () => {
    await cluster.deleteNamespaces();
  });

  it('each informer holds only its shard, filtered on the client; one warning says every replica pays', async () => {
    const admin = new Kubeclient(cluster.kubeConfig);
    const namespaces = await seed(cluster, admin);
    const warnings: string[] = [];
    const kube = new Kubeclient(cluster.kubeConfig);
    const { informers, received } = await shardInformers(kube, recordingLogger(warnings));
    for (const [shard, informer] of informers.entries()) expect(held(informer)).toEqual(ofShard(namespaces, shard));
    expect(received.items).toBeGreaterThanOrEqual(3 * namespaces.length); // each informer received every object
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/ignored shardSelector.*every replica receives, decodes and pays for every object/);
    await Promise.all(informers.map((i) => i.stop()));
    await kube.close();
    await admin.close();
  });
});
