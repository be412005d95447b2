/**
 * The contract of @orkestra/manifests for every kind the issue names, against a real kube-apiserver: created
 * with the owner reference and system labels; five updates in sync send zero writes; each drifted field is
 * corrected by one write; a dropped field is removed; immutable changes are refused with the field named, or
 * recreated when opted in; foreign objects are refused. Widget (test/crds/widget.yaml) is a custom resource
 * whose list is keyed by `port`.
 */
import { describe, expect, it } from '@jest/globals';
import { ImmutableFieldError, type KubeObject, OwnershipError } from '@orkestra/core';
import { resourceTestEnv } from '@orkestra/testenv/contract';
import * as manifests from '../src/index.js';

type Source = manifests.ManifestSource;
type Patch = Record<string, unknown>;

interface KindCase {
  /** Every field the test sets. */
  full(): Source;
  /** `full()` with some fields dropped; `dropped(live)` is what must be gone from the live object afterwards. */
  smaller(): Source;
  dropped(live: KubeObject): unknown[];
  /** Edits by someone else (merge patches), each undone by one write. */
  drifts: [what: string, patch: Patch][];
  /** A change the server refuses in place, and the field the error names. */
  immutable?: { change(source: Source): Source; field: string; recreates?: false };
}

const NAME = 'child';
const meta = { name: NAME, labels: { app: 'db' }, annotations: { 'example.com/note': 'x' } };
const at = (obj: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], obj);
const podTemplate = (image: string) => ({
  metadata: { labels: { app: 'db' }, annotations: { 'example.com/revision': '1' } },
  spec: {
    containers: [
      {
        name: 'main',
        image,
        env: [
          { name: 'A', value: '1' },
          { name: 'B', value: '2' },
        ],
      },
    ],
  },
});

