/**
 * Versions on the real control plane: the Manager installs a CRD with v1alpha1 (storage) and v1 (the hub, the
 * version the reconciler works against), its conversion webhook served by the Manager's webhook server at
 * https://127.0.0.1:<port> (url clientConfig, the CA bundle injected at install). A Website created as v1alpha1
 * is read as v1 and back without loss, a field only v1 has survives a storage round trip through v1alpha1, the
 * reconciler's children follow the v1 view, and a conversion that throws refuses the request with its message.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as configmaps from '@orkestra/configmaps';
import type { KubeObject } from '@orkestra/core';
import { Kubeclient } from '@orkestra/core/kube';
import { createCertificate } from '@orkestra/core/x509';
import { children, defineOperator, type VersionedObject } from '@orkestra/reconciler';
import { freePort, testCluster } from '@orkestra/testenv';
import { crdsOf, installCrd } from '../src/crd-install.js';
import { type CertificateSource, CrdInstallError, Manager } from '../src/index.js';

const cluster = testCluster();
const group = 'versions.example.com';
const CRD = { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', name: `websites.${group}` };
const ANNOTATION = 'orkestra.io/conversion-data';

type Website = KubeObject & { spec: Record<string, unknown> };

/** The serving certificate for 127.0.0.1 and its CA, as a fixed source (rotation is the webhooks' own test). */
const ca = createCertificate({ subject: { commonName: 'versions-test-ca' }, isCA: true, days: 1 });
const leaf = createCertificate({ subject: { commonName: 'webhook' }, usages: ['server'], hosts: ['127.0.0.1'] }, ca);
const certificates: CertificateSource = {
  start: async () => ({ certPem: leaf.certPem, keyPem: leaf.keyPem }),
  caBundle: () => ca.certPem,
  onCaBundle: () => undefined,
};

/** A free loopback port for the webhook server (the CRD's URL must name it before the server starts). */

/** v1alpha1 called the greeting `message`; v1 added `expose`. A message "reject" cannot be converted. */
function toHub(o: VersionedObject) {
  const { message, ...spec } = o.spec as { message?: string };
  if (message === 'reject') throw new Error('message "reject" has no v1 form');
  return { spec: { ...spec, ...(message === undefined ? {} : { greeting: message }) } };
}
function fromHub(o: VersionedObject) {
  const { greeting, ...spec } = o.spec as { greeting?: string };
  return { spec: { ...spec, ...(greeting === undefined ? {} : { message: greeting }) } };
}

const config = defineOperator({
  owner: { group, version: 'v1', kind: 'Website', plural: 'websites' },
  api: {
    spec: {
      type: 'object',
      properties: { image: { type: 'string' }, greeting: { type: 'string' }, expose: { type: 'boolean' } },
    },
    versions: [
      {
        name: 'v1alpha1',
        storage: true,
        spec: { type: 'object', properties: { image: { type: 'string' }, message: { type: 'string' } } },
        toHub,
        fromHub,
      },
    ],
  },
  children: [
    children(configmaps.handler, {
      onReconcile: [{ name: '{{metadata.name}}-page', data: { greeting: "{{default spec.greeting 'none'}}" } }],
    }),
  ],
});

