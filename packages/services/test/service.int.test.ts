import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { ImmutableFieldError, OwnershipError, createContext, type KubeObject, type OwnerObject } from '@orkestra/core';
import { Kubeclient } from '@orkestra/core/kube';
import { testCluster } from '@orkestra/testenv';
import * as services from '../src/index.js';
import type { ServiceSource } from '../src/index.js';

const cluster = testCluster();
const ctx = createContext({ fieldManager: 'orkestra-test' });
let kube: Kubeclient;
let other: Kubeclient; // someone else: a user with kubectl, another controller
let ns: string;
let owner: OwnerObject;
// Node ports are cluster-wide and stay taken while earlier tests' namespaces terminate: each test gets its own.
let nextNodePort = 30000 + Math.floor(Math.random() * 2000);
let np: number;

interface Port { name?: string; port: number; targetPort: number | string; protocol: string; nodePort?: number }
interface Spec { type: string; clusterIP?: string; ports?: Port[]; selector?: Record<string, string> }
type Service = KubeObject & { spec: Spec };

async function makeOwner(name: string): Promise<OwnerObject> {
  const obj = await other.create<KubeObject>({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: ns }, data: { role: 'owner' } });
  return obj as OwnerObject;
}

const ref = (name = 'site-svc') => ({ apiVersion: 'v1', kind: 'Service', namespace: ns, name });
const read = async (name = 'site-svc') => (await kube.get(ref(name))) as Service | undefined;
const edit = (patch: unknown, type: 'merge' | 'json' = 'merge', name = 'site-svc') => other.patch(ref(name), patch, { fieldManager: 'kubectl-edit', type });
const spec = (source: ServiceSource) => services.resolve(source, 'site');
/** Who owns something under spec.ports, by manager. */
const portOwners = (obj: KubeObject | undefined) =>
  ((obj?.metadata.managedFields ?? []) as { manager: string; fieldsV1?: { 'f:spec'?: { 'f:ports'?: object } } }[])
    .filter((m) => m.fieldsV1?.['f:spec']?.['f:ports'])
    .map((m) => m.manager);

beforeAll(() => {
  kube = new Kubeclient(cluster.kubeConfig);
  other = new Kubeclient(cluster.kubeConfig);
});
afterAll(async () => {
  await cluster.deleteNamespaces();
  await kube.close();
  await other.close();
});
beforeEach(async () => {
  ns = await cluster.newNamespace('services');
  owner = await makeOwner('site');
  np = nextNodePort;
  nextNodePort += 4;
  kube.requests.reset();
});

describe('create', () => {
  it('creates the Service with the owner reference, system labels, default selector and an allocated cluster IP', async () => {
    const result = await services.create(ctx, kube, owner, spec({ port: 80 }));
    expect(result.action).toBe('created');
    const live = await read();
    expect(live?.spec).toMatchObject({ type: 'ClusterIP', ports: [{ port: 80, targetPort: 80, protocol: 'TCP' }], selector: { 'orkestra-owner': 'site' } });
    expect(live?.spec.clusterIP).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(live?.metadata.labels).toMatchObject({ 'managed-by': 'orkestra', 'orkestra-owner': 'site' });
    expect(live?.metadata.ownerReferences).toEqual([{ apiVersion: 'v1', kind: 'ConfigMap', name: 'site', uid: owner.metadata.uid, controller: true, blockOwnerDeletion: true }]);
  });

  it('is idempotent: an existing Service of this owner costs no write', async () => {
    await services.create(ctx, kube, owner, spec({ port: 80 }));
    kube.requests.reset();
    expect((await services.create(ctx, kube, owner, spec({ port: 80 }))).action).toBe('unchanged');
    expect(kube.requests.writes()).toBe(0);
  });

  it('refuses a Service of the same name that nobody controls, without writing', async () => {
    await other.create({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'site-svc', namespace: ns }, spec: { ports: [{ port: 9 }] } });
    kube.requests.reset();
    await expect(services.create(ctx, kube, owner, spec({ port: 80 }))).rejects.toThrow(OwnershipError);
    expect(kube.requests.writes()).toBe(0);
    expect((await read())?.spec.ports?.map((p) => p.port)).toEqual([9]);
  });

  it('refuses a Service controlled by another owner', async () => {
    const otherOwner = await makeOwner('other-site');
    await services.create(ctx, kube, otherOwner, services.resolve({ name: 'shared', port: 9 }, 'other-site'));
    kube.requests.reset();
    const err = await services.create(ctx, kube, owner, spec({ name: 'shared', port: 80 })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OwnershipError);
    expect((err as Error).message).toContain(`is controlled by ConfigMap ${ns}/other-site`);
    expect(kube.requests.writes()).toBe(0);
    expect((await read('shared'))?.spec.ports?.map((p) => p.port)).toEqual([9]);
  });

  it('two racing creates both succeed and leave one Service', async () => {
    const racer = new Kubeclient(cluster.kubeConfig);
    const results = await Promise.all([services.create(ctx, kube, owner, spec({ port: 80 })), services.create(ctx, racer, owner, spec({ port: 80 }))]);
    await racer.close();
    expect(results.map((r) => r.action)).toContain('created');
    expect((await read())?.spec.ports?.map((p) => p.port)).toEqual([80]);
  });
});

