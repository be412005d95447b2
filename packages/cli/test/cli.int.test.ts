import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { KubeObject } from '@orkestra/core';
import { matchObject } from '@orkestra/core/authoring';
import { Kubeclient } from '@orkestra/core/kube';
import { testCluster } from '@orkestra/testenv';
import { stringify } from 'yaml';
import type { DiffResult } from '../src/diff.js';
import { ExitCode } from '../src/index.js';
import { GENERATED } from '../src/render.js';
import { type CliRun, cli, example } from './helpers.js';
import { website } from './test-files.js';

const cluster = testCluster();
const katalog = example('katalog.yaml');
const tmp = mkdtempSync(join(tmpdir(), 'orkestra-cli-int-'));
type Ready = { type: string; status: string; reason: string; message: string };
const readyOf = (cr: KubeObject | undefined) =>
  ((cr?.status as { conditions?: Ready[] } | undefined)?.conditions ?? []).find((c) => c.type === 'Ready');

/** `orkestra run` in this process, until stop(). */
function startRun(args: string[]) {
  const abort = new AbortController();
  let logs = '';
  let resolveUrl!: (url: string) => void;
  const url = new Promise<string>((resolve) => (resolveUrl = resolve));
  const done: Promise<CliRun> = cli(
    [
      'run',
      '--katalog',
      katalog,
      '--kubeconfig',
      cluster.kubeconfigPath!,
      '--http-address',
      '127.0.0.1:0',
      '--log-format',
      'json',
      ...args,
    ],
    {
      signal: abort.signal,
      onStdout: (text) => {
        logs = text;
        const m = /"url":"(http:\/\/[^"]+)"/.exec(text);
        if (m) resolveUrl(m[1]!);
      },
    },
  );
  void done.then((r) => resolveUrl(`exited ${r.code}: ${r.stderr}`));
  return { done, url, logs: () => logs, stop: () => abort.abort() };
}

