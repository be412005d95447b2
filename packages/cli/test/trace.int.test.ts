/**
 * `orkestra trace` on the real API server with simulated nodes: a Website whose Deployment cannot schedule its
 * pods shows the Pod as the cause, under its ReplicaSet and Deployment, before the children that are fine; a
 * Secret's value appears nowhere; an object Orkestra did not make for this CR is not in the tree; a reader
 * without access to Secrets still gets the trace, told what it could not read. Nothing but the objects is needed:
 * no operator runs here (the CR's conditions are written as the operator would).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type KubeObject, systemLabels } from '@orkestra/core';
import { Kubeclient } from '@orkestra/core/kube';
import { testCluster } from '@orkestra/testenv';
import { ExitCode } from '../src/index.js';
import { cli } from './helpers.js';
import { serviceAccountClient } from './service-account.js';

const cluster = testCluster();
const tmp = mkdtempSync(join(tmpdir(), 'orkestra-trace-'));
const SECRET_VALUE = 'hunter2-never-printed';

interface Node {
  kind: string;
  name: string;
  state: string;
  reason?: string;
  children: Node[];
}

const shape = (n: Node): unknown => [`${n.kind}/${n.name}`, n.state, n.children.map(shape)];

describe('orkestra trace', () => {
  let admin: Kubeclient;
  let ns: string;
  let kubeconfig: string;

  beforeAll(async () => {
    admin = new Kubeclient(cluster.kubeConfig);
    ns = await cluster.newNamespace('trace');
    const cr = await admin.create<KubeObject>({
      apiVersion: 'example.com/v1',
      kind: 'Website',
      metadata: { name: 'shop', namespace: ns },
      spec: { image: 'nginx:1.27', replicas: 1 },
    });
    await admin.patchStatus(
      { apiVersion: 'example.com/v1', kind: 'Website', namespace: ns, name: 'shop' },
      {
        conditions: [
          {
            type: 'Synced',
            status: 'True',
            reason: 'ChildrenSynced',
            message: '3 children in sync',
            lastTransitionTime: '2026-12-07T00:00:00Z',
          },
          {
            type: 'Ready',
            status: 'False',
            reason: 'Waiting',
            message: 'waiting for Deployment shop-web: 0 of 1 replicas available',
            lastTransitionTime: '2026-12-07T00:00:00Z',
          },
        ],
      },
    );
    const owned = (name: string) => ({
      name,
      namespace: ns,
      labels: systemLabels('shop'),
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
    });
    await admin.create({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: owned('shop-web'),
      spec: {
        replicas: 1,
        selector: { matchLabels: { app: 'shop-web' } },
        template: {
          metadata: { labels: { app: 'shop-web' } },
          // No node has this label: the pod stays Pending, as with a cluster out of matching nodes.
          spec: {
            nodeSelector: { 'trace.example.com/none': 'true' },
            containers: [{ name: 'web', image: 'nginx:1.27' }],
          },
        },
      },
    });
    await admin.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: owned('shop-page'), data: { greeting: 'hi' } });
    await admin.create({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: owned('shop-admin'),
      stringData: { password: SECRET_VALUE },
    });
    // Labelled as if it were shop's, but controlled by nobody: not Orkestra's child of shop.
    await admin.create({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'lookalike', namespace: ns, labels: systemLabels('shop') },
    });
    await cluster.waitFor(async () => {
      const pods = await admin.list('v1', 'Pod', { namespace: ns });
      return pods.items.length === 1;
    });
    ({ kubeconfig } = await serviceAccountClient(cluster, ns, 'reader', tmp));
    await grantReadsBut(admin, ns, 'reader', 'secrets');
  });
  afterAll(async () => {
    await cluster.deleteNamespaces();
    await admin?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('shows the tree with the deepest cause first, and exits 1 while the CR is not Ready', async () => {
    const r = await cli(['trace', 'website/shop', '-n', ns, '--kubeconfig', cluster.kubeconfigPath!, '-o', 'json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(ExitCode.Problems);
    const trace = JSON.parse(r.stdout) as {
      root: Node & { conditions: { type: string; message?: string }[] };
      skipped: string[];
    };
    const [deployment] = trace.root.children;
    const replicaSet = deployment?.children[0];
    expect(shape(trace.root)).toEqual([
      'Website/shop',
      'InProgress',
      [
        [
          'Deployment/shop-web',
          'InProgress',
          [
            [
              `ReplicaSet/${replicaSet?.name}`,
              'InProgress',
              [[expect.stringMatching(/^Pod\/shop-web-/), 'InProgress', []]],
            ],
          ],
        ],
        ['ConfigMap/shop-page', 'Current', []],
        ['Secret/shop-admin', 'Current', []],
      ],
    ]);
    expect(trace.root.conditions.find((c) => c.type === 'Ready')?.message).toBe(
      'waiting for Deployment shop-web: 0 of 1 replicas available',
    );
    expect(trace.skipped).toEqual([]);
    expect(r.stdout).not.toContain(SECRET_VALUE);
    expect(r.stdout).not.toContain(Buffer.from(SECRET_VALUE).toString('base64'));
  });

  it('in text, names the cause first by its path, then the conditions whole, then the tree', async () => {
    const r = await cli(['trace', 'ws', 'shop', '-n', ns, '--kubeconfig', cluster.kubeconfigPath!]);
    expect(r.code).toBe(ExitCode.Problems);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe(`Website/shop (namespace ${ns}): InProgress`);
    expect(lines[1]).toBe('why not Ready:');
    expect(lines[2]).toMatch(
      /^ {2}InProgress Deployment\/shop-web → ReplicaSet\/shop-web-\w+ → Pod\/shop-web-[\w-]+: /,
    );
    expect(r.stdout).toContain('  Ready=False Waiting: waiting for Deployment shop-web: 0 of 1 replicas available');
    expect(r.stdout).toMatch(/tree:\nWebsite\/shop InProgress\n├─ Deployment\/shop-web InProgress/);
    expect(r.stdout).not.toContain('lookalike');
    expect(r.stdout).not.toContain(SECRET_VALUE);
  });

  it('works with read access to the namespace only, and names the kinds it could not read', async () => {
    // This reader may not list CRDs either: the kind is named in full (Kind.version.group), as kubectl allows.
    const r = await cli(['trace', 'Website.v1.example.com/shop', '-n', ns, '--kubeconfig', kubeconfig, '-o', 'json']);
    expect(r.stderr).toBe('');
    const trace = JSON.parse(r.stdout) as { root: Node; skipped: string[] };
    expect(trace.skipped).toEqual(['Secret: forbidden']);
    expect(trace.root.children.map((c) => c.kind)).toEqual(['Deployment', 'ConfigMap']);
  });

  it('an unknown kind, a missing object and a malformed target are clear errors', async () => {
    const plural = await cli(['trace', 'websites.example.com/shop', '-n', ns, '--kubeconfig', cluster.kubeconfigPath!]);
    expect(plural.stdout).toMatch(/^Website\/shop /);
    const unknown = await cli(['trace', 'gizmo/shop', '-n', ns, '--kubeconfig', cluster.kubeconfigPath!]);
    expect(unknown.code).toBe(ExitCode.Problems);
    expect(unknown.stderr).toContain('the cluster serves no kind named "gizmo"');
    const missing = await cli(['trace', 'website/nope', '-n', ns, '--kubeconfig', cluster.kubeconfigPath!]);
    expect(missing.code).toBe(ExitCode.Problems);
    expect(missing.stderr).toContain(`Website ${ns}/nope not found (example.com/v1)`);
    const malformed = await cli(['trace', 'website', '--kubeconfig', cluster.kubeconfigPath!]);
    expect(malformed.code).toBe(ExitCode.Usage);
    expect(malformed.stderr).toContain('as <type>/<name>');
  });
});

/** A Role and RoleBinding letting `serviceAccount` get and list every kind trace reads in `ns` but `except`. */
async function grantReadsBut(admin: Kubeclient, ns: string, serviceAccount: string, except: string): Promise<void> {
  const resources = ['configmaps', 'secrets', 'services', 'serviceaccounts', 'persistentvolumeclaims', 'pods'];
  const rules = [
    { apiGroups: [''], resources: resources.filter((r) => r !== except), verbs: ['get', 'list'] },
    {
      apiGroups: [
        'apps',
        'batch',
        'autoscaling',
        'policy',
        'networking.k8s.io',
        'rbac.authorization.k8s.io',
        'example.com',
      ],
      resources: ['*'],
      verbs: ['get', 'list'],
    },
  ];
  const rbac = 'rbac.authorization.k8s.io/v1';
  await admin.create({ apiVersion: rbac, kind: 'Role', metadata: { name: 'trace-reader', namespace: ns }, rules });
  await admin.create({
    apiVersion: rbac,
    kind: 'RoleBinding',
    metadata: { name: 'trace-reader', namespace: ns },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'trace-reader' },
    subjects: [{ kind: 'ServiceAccount', name: serviceAccount, namespace: ns }],
  });
}
