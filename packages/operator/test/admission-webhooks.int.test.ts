/**
 * Issue 25's admission webhooks on the real API server: the Website operator of examples/website/operator.ts with
 * its `validate` hook served as a validating webhook and a `default` hook as a mutating one, under two Managers
 * sharing a Lease and one self-managed certificate Secret. The API server reaches the standby replica's webhook
 * server on 127.0.0.1 (`clientConfig.url`), so every admission below is answered by the replica that does not
 * reconcile, while the leader reconciles.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { KubeObject, OwnerObject } from '@orkestra/core';
import { Kubeclient } from '@orkestra/core/kube';
import type { ReconcilerConfig, ReconcilerHooks } from '@orkestra/reconciler';
import { freePorts, testCluster } from '@orkestra/testenv';
import { Manager, type ManagerExit, webhookConfigurations } from '../src/index.js';

const cluster = testCluster();
const exampleFile = fileURLToPath(new URL('../../../examples/website/operator.ts', import.meta.url));

type Website = OwnerObject & { spec: { image: string; replicas?: number; greeting?: string } };

const hooks: ReconcilerHooks = {
  validate: (cr) => {
    const { image } = (cr as Website).spec;
    return image.endsWith(':latest') || !image.includes(':')
      ? `spec.image must name a version (${image} moves under you): use e.g. nginx:1.27`
      : undefined;
  },
  default: (cr) => {
    const w = cr as Website;
    w.spec.greeting ??= `Welcome to ${w.metadata.name}`;
  },
};

describe('admission webhooks served by the Manager', () => {
  let websiteConfig: ReconcilerConfig;
  let user: Kubeclient;
  let ns: string;
  let config: ReconcilerConfig;
  const replicas: { manager: Manager; kube: Kubeclient; stop: AbortController; exit: Promise<ManagerExit> }[] = [];
  const ports: number[] = [];
  const name = () => `websites-${ns}`;
  const website = (n: string, spec: Website['spec']) => ({
    apiVersion: 'example.com/v1',
    kind: 'Website',
    metadata: { name: n, namespace: ns },
    spec,
  });
  const get = (kind: string, n: string, apiVersion = 'example.com/v1') =>
    user.get({ apiVersion, kind, namespace: ns, name: n });

  const start = (identity: string, port: number) => {
    const kube = new Kubeclient(cluster.kubeConfig);
    const manager = new Manager({
      kube,
      namespace: ns,
      reconcilers: [config],
      httpAddress: '127.0.0.1:0',
      stopTimeoutMs: 5_000,
      permissions: false,
      leaderElection: {
        namespace: ns,
        name: 'website-operator',
        identity,
        leaseDurationMs: 4_000,
        renewDeadlineMs: 3_000,
        retryPeriodMs: 500,
      },
      webhooks: {
        name: name(),
        clientConfig: { url: `https://127.0.0.1:${ports[1]}` },
        address: `127.0.0.1:${port}`,
      },
    });
    const stop = new AbortController();
    replicas.push({ manager, kube, stop, exit: manager.run(stop.signal) });
    return manager;
  };

  beforeAll(async () => {
    ({ websiteConfig } = (await import(pathToFileURL(exampleFile).href)) as { websiteConfig: ReconcilerConfig });
    user = new Kubeclient(cluster.kubeConfig);
    ns = await cluster.newNamespace('webhooks');
    config = { ...websiteConfig, namespaces: [ns], hooks, webhooks: { validate: true, default: true } };
    ports.push(...(await freePorts(2)));
    // What `orkestra generate manifests` writes, in url mode: the API server calls the standby (ports[1]).
    for (const o of webhookConfigurations([config], {
      name: name(),
      clientConfig: { url: `https://127.0.0.1:${ports[1]}` },
    }))
      await user.create(o);
  });
  afterAll(async () => {
    for (const r of replicas) r.stop.abort();
    await Promise.all(replicas.map((r) => r.exit.catch(() => undefined)));
    for (const kind of ['ValidatingWebhookConfiguration', 'MutatingWebhookConfiguration'])
      await user.delete({ apiVersion: 'admissionregistration.k8s.io/v1', kind, name: name() }).catch(() => undefined);
    await Promise.all(replicas.map((r) => r.kube.close()));
    await cluster.deleteNamespaces();
    await user.close();
  });

  it('refuses at apply (dry run included, nothing stored), defaults, and answers on the standby while the leader reconciles', async () => {
    const leader = start('webhooks-a', ports[0]!);
    await cluster.waitFor(async () => leader.readiness().ready && leader.readiness().detail === 'ok', {
      timeoutMs: 30_000,
      description: 'replica a leading and reconciling',
    });
    const standby = start('webhooks-b', ports[1]!);
    await cluster.waitFor(async () => standby.readiness().ready, { timeoutMs: 30_000, description: 'replica b ready' });
    expect(standby.readiness().detail).toMatch(/^standby/);
    // Both replicas use the one Secret: the same CA bundle, injected into both configurations.
    expect(standby.webhooks?.caBundle()).toBe(leader.webhooks?.caBundle());
    for (const kind of ['ValidatingWebhookConfiguration', 'MutatingWebhookConfiguration']) {
      const live = (await user.get({
        apiVersion: 'admissionregistration.k8s.io/v1',
        kind,
        name: name(),
      })) as KubeObject & {
        webhooks: { clientConfig: { caBundle?: string } }[];
      };
      expect(Buffer.from(live.webhooks[0]!.clientConfig.caBundle ?? '', 'base64').toString()).toBe(
        leader.webhooks?.caBundle(),
      );
    }

    // Refused by the validate hook at the API server: create and server-side dry run, nothing stored.
    const refusal =
      /admission webhook "validate\.websites\.example\.com" denied the request: spec\.image must name a version \(nginx:latest moves under you\): use e\.g\. nginx:1\.27/;
    await expect(user.create(website('moving', { image: 'nginx:latest' }), { dryRun: true })).rejects.toThrow(refusal);
    await expect(user.create(website('moving', { image: 'nginx:latest' }))).rejects.toThrow(refusal);
    expect(await get('Website', 'moving')).toBeUndefined();

    // Accepted, with the default hook's computed greeting stored; the leader reconciles it.
    await user.create(website('shop', { image: 'nginx:1.27' }));
    expect(((await get('Website', 'shop')) as Website).spec.greeting).toBe('Welcome to shop');
    await cluster.waitFor(async () => await get('Deployment', 'shop-web', 'apps/v1'), {
      timeoutMs: 20_000,
      description: 'the leader made the Deployment',
    });
    // An update to a bad image is refused too; a greeting given is kept.
    const ref = { apiVersion: 'example.com/v1', kind: 'Website', namespace: ns, name: 'shop' };
    await expect(user.patch(ref, { spec: { image: 'nginx' } }, { type: 'merge' })).rejects.toThrow(
      /denied the request/,
    );
    await user.create(website('blog', { image: 'nginx:1.27', greeting: 'Hi' }));
    expect(((await get('Website', 'blog')) as Website).spec.greeting).toBe('Hi');

    // The leader's webhook server answers the same review (the API server calls the standby's).
    const review = {
      apiVersion: 'admission.k8s.io/v1',
      kind: 'AdmissionReview',
      request: { uid: 'u1', operation: 'CREATE', object: website('x', { image: 'nginx:latest' }) },
    };
    const { request } = await import('node:https');
    const answer = await new Promise<{ response: { allowed: boolean; status: { message: string } } }>(
      (resolve, reject) => {
        const req = request(
          `${leader.webhooks!.url}/validate/example.com/v1/websites`,
          { method: 'POST', ca: leader.webhooks!.caBundle(), servername: '127.0.0.1' },
          (res) => {
            let text = '';
            res.on('data', (c) => (text += c));
            res.on('end', () => resolve(JSON.parse(text)));
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify(review));
      },
    );
    expect(answer.response).toMatchObject({ uid: 'u1', allowed: false });
    expect(answer.response.status.message).toMatch(/nginx:latest moves under you/);
  });
});