describe('orkestra run, render and diff against kube-apiserver', () => {
  let user: Kubeclient;
  let ns: string;
  let run: ReturnType<typeof startRun>;
  const ref = () => ({ apiVersion: 'example.com/v1', kind: 'Website', namespace: ns, name: 'shop' });
  const get = (kind: string, apiVersion: string, name: string) => user.get({ apiVersion, kind, namespace: ns, name });

  beforeAll(async () => {
    user = new Kubeclient(cluster.kubeConfig);
    ns = await cluster.newNamespace('cli');
    run = startRun([
      '--namespace',
      ns,
      '--leader-election-namespace',
      ns,
      // Generous timings: on a loaded machine a 2 s renew deadline was missed once (exit 6, lost Lease);
      // nothing here tests a hand-over, so nothing waits on a short Lease.
      '--retry-period',
      '1s',
      '--renew-deadline',
      '10s',
      '--lease-duration',
      '15s',
    ]);
    const url = await run.url;
    expect(url).toMatch(/^http:/);
    await cluster.waitFor(async () => (await fetch(`${url}/readyz`)).status === 200, {
      timeoutMs: 30_000,
      description: 'run to be ready',
    });
    await user.create(website(ns, 'shop', { image: 'nginx:1.27', replicas: 2, greeting: 'hi' }));
    await cluster.waitFor(async () => readyOf(await user.get(ref()))?.status === 'True', {
      timeoutMs: 30_000,
      description: 'the Website to be Ready',
    });
  }, 90_000);

  afterAll(async () => {
    run?.stop();
    await run?.done;
    await cluster.deleteNamespaces();
    await user?.close();
  });

  it('serves /healthz, /readyz and Prometheus /metrics fed by the reconciler', async () => {
    const url = await run.url;
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const readyz = await fetch(`${url}/readyz`);
    expect([readyz.status, (await readyz.text()).trim()]).toEqual([200, 'ok']);
    const metrics = await (await fetch(`${url}/metrics`)).text();
    expect(metrics).toMatch(/^orkestra_reconcile_total\{kind="Website",result="success",trigger="event"\} [1-9]/m);
    expect(metrics).toMatch(/^orkestra_reconcile_duration_seconds_bucket\{le="\+Inf",kind="Website"\} [1-9]/m);
    expect(metrics).toMatch(/^orkestra_queue_depth\{kind="Website"\} \d+/m);
    expect(metrics).toMatch(/^orkestra_api_requests_total\{verb="create"\} [1-9]/m); // children are created with POST
    expect(metrics).toMatch(/^orkestra_child_changes_total\{kind="Deployment",action="created"\} 1/m);
    expect(metrics).toMatch(/^orkestra_leader 1/m);
    expect(metrics).toMatch(/^orkestra_ready 1/m);
    expect(metrics).toContain('process_cpu_user_seconds_total');
    expect(run.logs()).toContain('"msg":"acquired the leader-election Lease"');
  });

  it('render prints exactly what run applied: each rendered object matches the live one', async () => {
    const live = await user.get(ref());
    const crFile = join(tmp, 'live-shop.yaml');
    writeFileSync(crFile, stringify(live));
    const r = await cli(['render', '--katalog', katalog, '--cr', crFile, '--show-secrets', '--output', 'json']);
    expect(r.code).toBe(ExitCode.Ok);
    const rendered = JSON.parse(r.stdout) as { items: KubeObject[]; notes: string[] };
    expect(rendered.notes.join(' ')).not.toContain('placeholder');
    expect(rendered.items.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual([
      'Deployment/shop-web',
      'Service/shop-web',
      'ConfigMap/shop-page',
      'Secret/shop-admin',
    ]);
    for (const object of rendered.items) {
      const liveChild = await get(object.kind, object.apiVersion, object.metadata.name!);
      expect(liveChild).toBeDefined();
      // A generated Secret value is random per render; the live Secret has one for that key.
      const data = object.data as Record<string, string> | undefined;
      for (const [k, v] of Object.entries(data ?? {})) {
        if (v !== GENERATED) continue;
        expect((liveChild!.data as Record<string, string>)[k]).toMatch(/^[A-Za-z0-9+/=]{32}$/);
        delete data![k];
      }
      expect({
        object: `${object.kind}/${object.metadata.name}`,
        drift: matchObject(object, liveChild!).drifted,
      }).toEqual({ object: `${object.kind}/${object.metadata.name}`, drift: [] });
      expect(liveChild!.metadata.ownerReferences).toEqual(object.metadata.ownerReferences);
      expect(liveChild!.metadata.annotations?.['orkestra.io/applied-fields']).toBe(
        object.metadata.annotations?.['orkestra.io/applied-fields'],
      );
      for (const [k, v] of Object.entries(object.metadata.labels ?? {}))
        expect(liveChild!.metadata.labels?.[k]).toBe(v);
    }
  });

  it('diff reports everything in sync, with reads only', async () => {
    const r = await cli([
      'diff',
      '--katalog',
      katalog,
      '--kubeconfig',
      cluster.kubeconfigPath!,
      '--namespace',
      ns,
      '--output',
      'json',
    ]);
    expect(r.code).toBe(ExitCode.Ok);
    const body = JSON.parse(r.stdout) as DiffResult & { writesSent: number; requests: Record<string, number> };
    expect(body.summary).toMatchObject({ resources: 1, 'in-sync': 4, drifted: 0, missing: 0, prune: 0 });
    expect(body.writesSent).toBe(0);
    expect(body.resources[0]?.ready).toBe('True');
  });

  it('diff lists drifted fields (Secret values redacted), a missing child and one to be pruned, and writes nothing', async () => {
    run.stop(); // nobody corrects anything while we look
    expect((await run.done).code).toBe(ExitCode.Ok);
    const cr = await user.get(ref());
    await user.patch(
      { apiVersion: 'apps/v1', kind: 'Deployment', namespace: ns, name: 'shop-web' },
      { spec: { replicas: 7 } },
      { fieldManager: 'kubectl' },
    );
    await user.patch(
      { apiVersion: 'v1', kind: 'Secret', namespace: ns, name: 'shop-admin' },
      { data: { username: Buffer.from('root').toString('base64') } },
      { fieldManager: 'kubectl' },
    );
    await user.delete({ apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name: 'shop-page' });
    await user.create({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      data: { old: 'yes' },
      metadata: {
        name: 'shop-old',
        namespace: ns,
        labels: { 'managed-by': 'orkestra', 'orkestra-owner': 'shop' },
        ownerReferences: [
          { apiVersion: 'example.com/v1', kind: 'Website', name: 'shop', uid: cr!.metadata.uid!, controller: true },
        ],
      },
    });
    const versions = async () =>
      Promise.all(
        [
          ['Deployment', 'apps/v1', 'shop-web'],
          ['Secret', 'v1', 'shop-admin'],
          ['ConfigMap', 'v1', 'shop-old'],
          ['Website', 'example.com/v1', 'shop'],
        ].map(async ([k, a, n]) => {
          const live = await get(k!, a!, n!);
          // The Deployment's status moves on its own (the test cluster runs the deployment controller and
          // simulated nodes): a write to it shows in its generation and in its spec, not in a status update.
          return k === 'Deployment'
            ? JSON.stringify([live?.metadata.generation, live?.spec])
            : live?.metadata.resourceVersion;
        }),
      );
    const before = await versions();

    const r = await cli([
      'diff',
      '--katalog',
      katalog,
      '--kubeconfig',
      cluster.kubeconfigPath!,
      '--namespace',
      ns,
      '--output',
      'json',
    ]);
    expect(r.code).toBe(ExitCode.Problems);
    const body = JSON.parse(r.stdout) as DiffResult & { writesSent: number };
    expect(body.writesSent).toBe(0);
    const children = body.resources[0]!.children;
    const state = (kind: string, name: string) => children.find((c) => c.kind === kind && c.name === name);
    expect(state('Deployment', 'shop-web')).toMatchObject({
      state: 'drifted',
      drifted: [{ path: 'spec.replicas', live: 7, desired: 2, reason: 'changed' }],
    });
    expect(state('Secret', 'shop-admin')).toMatchObject({
      state: 'drifted',
      drifted: [{ path: 'data.username', live: '[redacted]', desired: '[redacted]' }],
    });
    expect(JSON.stringify(body)).not.toContain(Buffer.from('root').toString('base64'));
    expect(state('ConfigMap', 'shop-page')?.state).toBe('missing');
    expect(state('Service', 'shop-web')?.state).toBe('in-sync');
    expect(state('ConfigMap', 'shop-old')?.state).toBe('prune');
    expect(await versions()).toEqual(before);
    expect(await get('ConfigMap', 'v1', 'shop-page')).toBeUndefined();

    const text = await cli(['diff', '--katalog', katalog, '--kubeconfig', cluster.kubeconfigPath!, '--namespace', ns]);
    expect(text.code).toBe(ExitCode.Problems);
    expect(text.stdout).toContain(`~ Deployment ${ns}/shop-web drifted`);
    expect(text.stdout).toContain('spec.replicas: 7 → 2');
    expect(text.stdout).toContain(`+ ConfigMap ${ns}/shop-page missing`);
    expect(text.stdout).toContain(`- ConfigMap ${ns}/shop-old to be pruned`);
    expect(text.stdout).toContain('1 custom resource: 1 in sync, 2 drifted, 1 missing, 1 to be pruned');
  });

  it("run refuses to start when the templates do not fit the installed CRD, with validate --crd's messages", async () => {
    const typo = join(tmp, 'typo.yaml');
    writeFileSync(
      typo,
      (await import('node:fs'))
        .readFileSync(katalog, 'utf8')
        .replace('image: "{{spec.image}}"', 'image: "{{spec.imag}}"'),
    );
    const args = [
      '--katalog',
      typo,
      '--kubeconfig',
      cluster.kubeconfigPath!,
      '--namespace',
      ns,
      '--no-leader-elect',
      '--log-level',
      'silent',
      '--http-address',
      '127.0.0.1:0',
    ];
    const r = await cli(['run', ...args]);
    expect(r.code).toBe(ExitCode.Problems);
    expect(r.stderr).toContain('does not fit the CRDs installed in the cluster: 1 problem');
    const validate = await cli(['validate', '--katalog', typo, '--crd', example('crd.yaml')]);
    const problem =
      /spec\.crds\[0\]\.resources\.deployments\.onReconcile\[0\]\.image: .*did you mean spec\.image\?.*/.exec(
        validate.stdout,
      )?.[0];
    expect(problem).toBeDefined();
    expect(r.stderr).toContain(problem!);
    // --skip-crd-check starts anyway: it runs until stopped.
    const abort = new AbortController();
    const skipped = cli(['run', ...args, '--skip-crd-check', '--log-level', 'info', '--log-format', 'json'], {
      signal: abort.signal,
      onStdout: (text) => text.includes('caches synced') && abort.abort(),
    });
    expect((await skipped).code).toBe(ExitCode.Ok);
  });

  it('run exits 1 naming the CRD to install when an owner kind is not served', async () => {
    const gadgets = join(tmp, 'gadgets.yaml');
    writeFileSync(
      gadgets,
      stringify({
        apiVersion: 'orkestra.io/v1alpha1',
        kind: 'Katalog',
        metadata: { name: 'gadgets' },
        spec: {
          crds: [
            {
              owner: { group: 'example.com', version: 'v1', kind: 'Gadget', plural: 'gadgets' },
              resources: { configmaps: { onReconcile: [{ data: { a: 'b' } }] } },
            },
          ],
        },
      }),
    );
    const r = await cli([
      'run',
      '--katalog',
      gadgets,
      '--kubeconfig',
      cluster.kubeconfigPath!,
      '--namespace',
      ns,
      '--no-leader-elect',
      '--log-level',
      'silent',
      '--http-address',
      '127.0.0.1:0',
    ]);
    expect(r.code).toBe(ExitCode.Problems);
    expect(r.stderr).toContain(
      'the API server does not serve Gadget (example.com/v1, resource gadgets): its CRD is not installed',
    );
  });

  it('run exits 1 naming the CRD to install when a child kind of a manifest is not served', async () => {
    const certificates = join(tmp, 'certificates.yaml');
    writeFileSync(
      certificates,
      stringify({
        apiVersion: 'orkestra.io/v1alpha1',
        kind: 'Katalog',
        metadata: { name: 'certificates' },
        spec: {
          crds: [
            {
              owner: { group: 'example.com', version: 'v1', kind: 'Website', plural: 'websites' },
              resources: {
                manifests: {
                  onReconcile: [
                    {
                      apiVersion: 'cert-manager.io/v1',
                      kind: 'Certificate',
                      metadata: { name: '{{metadata.name}}-tls' },
                      spec: { secretName: '{{metadata.name}}-tls' },
                    },
                  ],
                },
              },
            },
          ],
        },
      }),
    );
    const r = await cli([
      'run',
      '--katalog',
      certificates,
      '--kubeconfig',
      cluster.kubeconfigPath!,
      '--namespace',
      ns,
      '--no-leader-elect',
      '--log-level',
      'silent',
      '--http-address',
      '127.0.0.1:0',
    ]);
    // The katalog is checked against the cluster before anything starts: the problem names the katalog's line.
    expect(r.stderr).toMatch(
      /certificates\.yaml:\d+:\d+ spec\.crds\[0\]\.resources\.manifests\.onReconcile\[0\]\.kind: the cluster does not serve kind Certificate in cert-manager\.io\/v1/,
    );
    expect(r.stderr).toContain('install the CustomResourceDefinition of Certificate (group cert-manager.io)');
    expect(r.stderr).not.toContain('unexpected error');
    expect(r.code).toBe(ExitCode.Problems);
  });
});
