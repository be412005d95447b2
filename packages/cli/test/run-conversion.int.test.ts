/**
 * `orkestra run` with a katalog whose v1alpha1 converts by code, on the real control plane: the CRD's
 * conversion webhook gets the operator's CA bundle — installed by `run --install-crds` (after the webhook
 * server has its certificate), or installed beforehand as `generate crd --webhook-url` writes it, with no
 * bundle — so an object stored as v1alpha1 reads as v1, and the reconciler sees it. The webhook is reached at
 * --webhook-url (the control plane runs outside any cluster network).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { KubeObject } from '@orkestra/core';
import { Kubeclient } from '@orkestra/core/kube';
import { freePort, testCluster } from '@orkestra/testenv';
import { parseAllDocuments } from 'yaml';
import { cli, fixture } from './helpers.js';

const cluster = testCluster();
const group = 'run-conversion.example.com';
const katalog = fixture('versions/run-conversion.yaml');
const CRD = { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', name: `websites.${group}` };

type Crd = KubeObject & { spec: { conversion: { webhook: { clientConfig: { url: string; caBundle?: string } } } } };

describe('orkestra run: the CA bundle of a conversion webhook', () => {
  let kube: Kubeclient;
  let ns: string;
  let port: number;
  let url: string;
  const ref = (version: string, name: string) => ({
    apiVersion: `${group}/${version}`,
    kind: 'Website',
    name,
    namespace: ns,
  });

  beforeAll(async () => {
    kube = new Kubeclient(cluster.kubeConfig);
    ns = await cluster.newNamespace('run-conversion');
    port = await freePort();
    url = `https://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await kube.delete(CRD).catch(() => false);
    await kube.close();
  });

  /** `orkestra run` in this process until the returned stop; resolves once its caches have synced. */
  async function run(extra: string[]) {
    const stop = new AbortController();
    let out = '';
    const done = cli(
      [
        'run',
        '--katalog',
        katalog,
        '--kubeconfig',
        cluster.kubeconfigPath!,
        '--namespace',
        ns,
        '--no-leader-elect',
        '--http-address',
        '127.0.0.1:0',
        '--webhook-address',
        `127.0.0.1:${port}`,
        '--webhook-url',
        url,
        '--log-format',
        'json',
        ...extra,
      ],
      { signal: stop.signal, onStdout: (text) => (out = text) },
    );
    let finished: Awaited<typeof done> | undefined;
    void done.then((r) => (finished = r));
    await cluster.waitFor(
      async () => {
        if (finished) throw new Error(`orkestra run exited ${finished.code}: ${finished.stderr}${finished.stdout}`);
        return out.includes('caches synced');
      },
      { timeoutMs: 60_000, description: 'orkestra run reconciling' },
    );
    return {
      logs: () => out,
      stop: async () => {
        stop.abort();
        return done;
      },
    };
  }

  /** Creates `name` as v1alpha1 (the storage version) and reads it as v1: that read needs the webhook. */
  async function readsAsV1(name: string): Promise<void> {
    await kube.create({
      apiVersion: `${group}/v1alpha1`,
      kind: 'Website',
      metadata: { name, namespace: ns },
      spec: { image: 'nginx', message: 'hello' },
    });
    let last: unknown;
    await cluster.waitFor(
      async () => {
        last = await kube.get(ref('v1', name)).catch((e: unknown) => (e as Error).message);
        return typeof last === 'object';
      },
      { timeoutMs: 15_000, description: `Website ${name} read as v1 (last: ${String(last)})` },
    );
    expect((last as KubeObject & { spec: unknown }).spec).toEqual({ image: 'nginx', greeting: 'hello' });
    // The reconciler, which works at v1, sees it too: its child carries the v1 greeting.
    await cluster.waitFor(
      async () =>
        (
          (await kube.get({ apiVersion: 'v1', kind: 'ConfigMap', name: `${name}-page`, namespace: ns })) as
            | (KubeObject & { data?: Record<string, string> })
            | undefined
        )?.data?.greeting === 'hello',
      { timeoutMs: 20_000, description: `the ConfigMap of ${name}` },
    );
  }

  it('with --install-crds: the CRD is installed with the CA bundle, and v1alpha1 objects read as v1', async () => {
    const operator = await run(['--install-crds']);
    try {
      const crd = (await kube.get(CRD)) as Crd;
      expect(crd.spec.conversion.webhook.clientConfig.url).toBe(`${url}/convert/${group}/websites`);
      expect(crd.spec.conversion.webhook.clientConfig.caBundle).toBeDefined();
      await readsAsV1('installed');
    } finally {
      expect((await operator.stop()).code).toBe(0);
    }
  }, 120_000);

  it('without --install-crds, the CRD applied from generate crd (no bundle): run writes the bundle in', async () => {
    await kube.delete(CRD);
    await cluster.waitFor(async () => (await kube.get(CRD)) === undefined, {
      timeoutMs: 30_000,
      description: 'CRD gone',
    });
    const generated = await cli(['generate', 'crd', '--katalog', katalog, '--webhook-url', url]);
    expect(generated.code).toBe(0);
    const crd = parseAllDocuments(generated.stdout)
      .map((d) => d.toJS() as Crd | null)
      .find((d) => d?.kind === 'CustomResourceDefinition')!;
    expect(crd.spec.conversion.webhook.clientConfig.caBundle).toBeUndefined();
    await kube.create(crd);
    await cluster.waitFor(
      async () =>
        (
          (await kube.get(CRD)) as KubeObject & { status?: { conditions?: { type: string; status: string }[] } }
        )?.status?.conditions?.some((c) => c.type === 'Established' && c.status === 'True') === true,
      { timeoutMs: 30_000, description: 'the CRD Established' },
    );
    const operator = await run([]);
    try {
      await readsAsV1('applied');
      expect(((await kube.get(CRD)) as Crd).spec.conversion.webhook.clientConfig.caBundle).toBeDefined();
      expect(operator.logs()).toContain('CA bundle written in the conversion webhook of CRD');
    } finally {
      expect((await operator.stop()).code).toBe(0);
    }
  }, 120_000);
});
