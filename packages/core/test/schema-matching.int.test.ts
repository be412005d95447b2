/**
 * Matching by the API server's own schema (OpenAPI v3), against a real kube-apiserver: the structures read
 * for built-in kinds and a CRD, one schema request per group-version, and the update flow converging and
 * then staying at zero requests — for a custom resource keyed by a non-`name` field, an empty ConfigMap value,
 * and a quantity the server rounds.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { resourceTestEnv } from '@orkestra/testenv/contract';
import { type KubeObject, type ObjectRef, type ReadCache, updateChild } from '../src/index.js';
import { Kubeclient } from '../src/kube/index.js';

// A namespace and an owner ConfigMap per test; `kube` is ours (requests counted, reset before each test),
// `other` is someone else: kubectl, another controller.
const t = resourceTestEnv({ namespacePrefix: 'matching' });

const GROUP = 'matching.test.orkestra.io';
const backupCrd = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: `backups.${GROUP}` },
  spec: {
    group: GROUP,
    scope: 'Namespaced',
    names: { plural: 'backups', singular: 'backup', kind: 'Backup' },
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: {
              spec: {
                type: 'object',
                properties: {
                  schedule: { type: 'string' },
                  enabled: { type: 'boolean' },
                  retries: { type: 'integer' },
                  targets: {
                    type: 'array',
                    'x-kubernetes-list-type': 'map',
                    'x-kubernetes-list-map-keys': ['bucket'],
                    items: {
                      type: 'object',
                      required: ['bucket'],
                      properties: { bucket: { type: 'string' }, prefix: { type: 'string' } },
                    },
                  },
                  tags: { type: 'array', 'x-kubernetes-list-type': 'set', items: { type: 'string' } },
                },
              },
            },
          },
        },
      },
    ],
  },
};

/** An in-memory read cache seeded by reads and kept by the client's own writes: what an informer gives the lifecycle. */
function readCache(): ReadCache & { seed(obj: KubeObject | undefined, ref: ObjectRef): void } {
  const store = new Map<string, KubeObject | undefined>();
  const key = (r: ObjectRef) => `${r.apiVersion}/${r.kind}/${r.namespace ?? ''}/${r.name}`;
  const refOf = (o: KubeObject): ObjectRef => ({
    apiVersion: o.apiVersion,
    kind: o.kind,
    namespace: o.metadata.namespace,
    name: o.metadata.name ?? '',
  });
  return {
    get: (ref) => (store.has(key(ref)) ? { object: store.get(key(ref)) } : undefined),
    observe: (e) =>
      e.type === 'written' ? store.set(key(refOf(e.object)), e.object) : store.set(key(e.ref), undefined),
    seed: (obj, ref) => store.set(key(ref), obj),
  };
}

const ref = (apiVersion: string, kind: string, name: string): ObjectRef => ({
  apiVersion,
  kind,
  namespace: t.namespace,
  name,
});

beforeAll(async () => {
  await t.other.apply(backupCrd, { fieldManager: 'test', force: true });
  await t.cluster.waitFor(
    async () => {
      const crd = await t.other.get<KubeObject & { status?: { conditions?: { type: string; status: string }[] } }>({
        apiVersion: 'apiextensions.k8s.io/v1',
        kind: 'CustomResourceDefinition',
        name: backupCrd.metadata.name,
      });
      return crd?.status?.conditions?.some((c) => c.type === 'Established' && c.status === 'True');
    },
    { timeoutMs: 20_000, description: 'the Backup CRD to be established' },
  );
  // The API server publishes a CRD's schema a moment after establishing it.
  await t.cluster.waitFor(
    async () => {
      const fresh = new Kubeclient(t.cluster.kubeConfig);
      try {
        return (await fresh.schemaFor(`${GROUP}/v1`, 'Backup')) !== undefined;
      } finally {
        await fresh.close();
      }
    },
    { timeoutMs: 20_000, description: 'the Backup schema to be published' },
  );
});

