/**
 * `orkestra validate --kubeconfig`: the literal values of native manifests checked against the cluster's
 * OpenAPI schemas (kube-apiserver of @orkestra/testenv), each problem with its field path and katalog line.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { testCluster } from '@orkestra/testenv';
import { cli } from './helpers.js';
import { katalogYaml, tempFiles } from './test-files.js';

const cluster = testCluster();
const tmp = tempFiles('cli-validate-schemas').dir;
const katalog = join(tmp, 'katalog.yaml');
const KATALOG = katalogYaml(
  'db',
  `            - apiVersion: apps/v1
              kind: StatefulSet
              metadata: { name: "{{metadata.name}}-db" }
              spec:
                serviceName: "{{metadata.name}}-db"
                replicas: three
                minReadySeconds: "{{spec.replicas}}"
                selector: { matchLabels: { app: db } }
                template:
                  metadata: { labels: { app: db } }
                  spec:
                    containers:
                      - name: db
                        image: "{{spec.image}}"
                        ports: [{ containerPort: 5432, protocol: TCP }]
                        resources: { requests: { memory: 1Gi, cpu: 0.5 } }
`,
);
const lineOf = (text: string) => KATALOG.split('\n').findIndex((l) => l.includes(text)) + 1;
const at = 'spec.crds[0].resources.manifests.onReconcile[0]';

interface Problem {
  path: string;
  message: string;
  location?: string;
}

describe("orkestra validate: manifests' literal values against the cluster's schemas", () => {
  writeFileSync(katalog, KATALOG);

  it('a literal replicas: three in a StatefulSet is exit 1 with file:line and field path', async () => {
    const r = await cli([
      'validate',
      '--katalog',
      katalog,
      '--kubeconfig',
      cluster.kubeconfigPath!,
      '--output',
      'json',
    ]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    const { problems } = JSON.parse(r.stdout) as { problems: Problem[] };
    // Only the literal: the templated minReadySeconds, the quantities and the int-or-string-free ports pass.
    expect(problems).toEqual([
      {
        path: `${at}.spec.replicas`,
        message: `is "three" (a string), but a StatefulSet's spec.replicas is an integer (the cluster's OpenAPI)`,
        hint: 'write the value without quotes, or template it from the CR',
        location: `${katalog}:${lineOf('replicas: three')}:17`,
      },
    ]);
    const text = await cli(['validate', '--katalog', katalog, '--kubeconfig', cluster.kubeconfigPath!]);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain(`${at}.spec.replicas`);
    expect(text.stdout).toContain(`${katalog}:${lineOf('replicas: three')}`);
  });

  it("the Database example (StatefulSet, PodDisruptionBudget, CronJob) fits the cluster's schemas", async () => {
    const database = (file: string) => fileURLToPath(new URL(`../../../examples/database/${file}`, import.meta.url));
    const r = await cli([
      'validate',
      '--katalog',
      database('katalog.yaml'),
      '--crd',
      database('crd.yaml'),
      '--kubeconfig',
      cluster.kubeconfigPath!,
    ]);
    expect({ code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({
      code: 0,
      stdout: expect.stringContaining('is valid'),
      stderr: '',
    });
  });

  it('a manifest kind the cluster does not serve is a problem at its kind, naming the CRD to install', async () => {
    const unserved = join(tmp, 'unserved.yaml');
    const text = KATALOG.replace(
      'apiVersion: apps/v1\n              kind: StatefulSet',
      'apiVersion: cert-manager.io/v1\n              kind: Certificate',
    );
    writeFileSync(unserved, text);
    const r = await cli([
      'validate',
      '--katalog',
      unserved,
      '--kubeconfig',
      cluster.kubeconfigPath!,
      '--output',
      'json',
    ]);
    const { problems } = JSON.parse(r.stdout) as { problems: (Problem & { hint?: string })[] };
    expect(problems).toEqual([
      {
        path: `${at}.kind`,
        message: 'the cluster does not serve kind Certificate in cert-manager.io/v1 (run would refuse to start)',
        hint: 'install the CustomResourceDefinition of Certificate (group cert-manager.io) there, or fix apiVersion and kind',
        location: `${unserved}:${lineOf('kind: StatefulSet')}:15`,
      },
    ]);
    expect(r.code).toBe(1);
  });

  it('without a cluster, a built-in kind is checked against the schemas shipped for the pinned Kubernetes', async () => {
    const r = await cli(['validate', '--katalog', katalog, '--output', 'json']);
    expect(r.code).toBe(1);
    const { problems, checked } = JSON.parse(r.stdout) as { problems: Problem[]; checked: string[] };
    expect(problems.map((p) => [p.path, p.location])).toEqual([
      [`${at}.spec.replicas`, `${katalog}:${lineOf('replicas: three')}:17`],
    ]);
    expect(problems[0]?.message).toMatch(/is an integer \(Kubernetes v\d+\.\d+\.\d+'s OpenAPI\)/);
    expect(checked).toContain(
      "manifests' literal values and fields read of children against their kinds' schemas (the CRDs given; built-in kinds: the schemas shipped with the CLI; pass --kubeconfig for the cluster's, --crd for custom kinds)",
    );
  });
});
