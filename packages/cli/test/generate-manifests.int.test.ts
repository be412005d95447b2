import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { KubeObject } from '@orkestra/core';
import { Kubeclient } from '@orkestra/core/kube';
import { findBinaries, testCluster } from '@orkestra/testenv';
import { parseAllDocuments } from 'yaml';
import { ExitCode } from '../src/index.js';
import { cli, example } from './helpers.js';

// The output of `generate manifests`, applied to the real API server with server-side dry-run (dryRun=All):
// every object passes the server's validation and admission (Pod Security included), nothing is stored.
const cluster = testCluster();

describe('generate manifests against the API server', () => {
  let admin: Kubeclient;
  let ns: string;

  beforeAll(async () => {
    admin = new Kubeclient(cluster.kubeConfig);
    ns = await cluster.newNamespace('manifests');
  });
  afterAll(async () => {
    await cluster.deleteNamespaces();
    await admin.close();
  });

  it('every object applies cleanly with server-side dry-run, and nothing is stored', async () => {
    const name = `orkestra-m-${randomBytes(3).toString('hex')}`;
    const r = await cli([
      'generate',
      'manifests',
      '--katalog',
      example('katalog.yaml'),
      '--image',
      'ghcr.io/acme/website-operator:1.0',
      '--namespace',
      ns,
      '--name',
      name,
    ]);
    expect(r.code).toBe(ExitCode.Ok);
    const objects = parseAllDocuments(r.stdout)
      .map((d) => d.toJS() as KubeObject)
      .filter(Boolean);
    const results: string[] = [];
    for (const o of objects) {
      const applied = await admin.apply(o, { fieldManager: 'kubectl', dryRun: true }).then(
        () => 'ok',
        (e: unknown) => `${(e as Error).message}`,
      );
      results.push(`${o.kind} ${o.metadata.name}: ${applied}`);
    }
    expect(results).toEqual(objects.map((o) => `${o.kind} ${o.metadata.name}: ok`));
    expect(objects.map((o) => o.kind).sort()).toEqual(
      [
        'ClusterRole',
        'ClusterRoleBinding',
        'ConfigMap',
        'Deployment',
        'Namespace',
        'PodDisruptionBudget',
        'Role',
        'RoleBinding',
        'Service',
        'ServiceAccount',
      ].sort(),
    );
    // Dry run: nothing stored.
    const ref = (kind: string, apiVersion: string) => ({ apiVersion, kind, namespace: ns, name });
    expect(await admin.get(ref('Deployment', 'apps/v1'))).toBeUndefined();
    expect(await admin.get({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', name })).toBeUndefined();
  }, 60_000);

  it('the --output folder applies with kubectl apply -k (kustomize) and server-side dry-run', async () => {
    // kubectl is built beside kube-apiserver (tools/controlplane/build.sh).
    const kubectl = join(dirname(findBinaries(['kube-apiserver']).paths['kube-apiserver']!), 'kubectl');
    expect(existsSync(kubectl)).toBe(true);
    const dir = join(mkdtempSync(join(tmpdir(), 'orkestra-manifests-k-')), 'deploy');
    const name = `orkestra-k-${randomBytes(3).toString('hex')}`;
    const r = await cli([
      'generate',
      'manifests',
      '--katalog',
      example('katalog.yaml'),
      '--image',
      'ghcr.io/acme/website-operator:1.0',
      '--namespace',
      ns,
      '--name',
      name,
      '--output',
      dir,
    ]);
    expect(r.code).toBe(ExitCode.Ok);
    const { stdout } = await promisify(execFile)(
      kubectl,
      ['apply', '-k', dir, '--dry-run=server', '--server-side', '-o', 'name', '--kubeconfig', cluster.kubeconfigPath!],
      { timeout: 60_000 },
    );
    expect(stdout.trim().split('\n').sort()).toEqual(
      [
        `namespace/${ns}`,
        `serviceaccount/${name}`,
        `clusterrole.rbac.authorization.k8s.io/${name}`,
        `clusterrolebinding.rbac.authorization.k8s.io/${name}`,
        `role.rbac.authorization.k8s.io/${name}`,
        `rolebinding.rbac.authorization.k8s.io/${name}`,
        `configmap/${name}`,
        `deployment.apps/${name}`,
        `poddisruptionbudget.policy/${name}`,
        `service/${name}-metrics`,
      ].sort(),
    );
    expect(await admin.get({ apiVersion: 'apps/v1', kind: 'Deployment', namespace: ns, name })).toBeUndefined();
  }, 60_000);
});
