import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { KubeObject } from '@orkestra/core';
import { Kubeclient } from '@orkestra/core/kube';
import { type Permission, requiredPermissions } from '@orkestra/operator';
import { deniedPermissions, describePermission } from '@orkestra/operator/internal';
import { testCluster } from '@orkestra/testenv';
import { ExitCode } from '../src/index.js';
import { readKatalog, withNamespaces } from '../src/katalog-file.js';
import { cli, example } from './helpers.js';
import { deleteClusterRole, serviceAccountClient } from './service-account.js';
import { website } from './test-files.js';

// The reconciler running as a ServiceAccount bound to exactly what `generate rbac` prints.
const cluster = testCluster();
const katalog = example('katalog.yaml');
const tmp = mkdtempSync(join(tmpdir(), 'orkestra-rbac-'));
type Rule = { apiGroups: string[]; resources: string[]; verbs: string[] };
const readyOf = (cr: KubeObject | undefined) =>
  ((cr?.status as { conditions?: { type: string; status: string }[] } | undefined)?.conditions ?? []).find(
    (c) => c.type === 'Ready',
  );

describe('generate rbac: the printed role is enough, and nothing less is', () => {
  let admin: Kubeclient;
  let ns: string;
  let saKube: Kubeclient;
  let saKubeconfig: string;
  let name: string;
  const sa = 'website-operator';

  async function runAs(args: string[], until: (logs: string) => boolean, timeoutMs = 30_000) {
    const abort = new AbortController();
    let logs = '';
    let seen!: () => void;
    const reached = new Promise<void>((resolve) => (seen = resolve));
    const done = cli(
      [
        'run',
        '--katalog',
        katalog,
        '--kubeconfig',
        saKubeconfig,
        '--namespace',
        ns,
        '--leader-election-namespace',
        ns,
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
          if (until(text)) seen();
        },
      },
    );
    const timer = setTimeout(() => abort.abort(), timeoutMs);
    await Promise.race([reached, done]);
    return { done: done.finally(() => clearTimeout(timer)), stop: () => abort.abort(), logs: () => logs };
  }

  beforeAll(async () => {
    admin = new Kubeclient(cluster.kubeConfig);
    ns = await cluster.newNamespace('rbac');
    name = `orkestra-rbac-${randomBytes(3).toString('hex')}`;
    const generated = await cli([
      'generate',
      'rbac',
      '--katalog',
      katalog,
      '--service-account',
      `${ns}/${sa}`,
      '--leader-election-namespace',
      ns,
      '--name',
      name,
      '--output',
      'json',
    ]);
    expect(generated.code).toBe(ExitCode.Ok);
    for (const object of (JSON.parse(generated.stdout) as { items: KubeObject[] }).items) await admin.create(object);
    // testenv runs without the ServiceAccount admission plugin and its controllers: make the account by hand.
    ({ kubeconfig: saKubeconfig, kube: saKube } = await serviceAccountClient(cluster, ns, sa, tmp));
  });

  afterAll(async () => {
    await deleteClusterRole(admin, name);
    await cluster.deleteNamespaces();
    await Promise.all([admin?.close(), saKube?.close()]);
  });

  it('the reconciler, as an identity bound to exactly that role, converges', async () => {
    const run = await runAs([], (logs) => logs.includes('caches synced: reconciling'));
    expect(run.logs()).toContain('RBAC permissions checked');
    await admin.create(website(ns, 'shop', { image: 'nginx:1.27' }));
    await cluster.waitFor(
      async () =>
        readyOf(await admin.get({ apiVersion: 'example.com/v1', kind: 'Website', namespace: ns, name: 'shop' }))
          ?.status === 'True',
      { timeoutMs: 20_000, description: 'the Website to be Ready' },
    );
    for (const [kind, apiVersion, child] of [
      ['Deployment', 'apps/v1', 'shop-web'],
      ['Service', 'v1', 'shop-web'],
      ['ConfigMap', 'v1', 'shop-page'],
      ['Secret', 'v1', 'shop-admin'],
    ] as const) {
      expect(await admin.get({ apiVersion, kind, namespace: ns, name: child })).toBeDefined();
    }
    run.stop();
    expect((await run.done).code).toBe(ExitCode.Ok);
    expect(run.logs()).not.toContain('Forbidden');
    const diff = await cli(['diff', '--katalog', katalog, '--kubeconfig', saKubeconfig, '--namespace', ns]);
    expect(diff.code).toBe(ExitCode.Ok);
  }, 60_000);

  it('the permission check asks one rules review per namespace, and no access review when every verb is granted', async () => {
    const loaded = await readKatalog(katalog);
    const permissions = requiredPermissions(withNamespaces(loaded.katalog, [ns]), loaded.handlers, {
      leaseNamespace: ns,
    });
    const verbs = permissions.reduce((n, p) => n + p.verbs.length, 0);
    expect(verbs).toBeGreaterThan(20); // one access review each, before
    saKube.requests.reset();
    expect(await deniedPermissions(saKube, permissions)).toEqual([]);
    // The namespace's review, and the cluster-wide one (reading the owner CRD, for the CRD check).
    expect(permissions.filter((p) => p.namespace === undefined).map((p) => p.resource)).toEqual([
      'customresourcedefinitions',
    ]);
    expect(saKube.requests.snapshot()).toEqual({ 'create selfsubjectrulesreviews': 2 });
  }, 30_000);

  it('a verb granted in one namespace only is not granted in all namespaces; what no rule grants is asked once', async () => {
    const pods = `${name}-pods`;
    await admin.create({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'Role',
      metadata: { name: pods, namespace: ns },
      rules: [{ apiGroups: [''], resources: ['pods'], verbs: ['list'] }],
    });
    await admin.create({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'RoleBinding',
      metadata: { name: pods, namespace: ns },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: pods },
      subjects: [{ kind: 'ServiceAccount', name: sa, namespace: ns }],
    });
    const inNamespace: Permission = { group: '', resource: 'pods', verbs: ['list'], namespace: ns, why: 'test' };
    const everywhere: Permission = { ...inNamespace, namespace: undefined };
    const configmaps: Permission = { group: '', resource: 'configmaps', verbs: ['list'], why: 'test' };
    await cluster.waitFor(async () => (await deniedPermissions(saKube, [inNamespace])).length === 0, {
      timeoutMs: 10_000,
      description: 'the authorizer to see the Role',
    });
    saKube.requests.reset();
    const denied = await deniedPermissions(saKube, [inNamespace, everywhere, configmaps]);
    expect(denied.map((d) => describePermission(d.permission, d.verb))).toEqual(['list pods in all namespaces']);
    // The namespace's review and the cluster-wide one; an access review only for the verb no rule grants.
    expect(saKube.requests.snapshot()).toEqual({
      'create selfsubjectaccessreviews': 1,
      'create selfsubjectrulesreviews': 2,
    });
  }, 30_000);

  it('with one rule removed, run stops before it starts with Forbidden, naming each missing permission', async () => {
    const role = await admin.get({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', name });
    const rules = (role!.rules as Rule[]).map((r) =>
      r.resources.includes('secrets') ? { ...r, resources: r.resources.filter((x) => x !== 'secrets') } : r,
    );
    await admin.update({ ...role!, rules });
    const secrets: Permission = { group: '', resource: 'secrets', verbs: ['create'], namespace: ns, why: '' };
    await cluster.waitFor(async () => (await deniedPermissions(saKube, [secrets])).length === 1, {
      timeoutMs: 10_000,
      description: 'the authorizer to see the smaller role',
    });

    const r = await cli([
      'run',
      '--katalog',
      katalog,
      '--kubeconfig',
      saKubeconfig,
      '--namespace',
      ns,
      '--leader-election-namespace',
      ns,
      '--log-level',
      'silent',
    ]);
    expect(r.code).toBe(ExitCode.Forbidden);
    expect(r.stderr).toContain(
      `Forbidden: the identity system:serviceaccount:${ns}:${sa} lacks 6 permissions the katalog needs`,
    );
    for (const verb of ['get', 'list', 'watch', 'create', 'patch', 'delete'])
      expect(r.stderr).toContain(
        `${verb} secrets in namespace ${ns}: needed for Secret children (secrets): watch, apply, prune`,
      );
    expect(r.stderr).toContain('orkestra generate rbac');
    expect(r.stderr.match(/ in namespace /g)?.length).toBe(6); // nothing else is missing
  }, 30_000);

  it('without the permission check, a Forbidden write is reported with the permission to grant', async () => {
    const role = await admin.get({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', name });
    // Put secrets back, take the status subresource away.
    const rules = (role!.rules as Rule[])
      .filter((r) => !r.resources.includes('websites/status'))
      .map((r) => (r.resources.includes('configmaps') ? { ...r, resources: [...r.resources, 'secrets'] } : r));
    await admin.update({ ...role!, rules });
    const status: Permission = {
      group: 'example.com',
      resource: 'websites/status',
      verbs: ['patch'],
      namespace: ns,
      why: '',
    };
    await cluster.waitFor(async () => (await deniedPermissions(saKube, [status])).length === 1, {
      timeoutMs: 10_000,
      description: 'the authorizer to see the new role',
    });
    await admin.create(website(ns, 'blog', { image: 'nginx:1.27' }));

    const run = await runAs(['--skip-permission-check'], (logs) =>
      /"err":"[^\n]*is forbidden[^\n]*"msg":"reconcile failed"/.test(logs),
    );
    run.stop();
    await run.done;
    const line = run
      .logs()
      .split('\n')
      .find((l) => l.includes('"msg":"reconcile failed"') && l.includes('is forbidden'));
    expect(line).toBeDefined();
    expect(line).toContain(`User \\"system:serviceaccount:${ns}:${sa}\\" cannot patch resource \\"websites/status\\"`);
    expect(line).toContain('patch Website');
    expect(line).toContain('see `orkestra generate rbac`');
  }, 60_000);
});
