/**
 * `orkestra diff` hides secrets by field and by value (issue 27, items 3 and 4): a manifests child prints its
 * values unless its kind declares them secret (a StatefulSet's image, a ConfigMap's data show; a Secret's data
 * does not), and a value copied from a Secret (`{{children.secrets.creds.data.password}}`) into a ConfigMap is
 * hidden wherever it appears, in the JSON and the text output.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { KubeObject } from '@orkestra/core';
import { Kubeclient } from '@orkestra/core/kube';
import { installCRDs, testCluster } from '@orkestra/testenv';
import type { DiffResult } from '../src/diff.js';
import { ExitCode } from '../src/index.js';
import { cli, example } from './helpers.js';
import { tempFiles, website } from './test-files.js';

const cluster = testCluster();
const files = tempFiles('diff-redaction');
const PASSWORD = 'generated-password-kept-7Qx';
const encoded = (s: string) => Buffer.from(s).toString('base64');

const katalog = files.write(
  'katalog.yaml',
  `apiVersion: orkestra.io/v1alpha1
kind: Katalog
metadata: { name: redaction }
spec:
  crds:
    - owner: { group: example.com, version: v1, kind: Website, plural: websites }
      resources:
        secrets:
          onReconcile:
            - id: creds
              name: "{{metadata.name}}-creds"
              generate: [password]
        configmaps:
          onReconcile:
            - name: "{{metadata.name}}-app"
              data:
                password: "{{children.secrets.creds.data.password}}"
                url: "postgres://app:{{b64dec children.secrets.creds.data.password}}@db:5432/app"
                mode: app
        manifests:
          onReconcile:
            - apiVersion: apps/v1
              kind: StatefulSet
              metadata: { name: "{{metadata.name}}-db" }
              spec:
                selector: { matchLabels: { app: db } }
                template:
                  metadata: { labels: { app: db } }
                  spec: { containers: [{ name: db, image: "postgres:17" }] }
            - apiVersion: v1
              kind: ConfigMap
              metadata: { name: "{{metadata.name}}-settings" }
              data: { color: blue }
            - apiVersion: v1
              kind: Secret
              metadata: { name: "{{metadata.name}}-token" }
              stringData: { token: "new-token-value" }
`,
);

describe('orkestra diff: redaction by field and by value', () => {
  let user: Kubeclient;
  let ns: string;
  beforeAll(async () => {
    await installCRDs(cluster.kubeConfig, [example('crd.yaml')]);
    user = new Kubeclient(cluster.kubeConfig);
    ns = await cluster.newNamespace('diff-redaction');
    const cr = (await user.create(website(ns, 'shop', { image: 'nginx:1.27' }))) as KubeObject;
    // Live children as an earlier run left them, each with a field that has drifted since.
    const owned = (kind: string, apiVersion: string, name: string, rest: Record<string, unknown>): KubeObject => ({
      apiVersion,
      kind,
      metadata: {
        name,
        namespace: ns,
        labels: { 'managed-by': 'orkestra', 'orkestra-owner': 'shop' },
        ownerReferences: [
          {
            apiVersion: 'example.com/v1',
            kind: 'Website',
            name: 'shop',
            uid: cr.metadata.uid!,
            controller: true,
            blockOwnerDeletion: true,
          },
        ],
      },
      ...rest,
    });
    await user.create(owned('Secret', 'v1', 'shop-creds', { data: { password: encoded(PASSWORD) } }));
    await user.create(owned('ConfigMap', 'v1', 'shop-app', { data: { password: 'old', url: 'old', mode: 'app' } }));
    await user.create(
      owned('StatefulSet', 'apps/v1', 'shop-db', {
        spec: {
          selector: { matchLabels: { app: 'db' } },
          template: {
            metadata: { labels: { app: 'db' } },
            spec: { containers: [{ name: 'db', image: 'postgres:16' }] },
          },
        },
      }),
    );
    await user.create(owned('ConfigMap', 'v1', 'shop-settings', { data: { color: 'red' } }));
    await user.create(owned('Secret', 'v1', 'shop-token', { data: { token: encoded('old-token-value') } }));
  });
  afterAll(async () => {
    await user.close();
  });

  const args = () => ['diff', '--katalog', katalog, '--kubeconfig', cluster.kubeconfigPath!, '-n', ns];
  const secretTexts = [PASSWORD, encoded(PASSWORD), 'old-token-value', encoded('old-token-value'), 'new-token-value'];

  it('prints the values of non-secret fields of any kind, and hides Secret values and values copied from them', async () => {
    const r = await cli([...args(), '--output', 'json']);
    expect(r.code).toBe(ExitCode.Problems);
    for (const s of secretTexts) expect(r.stdout).not.toContain(s);
    const body = JSON.parse(r.stdout) as DiffResult;
    const drift = (kind: string, name: string) =>
      Object.fromEntries(
        (body.resources[0]!.children.find((c) => c.kind === kind && c.name === name)?.drifted ?? []).map((d) => [
          d.path,
          [d.live, d.desired],
        ]),
      );
    // By field: a manifests child of a kind with no secret fields shows its values.
    expect(drift('StatefulSet', 'shop-db')).toMatchObject({
      'spec.template.spec.containers[db].image': ['postgres:16', 'postgres:17'],
    });
    expect(drift('ConfigMap', 'shop-settings')).toMatchObject({ 'data.color': ['red', 'blue'] });
    // A Secret's values stay hidden, made by manifests or by secrets.
    expect(drift('Secret', 'shop-token')).toMatchObject({ 'data.token': ['[redacted]', '[redacted]'] });
    // By value: what the ConfigMap copies from the Secret is hidden, what it does not copy is shown.
    expect(drift('ConfigMap', 'shop-app')).toMatchObject({
      'data.password': ['old', '[redacted]'],
      'data.url': ['old', '[redacted]'],
    });
  });

  it('hides the same values in the text output', async () => {
    const r = await cli(args());
    expect(r.code).toBe(ExitCode.Problems);
    for (const s of secretTexts) expect(r.stdout).not.toContain(s);
    expect(r.stdout).toContain('"postgres:16" → "postgres:17"');
    expect(r.stdout).toContain('data.color: "red" → "blue"');
    expect(r.stdout).toContain('data.password: "old" → "[redacted]"');
  });
});