describe('update', () => {
  it('creates a missing Service', async () => {
    expect((await services.update(ctx, kube, owner, spec({ port: 80 }))).action).toBe('created');
  });

  it.each<[string, ServiceSource]>([
    ['one port, targetPort filled in by us', { port: 80 }],
    ['several ports, labels and annotations', { ports: [{ name: 'http', port: 80, targetPort: 'http' }, { name: 'dns', port: 53, protocol: 'UDP', targetPort: 5353 }], labels: { app: 'web' }, annotations: { note: 'x' } }],
    ['NodePort with an allocated nodePort', { type: 'NodePort', port: 80 }],
    ['NodePort with a fixed nodePort', { type: 'NodePort', port: 80, nodePort: 'fixed' }],
    ['LoadBalancer', { type: 'LoadBalancer', port: 443, targetPort: 8443 }],
    ['headless without ports', { headless: true }],
    ['no selector', { port: 80, selector: {} }],
  ])('in sync (%s): zero writes over five updates, though the server filled in clusterIP, sessionAffinity and more', async (_, given) => {
    const source = given.nodePort === 'fixed' ? { ...given, nodePort: np } : given;
    await services.update(ctx, kube, owner, spec(source));
    const live = await read();
    expect(live?.spec).toHaveProperty('sessionAffinity', 'None');
    expect(live?.spec).toHaveProperty('ipFamilies');
    kube.requests.reset();
    for (let i = 0; i < 5; i++) expect((await services.update(ctx, kube, owner, spec(source))).action).toBe('unchanged');
    expect(kube.requests.writes()).toBe(0);
  });

  const base = (): ServiceSource => ({
    type: 'NodePort',
    ports: [{ name: 'http', port: 80 }, { name: 'grpc', port: 9090, targetPort: 'grpc', nodePort: np }],
    selector: { app: 'web' }, labels: { app: 'web' }, annotations: { note: 'x' },
  });
  it.each<[string, () => unknown, 'merge' | 'json']>([
    ['targetPort alone, on a port whose targetPort the template left to default', () => [{ op: 'replace', path: '/spec/ports/0/targetPort', value: 9999 }], 'json'],
    ["a port's name", () => [{ op: 'replace', path: '/spec/ports/0/name', value: 'web' }], 'json'],
    ['a fixed nodePort', () => [{ op: 'replace', path: '/spec/ports/1/nodePort', value: np + 1 }], 'json'],
    ['a removed port', () => ({ spec: { ports: [{ name: 'grpc', port: 9090, targetPort: 'grpc', nodePort: np, protocol: 'TCP' }] } }), 'merge'],
    ['the type', () => ({ spec: { type: 'LoadBalancer' } }), 'merge'],
    ['a selector value', () => ({ spec: { selector: { app: 'evil' } } }), 'merge'],
    ['a key added to the selector', () => ({ spec: { selector: { tier: 'canary' } } }), 'merge'],
    ['a label', () => ({ metadata: { labels: { app: 'other' } } }), 'merge'],
    ['a system label', () => ({ metadata: { labels: { 'orkestra-owner': 'nobody' } } }), 'merge'],
    ['an annotation', () => ({ metadata: { annotations: { note: 'changed' } } }), 'merge'],
  ])('corrects %s changed by someone else with exactly one write, keeping the cluster IP', async (_, patch, type) => {
    await services.update(ctx, kube, owner, spec(base()));
    const before = await read();
    await edit(patch(), type);
    kube.requests.reset();
    const result = await services.update(ctx, kube, owner, spec(base()));
    expect(result.action).toBe('updated');
    expect(kube.requests.writes()).toBe(1);
    const live = await read();
    expect(live?.spec.type).toBe('NodePort');
    expect(live?.spec.ports).toEqual([
      { name: 'http', port: 80, targetPort: 80, protocol: 'TCP', nodePort: expect.any(Number) },
      { name: 'grpc', port: 9090, targetPort: 'grpc', protocol: 'TCP', nodePort: np },
    ]);
    expect(live?.spec.selector).toEqual({ app: 'web' });
    expect(live?.spec.clusterIP).toBe(before?.spec.clusterIP);
    expect(live?.metadata.uid).toBe(before?.metadata.uid);
    expect(live?.metadata.labels).toMatchObject({ app: 'web', 'orkestra-owner': 'site' });
    expect(live?.metadata.annotations).toMatchObject({ note: 'x' });
    kube.requests.reset();
    expect((await services.update(ctx, kube, owner, spec(base()))).action).toBe('unchanged');
    expect(kube.requests.writes()).toBe(0);
  });

  it.each([
    ['read from the server', false],
    ['read from a cache that drops managedFields, as the reconciler\'s does', true],
  ])('restores a port someone renumbered (%s): their port is taken over, then one apply puts ours back', async (_, cached) => {
    await services.update(ctx, kube, owner, spec({ ports: [{ name: 'http', port: 80, targetPort: 8080 }] }));
    const before = await read();
    // `kubectl edit` changing 80 to 81: the port (key port/protocol) is now someone else's, with our port's name.
    await edit({ spec: { ports: [{ name: 'http', port: 81, targetPort: 8080, protocol: 'TCP' }] } });
    expect(portOwners(await read())).toEqual(['kubectl-edit']);
    if (cached) {
      const { managedFields: _dropped, ...metadata } = (await read())!.metadata;
      const copy = { ...(await read())!, metadata };
      kube.setReadCache({ get: (r) => (r.kind === 'Service' && r.name === 'site-svc' ? { object: copy } : undefined) });
    }
    kube.requests.reset();
    const result = await services.update(ctx, kube, owner, spec({ ports: [{ name: 'http', port: 80, targetPort: 8080 }] }));
    kube.setReadCache(undefined);
    expect(result.action).toBe('updated');
    // Server-side apply alone cannot do it: the server would refuse a second port named http.
    expect(kube.requests.count({ verb: 'patch' })).toBe(1);
    expect(kube.requests.count({ verb: 'apply' })).toBe(1);
    expect(kube.requests.count({ verb: 'list' })).toBe(cached ? 1 : 0);
    const live = await read();
    expect(live?.spec.ports).toEqual([{ name: 'http', port: 80, targetPort: 8080, protocol: 'TCP' }]);
    expect(live?.spec.clusterIP).toBe(before?.spec.clusterIP);
    expect(portOwners(live)).toEqual(['orkestra-test']);
    kube.requests.reset();
    expect((await services.update(ctx, kube, owner, spec({ ports: [{ name: 'http', port: 80, targetPort: 8080 }] }))).action).toBe('unchanged');
    expect(kube.requests.writes()).toBe(0);
  });

  it('a port someone else added beside ours is theirs: not drift, and kept', async () => {
    await services.update(ctx, kube, owner, spec({ ports: [{ name: 'http', port: 80 }] }));
    await edit({ spec: { ports: [{ name: 'http', port: 80, targetPort: 80, protocol: 'TCP' }, { name: 'metrics', port: 9102, targetPort: 9102, protocol: 'TCP' }] } });
    kube.requests.reset();
    expect((await services.update(ctx, kube, owner, spec({ ports: [{ name: 'http', port: 80 }] }))).action).toBe('unchanged');
    expect(kube.requests.writes()).toBe(0);
    expect((await read())?.spec.ports?.map((p) => p.name)).toEqual(['http', 'metrics']);
  });

  it('removes a port and an annotation the template stops setting, and leaves a user annotation alone', async () => {
    await services.update(ctx, kube, owner, spec({ ports: [{ name: 'http', port: 80 }, { name: 'metrics', port: 9102 }], annotations: { ours: 'x' } }));
    const before = await read();
    await edit({ metadata: { annotations: { 'user/note': 'keep me' } } });
    kube.requests.reset();
    const result = await services.update(ctx, kube, owner, spec({ port: 80 }));
    expect(result.action).toBe('updated');
    expect(kube.requests.writes()).toBe(1);
    const live = await read();
    expect(live?.spec.ports).toEqual([{ port: 80, targetPort: 80, protocol: 'TCP' }]);
    expect(live?.metadata.annotations).not.toHaveProperty('ours');
    expect(live?.metadata.annotations?.['user/note']).toBe('keep me');
    expect(live?.spec.clusterIP).toBe(before?.spec.clusterIP);
  });

  it('changes the type in place, keeping the cluster IP; node ports the server allocated go with NodePort', async () => {
    await services.update(ctx, kube, owner, spec({ port: 80 }));
    const first = await read();
    const steps: [ServiceSource, (live: Service | undefined) => void][] = [
      [{ type: 'NodePort', port: 80 }, (live) => expect(live?.spec.ports?.[0]?.nodePort).toBeGreaterThanOrEqual(30000)],
      [{ type: 'LoadBalancer', port: 80 }, (live) => expect(live?.spec.ports?.[0]?.nodePort).toBeGreaterThanOrEqual(30000)],
      [{ type: 'ClusterIP', port: 80 }, (live) => expect(live?.spec.ports?.[0]).not.toHaveProperty('nodePort')],
      [{ type: 'NodePort', port: 80, nodePort: np }, (live) => expect(live?.spec.ports?.[0]?.nodePort).toBe(np)],
      [{ port: 80 }, (live) => expect(live?.spec.ports?.[0]).not.toHaveProperty('nodePort')],
    ];
    for (const [source, check] of steps) {
      kube.requests.reset();
      expect((await services.update(ctx, kube, owner, spec(source))).action).toBe('updated');
      expect(kube.requests.writes()).toBe(1);
      const live = await read();
      expect(live?.spec.type).toBe(source.type ?? 'ClusterIP');
      expect(live?.spec.clusterIP).toBe(first?.spec.clusterIP);
      expect(live?.metadata.uid).toBe(first?.metadata.uid);
      check(live);
    }
  });

  it('keeps the nodePort the server allocated across updates', async () => {
    await services.update(ctx, kube, owner, spec({ type: 'NodePort', port: 80, labels: { app: 'web' } }));
    const allocated = (await read())?.spec.ports?.[0]?.nodePort;
    await edit({ metadata: { labels: { app: 'other' } } });
    expect((await services.update(ctx, kube, owner, spec({ type: 'NodePort', port: 80, labels: { app: 'web' } }))).action).toBe('updated');
    expect((await services.update(ctx, kube, owner, spec({ type: 'NodePort', port: 80, targetPort: 8080, labels: { app: 'web' } }))).action).toBe('updated');
    expect((await read())?.spec.ports).toEqual([{ port: 80, targetPort: 8080, protocol: 'TCP', nodePort: allocated }]);
  });

  it('a NodePort with a fixed nodePort is created with it and moved when the template moves it', async () => {
    await services.update(ctx, kube, owner, spec({ type: 'NodePort', port: 80, nodePort: np }));
    expect((await read())?.spec.ports?.[0]?.nodePort).toBe(np);
    kube.requests.reset();
    expect((await services.update(ctx, kube, owner, spec({ type: 'NodePort', port: 80, nodePort: np + 1 }))).action).toBe('updated');
    expect(kube.requests.writes()).toBe(1);
    expect((await read())?.spec.ports?.[0]?.nodePort).toBe(np + 1);
  });

  it('refuses to update a Service it does not control', async () => {
    await other.create({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'site-svc', namespace: ns }, spec: { ports: [{ port: 9 }] } });
    kube.requests.reset();
    await expect(services.update(ctx, kube, owner, spec({ port: 80 }))).rejects.toThrow(OwnershipError);
    expect(kube.requests.writes()).toBe(0);
    expect((await read())?.spec.ports?.map((p) => p.port)).toEqual([9]);
  });
});

