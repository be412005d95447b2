/**
 * `immutable: true` on the real API server, with the CRD generated from a katalog's compact `api:`: a field set
 * at creation can be neither changed nor removed — removing it and setting it again with another value, the
 * bypass of a rule on the field itself, is refused too; a field never set may be set once, later, and is then
 * held; an immutable field inside an optional object is held when the whole object is removed.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { KubeObject } from '@orkestra/core';
import { Kubeclient } from '@orkestra/core/kube';
import { installCRDs, testCluster } from '@orkestra/testenv';
import { readOwnerApi } from '../src/api-schema.js';
import { customResourceDefinition } from '../src/index.js';

const cluster = testCluster();
const group = 'immutable.example.com';
const owner = { group, version: 'v1', kind: 'Volume', plural: 'volumes' };

type Volume = KubeObject & { spec: Record<string, unknown> };

/** What the API server answered: `stored`, or the refusal's message. */
async function outcome(write: Promise<unknown>): Promise<string> {
  try {
    await write;
    return 'stored';
  } catch (e) {
    return (e as Error).message;
  }
}

describe('immutable: true, held across removal and setting again', () => {
  let kube: Kubeclient;
  let ns: string;
  const ref = (name: string) => ({ apiVersion: `${group}/v1`, kind: 'Volume', name, namespace: ns });
  /** A JSON merge patch of the spec: `null` removes a field. */
  const patch = (name: string, spec: Record<string, unknown>) => outcome(kube.patch(ref(name), { spec }));
  const spec = async (name: string) => ((await kube.get(ref(name))) as Volume).spec;
  const create = (name: string, s: Record<string, unknown>) =>
    kube.create({ apiVersion: `${group}/v1`, kind: 'Volume', metadata: { name, namespace: ns }, spec: s });

  beforeAll(async () => {
    const { api, problems } = readOwnerApi(
      {
        spec: {
          size: 'string',
          storageClass: { type: 'string', immutable: true },
          backup: { bucket: { type: 'string', immutable: true }, schedule: 'string' },
        },
      },
      'api',
    );
    expect(problems).toEqual([]);
    await installCRDs(cluster.kubeConfig, [customResourceDefinition(owner, api!) as never]);
    kube = new Kubeclient(cluster.kubeConfig);
    ns = await cluster.newNamespace('immutable');
  }, 60_000);
  afterAll(async () => {
    await kube
      .delete({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', name: `volumes.${group}` })
      .catch(() => false);
    await kube.close();
  });

  it('refuses a change, a removal, and so the removal-then-new-value bypass', async () => {
    await create('data', { size: '1Gi', storageClass: 'fast' });
    const message = 'storageClass is immutable: once set, it can be neither changed nor removed';
    expect(await patch('data', { storageClass: 'slow' })).toContain(message);
    expect(await patch('data', { storageClass: null })).toContain(message);
    expect(await patch('data', { storageClass: null })).toContain('spec.storageClass');
    expect(await spec('data')).toEqual({ size: '1Gi', storageClass: 'fast' });
    // Other fields still change; the same value again is no change.
    expect(await patch('data', { size: '2Gi', storageClass: 'fast' })).toBe('stored');
  });

  it('lets a field never set be set once, later, and holds it from then on', async () => {
    await create('late', { size: '1Gi' });
    expect(await patch('late', { storageClass: 'fast' })).toBe('stored');
    expect(await patch('late', { storageClass: 'slow' })).toContain('storageClass is immutable');
    expect(await patch('late', { storageClass: null })).toContain('storageClass is immutable');
    expect((await spec('late')).storageClass).toBe('fast');
  });

  it('holds a field inside an optional object when the whole object is removed and given again', async () => {
    await create('backed', { size: '1Gi', backup: { bucket: 'one', schedule: 'daily' } });
    expect(await patch('backed', { backup: { schedule: 'weekly' } })).toBe('stored');
    expect(await patch('backed', { backup: null })).toContain('backup.bucket is immutable');
    expect(await patch('backed', { backup: { bucket: 'two' } })).toContain('backup.bucket is immutable');
    expect((await spec('backed')).backup).toEqual({ bucket: 'one', schedule: 'weekly' });
  });
});
