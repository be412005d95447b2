/**
 * deleteChild against a real kube-apiserver: a child whose deletion already began (a finalizer holds it) gets no
 * second DELETE, and a child the owner could never own is refused before any request, as create and update do.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { testCluster } from '@orkestra/testenv';
import {
  createChild,
  createContext,
  deleteChild,
  type KubeObject,
  type ObjectRef,
  type OwnerObject,
  ValidationError,
} from '../src/index.js';
import { Kubeclient } from '../src/kube/index.js';

const cluster = testCluster();
const ctx = createContext({ fieldManager: 'orkestra-test' });
const FINALIZER = 'test.orkestra.io/hold';
let kube: Kubeclient;
let other: Kubeclient; // someone else: kubectl, another controller
let ns: string;
let owner: OwnerObject;

const configMap = (name: string, extra: Partial<KubeObject['metadata']> = {}): KubeObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, namespace: ns, ...extra },
  data: { a: '1' },
});
const refTo = (name: string, namespace: string | undefined = ns): ObjectRef => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  namespace,
  name,
});

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
  ns = await cluster.newNamespace('delete');
  owner = (await other.create<KubeObject>({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'owner', namespace: ns },
  })) as OwnerObject;
  kube.requests.reset();
});

describe('deleteChild of a child being deleted', () => {
  it('sends no second DELETE and says the child is being deleted', async () => {
    await createChild(ctx, kube, owner, configMap('held', { finalizers: [FINALIZER] }));
    const first = await deleteChild(ctx, kube, owner, refTo('held'));
    expect(first.action).toBe('deleted');
    const held = await other.get(refTo('held'));
    expect(held?.metadata.deletionTimestamp).toBeDefined(); // Terminating: the finalizer holds it

    kube.requests.reset();
    const again = await deleteChild(ctx, kube, owner, refTo('held'));
    expect(again.action).toBe('deleting');
    expect(again.object?.metadata.deletionTimestamp).toBe(held?.metadata.deletionTimestamp);
    expect(kube.requests.snapshot()).toEqual({ 'get configmaps': 1 });

    await other.patch(refTo('held'), { metadata: { finalizers: null } });
    await cluster.waitFor(async () => (await other.get(refTo('held'))) === undefined, {
      timeoutMs: 10_000,
      description: 'the ConfigMap to go',
    });
    expect((await deleteChild(ctx, kube, owner, refTo('held'))).action).toBe('absent');
  });
});

describe('deleteChild of a misplaced spec', () => {
  it("refuses a child in another namespace than the owner's before any request", async () => {
    const elsewhere = await cluster.newNamespace('delete-other');
    await other.create(configMap('web', { namespace: elsewhere }));
    kube.requests.reset();
    const error = await deleteChild(ctx, kube, owner, refTo('web', elsewhere)).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).problems[0]).toMatchObject({ path: 'namespace' });
    expect((error as Error).message).toContain(`must be the owner's namespace "${ns}", got "${elsewhere}"`);
    expect(kube.requests.count()).toBe(0);
    expect(await other.get(refTo('web', elsewhere))).toBeDefined();
  });

  it('refuses a cluster-scoped child of a namespaced owner before any request', async () => {
    const namespaceRef: ObjectRef = { apiVersion: 'v1', kind: 'Namespace', name: ns };
    const error = await deleteChild(ctx, kube, owner, namespaceRef).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toContain('cluster-scoped');
    expect(kube.requests.count()).toBe(0);
  });
});
