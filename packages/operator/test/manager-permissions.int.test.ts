import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as configmaps from '@orkestra/configmaps';
import { Kubeclient } from '@orkestra/core/kube';
import { children, defineOperator, type ReconcilerConfig } from '@orkestra/reconciler';
import { inventoryRecordName } from '@orkestra/reconciler/internal';
import { serviceAccountIdentity, testCluster } from '@orkestra/testenv';
import { Manager, operatorPermissions, type Permission, PermissionsDeniedError, rbacObjects } from '../src/index.js';
import { deniedPermissions } from '../src/internal.js';

// A code operator (defineOperator, no CLI) under a Manager that acts as a ServiceAccount: the Manager computes
// what its reconcilers need and checks it at start, before the Lease and before any write.
const cluster = testCluster();
const owner = { group: 'example.com', version: 'v1', kind: 'Website', plural: 'websites' };

/** A client acting as ServiceAccount `namespace/name` (created here; testenv runs no ServiceAccount controller). */
async function serviceAccountClient(namespace: string, name: string): Promise<Kubeclient> {
  return new Kubeclient((await serviceAccountIdentity(cluster, namespace, name)).kubeConfig);
}

describe('Manager: the start-up permission check of a code operator', () => {
  let admin: Kubeclient;
  let saKube: Kubeclient;
  let ns: string;
  let config: ReconcilerConfig;
  let needed: Permission[];
  const lease = { name: 'shop-operator' };
  const managerOf = () =>
    new Manager({
      kube: saKube,
      reconcilers: [config],
      heapRelease: false,
      leaderElection: { namespace: ns, name: lease.name, identity: 'replica-a' },
    });
  const page = () => admin.get({ apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name: 'shop-page' });
  const grant = async (permissions: Permission[], name: string) => {
    for (const object of rbacObjects(permissions, { name, serviceAccount: { namespace: ns, name: 'shop-operator' } }))
      await admin.create(object);
    await cluster.waitFor(async () => (await deniedPermissions(saKube, permissions)).length === 0, {
      timeoutMs: 20_000,
      description: `the authorizer to grant the Role ${name}`,
    });
  };

  beforeAll(async () => {
    admin = new Kubeclient(cluster.kubeConfig);
    ns = await cluster.newNamespace('manager-rbac');
    saKube = await serviceAccountClient(ns, 'shop-operator');
    config = defineOperator({
      owner,
      namespaces: [ns],
      resyncPeriodMs: 3_600_000,
      children: [children(configmaps.handler, { onReconcile: [{ name: '{{metadata.name}}-page', data: { a: 'b' } }] })],
    });
    needed = operatorPermissions([config], { leaseNamespace: ns });
    await admin.create({
      apiVersion: 'example.com/v1',
      kind: 'Website',
      metadata: { name: 'shop', namespace: ns },
      spec: { image: 'nginx' },
    });
  });
  afterAll(async () => {
    await cluster.deleteNamespaces();
    await Promise.all([admin?.close(), saKube?.close()]);
  });

  it('lacking one permission, start fails naming the verb, resource, namespace and the rule to add; nothing is written', async () => {
    const lacking = needed.map((p) =>
      p.resource === 'configmaps' ? { ...p, verbs: p.verbs.filter((v) => v !== 'delete') } : p,
    );
    await grant(lacking, `shop-${randomBytes(3).toString('hex')}`);

    const error = await managerOf()
      .run(new AbortController().signal)
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(PermissionsDeniedError);
    const denied = error as PermissionsDeniedError;
    expect(denied.denied.map((d) => `${d.verb} ${d.permission.resource} ${d.permission.namespace}`)).toEqual([
      `delete configmaps ${ns}`,
    ]);
    expect(denied.message).toContain(`system:serviceaccount:${ns}:shop-operator lacks a permission it needs`);
    expect(denied.message).toContain(`delete configmaps in namespace ${ns}`);
    expect(denied.message).toContain(
      `{ apiGroups: [""], resources: ["configmaps"], verbs: ["delete"] } in a Role in namespace ${ns}`,
    );
    expect(denied.message).toContain('rbacObjects(operatorPermissions(reconcilers)');

    // Nothing written: no child, no Lease, the CR untouched (no finalizer, annotation or status).
    expect(await page()).toBeUndefined();
    expect(
      await admin.get({ apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', namespace: ns, name: lease.name }),
    ).toBeUndefined();
    const cr = await admin.get({ apiVersion: 'example.com/v1', kind: 'Website', namespace: ns, name: 'shop' });
    expect(cr?.status).toBeUndefined();
    expect(cr?.metadata.annotations).toBeUndefined();
  }, 90_000);

  it('with the RBAC generated for its configuration, the same Manager starts and reconciles', async () => {
    await grant(needed, `shop-full-${randomBytes(3).toString('hex')}`);
    const manager = managerOf();
    const stop = new AbortController();
    const exit = manager.run(stop.signal);
    try {
      await cluster.waitFor(async () => (await page())?.data, {
        timeoutMs: 30_000,
        description: 'the Manager to create the ConfigMap shop-page',
      });
      expect((await page())?.data).toEqual({ a: 'b' });
    } finally {
      stop.abort();
      expect((await exit).reason).toBe('stopped');
    }
  }, 90_000);
});

// The inventory record: the Manager keeps each reconciler's in its namespace; RBAC made before it (no configmaps
// there) costs a warning and the per-CR annotation, never the start.
describe('Manager: the inventory record in the operator namespace', () => {
  let admin: Kubeclient;
  let saKube: Kubeclient;
  let ns: string;
  let ops: string;
  let config: ReconcilerConfig;
  const warnings: string[] = [];
  const logger = {
    debug() {},
    info() {},
    error() {},
    warn(_fields: unknown, message: string) {
      warnings.push(message);
    },
  };
  const website = (name: string) =>
    admin.create({
      apiVersion: 'example.com/v1',
      kind: 'Website',
      metadata: { name, namespace: ns },
      spec: { image: 'nginx' },
    });
  const crOf = (name: string) => admin.get({ apiVersion: 'example.com/v1', kind: 'Website', namespace: ns, name });
  const record = () =>
    admin.get({ apiVersion: 'v1', kind: 'ConfigMap', namespace: ops, name: inventoryRecordName(owner, [ns]) });
  const grant = async (permissions: Permission[], name: string) => {
    for (const object of rbacObjects(permissions, { name, serviceAccount: { namespace: ops, name: 'shop-operator' } }))
      await admin.create(object);
    await cluster.waitFor(async () => (await deniedPermissions(saKube, permissions)).length === 0, {
      timeoutMs: 20_000,
      description: `the authorizer to grant ${name}`,
    });
  };
  /** Runs a Manager as the ServiceAccount until `check` holds. */
  const runUntil = async (check: () => Promise<unknown>, description: string) => {
    const stop = new AbortController();
    const exit = new Manager({ kube: saKube, namespace: ops, reconcilers: [config], heapRelease: false, logger }).run(
      stop.signal,
    );
    try {
      await cluster.waitFor(check, { timeoutMs: 30_000, description });
    } finally {
      stop.abort();
      expect((await exit).reason).toBe('stopped');
    }
  };

  beforeAll(async () => {
    admin = new Kubeclient(cluster.kubeConfig);
    ns = await cluster.newNamespace('inv-watched');
    ops = await cluster.newNamespace('inv-ops');
    saKube = await serviceAccountClient(ops, 'shop-operator');
    config = defineOperator({
      owner,
      namespaces: [ns],
      resyncPeriodMs: 3_600_000,
      children: [children(configmaps.handler, { onReconcile: [{ name: '{{metadata.name}}-page', data: { a: 'b' } }] })],
    });
  });
  afterAll(async () => {
    await cluster.deleteNamespaces();
    await Promise.all([admin?.close(), saKube?.close()]);
  });

  it('without configmaps in its namespace: one warning naming what to grant, and the inventory on each CR', async () => {
    await grant(operatorPermissions([config]), `inv-old-${randomBytes(3).toString('hex')}`);
    await website('shop');
    await runUntil(
      async () => (await crOf('shop'))?.metadata.annotations?.['orkestra.io/managed-kinds'],
      'the annotation',
    );
    expect((await crOf('shop'))?.metadata.annotations?.['orkestra.io/managed-kinds']).toBe('ConfigMap.v1');
    expect(await record()).toBeUndefined();
    const warning = warnings.find((w) => w.includes('inventory record'));
    expect(warning).toContain(`configmaps in namespace ${ops}`);
    expect(warning).toContain('orkestra generate rbac');
    expect(warning).toContain('annotation on each Website');
  }, 90_000);

  it('with the RBAC generated for it: the record, and a new CR without annotation', async () => {
    await grant(
      operatorPermissions([config], { inventoryNamespace: ops }),
      `inv-new-${randomBytes(3).toString('hex')}`,
    );
    warnings.length = 0;
    await website('blog');
    await runUntil(
      async () =>
        (await admin.get({ apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name: 'blog-page' })) !== undefined,
      'the child of blog',
    );
    expect(((await record()) as { data?: Record<string, string> } | undefined)?.data?.['managed-kinds']).toBe(
      'ConfigMap.v1',
    );
    expect((await crOf('blog'))?.metadata.annotations).toBeUndefined();
    expect(warnings.filter((w) => w.includes('inventory record'))).toEqual([]);
  }, 90_000);
});
