/**
 * `orkestra run --katalogs-from-cluster` against kube-apiserver: the process serves the example platform Katalog
 * (examples/platform) with the installed resource packages, as the team's ServiceAccount, and stops on the signal.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { KubeObject } from '@orkestra/core';
import { Kubeclient } from '@orkestra/core/kube';
import { testCluster, waitFor } from '@orkestra/testenv';
import { loadAll } from 'js-yaml';
import { ExitCode } from '../src/index.js';
import { cli } from './helpers.js';

const cluster = testCluster();
const platform = (file: string) =>
  loadAll(readFileSync(new URL(`../../../examples/platform/${file}`, import.meta.url), 'utf8')) as KubeObject[];

describe('orkestra run --katalogs-from-cluster', () => {
  let user: Kubeclient;
  const abort = new AbortController();
  // Started in the test, not in beforeAll: under Jest's ESM runtime a dynamic import made from a hook's async
  // continuation fails ("outside of the scope of the test code"), so `run` would find no resource packages.
  let run: ReturnType<typeof cli> | undefined;
  beforeAll(async () => {
    user = new Kubeclient(cluster.kubeConfig);
    for (const object of platform('team.yaml'))
      await user.apply(object, { fieldManager: 'test', force: true }).catch((e: unknown) => {
        if (!String(e).includes('AlreadyExists')) throw e;
      });
  });
  afterAll(async () => {
    abort.abort();
    await run;
    await user
      .delete({
        apiVersion: 'apiextensions.k8s.io/v1',
        kind: 'CustomResourceDefinition',
        name: 'websites.web.platform.example.com',
      })
      .catch(() => false);
    await user.close();
  });

  it("serves the example Katalog: its status Ready, an instance's children made", async () => {
    const [katalog] = platform('katalog.yaml');
    run = cli(
      [
        'run',
        '--katalogs-from-cluster',
        '--kubeconfig',
        cluster.kubeconfigPath!,
        '--http-address',
        '127.0.0.1:0',
        '--no-leader-elect',
        '--log-format',
        'json',
      ],
      { signal: abort.signal },
    );
    await waitFor(
      () =>
        user.get({
          apiVersion: 'apiextensions.k8s.io/v1',
          kind: 'CustomResourceDefinition',
          name: 'katalogs.orkestra.io',
        }),
      { description: 'the Katalog CRD', timeoutMs: 20_000 },
    );
    await waitFor(
      () =>
        user.apply(katalog!, { fieldManager: 'team', force: true }).then(
          () => true,
          () => false,
        ),
      {
        description: 'the Katalog applied (its CRD served)',
      },
    );
    const ready = await waitFor(
      async () => {
        const k = (await user.get({
          apiVersion: 'orkestra.io/v1alpha1',
          kind: 'Katalog',
          namespace: 'team-web',
          name: 'website',
        })) as
          | { status?: { revision?: number; conditions?: { type: string; status: string; message: string }[] } }
          | undefined;
        return k?.status?.conditions?.find((c) => c.type === 'Ready');
      },
      { until: (c) => c?.status === 'True', description: 'the Katalog Ready', timeoutMs: 30_000 },
    );
    expect(ready?.message).toContain('revision 1 serves websites.web.platform.example.com');
    const [website] = platform('website.yaml');
    await user.apply(website!, { fieldManager: 'team', force: true });
    const page = await waitFor(
      () => user.get({ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'team-web', name: 'shop-page' }),
      { description: 'the ConfigMap child', timeoutMs: 20_000 },
    );
    expect((page as { data?: Record<string, string> }).data?.['index.html']).toBe('<h1>Welcome to the shop</h1>');
    abort.abort();
    expect((await run).code).toBe(ExitCode.Ok);
  });
});
