/**
 * Sharded list and watch on kube-apiserver with the `ShardedListAndWatch` gate, through both clients: the server
 * returns, for a shard's selector, exactly the objects `shardOf` puts in that shard (the hash and the ranges agree
 * with the server's), and says so in `shardInfo`; the shared control plane (no gate) ignores the selector.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { KubeConfig } from '@kubernetes/client-node';
import { start, type TestEnvironment, testCluster } from '@orkestra/testenv';
import { ClientNodeObjectClient } from '../src/client-node/index.js';
import type { ControllerClient, KubeObject, WatchEvent } from '../src/index.js';
import { Kubeclient } from '../src/kube/index.js';
import { shardOf, shardSelector } from '../src/shards.js';

type Client = ControllerClient & { close(): Promise<void> };
const clients: [string, (kc: KubeConfig) => Client][] = [
  ['Kubeclient', (kc) => new Kubeclient(kc)],
  ['ClientNodeObjectClient', (kc) => new ClientNodeObjectClient(kc)],
];

const COUNT = 3;
const LABEL = 'shards-test=yes';
let gated: TestEnvironment;
let namespaces: string[];

beforeAll(async () => {
  gated = await start({ featureGates: { ShardedListAndWatch: true } });
  const admin = new Kubeclient(gated.kubeConfig);
  namespaces = await Promise.all(Array.from({ length: 24 }, (_, i) => gated.newNamespace(`shard-${i}`)));
  await Promise.all(
    namespaces.map((namespace) =>
      admin.create({
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: 'one', namespace, labels: { 'shards-test': 'yes' } },
      }),
    ),
  );
  await admin.close();
}, 120_000);

afterAll(async () => {
  await gated?.stop();
});

describe.each(clients)('%s', (_, make) => {
  it("lists a shard: exactly the objects shardOf puts there, and the server's echo of the selector", async () => {
    const kube = make(gated.kubeConfig);
    const seen = new Set<string>();
    for (let shard = 0; shard < COUNT; shard++) {
      const selector = shardSelector([shard], COUNT);
      const list = await kube.list('v1', 'ConfigMap', { labelSelector: LABEL, shardSelector: selector });
      expect(list.shardInfo).toEqual({ selector });
      const got = list.items.map((cm) => cm.metadata.namespace ?? '').sort();
      expect(got).toEqual(namespaces.filter((ns) => shardOf(ns, COUNT) === shard).sort());
      for (const ns of got) seen.add(ns);
    }
    expect(seen.size).toBe(namespaces.length);
    await kube.close();
  });

  it("watches a shard: events of that shard's namespaces only", async () => {
    const kube = make(gated.kubeConfig);
    const selector = shardSelector([0], COUNT);
    const list = await kube.list('v1', 'ConfigMap', { labelSelector: LABEL, shardSelector: selector });
    const events: string[] = [];
    const watching = kube.watch(
      'v1',
      'ConfigMap',
      { labelSelector: LABEL, shardSelector: selector, resourceVersion: list.resourceVersion, timeoutSeconds: 3 },
      (e: WatchEvent) => {
        if (e.type === 'MODIFIED') events.push(e.object.metadata.namespace ?? '');
      },
    );
    for (const namespace of namespaces) {
      await kube.patch(
        { apiVersion: 'v1', kind: 'ConfigMap', namespace, name: 'one' },
        { data: { at: `${Date.now()}` } },
      );
    }
    await watching;
    expect(events.sort()).toEqual(namespaces.filter((ns) => shardOf(ns, COUNT) === 0).sort());
    await kube.close();
  }, 20_000);
});

it('a server without the gate ignores shardSelector: every object, no shardInfo', async () => {
  const cluster = testCluster();
  const kube = new Kubeclient(cluster.kubeConfig);
  const ns = await cluster.newNamespace('unsharded');
  const cms: KubeObject[] = ['a', 'b'].map((name) => ({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name, namespace: ns },
  }));
  for (const cm of cms) await kube.create(cm);
  const other = shardSelector([(shardOf(ns, COUNT) + 1) % COUNT], COUNT);
  const list = await kube.list('v1', 'ConfigMap', { namespace: ns, shardSelector: other });
  expect(list.items.map((cm) => cm.metadata.name)).toEqual(['a', 'b']);
  expect(list.shardInfo).toBeUndefined();
  await kube.close();
  await cluster.deleteNamespaces();
});
