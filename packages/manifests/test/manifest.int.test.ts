/**
 * Integration tests of @orkestra/manifests against a real kube-apiserver, for what holds whatever the kind:
 * another owner's object refused, delete, garbage collection, scope (a cluster-scoped child needs a
 * cluster-scoped owner), a kind the server does not serve, Secret data. The per-kind contract is in
 * kinds.int.test.ts.
 */
import { describe, expect, it } from '@jest/globals';
import {
  ImmutableFieldError,
  type KubeObject,
  NotFoundError,
  type OwnerObject,
  OwnershipError,
  ValidationError,
} from '@orkestra/core';
import { resourceTestEnv } from '@orkestra/testenv/contract';
import * as manifests from '../src/index.js';

// A namespace and an owner ConfigMap `site` per test; `kube` is Orkestra's client (requests counted, reset before
// each test), `other` someone else.
const t = resourceTestEnv({ namespacePrefix: 'manifests' });

const configMap = (name: string, data: Record<string, string> = { a: '1' }): manifests.ManifestSource => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name },
  data,
});
const ref = (kind: string, name: string, apiVersion = 'v1') => ({ apiVersion, kind, namespace: t.namespace, name });
describe('ownership', () => {
  it('refuses an object controlled by another t.owner, naming it, without writing', async () => {
    const otherOwner = await t.makeOwner('other-site');
    await manifests.create(
      t.ctx,
      t.kube,
      otherOwner,
      manifests.resolve(configMap('shared', { a: 'theirs' }), 'other-site'),
    );
    t.kube.requests.reset();
    const err = await manifests
      .update(t.ctx, t.kube, t.owner, manifests.resolve(configMap('shared', { a: 'mine' }), 'site'))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OwnershipError);
    expect((err as Error).message).toContain(`ConfigMap ${t.namespace}/other-site`);
    await expect(
      manifests.delete(t.ctx, t.kube, t.owner, manifests.resolve(configMap('shared'), 'site')),
    ).rejects.toThrow(OwnershipError);
    expect(t.kube.requests.writes()).toBe(0);
    expect((await t.other.get(ref('ConfigMap', 'shared')))?.data).toEqual({ a: 'theirs' });
  });
});

describe('delete', () => {
  it('deletes an owned object, and a missing one is nothing', async () => {
    const spec = manifests.resolve(
      { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'pdb' }, spec: { maxUnavailable: 1 } },
      'site',
    );
    expect((await manifests.delete(t.ctx, t.kube, t.owner, spec)).action).toBe('absent');
    await manifests.create(t.ctx, t.kube, t.owner, spec);
    expect((await manifests.delete(t.ctx, t.kube, t.owner, spec)).action).toBe('deleted');
    await t.cluster.waitFor(
      async () => (await t.other.get(ref('PodDisruptionBudget', 'pdb', 'policy/v1'))) === undefined,
      {
        timeoutMs: 30_000,
        description: 'the PodDisruptionBudget to be gone',
      },
    );
  });

  it('the garbage collector removes the object when the t.owner goes', async () => {
    await manifests.create(
      t.ctx,
      t.kube,
      t.owner,
      manifests.resolve(
        {
          apiVersion: 'batch/v1',
          kind: 'CronJob',
          metadata: { name: 'backup' },
          spec: {
            schedule: '@daily',
            jobTemplate: {
              spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'b', image: 'busybox' }] } } },
            },
          },
        },
        'site',
      ),
    );
    await t.other.delete({ apiVersion: 'v1', kind: 'ConfigMap', namespace: t.namespace, name: 'site' });
    await t.cluster.waitFor(async () => (await t.other.get(ref('CronJob', 'backup', 'batch/v1'))) === undefined, {
      timeoutMs: 30_000,
      description: 'the CronJob to be garbage-collected',
    });
  });
});

