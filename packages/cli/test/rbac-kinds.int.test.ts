/**
 * `generate rbac` knows each kind's resource name and scope (built-in table, --crd, --kubeconfig), never guesses,
 * and grants what RBAC children need (escalate, bind): `run` as the generated ServiceAccount then converges a
 * katalog of a NetworkPolicy, a PodDisruptionBudget, a custom kind ending in -y, a Role and a RoleBinding.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { KubeObject } from '@orkestra/core';
import { Kubeclient } from '@orkestra/core/kube';
import { installCRDs, serviceAccountIdentity, testCluster } from '@orkestra/testenv';
import { parse } from 'yaml';
import { ExitCode } from '../src/index.js';
import { cli } from './helpers.js';
import { deleteClusterRole } from './service-account.js';
import { crdYaml, katalogYaml, tempFiles, website } from './test-files.js';

const cluster = testCluster();
const files = tempFiles('rbac-kinds');
const policyCrd = crdYaml({
  group: 'acme.example.com',
  kind: 'Policy',
  plural: 'policies',
  properties: '                level: { type: integer }\n',
});
const katalog = files.write(
  'katalog.yaml',
  katalogYaml(
    'rbac-kinds',
    `            - { apiVersion: networking.k8s.io/v1, kind: NetworkPolicy, metadata: { name: "{{metadata.name}}-deny" }, spec: { podSelector: {}, policyTypes: [Ingress] } }
            - { apiVersion: policy/v1, kind: PodDisruptionBudget, metadata: { name: "{{metadata.name}}-pdb" }, spec: { minAvailable: 1, selector: { matchLabels: { app: web } } } }
            - { apiVersion: acme.example.com/v1, kind: Policy, metadata: { name: "{{metadata.name}}-policy" }, spec: { level: 2 } }
            - { apiVersion: rbac.authorization.k8s.io/v1, kind: Role, metadata: { name: pod-reader }, rules: [{ apiGroups: [""], resources: [pods], verbs: [get, list] }] }
            - { apiVersion: rbac.authorization.k8s.io/v1, kind: RoleBinding, metadata: { name: pod-reader }, roleRef: { apiGroup: rbac.authorization.k8s.io, kind: Role, name: pod-reader }, subjects: [{ kind: ServiceAccount, name: default, namespace: "{{metadata.namespace}}" }] }
`,
  ),
);
const crdFile = files.write('policy-crd.yaml', policyCrd);
type Rule = { apiGroups: string[]; resources: string[]; verbs: string[]; resourceNames?: string[] };

describe('generate rbac for kinds beyond the ones Orkestra ships', () => {
  let admin: Kubeclient;
  let ns: string;
  let name: string;
  const sa = 'kinds-operator';
  const generate = (...args: string[]) =>
    cli([
      'generate',
      'rbac',
      '--katalog',
      katalog,
      '--service-account',
      `${ns}/${sa}`,
      '--namespace',
      ns,
      '--leader-election-namespace',
      ns,
      '--name',
      name,
      '--output',
      'json',
      ...args,
    ]);
  const rulesOf = (stdout: string) =>
    (JSON.parse(stdout) as { items: (KubeObject & { rules?: Rule[] })[] }).items.flatMap((o) => o.rules ?? []);

  beforeAll(async () => {
    admin = new Kubeclient(cluster.kubeConfig);
    ns = await cluster.newNamespace('rbac-kinds');
    name = `orkestra-kinds-${randomBytes(3).toString('hex')}`;
    await installCRDs(cluster.kubeConfig, [parse(policyCrd)]);
  });
  afterAll(async () => {
    await deleteClusterRole(admin, name);
    await cluster.deleteNamespaces();
    await admin?.close();
    rmSync(files.dir, { recursive: true, force: true });
  });

  it('a kind nothing knows: exit 1, the kind named with both fixes, and no rules printed', async () => {
    const r = await generate();
    expect(r.code).toBe(ExitCode.Problems);
    expect(r.stdout).not.toContain('"rules"');
    const error = (
      JSON.parse(r.stdout) as { error: { message: string; hint: string; problems: { message: string }[] } }
    ).error;
    expect(error.message).toContain('not built into Kubernetes');
    expect(error.problems.map((p) => p.message)).toEqual([
      'Policy (acme.example.com/v1): resource name and scope unknown',
    ]);
    expect(error.hint).toContain('--crd <file>');
    expect(error.hint).toContain('--kubeconfig <file>');
  });

  it('plural and scope of built-in kinds from the table, of the custom kind from --crd or the cluster: the same rules', async () => {
    const withCrd = await generate('--crd', crdFile);
    expect(withCrd.code).toBe(ExitCode.Ok);
    const rules = rulesOf(withCrd.stdout);
    const resources = rules.flatMap((r) => r.resources);
    for (const plural of ['networkpolicies', 'poddisruptionbudgets', 'policies', 'roles', 'rolebindings'])
      expect(resources).toContain(plural);
    for (const guess of ['networkpolicys', 'policys', 'poddisruptionbudgetss']) expect(resources).not.toContain(guess);
    // The Role's literal rule is held (a role grants only what its writer holds; no escalate), bind by name.
    expect(rules).toEqual(
      expect.arrayContaining([
        { apiGroups: [''], resources: ['pods'], verbs: ['get', 'list'] },
        {
          apiGroups: ['rbac.authorization.k8s.io'],
          resources: ['roles'],
          verbs: ['bind'],
          resourceNames: ['pod-reader'],
        },
      ]),
    );
    expect(rules.flatMap((r) => r.verbs)).not.toContain('escalate');
    const withCluster = await generate('--kubeconfig', cluster.kubeconfigPath!);
    expect(withCluster.code).toBe(ExitCode.Ok);
    expect(rulesOf(withCluster.stdout)).toEqual(rules);
  });

  it('run, as the ServiceAccount bound to exactly those rules, creates every child: no Forbidden', async () => {
    const generated = await generate('--crd', crdFile);
    for (const object of (JSON.parse(generated.stdout) as { items: KubeObject[] }).items) await admin.create(object);
    const identity = await serviceAccountIdentity(cluster, ns, sa);
    const kubeconfig = identity.writeKubeconfig(join(files.dir, 'sa.kubeconfig'));
    const abort = new AbortController();
    let logs = '';
    const run = cli(
      [
        'run',
        '--katalog',
        katalog,
        '--kubeconfig',
        kubeconfig,
        '--namespace',
        ns,
        '--leader-election-namespace',
        ns,
        '--http-address',
        '127.0.0.1:0',
        '--log-format',
        'json',
      ],
      { signal: abort.signal, onStdout: (text) => (logs = text) },
    );
    try {
      await admin.create(website(ns, 'shop', { image: 'nginx:1.27' }));
      const synced = await cluster.waitFor(
        async () => {
          const cr = await admin.get({ apiVersion: 'example.com/v1', kind: 'Website', namespace: ns, name: 'shop' });
          const conditions = (cr?.status as { conditions?: { type: string; status: string }[] } | undefined)
            ?.conditions;
          return conditions?.find((c) => c.type === 'Synced' && c.status === 'True');
        },
        { timeoutMs: 30_000, description: 'the Website to be Synced' },
      );
      expect(synced).toBeDefined();
      for (const [apiVersion, kind, child] of [
        ['networking.k8s.io/v1', 'NetworkPolicy', 'shop-deny'],
        ['policy/v1', 'PodDisruptionBudget', 'shop-pdb'],
        ['acme.example.com/v1', 'Policy', 'shop-policy'],
        ['rbac.authorization.k8s.io/v1', 'Role', 'pod-reader'],
        ['rbac.authorization.k8s.io/v1', 'RoleBinding', 'pod-reader'],
      ] as const)
        expect(await admin.get({ apiVersion, kind, namespace: ns, name: child })).toBeDefined();
    } finally {
      abort.abort();
      const done = await run;
      expect(done.code).toBe(ExitCode.Ok);
    }
    expect(logs).toContain('RBAC permissions checked');
    expect(logs).not.toContain('forbidden');
    expect(logs).not.toContain('Forbidden');
  }, 60_000);
});
