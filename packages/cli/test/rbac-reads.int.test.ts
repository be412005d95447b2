import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as configmaps from '@orkestra/configmaps';
import type { KubeObject } from '@orkestra/core';
import { Kubeclient, ResourceRegistry } from '@orkestra/core/kube';
import { operatorPermissions, rbacObjects } from '@orkestra/operator';
import { deniedPermissions, describePermission } from '@orkestra/operator/internal';
import { children, defineOperator, GenericReconciler } from '@orkestra/reconciler';
import { testCluster } from '@orkestra/testenv';
import { deleteClusterRole, serviceAccountClient } from './service-account.js';
import { website } from './test-files.js';

// A code operator whose status hook reads Secrets (`reads`), run as a ServiceAccount bound to exactly the RBAC
// generated for its configuration.
const cluster = testCluster();
const tmp = mkdtempSync(join(tmpdir(), 'orkestra-rbac-reads-'));
const owner = { group: 'example.com', version: 'v1', kind: 'Website', plural: 'websites' };

describe('RBAC of a code operator covers the kinds its hooks read', () => {
  let admin: Kubeclient;
  let saKube: Kubeclient;
  let ns: string;
  let name: string;
  let reconciler: GenericReconciler | undefined;

  beforeAll(async () => {
    admin = new Kubeclient(cluster.kubeConfig);
    ns = await cluster.newNamespace('rbac-reads');
    name = `orkestra-reads-${randomBytes(3).toString('hex')}`;
    ({ kube: saKube } = await serviceAccountClient(cluster, ns, 'shop-operator', tmp));
  });
  afterAll(async () => {
    await reconciler?.stop();
    await deleteClusterRole(admin, name);
    await cluster.deleteNamespaces();
    await Promise.all([admin?.close(), saKube?.close()]);
    rmSync(tmp, { recursive: true, force: true });
  });

  it('get, list and watch on the read kind are generated, granted, and enough for the hook to read', async () => {
    const config = defineOperator({
      owner,
      namespaces: [ns],
      resyncPeriodMs: 3_600_000,
      children: [children(configmaps.handler, { onReconcile: [{ name: '{{metadata.name}}-page', data: { a: 'b' } }] })],
      reads: [{ apiVersion: 'v1', kind: 'Secret' }],
      hooks: {
        status: (cr, _children, ctx) => {
          const secret = ctx.reader.get({ apiVersion: 'v1', kind: 'Secret', name: `${cr.metadata.name}-db` });
          return { secretKeys: Object.keys((secret?.data as Record<string, string> | undefined) ?? {}).join(',') };
        },
      },
    });
    const permissions = operatorPermissions([config], { resources: new ResourceRegistry() });
    const secrets = permissions.find((p) => p.resource === 'secrets');
    expect(secrets).toMatchObject({ group: '', namespace: ns, verbs: ['get', 'list', 'watch'] });
    expect(secrets?.why).toBe('Secret: read by the hooks of Website (reads)');

    for (const object of rbacObjects(permissions, { name, serviceAccount: { namespace: ns, name: 'shop-operator' } }))
      await admin.create(object);
    await cluster.waitFor(async () => (await deniedPermissions(saKube, permissions)).length === 0, {
      timeoutMs: 10_000,
      description: 'the authorizer to grant the generated role',
    });
    // Nothing beyond what it needs: no write on Secrets.
    const write = { ...secrets!, verbs: ['create', 'patch', 'delete'] };
    expect((await deniedPermissions(saKube, [write])).map((d) => describePermission(d.permission, d.verb))).toEqual([
      `create secrets in namespace ${ns}`,
      `patch secrets in namespace ${ns}`,
      `delete secrets in namespace ${ns}`,
    ]);

    reconciler = new GenericReconciler(saKube, config);
    await reconciler.start();
    await admin.create({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'shop-db', namespace: ns },
      stringData: { password: 'not-shown' },
    });
    await admin.create(website(ns, 'shop', { image: 'nginx:1.27' }));
    await cluster.waitFor(
      async () => {
        const cr = await admin.get({ apiVersion: 'example.com/v1', kind: 'Website', namespace: ns, name: 'shop' });
        return (cr?.status as { secretKeys?: string } | undefined)?.secretKeys === 'password';
      },
      { timeoutMs: 20_000, description: 'the status hook to read the Secret through the cache' },
    );
    const page: KubeObject | undefined = await admin.get({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      namespace: ns,
      name: 'shop-page',
    });
    expect(page?.data).toEqual({ a: 'b' });
  }, 60_000);
});
