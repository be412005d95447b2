/**
 * The two `ObjectClient`s against kube-apiserver, the same tests for each: `Kubeclient` (core's own transport and
 * kubeconfig loader) and `ClientNodeObjectClient` (`@orkestra/core/client-node`, through client-node's
 * `KubeConfig`, `KubernetesObjectApi` and `Watch`) — both `ControllerClient`s. What is `Kubeclient`'s own (its
 * transport, setReadCache, the restart of the API server) is in kubeclient.int.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { KubeConfig } from '@kubernetes/client-node';
import { testCluster } from '@orkestra/testenv';
import { ClientNodeObjectClient } from '../src/client-node/index.js';
import {
  AlreadyExistsError,
  ConflictError,
  type ControllerClient,
  createContext,
  ImmutableFieldError,
  InvalidError,
  KubeApiError,
  type KubeObject,
  NotFoundError,
  OrkestraError,
  type OwnerObject,
  type ReadCache,
  UnavailableError,
  updateChild,
  type WatchEvent,
} from '../src/index.js';
import { Kubeclient, type RequestCounter } from '../src/kube/index.js';

type Client = ControllerClient & { readonly requests: RequestCounter; close(): Promise<void> };

const clients: [string, (kc: KubeConfig, options?: { timeoutMs?: number; retries?: number }) => Client][] = [
  ['Kubeclient', (kc, o = {}) => new Kubeclient(kc, { timeoutMs: o.timeoutMs, retry: { retries: o.retries } })],
  [
    'ClientNodeObjectClient',
    (kc, o = {}) => new ClientNodeObjectClient(kc, { timeoutMs: o.timeoutMs, retry: { retries: o.retries } }),
  ],
];
// The run of this file over another HTTP version (ORKESTRA_HTTP, core's jest config) is about Kubeclient's
// transport: client-node's client, which has its own, is tested once.
if (process.env.ORKESTRA_HTTP) clients.splice(1);

const cluster = testCluster();

const widgetCrd = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'gizmos.objectclient.orkestra.io' },
  spec: {
    group: 'objectclient.orkestra.io',
    scope: 'Namespaced',
    names: { plural: 'gizmos', singular: 'gizmo', kind: 'Gizmo' },
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        subresources: { status: {} },
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: {
              spec: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
              status: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
            },
          },
        },
      },
    ],
  },
};

beforeAll(async () => {
  const admin = new Kubeclient(cluster.kubeConfig);
  await admin.apply(widgetCrd, { fieldManager: 'test' });
  await cluster.waitFor(
    async () => {
      const crd = await admin.get<KubeObject & { status?: { conditions?: { type: string; status: string }[] } }>({
        apiVersion: 'apiextensions.k8s.io/v1',
        kind: 'CustomResourceDefinition',
        name: widgetCrd.metadata.name,
      });
      return crd?.status?.conditions?.some((c) => c.type === 'Established' && c.status === 'True');
    },
    { timeoutMs: 20_000, description: 'the Gizmo CRD to be established' },
  );
  await admin.close();
});
afterAll(async () => {
  await cluster.deleteNamespaces();
});

describe.each(clients)('%s against kube-apiserver', (_, make) => {
  let kube: Client;
  let ns: string;
  const cm = (name: string, data: Record<string, string> = {}): KubeObject => ({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name, namespace: ns },
    data,
  });
  const ref = (name: string, kind = 'ConfigMap', apiVersion = 'v1') => ({ apiVersion, kind, namespace: ns, name });

  beforeAll(() => {
    kube = make(cluster.kubeConfig);
  });
  afterAll(async () => {
    await kube.close();
  });
  beforeEach(async () => {
    ns = await cluster.newNamespace('objectclient');
    kube.requests.reset();
  });

  it('creates by POST, reads, lists, applies and deletes, counting each request by verb and resource', async () => {
    const created = await kube.create!(cm('a', { x: '1' }));
    expect(created.metadata.uid).toBeTruthy();
    const read = await kube.get(ref('a'));
    expect(read?.data).toEqual({ x: '1' });
    expect(typeof read?.metadata.creationTimestamp).toBe('string'); // plain JSON, as the server sent it
    const applied = await kube.apply(cm('a', { x: '2' }), { fieldManager: 'test', force: true });
    expect(applied.data).toEqual({ x: '2' });
    const list = await kube.list('v1', 'ConfigMap', { namespace: ns, labelSelector: 'nope!=x' });
    expect(list.items.map((i) => i.metadata.name)).toContain('a');
    expect(list.items[0]).toMatchObject({ apiVersion: 'v1', kind: 'ConfigMap' });
    expect(await kube.delete(ref('a'))).toBe(true);
    expect(await kube.delete(ref('a'))).toBe(false);
    expect(await kube.get(ref('a'))).toBeUndefined();
    expect(kube.requests.snapshot()).toEqual({
      'apply configmaps': 1,
      'create configmaps': 1,
      'delete configmaps': 2,
      'get configmaps': 2,
      'list configmaps': 1,
    });
    expect(kube.requests.writes()).toBe(4);
  });

  it('maps real error answers to typed errors naming the object', async () => {
    await kube.create!(cm('dup'));
    const exists = await kube.create!(cm('dup')).catch((e: unknown) => e);
    expect(exists).toBeInstanceOf(AlreadyExistsError);
    expect((exists as Error).message).toContain(`create ConfigMap ${ns}/dup failed`);

    const stale = await kube
      .patch(ref('dup'), { metadata: { resourceVersion: '1' }, data: { y: '1' } })
      .catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(ConflictError);

    const invalid = (await kube.create!(cm('Bad_Name')).catch((e: unknown) => e)) as InvalidError;
    expect(invalid).toBeInstanceOf(InvalidError);
    expect(invalid.causes.map((c) => c.field)).toContain('metadata.name');

    const missingNs = await kube.create!({ ...cm('x'), metadata: { name: 'x', namespace: 'no-such-namespace' } }).catch(
      (e: unknown) => e,
    );
    expect(missingNs).toBeInstanceOf(NotFoundError);
  });

  it('sends objects as given: a misspelt field is refused under Strict field validation, naming it', async () => {
    const deployment = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web', namespace: ns },
      spec: {
        selector: { matchLabels: { app: 'web' } },
        template: {
          metadata: { labels: { app: 'web' } },
          spec: { containers: [{ name: 'web', image: 'nginx', imagee: 'typo' }] },
        },
      },
    };
    const err = (await kube
      .apply(deployment, { fieldManager: 'test', fieldValidation: 'Strict' })
      .catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(KubeApiError);
    expect(err.message).toMatch(/imagee/);
    expect(await kube.get(ref('web', 'Deployment', 'apps/v1'))).toBeUndefined();
  });

  it('discovers a custom kind once, patches its status subresource, and says when a kind is not served', async () => {
    const gizmo = ref('g', 'Gizmo', 'objectclient.orkestra.io/v1');
    const created = await kube.create!({ ...gizmo, metadata: { name: 'g', namespace: ns }, spec: { size: 1 } });
    await kube.get(gizmo);
    expect(kube.requests.count({ verb: 'discovery' })).toBe(1);
    const patched = await kube.patch(gizmo, { status: { phase: 'Ready' } }, { subresource: 'status' });
    expect(patched.status).toEqual({ phase: 'Ready' });
    expect(patched.spec).toEqual(created.spec);
    expect(kube.requests.count({ resource: 'gizmos/status' })).toBe(1);
    const unknown = await kube.get({ ...gizmo, kind: 'Gadget' }).catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(NotFoundError);
    expect((unknown as Error).message).toMatch(/does not serve kind Gadget in objectclient.orkestra.io\/v1/);
  });

  it('replaces with PUT (a stale resourceVersion is a ConflictError) and merge-patches the status', async () => {
    await kube.create(cm('dup'));
    const stale = await kube
      .update({ ...cm('dup'), metadata: { name: 'dup', namespace: ns, resourceVersion: '1' } })
      .catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(ConflictError);
    const live = (await kube.get(ref('dup')))!;
    const replaced = await kube.update({ ...live, data: { replaced: 'yes' } });
    expect(replaced.data).toEqual({ replaced: 'yes' });
    expect(kube.requests.count({ verb: 'update' })).toBe(2);
    const gizmo = ref('s', 'Gizmo', 'objectclient.orkestra.io/v1');
    await kube.create({ ...gizmo, metadata: { name: 's', namespace: ns }, spec: { size: 2 } });
    const patched = await kube.patchStatus(gizmo, { phase: 'Ready' });
    expect([patched.status, patched.spec]).toEqual([{ phase: 'Ready' }, { size: 2 }]);
  });

  it('answers reads from a plugged-in cache, tells it of writes, and reads the OpenAPI document', async () => {
    const seen: string[] = [];
    const cache: ReadCache = {
      get: (r) => (r.name === 'cached' ? { object: undefined } : undefined),
      observe: (event) =>
        seen.push(event.type === 'written' ? `written ${event.object.metadata.name}` : `deleted ${event.ref.name}`),
    };
    const remove = kube.addReadCache(cache);
    try {
      expect(await kube.get(ref('cached'))).toBeUndefined();
      expect(kube.peek(ref('cached'))).toEqual({ object: undefined });
      expect(kube.requests.count()).toBe(0);
      await kube.apply(cm('c'), { fieldManager: 'test' });
      await kube.delete(ref('c'));
      expect(seen).toEqual(['written c', 'deleted c']);
    } finally {
      remove();
    }
    expect(kube.peek(ref('cached'))).toBeUndefined();
    const doc = await kube.openApiDocument('apps/v1');
    expect(Object.keys(doc?.components?.schemas ?? {})).toContain('io.k8s.api.apps.v1.Deployment');
    expect(await kube.openApiDocument('nothing.example.com/v1')).toBeUndefined();
  });

  it('reads how a kind merges from the OpenAPI schema, once per group-version', async () => {
    const structure = await kube.schemaFor('apps/v1', 'Deployment');
    expect(structure).toBeDefined();
    await kube.schemaFor('apps/v1', 'StatefulSet');
    expect(kube.requests.count({ verb: 'openapi' })).toBe(1);
  });

  it('lists in pages: following the continue tokens yields every object once, from one snapshot', async () => {
    const names = Array.from({ length: 7 }, (_, i) => `page-${i}`);
    await Promise.all(names.map((n) => kube.create!(cm(n))));
    const first = await kube.list('v1', 'ConfigMap', { namespace: ns, limit: 3 });
    expect(first.items).toHaveLength(3);
    const seen = first.items.map((i) => i.metadata.name);
    for (let token = first.continue; token; ) {
      const page = await kube.list('v1', 'ConfigMap', { namespace: ns, limit: 3, continue: token });
      expect(page.resourceVersion).toBe(first.resourceVersion);
      seen.push(...page.items.map((i) => i.metadata.name));
      token = page.continue;
    }
    expect(seen.filter((n) => n !== 'kube-root-ca.crt')).toEqual(names);
  });

  it('applies create-only: fields owned by the apply; an existing name is AlreadyExistsError, nothing written', async () => {
    const created = await kube.apply(cm('fresh', { a: '1' }), { fieldManager: 'test', createOnly: true });
    expect(created.metadata.managedFields).toEqual([expect.objectContaining({ manager: 'test', operation: 'Apply' })]);
    const theirs = await kube.create!(cm('taken', { mine: 'no' }), { fieldManager: 'someone' });
    const err = await kube
      .apply(cm('taken', { a: '1' }), { fieldManager: 'test', createOnly: true })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AlreadyExistsError);
    expect((await kube.get(ref('taken')))?.metadata.resourceVersion).toBe(theirs.metadata.resourceVersion);
  });

  it('never echoes a Secret value the API server repeats in its answer', async () => {
    const secret = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', namespace: ns }, data: { k: 31415926 } };
    const err = (await kube.apply(secret as KubeObject, { fieldManager: 'test' }).catch((e: unknown) => e)) as Error;
    expect(err.message).toMatch(/expected string, got \[redacted\]/);
    expect(err.message).not.toContain('31415926');
  });

  it('watches: events in order with apiVersion and kind; resolves when the server ends the watch', async () => {
    const start = await kube.list('v1', 'ConfigMap', { namespace: ns });
    const events: string[] = [];
    const watching = kube.watch(
      'v1',
      'ConfigMap',
      { namespace: ns, resourceVersion: start.resourceVersion, timeoutSeconds: 3 },
      (e: WatchEvent) => {
        if (e.type !== 'BOOKMARK') events.push(`${e.type} ${e.object.kind} ${e.object.metadata.name}`);
      },
    );
    await kube.create!(cm('w', { a: '1' }));
    await kube.patch(ref('w'), { data: { a: '2' } });
    await kube.delete(ref('w'));
    await watching;
    expect(events).toEqual(['ADDED ConfigMap w', 'MODIFIED ConfigMap w', 'DELETED ConfigMap w']);
    expect(kube.requests.count({ verb: 'watch' })).toBe(1);
  }, 20_000);

  it('fails a watch the server refuses with its typed error, and stops one whose signal aborts', async () => {
    const refused = await kube
      .watch('v1', 'ConfigMap', { namespace: ns, labelSelector: 'a in (' }, () => undefined)
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(KubeApiError);
    expect((refused as KubeApiError).code).toBe(400);

    const abort = new AbortController();
    const watching = kube.watch('v1', 'ConfigMap', { namespace: ns, signal: abort.signal }, () => undefined);
    setTimeout(() => abort.abort(), 300);
    const aborted = await watching.catch((e: unknown) => e);
    expect(aborted).toBeInstanceOf(OrkestraError);
    expect((aborted as OrkestraError).reason).toBe('Aborted');
  });

  it('ends requests by abort signal (Aborted) and by timeout (UnavailableError), and refuses all after close', async () => {
    const aborted = await kube.get(ref('x'), { signal: AbortSignal.abort() }).catch((e: unknown) => e);
    expect((aborted as OrkestraError).reason).toBe('Aborted');

    const impatient = make(cluster.kubeConfig, { timeoutMs: 1, retries: 1 });
    const late = await impatient.list('v1', 'ConfigMap', { namespace: ns }).catch((e: unknown) => e);
    expect(late).toBeInstanceOf(UnavailableError);
    expect(impatient.requests.count({ verb: 'list' })).toBe(2); // the first attempt and one retry
    await impatient.close();
    const closed = await impatient.get(ref('x')).catch((e: unknown) => e);
    expect((closed as OrkestraError).reason).toBe('Closed');
  });

  it('serves the child lifecycle: an owned child, in sync without a write, immutable fields refused', async () => {
    const ctx = createContext({ fieldManager: 'test' });
    const owner = (await kube.create!(cm('owner'))) as OwnerObject;
    const secret = (data: string): KubeObject => ({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 's', namespace: ns },
      immutable: true,
      data: { k: data },
    });
    expect((await updateChild(ctx, kube, owner, secret('YQ=='))).action).toBe('created');
    kube.requests.reset();
    expect((await updateChild(ctx, kube, owner, secret('YQ=='))).action).toBe('unchanged');
    expect(kube.requests.writes()).toBe(0);
    const err = await updateChild(ctx, kube, owner, secret('Yg==')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImmutableFieldError);
    expect((err as Error).message).not.toContain('Yg==');
    expect((await updateChild(ctx, kube, owner, secret('Yg=='), { recreate: true })).action).toBe('recreated');
    expect((await kube.get(ref('s', 'Secret')))?.data).toEqual({ k: 'Yg==' });
  });
});
