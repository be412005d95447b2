/**
 * client-node interop against a real kube-apiserver: an owner read through client-node's typed API (a model with
 * `Date` timestamps) and a child built as a client-node model go into the lifecycle as they are, over a
 * Kubeclient made from a client-node KubeConfig; the child is owned, and a second update writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CoreV1Api, V1ConfigMap } from '@kubernetes/client-node';
import { testCluster } from '@orkestra/testenv';
import { toModel } from '../src/client-node/index.js';
import { createContext, deleteChild, updateChild } from '../src/index.js';
import { Kubeclient } from '../src/kube/index.js';

const cluster = testCluster();
const ctx = createContext({ fieldManager: 'orkestra-test' });
let kube: Kubeclient;
let api: CoreV1Api;
let ns: string;

beforeAll(async () => {
  kube = new Kubeclient(cluster.kubeConfig);
  api = cluster.kubeConfig.makeApiClient(CoreV1Api);
  ns = await cluster.newNamespace('client-node');
});
afterAll(async () => {
  await cluster.deleteNamespaces();
  await kube.close();
});

describe('client-node models in the lifecycle', () => {
  it('a V1ConfigMap owner and a V1ConfigMap child, without casts', async () => {
    const owner = await api.createNamespacedConfigMap({
      namespace: ns,
      body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'owner' }, data: { a: '1' } },
    });
    expect(owner.metadata?.creationTimestamp).toBeInstanceOf(Date); // a model, as client-node returns it
    const child = new V1ConfigMap();
    child.apiVersion = 'v1';
    child.kind = 'ConfigMap';
    child.metadata = { name: 'child', namespace: ns, labels: { app: 'web' } };
    child.data = { greeting: 'hello' };

    kube.requests.reset();
    expect((await updateChild(ctx, kube, owner, child)).action).toBe('created');
    const live = await api.readNamespacedConfigMap({ namespace: ns, name: 'child' });
    expect(live.data).toEqual({ greeting: 'hello' });
    expect(live.metadata?.ownerReferences).toEqual([
      expect.objectContaining({ kind: 'ConfigMap', name: 'owner', uid: owner.metadata?.uid, controller: true }),
    ]);

    const before = kube.requests.writes();
    expect((await updateChild(ctx, kube, owner, child)).action).toBe('unchanged');
    expect(kube.requests.writes()).toBe(before);

    // Our objects back as models, for code that expects them.
    const asModel = toModel<V1ConfigMap>(
      (await kube.get({ apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name: 'child' }))!,
    );
    expect(asModel).toBeInstanceOf(V1ConfigMap);
    expect(asModel.metadata?.creationTimestamp).toBeInstanceOf(Date);

    expect(
      (await deleteChild(ctx, kube, owner, { apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name: 'child' }))
        .action,
    ).toBe('deleted');
  });
});
