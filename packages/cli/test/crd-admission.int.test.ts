/**
 * Validation and defaults at admission, with no webhook: the Website CRD and admission policy that
 * `orkestra generate crd` writes (examples/website/crd.yaml and admission.yaml, kept equal to its output by
 * generate-crd.test.ts) installed in the real API server. A Website breaking the CEL rule is refused on create
 * and on update with the rule's message and nothing stored; the ValidatingAdmissionPolicy rule likewise; a
 * Website without replicas gets the schema's default.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { KubeObject } from '@orkestra/core';
import { Kubeclient } from '@orkestra/core/kube';
import { installCRDs, testCluster, waitFor } from '@orkestra/testenv';
import { parseAllDocuments } from 'yaml';
import { example } from './helpers.js';

const databaseCrd = fileURLToPath(new URL('../../../examples/database/crd.yaml', import.meta.url));

import { website } from './test-files.js';

const cluster = testCluster();
const SCRIPT = 'spec.greeting is shown as HTML and may not hold a <script> tag';

type Website = KubeObject & { spec: { image: string; replicas?: number; greeting?: string; expose?: boolean } };

/** What the API server answered, as a rejection's message (or `stored` when it took the object). */
async function refusal(write: Promise<unknown>): Promise<string> {
  try {
    await write;
    return 'stored';
  } catch (e) {
    return (e as Error).message;
  }
}

describe('admission without a webhook: the generated Website CRD and policy', () => {
  let kube: Kubeclient;
  let ns: string;
  const admission = parseAllDocuments(readFileSync(example('admission.yaml'), 'utf8')).map(
    (d) => d.toJS() as KubeObject,
  );
  const ref = (name: string) => ({ apiVersion: 'example.com/v1', kind: 'Website', namespace: ns, name });
  const get = async (name: string) => (await kube.get(ref(name))) as Website | undefined;

  beforeAll(async () => {
    await installCRDs(cluster.kubeConfig, [example('crd.yaml')]);
    kube = new Kubeclient(cluster.kubeConfig);
    ns = await cluster.newNamespace('admission');
    for (const object of admission) await kube.apply(object, { fieldManager: 'test' });
    // The policy is enforced once the API server has compiled it: until a Website over the limit is refused.
    await waitFor(
      async () =>
        (await refusal(kube.create(website(ns, 'probe', { image: 'nginx', replicas: 30 }), { dryRun: true }))) !==
        'stored',
      { timeoutMs: 20_000, intervalMs: 100, description: 'the ValidatingAdmissionPolicy to be enforced' },
    );
  });
  afterAll(async () => {
    // The policy is cluster-wide: other test files create Websites too.
    for (const o of [...admission].reverse())
      await kube.delete({ apiVersion: o.apiVersion, kind: o.kind, name: o.metadata.name! }).catch(() => false);
    await kube.close();
  });

  it('runs no webhook: no webhook configuration exists', async () => {
    for (const kind of ['ValidatingWebhookConfiguration', 'MutatingWebhookConfiguration'])
      expect((await kube.list('admissionregistration.k8s.io/v1', kind)).items).toEqual([]);
  });

  it('refuses a Website breaking the CEL rule on create, with the rule’s message, and stores nothing', async () => {
    const message = await refusal(kube.create(website(ns, 'bad', { image: 'nginx', greeting: '<Script>x</script>' })));
    expect(message).toContain(SCRIPT);
    expect(message).toContain('spec.greeting');
    expect(await get('bad')).toBeUndefined();
  });

  it('refuses an update breaking the CEL rule, leaving the stored Website as it was', async () => {
    await kube.create(website(ns, 'good', { image: 'nginx', greeting: 'Hello' }));
    const before = (await get('good'))!;
    const message = await refusal(
      kube.patch(ref('good'), { spec: { greeting: '<SCRIPT>alert(1)</SCRIPT>' } }, { fieldManager: 'kubectl-edit' }),
    );
    expect(message).toContain(SCRIPT);
    const after = (await get('good'))!;
    expect(after.metadata.resourceVersion).toBe(before.metadata.resourceVersion);
    expect(after.spec.greeting).toBe('Hello');
  });

  it('gives a Website created without replicas the schema’s defaults', async () => {
    await kube.create(website(ns, 'defaults', { image: 'nginx' }));
    expect((await get('defaults'))!.spec).toEqual({ image: 'nginx', replicas: 1, expose: true });
  });

  it('refuses, by the ValidatingAdmissionPolicy, more than 10 replicas on create and on update, storing nothing', async () => {
    const limit = 'spec.replicas is 30: more than 10 takes a member of website-admins';
    const created = await refusal(kube.create(website(ns, 'big', { image: 'nginx', replicas: 30 })));
    expect(created).toContain(limit);
    expect(created).toContain("ValidatingAdmissionPolicy 'websites.example.com'");
    expect(await get('big')).toBeUndefined();

    await kube.create(website(ns, 'small', { image: 'nginx', replicas: 2 }));
    const before = (await get('small'))!;
    const updated = await refusal(
      kube.patch(ref('small'), { spec: { replicas: 30 } }, { fieldManager: 'kubectl-edit' }),
    );
    expect(updated).toContain(limit);
    expect((await get('small'))!.metadata.resourceVersion).toBe(before.metadata.resourceVersion);
  });
});

describe('admission without a webhook: the generated Database CRD', () => {
  it('refuses a version that is not one, with the message the rule computes, and defaults replicas', async () => {
    await installCRDs(cluster.kubeConfig, [databaseCrd]);
    const kube = new Kubeclient(cluster.kubeConfig);
    try {
      const ns = await cluster.newNamespace('admission-db');
      const database = (name: string, spec: Record<string, unknown>) => ({
        apiVersion: 'example.com/v1',
        kind: 'Database',
        metadata: { name, namespace: ns },
        spec,
      });
      const message = await refusal(kube.create(database('orders', { version: 'latest', storage: '1Gi' })));
      expect(message).toContain(
        'spec.version: Invalid value: "latest": spec.version is a PostgreSQL version such as 17 or 17.2, not latest',
      );
      const created = (await kube.create(database('orders', { version: '17.2', storage: '1Gi' }))) as KubeObject & {
        spec: unknown;
      };
      expect(created.spec).toEqual({ version: '17.2', storage: '1Gi', replicas: 1 });
    } finally {
      await kube.close();
    }
  });
});