const CASES: Record<string, KindCase> = {
  StatefulSet: {
    full: () => ({
      apiVersion: 'apps/v1',
      kind: 'StatefulSet',
      metadata: meta,
      spec: {
        serviceName: NAME,
        replicas: 2,
        minReadySeconds: 5,
        selector: { matchLabels: { app: 'db' } },
        template: podTemplate('postgres:17'),
        volumeClaimTemplates: [
          {
            metadata: { name: 'data' },
            spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
          },
        ],
      },
    }),
    smaller() {
      const s = this.full();
      const spec = s.spec as Record<string, any>;
      delete spec.minReadySeconds;
      spec.template.spec.containers[0].env = [{ name: 'A', value: '1' }];
      return s;
    },
    dropped: (live) => [
      at(live, 'spec.minReadySeconds') ?? 0,
      (at(live, 'spec.template.spec.containers') as { env: { name: string }[] }[])[0]!.env.map((e) => e.name),
    ],
    drifts: [
      ['replicas', { spec: { replicas: 7 } }],
      ['minReadySeconds', { spec: { minReadySeconds: 30 } }],
      ['a template annotation', { spec: { template: { metadata: { annotations: { 'example.com/revision': '2' } } } } }],
    ],
    immutable: {
      change: (s) => {
        (s.spec as any).volumeClaimTemplates[0].spec.resources.requests.storage = '2Gi';
        return s;
      },
      field: 'spec.volumeClaimTemplates',
    },
  },
  Job: {
    full: () => ({
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: meta,
      spec: {
        backoffLimit: 2,
        ttlSecondsAfterFinished: 600,
        template: {
          spec: { restartPolicy: 'Never', containers: [{ name: 'main', image: 'busybox:1', command: ['true'] }] },
        },
      },
    }),
    smaller() {
      const s = this.full();
      delete (s.spec as Record<string, unknown>).ttlSecondsAfterFinished;
      return s;
    },
    dropped: (live) => [at(live, 'spec.ttlSecondsAfterFinished') ?? 'gone'],
    drifts: [
      ['backoffLimit', { spec: { backoffLimit: 9 } }],
      ['ttlSecondsAfterFinished', { spec: { ttlSecondsAfterFinished: 5 } }],
    ],
    immutable: {
      change: (s) => {
        (s.spec as any).template.spec.containers[0].image = 'busybox:2';
        return s;
      },
      field: 'spec.template',
    },
  },
  CronJob: {
    full: () => ({
      apiVersion: 'batch/v1',
      kind: 'CronJob',
      metadata: meta,
      spec: {
        schedule: '0 3 * * *',
        suspend: false,
        startingDeadlineSeconds: 300,
        concurrencyPolicy: 'Forbid',
        jobTemplate: {
          spec: {
            template: {
              spec: {
                restartPolicy: 'OnFailure',
                containers: [{ name: 'backup', image: 'busybox:1', args: ['backup', '--all'] }],
              },
            },
          },
        },
      },
    }),
    smaller() {
      const s = this.full();
      delete (s.spec as Record<string, unknown>).startingDeadlineSeconds;
      return s;
    },
    dropped: (live) => [at(live, 'spec.startingDeadlineSeconds') ?? 'gone'],
    drifts: [
      ['schedule', { spec: { schedule: '*/5 * * * *' } }],
      ['suspend turned on', { spec: { suspend: true } }],
      ['concurrencyPolicy', { spec: { concurrencyPolicy: 'Allow' } }],
    ],
  },
  Ingress: {
    full: () => ({
      apiVersion: 'networking.k8s.io/v1',
      kind: 'Ingress',
      metadata: meta,
      spec: {
        ingressClassName: 'nginx',
        rules: [
          {
            host: 'shop.example.com',
            http: {
              paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: 'web', port: { number: 80 } } } }],
            },
          },
        ],
        tls: [{ hosts: ['shop.example.com'], secretName: 'shop-tls' }],
      },
    }),
    smaller() {
      const s = this.full();
      delete (s.spec as Record<string, unknown>).tls;
      return s;
    },
    dropped: (live) => [at(live, 'spec.tls') ?? 'gone'],
    drifts: [
      [
        'a rule',
        {
          spec: {
            rules: [
              {
                host: 'evil.example.com',
                http: {
                  paths: [
                    { path: '/', pathType: 'Prefix', backend: { service: { name: 'web', port: { number: 80 } } } },
                  ],
                },
              },
            ],
          },
        },
      ],
      ['the class', { spec: { ingressClassName: 'other' } }],
    ],
  },
  PersistentVolumeClaim: {
    full: () => ({
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: meta,
      spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
    }),
    smaller() {
      const s = this.full();
      s.metadata = { name: NAME, labels: { app: 'db' } };
      return s;
    },
    dropped: (live) => [live.metadata.annotations?.['example.com/note'] ?? 'gone'],
    drifts: [
      ['a label', { metadata: { labels: { app: 'other' } } }],
      ['an annotation', { metadata: { annotations: { 'example.com/note': 'changed' } } }],
    ],
    immutable: {
      change: (s) => {
        (s.spec as any).accessModes = ['ReadWriteMany'];
        return s;
      },
      field: 'spec.accessModes',
      // Deleting a claim waits for the pvc-protection controller to drop its finalizer; testenv runs none.
      recreates: false,
    },
  },
  PodDisruptionBudget: {
    full: () => ({
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: meta,
      spec: { maxUnavailable: 1, selector: { matchLabels: { app: 'db' } }, unhealthyPodEvictionPolicy: 'AlwaysAllow' },
    }),
    smaller() {
      const s = this.full();
      delete (s.spec as Record<string, unknown>).unhealthyPodEvictionPolicy;
      return s;
    },
    dropped: (live) => [at(live, 'spec.unhealthyPodEvictionPolicy') ?? 'gone'],
    drifts: [
      ['maxUnavailable', { spec: { maxUnavailable: 3 } }],
      ['the selector', { spec: { selector: { matchLabels: { app: 'other' } } } }],
    ],
  },
  Role: {
    full: () => ({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'Role',
      metadata: meta,
      rules: [
        { apiGroups: [''], resources: ['configmaps'], verbs: ['get', 'list'] },
        { apiGroups: ['apps'], resources: ['statefulsets'], verbs: ['get'] },
      ],
    }),
    smaller() {
      const s = this.full();
      s.rules = [(s.rules as unknown[])[0]];
      return s;
    },
    dropped: (live) => [(live.rules as unknown[]).length],
    drifts: [['the rules', { rules: [{ apiGroups: ['*'], resources: ['*'], verbs: ['*'] }] }]],
  },
  RoleBinding: {
    full: () => ({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'RoleBinding',
      metadata: meta,
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'reader' },
      subjects: [
        { kind: 'ServiceAccount', name: 'backup' },
        { kind: 'ServiceAccount', name: 'monitor' },
      ],
    }),
    smaller() {
      const s = this.full();
      s.subjects = [(s.subjects as unknown[])[0]];
      return s;
    },
    dropped: (live) => [(live.subjects as unknown[]).length],
    drifts: [['the subjects', { subjects: [{ kind: 'ServiceAccount', name: 'intruder', namespace: 'kube-system' }] }]],
    immutable: {
      change: (s) => {
        (s.roleRef as Record<string, string>).name = 'writer';
        return s;
      },
      field: 'roleRef',
    },
  },
  NetworkPolicy: {
    full: () => ({
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      metadata: meta,
      spec: {
        podSelector: { matchLabels: { app: 'db' } },
        policyTypes: ['Ingress', 'Egress'],
        ingress: [
          { from: [{ podSelector: { matchLabels: { app: 'web' } } }], ports: [{ protocol: 'TCP', port: 5432 }] },
        ],
        egress: [{ to: [{ ipBlock: { cidr: '10.0.0.0/8' } }] }],
      },
    }),
    smaller() {
      const s = this.full();
      (s.spec as Record<string, unknown>).policyTypes = ['Ingress'];
      delete (s.spec as Record<string, unknown>).egress;
      return s;
    },
    dropped: (live) => [at(live, 'spec.egress') ?? 'gone'],
    drifts: [
      [
        'an ingress port',
        {
          spec: {
            ingress: [
              { from: [{ podSelector: { matchLabels: { app: 'web' } } }], ports: [{ protocol: 'TCP', port: 5433 }] },
            ],
          },
        },
      ],
      ['the pod selector', { spec: { podSelector: { matchLabels: { app: 'other' } } } }],
    ],
  },
  Widget: {
    full: () => ({
      apiVersion: 'acme.example.com/v1',
      kind: 'Widget',
      metadata: meta,
      spec: {
        size: 3,
        color: 'blue',
        routes: [
          { port: 80, backend: 'web' },
          { port: 443, backend: 'web-tls', weight: 10 },
        ],
      },
    }),
    smaller() {
      const s = this.full();
      const spec = s.spec as Record<string, unknown>;
      delete spec.color;
      spec.routes = [{ port: 80, backend: 'web' }];
      return s;
    },
    dropped: (live) => [
      at(live, 'spec.color') ?? 'gone',
      (at(live, 'spec.routes') as { port: number }[]).map((r) => r.port),
    ],
    drifts: [
      ['size', { spec: { size: 9 } }],
      [
        'a route keyed by port',
        {
          spec: {
            routes: [
              { port: 80, backend: 'evil' },
              { port: 443, backend: 'web-tls', weight: 10 },
            ],
          },
        },
      ],
    ],
  },
};

