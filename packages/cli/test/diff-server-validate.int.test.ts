/**
 * `orkestra diff --server-validate` against kube-apiserver: the writes `run` would make go to the server as dry
 * runs with strict field validation, so a misspelt field of a native manifest is reported with its path and its
 * line in the katalog — and nothing is stored.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Kubeclient } from '@orkestra/core/kube';
import { testCluster } from '@orkestra/testenv';
import type { DiffResult } from '../src/diff.js';
import { cli } from './helpers.js';
import { katalogYaml, tempFiles, website } from './test-files.js';

const cluster = testCluster();
const katalog = join(tempFiles('cli-server-validate').dir, 'katalog.yaml');
// Line numbers matter: the test finds `replicass:` and `portz:` by them.
const KATALOG = katalogYaml(
  'typo',
  `            - apiVersion: apps/v1
              kind: StatefulSet
              metadata:
                name: "{{metadata.name}}-db"
              spec:
                serviceName: "{{metadata.name}}-db"
                replicass: 2
                selector: { matchLabels: { app: db } }
                template:
                  metadata: { labels: { app: db } }
                  spec:
                    containers: [{ name: db, image: "{{spec.image}}" }]
            - apiVersion: apps/v1
              kind: Deployment
              metadata:
                name: "{{metadata.name}}-proxy"
              spec:
                selector: { matchLabels: { app: proxy } }
                template:
                  metadata: { labels: { app: proxy } }
                  spec:
                    containers:
                      - name: sidecar
                        image: busybox
                      - name: proxy
                        image: envoy
                        portz: 5432
            - apiVersion: v1
              kind: ConfigMap
              metadata: { name: "{{metadata.name}}-settings" }
              data: { mode: fast }
`,
);
const lineOf = (text: string) => KATALOG.split('\n').findIndex((l) => l.includes(text)) + 1;

type Child = DiffResult['resources'][number]['children'][number];

describe('orkestra diff --server-validate', () => {
  let user: Kubeclient;
  let ns: string;
  const args = () => ['diff', '--katalog', katalog, '--kubeconfig', cluster.kubeconfigPath!, '--namespace', ns];
  const childOf = (r: { stdout: string }, kind: string) =>
    (JSON.parse(r.stdout) as DiffResult & { writesSent: number }).resources[0]!.children.find((c) => c.kind === kind);

  beforeAll(async () => {
    writeFileSync(katalog, KATALOG);
    user = new Kubeclient(cluster.kubeConfig);
    ns = await cluster.newNamespace('server-validate');
    await user.create(website(ns, 'shop', { image: 'postgres:17' }));
  });
  afterAll(async () => {
    await cluster.deleteNamespaces();
    await user?.close();
  });

  it('reports each unknown field with its path and katalog line, and stores nothing', async () => {
    const r = await cli([...args(), '--server-validate', '--output', 'json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    const result = JSON.parse(r.stdout) as DiffResult & { writesSent: number };
    const sts = childOf(r, 'StatefulSet') as Child;
    expect(sts.state).toBe('rejected');
    // The API server does not promise every refused field in one answer (a misspelt field's siblings may go
    // unchecked): each manifest here has one, so each answer names it.
    expect(sts.rejected).toEqual([
      {
        path: 'spec.replicass',
        message: 'field not declared in schema',
        location: `${katalog}:${lineOf('replicass')}:17`,
      },
    ]);
    // A list item named by its key (containers[name="proxy"]) is found by index in the object and the katalog.
    expect(childOf(r, 'Deployment')?.rejected).toEqual([
      {
        path: 'spec.template.spec.containers[1].portz',
        message: 'field not declared in schema',
        location: `${katalog}:${lineOf('portz')}:25`,
      },
    ]);
    // A valid child passes the dry run and is what run would create.
    expect(childOf(r, 'ConfigMap')?.state).toBe('missing');
    expect(result.summary.rejected).toBe(2);
    expect(result.serverValidations).toBe(3);
    expect(result.writesSent).toBe(0);
    for (const [kind, name] of [
      ['StatefulSet', 'shop-db'],
      ['Deployment', 'shop-proxy'],
      ['ConfigMap', 'shop-settings'],
    ] as const) {
      const apiVersion = kind === 'ConfigMap' ? 'v1' : 'apps/v1';
      expect(await user.get({ apiVersion, kind, namespace: ns, name })).toBeUndefined();
    }
  });

  it("says it for people too: the field, the server's words and the line", async () => {
    const r = await cli([...args(), '--server-validate']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('StatefulSet');
    expect(r.stdout).toContain('rejected by the API server');
    expect(r.stdout).toContain(`spec.replicass: field not declared in schema ${katalog}:${lineOf('replicass')}:17`);
    expect(r.stdout).toMatch(/2 rejected by the API server/);
  });

  it('without the flag diff sends reads only and the StatefulSet is just missing', async () => {
    const r = await cli([...args(), '--output', 'json']);
    expect(r.code).toBe(1);
    expect(childOf(r, 'StatefulSet')?.state).toBe('missing');
    const result = JSON.parse(r.stdout) as DiffResult & { writesSent: number; requests: Record<string, number> };
    expect(result.serverValidations).toBe(0);
    expect(Object.keys(result.requests).filter((k) => !/^(get|list|discovery|openapi)/.test(k))).toEqual([]);
  });
});
