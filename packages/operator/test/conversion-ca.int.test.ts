/**
 * The CA bundle of a CRD's conversion webhook on the real control plane, the CRD installed by someone else (as
 * `orkestra generate crd --webhook-url` writes it: no caBundle) and the Manager started without `installCrds`:
 * the Manager writes its CA bundle into the CRD, so an object stored as v1alpha1 reads as v1; after a CA
 * rotation it writes the new one; a CRD whose conversion calls another server is never written, and is reported
 * (an error in the log, a Warning Event on the CRD, 0 in `orkestra_conversion_webhook_reachable`).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as configmaps from '@orkestra/configmaps';
import type { KubeObject, Logger } from '@orkestra/core';
import { Kubeclient } from '@orkestra/core/kube';
import { createCertificate, type KeyPairWithCert } from '@orkestra/core/x509';
import { children, defineOperator, type VersionedObject } from '@orkestra/reconciler';
import { freePort, testCluster } from '@orkestra/testenv';
import { crdsOf, installCrd } from '../src/crd-install.js';
import { type CertificateSource, Manager, type ServingCertificate } from '../src/index.js';

const cluster = testCluster();
const group = 'conversion-ca.example.com';
const CRD = { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', name: `websites.${group}` };

type Crd = KubeObject & { spec: { conversion: { webhook: { clientConfig: { url: string; caBundle?: string } } } } };

/** A certificate source whose CA the test rotates: each CA signs a serving certificate for 127.0.0.1. */
class RotatingCertificates implements CertificateSource {
  ca: KeyPairWithCert = createCertificate({ subject: { commonName: 'conversion-ca-1' }, isCA: true, days: 1 });
  private onCertificate: ((c: ServingCertificate) => void) | undefined;
  private readonly listeners: ((pem: string) => void)[] = [];
  private leaf(): ServingCertificate {
    const leaf = createCertificate(
      { subject: { commonName: 'webhook' }, usages: ['server'], hosts: ['127.0.0.1'] },
      this.ca,
    );
    return { certPem: leaf.certPem, keyPem: leaf.keyPem };
  }
  async start(onCertificate: (c: ServingCertificate) => void): Promise<ServingCertificate> {
    this.onCertificate = onCertificate;
    return this.leaf();
  }
  caBundle(): string {
    return this.ca.certPem;
  }
  onCaBundle(listener: (pem: string) => void): void {
    this.listeners.push(listener);
  }
  /** A new CA, its bundle announced, then a certificate signed by it served. */
  rotate(): void {
    this.ca = createCertificate({ subject: { commonName: 'conversion-ca-2' }, isCA: true, days: 1 });
    for (const l of this.listeners) l(this.ca.certPem);
    this.onCertificate?.(this.leaf());
  }
}

/** A logger keeping the error lines. */
function recordingLogger(errors: string[]): Logger {
  const none = () => undefined;
  return { debug: none, info: none, warn: none, error: (_fields, message) => void errors.push(message) };
}

const toHub = (o: VersionedObject) => {
  const { message, ...spec } = o.spec as { message?: string };
  return { spec: { ...spec, ...(message === undefined ? {} : { greeting: message }) } };
};
const fromHub = (o: VersionedObject) => {
  const { greeting, ...spec } = o.spec as { greeting?: string };
  return { spec: { ...spec, ...(greeting === undefined ? {} : { message: greeting }) } };
};

