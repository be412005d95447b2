/**
 * The console of a Manager running the Katalog runtime: the kinds page lists each Katalog with the revision it
 * serves and its state, and the kinds of its revision beside the Manager's own.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as configmaps from '@orkestra/configmaps';
import type { KubeObject } from '@orkestra/core';
import { Kubeclient } from '@orkestra/core/kube';
import { testCluster, waitFor } from '@orkestra/testenv';
import type { KatalogView, KindView } from '../src/console/views.js';
import { Manager } from '../src/index.js';
import { allVerbs, deleteKatalogs, kindResources, teamAccount } from './katalog-fixtures.js';

const cluster = testCluster();
const GROUP = 'console.katalogs.example.com';
const KATALOG = { apiVersion: 'orkestra.io/v1alpha1', kind: 'Katalog' };

describe('the console with the Katalog runtime', () => {
  let kube: Kubeclient;
  let runtimeKube: Kubeclient;
  let manager: Manager;
  let ns: string;

  const entry = (page: string) => ({
    owner: { group: GROUP, version: 'v1', kind: 'Note', plural: 'notes' },
    api: { spec: { text: { type: 'string' } } },
    resources: { configmaps: { onReconcile: [{ name: '{{metadata.name}}', data: { page } }] } },
  });
  const apply = (crds: unknown[]) =>
    kube.apply(
      {
        ...KATALOG,
        metadata: { name: 'notes', namespace: ns },
        spec: { serviceAccountName: 'notes', crds },
      } as KubeObject,
      { fieldManager: 'team', force: true },
    );
  const kindsPage = async () =>
    (await (await fetch(`${manager.console!.url}/api/kinds`)).json()) as {
      kinds: KindView[];
      katalogs?: KatalogView[];
    };

  beforeAll(async () => {
    kube = new Kubeclient(cluster.kubeConfig);
    ns = await cluster.newNamespace('console-katalogs');
    await teamAccount(kube, ns, 'notes', [
      allVerbs(GROUP, kindResources('notes')),
      allVerbs('', ['configmaps', 'events']),
    ]);
    runtimeKube = new Kubeclient(cluster.kubeConfig);
    manager = new Manager({
      kube: runtimeKube,
      reconcilers: [],
      katalogs: { handlers: [configmaps.handler] as never, namespace: ns },
      console: { address: '127.0.0.1:0', assets: false, streamIntervalMs: 200 },
      permissions: false,
      crdCheck: false,
      heapRelease: false,
      stopTimeoutMs: 5_000,
    });
    await manager.start();
  });
  afterAll(async () => {
    if (kube) await deleteKatalogs(kube, manager, [ns]);
    await manager?.stop();
    await kube
      .delete({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', name: `notes.${GROUP}` })
      .catch(() => false);
    await kube?.close();
    await runtimeKube?.close();
  });

  it('lists each Katalog with the revision it serves and its state, and serves its kinds', async () => {
    await apply([entry('one')]);
    const first = await waitFor(kindsPage, {
      until: (p) => p.katalogs?.[0]?.state === 'ready' && p.kinds.length === 1,
      description: 'Katalog notes Ready, its kind on the kinds page',
      timeoutMs: 30_000,
    });
    expect(first.katalogs).toEqual([
      expect.objectContaining({ namespace: ns, name: 'notes', revision: 1, state: 'ready', kinds: [`notes.${GROUP}`] }),
    ]);
    expect(first.kinds[0]).toMatchObject({ id: `notes.${GROUP}`, kind: 'Note' });

    await apply([entry('two')]);
    const second = await waitFor(kindsPage, {
      until: (p) => p.katalogs?.[0]?.revision === 2,
      description: 'revision 2 served',
      timeoutMs: 30_000,
    });
    expect(second.katalogs?.[0]?.state).toBe('ready');
  }, 90_000);
});
