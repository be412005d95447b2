/**
 * `orkestra diff` with ordered children (issue 16): a child whose dependency is not ready, or that reads a
 * child not there yet, is shown as waiting — not as missing ("run creates it") — and on what it waits.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Kubeclient } from '@orkestra/core/kube';
import { installCRDs, testCluster } from '@orkestra/testenv';
import type { DiffResult } from '../src/diff.js';
import { ExitCode } from '../src/index.js';
import { cli, example, fixture } from './helpers.js';
import { website } from './test-files.js';

const cluster = testCluster();

describe('orkestra diff: waiting children', () => {
  let user: Kubeclient;
  let ns: string;
  beforeAll(async () => {
    await installCRDs(cluster.kubeConfig, [example('crd.yaml')]);
    user = new Kubeclient(cluster.kubeConfig);
    ns = await cluster.newNamespace('diff-waiting');
    await user.create(website(ns, 'shop', { image: 'nginx:1.27' }));
  });
  afterAll(async () => {
    await user.close();
  });

  it('shows a child waiting for readiness and one waiting for a child it reads, not as missing', async () => {
    const args = ['diff', '--katalog', fixture('ordered.yaml'), '--kubeconfig', cluster.kubeconfigPath!, '-n', ns];
    const r = await cli([...args, '--output', 'json']);
    expect(r.code).not.toBe(ExitCode.Ok);
    const body = JSON.parse(r.stdout) as DiffResult;
    const states = body.resources[0]!.children.map((c) => [c.kind, c.name || c.source, c.state, c.message]);
    expect(states).toEqual([
      ['Deployment', 'shop-db', 'missing', undefined],
      ['Service', 'shop-db', 'missing', undefined],
      [
        'ConfigMap',
        'shop-app',
        'waiting',
        'ConfigMap shop-app waits for deployments.db (Deployment shop-db not written yet)',
      ],
      [
        'ConfigMap',
        'spec.crds[0].resources.configmaps.onReconcile[1]',
        'waiting',
        'configmaps.onReconcile[1] waits for services.db (not there yet)',
      ],
    ]);
    expect(body.summary).toMatchObject({ missing: 2, waiting: 2 });

    const text = await cli(args);
    expect(text.stdout).toContain('shop-app waiting (ConfigMap shop-app waits for deployments.db');
    expect(text.stdout).toContain('2 waiting for other children');
  });
});
