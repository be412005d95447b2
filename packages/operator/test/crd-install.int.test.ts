/**
 * `installCrds`: the Manager installs its owner kind's CRD (made from the configuration's `api`) on start,
 * upgrades it when the api changes, and refuses — before any write — to drop a version objects are still
 * stored as.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { KubeObject } from '@orkestra/core';
import { Kubeclient } from '@orkestra/core/kube';
import { defineOperator, type OwnerApi, type ReconcilerConfig } from '@orkestra/reconciler';
import { testCluster } from '@orkestra/testenv';
import { CrdInstallError, Manager } from '../src/index.js';

const cluster = testCluster();
const CRD = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  name: 'gizmos.install.example.com',
};
const owner = { group: 'install.example.com', version: 'v1', kind: 'Gizmo', plural: 'gizmos' };

type LiveCrd = KubeObject & {
  spec: { versions: { name: string; storage: boolean }[] };
  status: { storedVersions: string[] };
};

function config(api: Record<string, unknown>, version = 'v1'): ReconcilerConfig {
  return defineOperator({ owner: { ...owner, version }, api: api as unknown as OwnerApi, children: [] });
}

describe('Manager installCrds', () => {
  let kube: Kubeclient;
  let ns: string;
  beforeAll(async () => {
    kube = new Kubeclient(cluster.kubeConfig);
    ns = await cluster.newNamespace('crd-install');
  });
  afterAll(async () => {
    await kube.delete(CRD).catch(() => false);
    await kube.close();
  });

  /** Starts a Manager with `configs` and installCrds on, then stops it. */
  async function startWith(reconciler: ReconcilerConfig): Promise<void> {
    const manager = new Manager({
      kube,
      reconcilers: [{ ...reconciler, namespaces: [ns] }],
      installCrds: true,
      permissions: false,
    });
    try {
      await manager.start();
    } finally {
      await manager.stop();
    }
  }
  const gizmo = (name: string, spec: Record<string, unknown>, version = 'v1') =>
    kube.create({
      apiVersion: `install.example.com/${version}`,
      kind: 'Gizmo',
      metadata: { name, namespace: ns },
      spec,
    });
  const live = async () => (await kube.get(CRD)) as LiveCrd;

  it('installs the CRD on start: served at once, its defaults applied by the API server', async () => {
    await startWith(config({ spec: { size: { type: 'integer', default: 3 } } }));
    const created = (await gizmo('a', {})) as KubeObject & { spec: unknown };
    expect(created.spec).toEqual({ size: 3 });
  });

  it('upgrades it when the api changes: a new field and a second version', async () => {
    await startWith(
      config({
        spec: { size: { type: 'integer', default: 3 }, color: { type: 'string', default: 'red' } },
        versions: [{ name: 'v2' }],
      }),
    );
    expect((await live()).spec.versions.map((v) => [v.name, v.storage])).toEqual([
      ['v1', true],
      ['v2', false],
    ]);
    const created = (await gizmo('b', {}, 'v2')) as KubeObject & { spec: unknown };
    expect(created.spec).toEqual({ size: 3, color: 'red' });
  });

  it('refuses to drop a version objects are still stored as, before any write', async () => {
    const before = await live();
    expect(before.status.storedVersions).toEqual(['v1']);
    const error = await startWith(config({ spec: { size: 'integer' } }, 'v2')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CrdInstallError);
    expect((error as Error).message).toContain(
      'cannot install the CRD gizmos.install.example.com: the new CRD drops version v1, which objects are still stored as (status.storedVersions: v1)',
    );
    expect((await live()).metadata.resourceVersion).toBe(before.metadata.resourceVersion);
  });
});