describe('scope', () => {
  const clusterRole = (name: string): manifests.ManifestSource => ({
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'ClusterRole',
    metadata: { name },
    rules: [{ apiGroups: [''], resources: ['pods'], verbs: ['get'] }],
  });

  it('refuses a cluster-scoped child of a namespaced t.owner before any request', async () => {
    const err = await manifests
      .update(t.ctx, t.kube, t.owner, manifests.resolve(clusterRole(`${t.namespace}-reader`), 'site'))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as Error).message).toContain(
      `a ClusterRole is cluster-scoped and cannot be owned by the namespaced ConfigMap ${t.namespace}/site`,
    );
    expect(t.kube.requests.count()).toBe(0);
  });

  it('a cluster-scoped t.owner owns a cluster-scoped child; the namespace of the template is not used', async () => {
    const clusterOwner = (await t.other.create<KubeObject>({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRole',
      metadata: { name: `${t.namespace}-owner` },
      rules: [],
    })) as unknown as OwnerObject;
    try {
      const spec = manifests.resolve(clusterRole(`${t.namespace}-child`), `${t.namespace}-owner`);
      expect((await manifests.update(t.ctx, t.kube, clusterOwner, spec)).action).toBe('created');
      const live = await t.other.get({
        apiVersion: 'rbac.authorization.k8s.io/v1',
        kind: 'ClusterRole',
        name: `${t.namespace}-child`,
      });
      expect(live?.metadata.ownerReferences?.[0]).toMatchObject({
        kind: 'ClusterRole',
        name: `${t.namespace}-owner`,
        controller: true,
      });
      expect(live?.metadata.namespace).toBeUndefined();
      t.kube.requests.reset();
      expect((await manifests.update(t.ctx, t.kube, clusterOwner, spec)).action).toBe('unchanged');
      expect(t.kube.requests.writes()).toBe(0);
      expect((await manifests.delete(t.ctx, t.kube, clusterOwner, spec)).action).toBe('deleted');
    } finally {
      await t.other.delete({
        apiVersion: 'rbac.authorization.k8s.io/v1',
        kind: 'ClusterRole',
        name: `${t.namespace}-owner`,
      });
    }
  });
});

describe('kinds', () => {
  it('a kind the server does not serve is an error naming it and the CRD to install', async () => {
    const spec = manifests.resolve(
      { apiVersion: 'acme.example.com/v1', kind: 'Gadget', metadata: { name: 'g' }, spec: {} },
      'site',
    );
    const err = await manifests.update(t.ctx, t.kube, t.owner, spec).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotFoundError);
    expect((err as Error).message).toMatch(/does not serve kind Gadget in acme\.example\.com\/v1 — install its CRD/);
  });

  it('numbers stay numbers (as typed template values give them) and are in sync after', async () => {
    const spec = manifests.resolve(
      {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'web' },
        spec: {
          replicas: 3,
          selector: { matchLabels: { app: 'web' } },
          template: {
            metadata: { labels: { app: 'web' } },
            spec: { containers: [{ name: 'web', image: 'nginx', ports: [{ containerPort: 8080 }] }] },
          },
        },
      },
      'site',
    );
    await manifests.update(t.ctx, t.kube, t.owner, spec);
    expect(
      ((await t.other.get(ref('Deployment', 'web', 'apps/v1'))) as KubeObject & { spec: { replicas: number } }).spec
        .replicas,
    ).toBe(3);
    t.kube.requests.reset();
    expect((await manifests.update(t.ctx, t.kube, t.owner, spec)).action).toBe('unchanged');
    expect(t.kube.requests.writes()).toBe(0);
  });
});

describe('immutable fields the package does not know', () => {
  it("the server's refusal is an ImmutableFieldError naming the field the server names", async () => {
    const claim = (storage: string): manifests.ManifestSource => ({
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name: 'data' },
      spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage } } },
    });
    await manifests.update(t.ctx, t.kube, t.owner, manifests.resolve(claim('1Gi'), 'site'));
    // An unbound claim refuses even a new size; the package allows it (bound claims can grow), the server says no.
    const err = await manifests
      .update(t.ctx, t.kube, t.owner, manifests.resolve(claim('2Gi'), 'site'))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImmutableFieldError);
    expect((err as Error).message).toMatch(
      new RegExp(`cannot update PersistentVolumeClaim ${t.namespace}/data: spec \\(`),
    );
  });
});

describe('Secrets', () => {
  it('stringData is in sync once written, a changed value is corrected, and no value appears in the drift', async () => {
    const spec = manifests.resolve(
      { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'creds' }, stringData: { password: 's3cret-value' } },
      'site',
    );
    await manifests.update(t.ctx, t.kube, t.owner, spec);
    t.kube.requests.reset();
    expect((await manifests.update(t.ctx, t.kube, t.owner, spec)).action).toBe('unchanged');
    await t.other.patch(
      ref('Secret', 'creds'),
      { data: { password: Buffer.from('stolen').toString('base64') } },
      { fieldManager: 'kubectl-edit' },
    );
    const result = await manifests.update(t.ctx, t.kube, t.owner, spec);
    expect(result.action).toBe('updated');
    expect(JSON.stringify(result.drifted)).not.toMatch(/s3cret|c3Mz|stolen|c3RvbGVu/);
    const live = (await t.other.get(ref('Secret', 'creds'))) as KubeObject & { data: { password: string } };
    expect(Buffer.from(live.data.password, 'base64').toString()).toBe('s3cret-value');
  });
});
