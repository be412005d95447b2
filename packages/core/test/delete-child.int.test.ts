/**
 * deleteChild against a real kube-apiserver: a child whose deletion already began (a finalizer holds it) gets no
 * second DELETE, and a child the owner could never own is refused before any request, as create and update do.
 */
import { describe, expect, it } from '@jest/globals';
import { resourceTestEnv } from '@orkestra/testenv/contract';
import { createChild, deleteChild, type KubeObject, type ObjectRef, ValidationError } from '../src/index.js';

// A namespace and an owner ConfigMap per test; `kube` is ours (requests counted, reset before each test),
// `other` is someone else: kubectl, another controller.
const t = resourceTestEnv({ namespacePrefix: 'delete' });
const FINALIZER = 'test.orkestra.io/hold';

const configMap = (name: string, extra: Partial<KubeObject['metadata']> = {}): KubeObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, namespace: t.namespace, ...extra },
  data: { a: '1' },
});
const refTo = (name: string, namespace: string | undefined = t.namespace): ObjectRef => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  namespace,
  name,
});

describe('deleteChild of a child being deleted', () => {
  it('sends no second DELETE and says the child is being deleted', async () => {
    await createChild(t.ctx, t.kube, t.owner, configMap('held', { finalizers: [FINALIZER] }));
    const first = await deleteChild(t.ctx, t.kube, t.owner, refTo('held'));
    expect(first.action).toBe('deleted');
    const held = await t.other.get(refTo('held'));
    expect(held?.metadata.deletionTimestamp).toBeDefined(); // Terminating: the finalizer holds it

    t.kube.requests.reset();
    const again = await deleteChild(t.ctx, t.kube, t.owner, refTo('held'));
    expect(again.action).toBe('deleting');
    expect(again.object?.metadata.deletionTimestamp).toBe(held?.metadata.deletionTimestamp);
    expect(t.kube.requests.snapshot()).toEqual({ 'get configmaps': 1 });

    await t.other.patch(refTo('held'), { metadata: { finalizers: null } });
    await t.cluster.waitFor(async () => (await t.other.get(refTo('held'))) === undefined, {
      timeoutMs: 10_000,
      description: 'the ConfigMap to go',
    });
    expect((await deleteChild(t.ctx, t.kube, t.owner, refTo('held'))).action).toBe('absent');
  });
});

describe('deleteChild of a misplaced spec', () => {
  it("refuses a child in another namespace than the owner's before any request", async () => {
    const elsewhere = await t.cluster.newNamespace('delete-other');
    await t.other.create(configMap('web', { namespace: elsewhere }));
    t.kube.requests.reset();
    const error = await deleteChild(t.ctx, t.kube, t.owner, refTo('web', elsewhere)).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).problems[0]).toMatchObject({ path: 'namespace' });
    expect((error as Error).message).toContain(`must be the owner's namespace "${t.namespace}", got "${elsewhere}"`);
    expect(t.kube.requests.count()).toBe(0);
    expect(await t.other.get(refTo('web', elsewhere))).toBeDefined();
  });

  it('refuses a cluster-scoped child of a namespaced owner before any request', async () => {
    const namespaceRef: ObjectRef = { apiVersion: 'v1', kind: 'Namespace', name: t.namespace! };
    const error = await deleteChild(t.ctx, t.kube, t.owner, namespaceRef).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toContain('cluster-scoped');
    expect(t.kube.requests.count()).toBe(0);
  });
});
