/**
 * Two writers creating the same child at once, against a real kube-apiserver. Both read "missing" and both
 * send the create; the server stores one. For most kinds the other gets AlreadyExists, but a Service with a
 * fixed nodePort is refused earlier — the port is already allocated, by the sibling create — as an Invalid.
 * Either way the slower writer must converge on the object the faster one made, not fail.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { testCluster } from '@orkestra/testenv';
import {
  createChild,
  createContext,
  type KubeObject,
  type OwnerObject,
  OwnershipError,
  updateChild,
} from '../src/index.js';
import { Kubeclient } from '../src/kube/index.js';

const cluster = testCluster();
const ctx = createContext({ fieldManager: 'orkestra-test' });
// Two clients: two workers (or two processes) with their own connections, racing.
let first: Kubeclient;
let second: Kubeclient;
let ns: string;
let owner: OwnerObject;

const nodePortService = (name: string, nodePort: number): KubeObject => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name, namespace: ns },
  spec: { type: 'NodePort', selector: { app: name }, ports: [{ name: 'http', port: 80, nodePort }] },
});

beforeAll(async () => {
  first = new Kubeclient(cluster.kubeConfig);
  second = new Kubeclient(cluster.kubeConfig);
  ns = await cluster.newNamespace('race');
  owner = (await first.create<KubeObject>({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'owner', namespace: ns },
  })) as OwnerObject;
});
afterAll(async () => {
  await cluster.deleteNamespaces();
  await first.close();
  await second.close();
});

// Several rounds: each is a real race, and the server decides which writer wins it.
const ROUNDS = 6;

describe('two creates racing on a Service with a fixed nodePort', () => {
  it('both converge on the one Service: created by one, unchanged for the other', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const desired = nodePortService(`web-${round}`, 30100 + round);
      const results = await Promise.all([
        createChild(ctx, first, owner, desired),
        createChild(ctx, second, owner, desired),
      ]);
      expect(results.map((r) => r.action).sort()).toEqual(['created', 'unchanged']);
      expect(results[0].object?.metadata.uid).toBe(results[1].object?.metadata.uid);
    }
  });

  it('updates racing to create converge too, and the Service is in sync afterwards', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const desired = nodePortService(`api-${round}`, 30200 + round);
      const results = await Promise.all([
        updateChild(ctx, first, owner, desired),
        updateChild(ctx, second, owner, desired),
      ]);
      expect(results.map((r) => r.action)).toContain('created');
      first.requests.reset();
      expect((await updateChild(ctx, first, owner, desired)).action).toBe('unchanged');
      expect(first.requests.writes()).toBe(0);
    }
  });

  it('a port held by a Service of another name stays a refusal of the create, naming the port', async () => {
    await first.apply(nodePortService('holder', 30300), { fieldManager: 'someone-else' });
    await expect(createChild(ctx, second, owner, nodePortService('taker', 30300))).rejects.toThrow(/30300/);
    expect(await second.get({ apiVersion: 'v1', kind: 'Service', namespace: ns, name: 'taker' })).toBeUndefined();
  });

  it("a racing create of someone else's Service of that name is an ownership refusal, not a port error", async () => {
    const foreign = { ...nodePortService('foreign', 30301) };
    const [theirs, ours] = await Promise.allSettled([
      first.apply(foreign, { fieldManager: 'someone-else', force: false, createOnly: true }),
      createChild(ctx, second, owner, foreign),
    ]);
    // Whoever won, nothing of ours was written over theirs and the loser is told why.
    if (theirs.status === 'fulfilled') {
      expect(ours.status).toBe('rejected');
      expect((ours as PromiseRejectedResult).reason).toBeInstanceOf(OwnershipError);
    } else {
      expect(ours.status).toBe('fulfilled');
    }
  });
});