describe('versions: v1alpha1 stored, v1 reconciled, converted by the Manager’s webhook', () => {
  let kube: Kubeclient;
  /** The test's own client: the Manager's serves reads of its kinds from its informer caches. */
  let reader: Kubeclient;
  let manager: Manager;
  let ns: string;
  const ref = (version: string, name: string) => ({
    apiVersion: `${group}/${version}`,
    kind: 'Website',
    name,
    namespace: ns,
  });
  const read = async (version: string, name: string) => (await reader.get(ref(version, name))) as Website;
  const page = async (name: string) =>
    (await reader.get({ apiVersion: 'v1', kind: 'ConfigMap', name: `${name}-page`, namespace: ns })) as
      | (KubeObject & { data?: Record<string, string> })
      | undefined;

  beforeAll(async () => {
    kube = new Kubeclient(cluster.kubeConfig);
    reader = new Kubeclient(cluster.kubeConfig);
    ns = await cluster.newNamespace('versions');
    const port = await freePort();
    manager = new Manager({
      kube,
      reconcilers: [{ ...config, namespaces: [ns] }],
      installCrds: true,
      permissions: false,
      webhooks: {
        name: 'versions-test',
        clientConfig: { url: `https://127.0.0.1:${port}` },
        address: `127.0.0.1:${port}`,
        certificates,
      },
    });
    await manager.start();
  }, 60_000);
  afterAll(async () => {
    await manager?.stop();
    await kube.delete(CRD).catch(() => false);
    await Promise.all([kube.close(), reader.close()]);
  }, 60_000);

  it('installs both versions, v1alpha1 stored, with the webhook and its CA bundle', async () => {
    const crd = (await kube.get(CRD)) as KubeObject & {
      spec: {
        versions: { name: string; storage: boolean }[];
        conversion: { webhook: { clientConfig: { caBundle: string } } };
      };
    };
    expect(crd.spec.versions.map((v) => [v.name, v.storage])).toEqual([
      ['v1', false],
      ['v1alpha1', true],
    ]);
    expect(Buffer.from(crd.spec.conversion.webhook.clientConfig.caBundle, 'base64').toString()).toBe(ca.certPem);
  });

  it('reads a Website created as v1alpha1 as v1, and back as v1alpha1 without loss; its child follows v1', async () => {
    const created = (await reader.create({
      apiVersion: `${group}/v1alpha1`,
      kind: 'Website',
      metadata: { name: 'shop', namespace: ns },
      spec: { image: 'nginx', message: 'hello' },
    })) as Website;
    const v1 = await read('v1', 'shop');
    expect(v1.apiVersion).toBe(`${group}/v1`);
    expect(v1.spec).toEqual({ image: 'nginx', greeting: 'hello' });
    expect(v1.metadata.uid).toBe(created.metadata.uid);
    expect((await read('v1alpha1', 'shop')).spec).toEqual({ image: 'nginx', message: 'hello' });
    await cluster.waitFor(async () => (await page('shop'))?.data?.greeting === 'hello', {
      timeoutMs: 20_000,
      description: 'the ConfigMap with the v1 greeting',
    });
  });

  it('keeps a field only v1 has, written through v1, across storage as v1alpha1', async () => {
    await reader.patch(ref('v1', 'shop'), { spec: { expose: false, greeting: 'bye' } });
    const stored = await read('v1alpha1', 'shop');
    expect(stored.spec).toEqual({ image: 'nginx', message: 'bye' });
    expect(JSON.parse(stored.metadata.annotations?.[ANNOTATION] ?? '{}')).toEqual({ v1: { '/spec/expose': false } });
    const v1 = await read('v1', 'shop');
    expect(v1.spec).toEqual({ image: 'nginx', greeting: 'bye', expose: false });
    expect(v1.metadata.annotations?.[ANNOTATION]).toBeUndefined();
    // Changed through v1alpha1 afterwards: v1 sees the new message and still the field v1alpha1 lacks.
    await reader.patch(ref('v1alpha1', 'shop'), { spec: { message: 'again' } });
    expect((await read('v1', 'shop')).spec).toEqual({ image: 'nginx', greeting: 'again', expose: false });
    const crd = (await kube.get(CRD)) as KubeObject & { status: { storedVersions: string[] } };
    expect(crd.status.storedVersions).toEqual(['v1alpha1']);
    await cluster.waitFor(async () => (await page('shop'))?.data?.greeting === 'again', {
      timeoutMs: 20_000,
      description: 'the ConfigMap following the v1alpha1 change',
    });
  });

  it('refuses, before any write, a CRD that drops v1alpha1 while objects are stored as it', async () => {
    const before = (await kube.get(CRD)) as KubeObject;
    const withoutAlpha = crdsOf([{ ...config, api: { ...config.api!, versions: [] } }]);
    const error = await installCrd(kube, withoutAlpha[0]!, { fieldManager: 'orkestra' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CrdInstallError);
    expect((error as Error).message).toContain('the new CRD drops version v1alpha1, which objects are still stored as');
    expect(((await kube.get(CRD)) as KubeObject).metadata.resourceVersion).toBe(before.metadata.resourceVersion);
  });

  it('refuses a read that needs a conversion which throws, with the conversion’s message', async () => {
    // Created as v1alpha1, the storage version: no conversion needed, so it is stored.
    await reader.create({
      apiVersion: `${group}/v1alpha1`,
      kind: 'Website',
      metadata: { name: 'bad', namespace: ns },
      spec: { image: 'nginx', message: 'reject' },
    });
    const failure = await read('v1', 'bad').then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(failure?.message).toContain(
      `cannot convert Website ${ns}/bad from ${group}/v1alpha1 to ${group}/v1: toHub of version v1alpha1 threw: message "reject" has no v1 form`,
    );
    await reader.delete(ref('v1alpha1', 'bad'));
  });
});