const EXPECTED_DROPPED: Record<string, unknown[]> = {
  StatefulSet: [0, ['A']],
  Job: ['gone'],
  CronJob: ['gone'],
  Ingress: ['gone'],
  PersistentVolumeClaim: ['gone'],
  PodDisruptionBudget: ['gone'],
  Role: [1],
  RoleBinding: [1],
  NetworkPolicy: ['gone'],
  Widget: ['gone', [80]],
};

// A namespace and an owner ConfigMap (`site`) per test; `kube` is Orkestra's client (requests counted), `other`
// someone else: a user with kubectl, another controller.
const t = resourceTestEnv({ namespacePrefix: 'manifests-kinds' });

describe.each(Object.entries(CASES))('%s', (kind, c) => {
  const spec = (source: Source) => manifests.resolve(source, t.ownerName);
  const ref = () => ({ apiVersion: c.full().apiVersion, kind, namespace: t.namespace, name: NAME });
  const read = () => t.other.get(ref());
  const foreign = (): KubeObject => {
    const { recreate: _r, ...obj } = c.full();
    return { ...obj, metadata: { name: NAME, namespace: t.namespace } } as KubeObject;
  };

  it('is created with the t.owner reference and the system labels, then five updates send zero writes', async () => {
    const result = await manifests.update(t.ctx, t.kube, t.owner, spec(c.full()));
    expect(result.action).toBe('created');
    const live = await read();
    expect(live?.metadata.labels).toEqual({ app: 'db', 'managed-by': 'orkestra', 'orkestra-owner': t.ownerName });
    expect(live?.metadata.ownerReferences).toEqual([
      {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        name: t.ownerName,
        uid: t.owner.metadata.uid,
        controller: true,
        blockOwnerDeletion: true,
      },
    ]);
    t.kube.requests.reset();
    for (let i = 0; i < 5; i++)
      expect((await manifests.update(t.ctx, t.kube, t.owner, spec(c.full()))).action).toBe('unchanged');
    expect((await manifests.create(t.ctx, t.kube, t.owner, spec(c.full()))).action).toBe('unchanged');
    expect(t.kube.requests.writes()).toBe(0);
  });

  it('corrects each drifted field with one write', async () => {
    await manifests.update(t.ctx, t.kube, t.owner, spec(c.full()));
    for (const [what, patch] of c.drifts) {
      await t.other.patch(ref(), patch, { fieldManager: 'kubectl-edit' });
      t.kube.requests.reset();
      const result = await manifests.update(t.ctx, t.kube, t.owner, spec(c.full()));
      expect({ what, action: result.action, writes: t.kube.requests.writes() }).toEqual({
        what,
        action: 'updated',
        writes: 1,
      });
      expect({ what, action: (await manifests.update(t.ctx, t.kube, t.owner, spec(c.full()))).action }).toEqual({
        what,
        action: 'unchanged',
      });
    }
  });

  it('removes a field the template drops: the apply, after the hand-over of the create', async () => {
    await manifests.update(t.ctx, t.kube, t.owner, spec(c.full()));
    t.kube.requests.reset();
    expect((await manifests.update(t.ctx, t.kube, t.owner, spec(c.smaller()))).action).toBe('updated');
    // The hand-over of the POSTed child's fields (its set of fields changes: once per child), then one apply.
    expect(t.kube.requests.writes()).toBe(2);
    expect(c.dropped((await read())!)).toEqual(EXPECTED_DROPPED[kind]);
    expect((await manifests.update(t.ctx, t.kube, t.owner, spec(c.smaller()))).action).toBe('unchanged');
  });

  if (kind === 'Widget') {
    it('a route another manager adds (list keyed by port) is theirs: no drift, no write, and it stays', async () => {
      await manifests.update(t.ctx, t.kube, t.owner, spec(c.full()));
      await t.other.apply(
        {
          apiVersion: 'acme.example.com/v1',
          kind: 'Widget',
          metadata: { name: NAME, namespace: t.namespace },
          spec: { routes: [{ port: 8080, backend: 'debug' }] },
        },
        { fieldManager: 'other-controller', force: false },
      );
      t.kube.requests.reset();
      for (let i = 0; i < 5; i++)
        expect((await manifests.update(t.ctx, t.kube, t.owner, spec(c.full()))).action).toBe('unchanged');
      expect(t.kube.requests.writes()).toBe(0);
      expect((at(await read(), 'spec.routes') as { port: number }[]).map((r) => r.port).sort()).toEqual([
        443, 80, 8080,
      ]);
    });
  }

  it('refuses an object of that name nobody controls: no write, left as it was', async () => {
    await t.other.create(foreign());
    t.kube.requests.reset();
    await expect(manifests.create(t.ctx, t.kube, t.owner, spec(c.full()))).rejects.toThrow(OwnershipError);
    await expect(manifests.update(t.ctx, t.kube, t.owner, spec(c.full()))).rejects.toThrow(OwnershipError);
    await expect(manifests.delete(t.ctx, t.kube, t.owner, spec(c.full()))).rejects.toThrow(OwnershipError);
    expect(t.kube.requests.writes()).toBe(0);
    expect((await read())?.metadata.ownerReferences).toBeUndefined();
  });

  const immutable = c.immutable;
  if (immutable) {
    it(`refuses an immutable change naming ${immutable.field}${immutable.recreates === false ? '' : ', or recreates the object with recreate: true'}`, async () => {
      await manifests.update(t.ctx, t.kube, t.owner, spec(c.full()));
      const before = (await read())!;
      const err = await manifests
        .update(t.ctx, t.kube, t.owner, spec(immutable.change(c.full())))
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ImmutableFieldError);
      expect((err as ImmutableFieldError).changes.map((ch) => ch.path)).toEqual([immutable.field]);
      expect((err as Error).message).toContain(`${kind} ${t.namespace}/${NAME}: ${immutable.field}`);
      expect((await read())?.metadata.resourceVersion).toBe(before.metadata.resourceVersion);
      if (immutable.recreates === false) return;
      const result = await manifests.update(
        t.ctx,
        t.kube,
        t.owner,
        spec({ ...immutable.change(c.full()), recreate: true }),
      );
      expect(result.action).toBe('recreated');
      expect((await read())?.metadata.uid).not.toBe(before.metadata.uid);
    });
  }
});