describe('headless and the immutable cluster IP', () => {
  it.each<[string, ServiceSource, ServiceSource]>([
    ['turning headless on', { port: 80 }, { port: 80, headless: true }],
    ['turning headless off', { port: 80, headless: true }, { port: 80 }],
    ['a headless Service becoming a NodePort', { port: 80, headless: true }, { port: 80, type: 'NodePort' }],
  ])('%s is refused with the field and the way out, and nothing is written', async (_, from, to) => {
    await services.update(ctx, kube, owner, spec(from));
    const before = await read();
    kube.requests.reset();
    const err = await services.update(ctx, kube, owner, spec(to)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImmutableFieldError);
    expect((err as ImmutableFieldError).changes.map((c) => c.path)).toEqual(['spec.clusterIP']);
    expect((err as Error).message).toMatch(new RegExp(`^cannot update Service ${ns}/site-svc: spec.clusterIP \\(.+\\) cannot change on an existing object. Set \`recreate: true\``));
    expect(kube.requests.writes()).toBe(0);
    expect((await read())?.metadata.resourceVersion).toBe(before?.metadata.resourceVersion);
  });

  it.each<[string, ServiceSource, ServiceSource, (ip: string | undefined) => void]>([
    ['on', { port: 80 }, { port: 80, headless: true, recreate: true }, (ip) => expect(ip).toBe('None')],
    ['off', { port: 80, headless: true }, { port: 80, recreate: true }, (ip) => expect(ip).toMatch(/^\d+\./)],
  ])('with recreate: true, turning headless %s deletes and creates the Service', async (_, from, to, check) => {
    await services.update(ctx, kube, owner, spec(from));
    const before = await read();
    const result = await services.update(ctx, kube, owner, spec(to));
    expect(result.action).toBe('recreated');
    const after = await read();
    expect(after?.metadata.uid).not.toBe(before?.metadata.uid);
    check(after?.spec.clusterIP);
    expect((await services.update(ctx, kube, owner, spec(to))).action).toBe('unchanged');
  });
});

describe('delete', () => {
  it('missing: nothing happens', async () => {
    expect((await services.delete(ctx, kube, owner, spec({ port: 80 }))).action).toBe('absent');
    expect(kube.requests.writes()).toBe(0);
  });

  it('controlled by the owner: deleted', async () => {
    await services.create(ctx, kube, owner, spec({ port: 80 }));
    expect((await services.delete(ctx, kube, owner, spec({ port: 80 }))).action).toBe('deleted');
    expect(await read()).toBeUndefined();
  });

  it("someone else's: OwnershipError and untouched", async () => {
    await other.create({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'site-svc', namespace: ns }, spec: { ports: [{ port: 9 }] } });
    kube.requests.reset();
    await expect(services.delete(ctx, kube, owner, spec({ port: 80 }))).rejects.toThrow(OwnershipError);
    expect(kube.requests.writes()).toBe(0);
    expect(await read()).toBeDefined();
  });

  it('the garbage collector removes the Service when the owner goes', async () => {
    await services.create(ctx, kube, owner, spec({ port: 80 }));
    await other.delete({ apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name: 'site' });
    await cluster.waitFor(async () => (await read()) === undefined, { timeoutMs: 30_000, description: 'the Service to be garbage-collected' });
  });
});