const config = defineOperator({
  owner: { group, version: 'v1', kind: 'Website', plural: 'websites' },
  api: {
    spec: { type: 'object', properties: { image: { type: 'string' }, greeting: { type: 'string' } } },
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
  children: [children(configmaps.handler, { onReconcile: [{ name: '{{metadata.name}}-page', data: { a: 'b' } }] })],
});

describe('Manager: the conversion webhook’s CA bundle in a CRD it did not install', () => {
  let kube: Kubeclient;
  let reader: Kubeclient;
  let manager: Manager;
  let ns: string;
  let url: string;
  const errors: string[] = [];
  const certificates = new RotatingCertificates();
  const bundleOf = async () => {
    const crd = (await kube.get(CRD)) as Crd;
    const b64 = crd.spec.conversion.webhook.clientConfig.caBundle;
    return b64 === undefined ? undefined : Buffer.from(b64, 'base64').toString();
  };
  const metric = async () => {
    const text = await manager.metrics.registry.metrics();
    return /orkestra_conversion_webhook_reachable\{crd="([^"]+)"\} (\d)/.exec(text)?.slice(1);
  };

  beforeAll(async () => {
    kube = new Kubeclient(cluster.kubeConfig);
    reader = new Kubeclient(cluster.kubeConfig);
    ns = await cluster.newNamespace('conversion-ca');
    const port = await freePort();
    url = `https://127.0.0.1:${port}`;
    // Installed as `generate crd --webhook-url` writes it: the webhook's URL, no CA bundle.
    const [crd] = crdsOf([config], () => ({ url: `${url}/convert/${group}/websites` }));
    await installCrd(kube, crd!, { fieldManager: 'kubectl' });
    expect(await bundleOf()).toBeUndefined();
    manager = new Manager({
      kube,
      logger: recordingLogger(errors),
      reconcilers: [{ ...config, namespaces: [ns] }],
      permissions: false,
      webhooks: { name: 'conversion-ca-test', clientConfig: { url }, address: `127.0.0.1:${port}`, certificates },
    });
    await manager.start();
  }, 60_000);
  afterAll(async () => {
    await manager?.stop();
    await kube.delete(CRD).catch(() => false);
    await Promise.all([kube.close(), reader.close()]);
  }, 60_000);

  it('writes its CA bundle into the CRD, so an object stored as v1alpha1 reads as v1', async () => {
    await cluster.waitFor(async () => (await bundleOf()) === certificates.ca.certPem, {
      timeoutMs: 10_000,
      description: 'the CA bundle in the CRD',
    });
    await reader.create({
      apiVersion: `${group}/v1alpha1`,
      kind: 'Website',
      metadata: { name: 'shop', namespace: ns },
      spec: { image: 'nginx', message: 'hello' },
    });
    const v1 = (await reader.get({ apiVersion: `${group}/v1`, kind: 'Website', name: 'shop', namespace: ns })) as
      | (KubeObject & { spec: unknown })
      | undefined;
    expect(v1?.spec).toEqual({ image: 'nginx', greeting: 'hello' });
    expect(await metric()).toEqual([`websites.${group}`, '1']);
    expect(errors).toEqual([]);
  });

  it('writes the new CA bundle after a CA rotation, and conversion goes on', async () => {
    certificates.rotate();
    await cluster.waitFor(async () => (await bundleOf()) === certificates.ca.certPem, {
      timeoutMs: 10_000,
      description: 'the rotated CA bundle in the CRD',
    });
    await cluster.waitFor(
      async () =>
        (
          (await reader
            .get({ apiVersion: `${group}/v1`, kind: 'Website', name: 'shop', namespace: ns })
            .catch(() => undefined)) as KubeObject | undefined
        )?.apiVersion === `${group}/v1`,
      { timeoutMs: 10_000, description: 'a v1 read converted through the rotated certificate' },
    );
  });

  it('never writes a CRD whose conversion calls another server, and says so', async () => {
    const elsewhere = 'https://127.0.0.1:1/convert/elsewhere';
    await kube.patch(CRD, { spec: { conversion: { webhook: { clientConfig: { url: elsewhere, caBundle: null } } } } });
    certificates.rotate();
    await cluster.waitFor(async () => errors.length > 0, { timeoutMs: 10_000, description: 'an error logged' });
    expect(errors[0]).toContain(
      `the API server cannot call the conversion webhook of CRD websites.${group}: its conversion webhook calls ${elsewhere}, and this operator serves ${url}/convert/${group}/websites`,
    );
    expect(await bundleOf()).toBeUndefined();
    expect(await metric()).toEqual([`websites.${group}`, '0']);
    // And on the CRD, where `kubectl describe crd` shows it (Events of cluster-scoped objects live in default).
    await cluster.waitFor(
      async () => {
        const events = await kube.list('v1', 'Event', { namespace: 'default' });
        return events.items.some(
          (e) =>
            (e as KubeObject & { reason?: string; involvedObject?: { name?: string } }).reason ===
              'ConversionWebhookUnreachable' &&
            (e as KubeObject & { involvedObject?: { name?: string } }).involvedObject?.name === `websites.${group}`,
        );
      },
      { timeoutMs: 10_000, description: 'a Warning Event on the CRD' },
    );
  });
});