describe('schemaFor', () => {
  it('reads list keys, map types, quantities and defaults from the API server, once per group-version', async () => {
    const fresh = new Kubeclient(t.cluster.kubeConfig);
    try {
      const deployment = await fresh.schemaFor('apps/v1', 'Deployment');
      const pod = deployment?.properties?.spec?.properties?.template?.properties?.spec;
      const containers = pod?.properties?.containers;
      expect(containers).toMatchObject({ listType: 'map', listMapKeys: ['name'] });
      expect(containers?.items?.properties?.resources?.properties?.requests?.values?.scalar).toBe('quantity');
      expect(containers?.items?.properties?.ports?.listMapKeys).toEqual(['containerPort', 'protocol']);
      expect(await fresh.schemaFor('apps/v1', 'StatefulSet')).toBeDefined();
      expect(fresh.requests.count({ verb: 'openapi' })).toBe(1);

      const service = await fresh.schemaFor('v1', 'Service');
      expect(service?.properties?.spec?.properties?.selector?.mapType).toBe('atomic');
      expect(service?.properties?.spec?.properties?.ports?.items?.properties?.protocol?.default).toBe('TCP');
      expect((await fresh.schemaFor('v1', 'ConfigMap'))?.properties?.data?.values).toBeDefined();
      const backup = await fresh.schemaFor(`${GROUP}/v1`, 'Backup');
      expect(backup?.properties?.spec?.properties?.targets).toMatchObject({ listType: 'map', listMapKeys: ['bucket'] });
      expect(backup?.properties?.spec?.omitsZero).toBeUndefined();
      expect(fresh.requests.count({ verb: 'openapi' })).toBe(3);

      await fresh.schemaFor('apps/v1', 'Deployment');
      await fresh.schemaFor('v1', 'Service');
      expect(fresh.requests.count({ verb: 'openapi' })).toBe(3);
    } finally {
      await fresh.close();
    }
  });

  it('a group-version without a schema gives undefined, asked once per kind', async () => {
    const fresh = new Kubeclient(t.cluster.kubeConfig);
    try {
      expect(await fresh.schemaFor('nothing.example.com/v1', 'Thing')).toBeUndefined();
      const asked = fresh.requests.count({ verb: 'openapi' });
      expect(await fresh.schemaFor('nothing.example.com/v1', 'Thing')).toBeUndefined();
      expect(fresh.requests.count({ verb: 'openapi' })).toBe(asked);
    } finally {
      await fresh.close();
    }
  });
});

