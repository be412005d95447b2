/**
 * The self-managed webhook certificate rotated under load: short lifetimes (serving certificate 6 s, CA 24 s) so
 * that within ~30 s the serving certificate is renewed several times and the CA once (a next CA added to the
 * bundle, then promoted, the old one kept as previous), while a loop of creates goes through the validating
 * webhook. No admission may fail: each good Website is accepted, each bad one refused by the hook's own message.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { KubeObject, OwnerObject } from '@orkestra/core';
import { Kubeclient } from '@orkestra/core/kube';
import type { ReconcilerConfig } from '@orkestra/reconciler';
import { freePort, testCluster } from '@orkestra/testenv';
import { Manager, type ManagerExit, webhookConfigurations } from '../src/index.js';

const cluster = testCluster();
const exampleFile = fileURLToPath(new URL('../../../examples/website/operator.ts', import.meta.url));
const LOOP_MS = 30_000;

describe('self-managed webhook certificates', () => {
  let user: Kubeclient;
  let kube: Kubeclient;
  let ns: string;
  let manager: Manager;
  let exit: Promise<ManagerExit>;
  const stop = new AbortController();
  const name = () => `rotation-${ns}`;

  beforeAll(async () => {
    const { websiteConfig } = (await import(pathToFileURL(exampleFile).href)) as { websiteConfig: ReconcilerConfig };
    user = new Kubeclient(cluster.kubeConfig);
    kube = new Kubeclient(cluster.kubeConfig);
    ns = await cluster.newNamespace('rotation');
    const port = await freePort();
    const config: ReconcilerConfig = {
      ...websiteConfig,
      namespaces: [ns],
      hooks: {
        validate: (cr) =>
          (cr as OwnerObject & { spec: { image: string } }).spec.image.includes(':') ? undefined : 'no tag',
      },
      webhooks: { validate: true },
    };
    const clientConfig = { url: `https://127.0.0.1:${port}` };
    for (const o of webhookConfigurations([config], { name: name(), clientConfig })) await user.create(o);
    manager = new Manager({
      kube,
      namespace: ns,
      reconcilers: [config],
      permissions: false,
      httpAddress: false,
      webhooks: {
        name: name(),
        clientConfig,
        address: `127.0.0.1:${port}`,
        certificates: { mode: 'self-managed', certLifetimeMs: 6_000, caLifetimeMs: 24_000 },
      },
    });
    exit = manager.run(stop.signal);
    await cluster.waitFor(async () => manager.webhooks?.ready, { timeoutMs: 20_000, description: 'webhooks served' });
  });
  afterAll(async () => {
    stop.abort();
    await exit.catch(() => undefined);
    await user
      .delete({ apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingWebhookConfiguration', name: name() })
      .catch(() => undefined);
    await kube.close();
    await cluster.deleteNamespaces();
    await user.close();
  });

  it('renews the serving certificate and rotates the CA with no failed admission', async () => {
    const seen = { serving: new Set<string>(), ca: new Set<string>(), previous: 0 };
    const look = async () => {
      const secret = (await user.get({
        apiVersion: 'v1',
        kind: 'Secret',
        namespace: ns,
        name: `${name()}-webhook-cert`,
      })) as (KubeObject & { data: Record<string, string> }) | undefined;
      if (!secret) return;
      seen.serving.add(secret.data['tls.crt']!);
      seen.ca.add(secret.data['ca.crt']!);
      if (secret.data['previous-ca.crt']) seen.previous++;
    };
    const website = (n: string, image: string) => ({
      apiVersion: 'example.com/v1',
      kind: 'Website',
      metadata: { name: n, namespace: ns },
      spec: { image },
    });
    const failures: string[] = [];
    let admissions = 0;
    const end = Date.now() + LOOP_MS;
    for (let i = 0; Date.now() < end; i++) {
      await user.create(website(`ok-${i}`, 'nginx:1.27'), { dryRun: true }).then(
        () => admissions++,
        (e: Error) => failures.push(`ok-${i}: ${e.message}`),
      );
      await user.create(website(`bad-${i}`, 'nginx'), { dryRun: true }).then(
        () => failures.push(`bad-${i}: accepted`),
        (e: Error) =>
          /denied the request: no tag/.test(e.message) ? admissions++ : failures.push(`bad-${i}: ${e.message}`),
      );
      await look();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(failures).toEqual([]);
    expect(admissions).toBeGreaterThan(40);
    expect(seen.serving.size).toBeGreaterThanOrEqual(4);
    expect(seen.ca.size).toBeGreaterThanOrEqual(2);
    expect(seen.previous).toBeGreaterThan(0);
  });
});
