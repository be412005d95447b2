/**
 * The Katalog validating webhook on the real API server: a broken Katalog is refused at apply with every problem
 * and never stored; a good one is stored. The webhook server's self-managed CA is injected into the
 * ValidatingWebhookConfiguration `katalogWebhookConfiguration` makes.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as configmaps from '@orkestra/configmaps';
import type { KubeObject } from '@orkestra/core';
import { Kubeclient } from '@orkestra/core/kube';
import { freePorts, testCluster, waitFor } from '@orkestra/testenv';
import { katalogWebhookConfiguration, Manager } from '../src/index.js';
import { deleteKatalogs } from './katalog-fixtures.js';

const cluster = testCluster();
const KATALOG = { apiVersion: 'orkestra.io/v1alpha1', kind: 'Katalog' };

describe('the Katalog validating webhook', () => {
  let user: Kubeclient;
  let runtimeKube: Kubeclient;
  let manager: Manager;
  let ns: string;
  const name = () => `katalogs-${ns}`;
  const entry = (extra: Record<string, unknown> = {}) => ({
    owner: { group: 'hooked.katalogs.example.com', version: 'v1', kind: 'Page', plural: 'pages' },
    api: { spec: { text: { type: 'string' } } },
    resources: { configmaps: { onReconcile: [{ name: '{{metadata.name}}', data: { text: '{{spec.text}}' } }] } },
    ...extra,
  });
  const katalog = (n: string, crds: unknown[]) =>
    ({ ...KATALOG, metadata: { name: n, namespace: ns }, spec: { serviceAccountName: 'pages', crds } }) as KubeObject;

  beforeAll(async () => {
    user = new Kubeclient(cluster.kubeConfig);
    runtimeKube = new Kubeclient(cluster.kubeConfig);
    ns = await cluster.newNamespace('katalog-webhook');
    const [port] = await freePorts(1);
    const url = `https://127.0.0.1:${port}`;
    await user.create(katalogWebhookConfiguration(name(), { url }) as KubeObject);
    manager = new Manager({
      kube: runtimeKube,
      namespace: ns,
      reconcilers: [],
      katalogs: { handlers: [configmaps.handler] as never },
      permissions: false,
      crdCheck: false,
      heapRelease: false,
      webhooks: { name: name(), clientConfig: { url }, address: `127.0.0.1:${port}` },
    });
    await manager.start();
    await waitFor(
      async () => {
        const c = (await user.get({
          apiVersion: 'admissionregistration.k8s.io/v1',
          kind: 'ValidatingWebhookConfiguration',
          name: name(),
        })) as { webhooks?: { clientConfig?: { caBundle?: string } }[] } | undefined;
        return c?.webhooks?.[0]?.clientConfig?.caBundle;
      },
      { description: 'the CA bundle injected', timeoutMs: 20_000 },
    );
  });
  afterAll(async () => {
    if (user) await deleteKatalogs(user, manager, [ns]);
    await manager?.stop();
    await user
      .delete({ apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingWebhookConfiguration', name: name() })
      .catch(() => false);
    await runtimeKube?.close();
    await user?.close();
  });

  it('refuses a broken Katalog at apply with every problem, and stores a good one', async () => {
    const refused = await user.create(katalog('broken', [entry({ hooks: './hooks.ts', namespaces: ['x'] })])).then(
      () => undefined,
      (e: unknown) => (e instanceof Error ? e.message : String(e)),
    );
    expect(refused).toContain(`Katalog ${ns}/broken is refused: spec.crds[0].hooks`);
    expect(refused).toContain('spec.crds[0].namespaces');
    expect(await user.get({ ...KATALOG, namespace: ns, name: 'broken' })).toBeUndefined();
    await user.create(katalog('good', [entry()]));
    expect(await user.get({ ...KATALOG, namespace: ns, name: 'good' })).toBeDefined();
  });
});