describe('updateChild matches by the schema', () => {
  const backup = (spec: object): KubeObject => ({
    apiVersion: `${GROUP}/v1`,
    kind: 'Backup',
    metadata: { name: 'nightly', namespace: t.namespace },
    spec,
  });
  const readBackup = async () =>
    (await t.other.get(ref(`${GROUP}/v1`, 'Backup', 'nightly'))) as
      | (KubeObject & { spec: { targets?: { bucket: string; prefix?: string }[]; retries?: number } })
      | undefined;

  it('a custom resource keyed by a non-name field: in sync at zero requests, items of others left alone, ours restored', async () => {
    const spec = {
      schedule: '0 3 * * *',
      enabled: false,
      retries: 0,
      targets: [{ bucket: 'a', prefix: 'db/' }, { bucket: 'b' }],
      tags: ['x'],
    };
    const cache = readCache();
    const remove = t.kube.addReadCache(cache);
    try {
      expect((await updateChild(t.ctx, t.kube, t.owner, backup(spec))).action).toBe('created');
      expect((await updateChild(t.ctx, t.kube, t.owner, backup(spec))).action).toBe('unchanged'); // reads the schema once
      t.kube.requests.reset();
      for (let i = 0; i < 5; i++)
        expect((await updateChild(t.ctx, t.kube, t.owner, backup(spec))).action).toBe('unchanged');
      expect(t.kube.requests.count()).toBe(0); // no read, no schema request, no write

      // Someone adds a target of their own (another field manager): not ours, not drift.
      const theirs = await t.other.apply(
        { ...backup({ targets: [{ bucket: 'c' }] }) },
        { fieldManager: 'someone-else', force: true },
      );
      cache.seed(theirs, ref(`${GROUP}/v1`, 'Backup', 'nightly'));
      expect((await updateChild(t.ctx, t.kube, t.owner, backup(spec))).action).toBe('unchanged');
      expect(t.kube.requests.writes()).toBe(0);

      // Someone changes our target's prefix and removes the zero-valued retries: both restored by one write.
      const edited = await t.other.patch(
        ref(`${GROUP}/v1`, 'Backup', 'nightly'),
        [
          { op: 'replace', path: '/spec/targets/0/prefix', value: 'evil/' },
          { op: 'remove', path: '/spec/retries' },
        ],
        { fieldManager: 'kubectl-edit', type: 'json' },
      );
      cache.seed(edited, ref(`${GROUP}/v1`, 'Backup', 'nightly'));
      const result = await updateChild(t.ctx, t.kube, t.owner, backup(spec));
      expect(result.action).toBe('updated');
      expect(result.drifted?.map((d) => d.path).sort()).toEqual(['spec.retries', 'spec.targets[a].prefix']);
      expect(t.kube.requests.writes()).toBe(1);
      const live = await readBackup();
      expect(live?.spec.retries).toBe(0);
      expect(live?.spec.targets?.map((t) => [t.bucket, t.prefix])).toEqual(
        expect.arrayContaining([
          ['a', 'db/'],
          ['b', undefined],
          ['c', undefined],
        ]),
      );
    } finally {
      remove();
    }
  });

  it.each([
    ['ConfigMap', { 'empty.conf': '', 'app.conf': 'x=1' }],
    ['Secret', { 'empty.key': '', token: 'c2VjcmV0' }],
  ])(
    'an empty %s value is a value: removed by someone else, it is restored',
    async (kind, data: Record<string, string>) => {
      const obj: KubeObject = { apiVersion: 'v1', kind, metadata: { name: 'conf', namespace: t.namespace }, data };
      const emptyKey = Object.keys(data)[0]!;
      await updateChild(t.ctx, t.kube, t.owner, obj);
      await t.other.patch(ref('v1', kind, 'conf'), [{ op: 'remove', path: `/data/${emptyKey}` }], {
        fieldManager: 'kubectl-edit',
        type: 'json',
      });
      t.kube.requests.reset();
      const result = await updateChild(t.ctx, t.kube, t.owner, obj);
      expect(result.action).toBe('updated');
      expect(result.drifted?.map((d) => d.path)).toEqual([`data.${emptyKey}`]);
      expect(t.kube.requests.writes()).toBe(1);
      expect((await t.other.get(ref('v1', kind, 'conf')))?.data).toEqual(data);
      t.kube.requests.reset();
      expect((await updateChild(t.ctx, t.kube, t.owner, obj)).action).toBe('unchanged');
      expect(t.kube.requests.writes()).toBe(0);
    },
  );

  it('a quantity the server rounds (cpu 0.0001 is stored as 1m) is in sync: no endless writes', async () => {
    const deployment: KubeObject = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'tiny', namespace: t.namespace },
      spec: {
        selector: { matchLabels: { app: 'tiny' } },
        template: {
          metadata: { labels: { app: 'tiny' } },
          spec: {
            containers: [
              {
                name: 'app',
                image: 'nginx:1.27',
                resources: { requests: { cpu: '0.0001', memory: '1024Mi' }, limits: { cpu: '0.0015' } },
              },
            ],
            volumes: [{ name: 'scratch', emptyDir: { sizeLimit: '0.0001' } }],
          },
        },
      },
    };
    expect((await updateChild(t.ctx, t.kube, t.owner, deployment)).action).toBe('created');
    const live = (await t.other.get(ref('apps/v1', 'Deployment', 'tiny'))) as KubeObject & {
      spec: { template: { spec: { containers: { resources: object }[] } } };
    };
    expect(live.spec.template.spec.containers[0]?.resources).toEqual({
      requests: { cpu: '1m', memory: '1Gi' },
      limits: { cpu: '2m' },
    });
    t.kube.requests.reset();
    for (let i = 0; i < 5; i++)
      expect((await updateChild(t.ctx, t.kube, t.owner, deployment)).action).toBe('unchanged');
    expect(t.kube.requests.writes()).toBe(0);
  });
});
