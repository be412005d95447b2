/** Unit tests of @orkestra/manifests: resolve, kindOf, desired, immutable fields and the handler, no cluster. */
import { describe, expect, it } from '@jest/globals';
import { ANY_KIND, type KubeObject, type OwnerObject, ValidationError } from '@orkestra/core';
import { APPLIED_FIELDS_ANNOTATION, buildChild, matchObject } from '@orkestra/core/authoring';
import { desired, handler, immutableChanges, kindOf, type ManifestSource, resolve } from '../src/index.js';

const statefulSet = (): ManifestSource => ({
  apiVersion: 'apps/v1',
  kind: 'StatefulSet',
  metadata: { name: 'shop-db', labels: { app: 'db' }, annotations: { note: 'x' } },
  spec: {
    serviceName: 'shop-db',
    replicas: 3,
    selector: { matchLabels: { app: 'db' } },
    template: { metadata: { labels: { app: 'db' } }, spec: { containers: [{ name: 'db', image: 'postgres:17' }] } },
    volumeClaimTemplates: [
      {
        metadata: { name: 'data' },
        spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
      },
    ],
  },
});

const owner: OwnerObject = {
  apiVersion: 'example.com/v1',
  kind: 'Database',
  metadata: { name: 'shop', namespace: 'prod', uid: 'u-1' },
};

function problems(fn: () => unknown): string[] {
  try {
    fn();
  } catch (e) {
    if (e instanceof ValidationError)
      return e.problems.map((p) => `${p.path}: ${p.message}${p.hint ? ` (${p.hint})` : ''}`);
    throw e;
  }
  throw new Error('expected a ValidationError');
}

describe('resolve', () => {
  it('keeps the object as written and stamps system labels a template cannot override', () => {
    const spec = resolve(
      {
        ...statefulSet(),
        metadata: { name: 'shop-db', labels: { app: 'db', 'managed-by': 'me', 'orkestra-owner': 'other' } },
      },
      'shop',
    );
    expect(spec).toMatchObject({
      apiVersion: 'apps/v1',
      kind: 'StatefulSet',
      name: 'shop-db',
      namespace: undefined,
      recreate: false,
      annotations: {},
    });
    expect(spec.labels).toEqual({ app: 'db', 'managed-by': 'orkestra', 'orkestra-owner': 'shop' });
    expect(spec.fields).toEqual({ spec: statefulSet().spec });
  });

  it('takes recreate and a namespace', () => {
    expect(
      resolve({ ...statefulSet(), recreate: 'true', metadata: { name: 'a', namespace: 'prod' } }, 'shop'),
    ).toMatchObject({ recreate: true, namespace: 'prod' });
  });

  it('reports every bad input with its path, all at once', () => {
    expect(
      problems(() =>
        resolve(
          {
            apiVersion: 'apps/v1',
            kind: 'StatefulSet',
            metadata: { name: 'Bad_Name', labels: { 'a b': 'x' }, ownerReferences: [] },
            status: {},
            recreate: 'maybe',
          } as never,
          'shop',
        ),
      ),
    ).toEqual([
      'metadata.ownerReferences: is not a known field (known fields: name, namespace, labels, annotations)',
      expect.stringMatching(/^metadata\.name: must consist of lower case letters/),
      expect.stringMatching(/^metadata\.labels\.a b: key /),
      'recreate: must be true or false, got "maybe"',
      expect.stringMatching(/^status: is written by the controller of the object/),
    ]);
  });

  it('requires metadata.name', () => {
    expect(problems(() => resolve({ apiVersion: 'v1', kind: 'ConfigMap', metadata: {} } as never, 'shop'))).toEqual([
      expect.stringMatching(/^metadata\.name: is required/),
    ]);
    expect(problems(() => resolve({ apiVersion: 'v1', kind: 'ConfigMap' } as never, 'shop'))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^metadata: is required/)]),
    );
  });

  it('accepts path-segment names for RBAC kinds only', () => {
    expect(
      resolve(
        { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name: 'system:reader' }, rules: [] },
        'shop',
      ).name,
    ).toBe('system:reader');
    expect(
      problems(() => resolve({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'system:reader' } }, 'shop')),
    ).toHaveLength(1);
  });

  it('turns Secret stringData into data, as the server stores it', () => {
    const spec = resolve(
      { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' }, data: { a: 'aGl=' }, stringData: { b: 'hi' } },
      'shop',
    );
    expect(spec.fields).toEqual({ data: { a: 'aGk=', b: 'aGk=' } });
  });
});

describe('kindOf', () => {
  it('reads the literal apiVersion and kind', () => {
    expect(kindOf(statefulSet())).toEqual({ apiVersion: 'apps/v1', kind: 'StatefulSet' });
    expect(kindOf({ apiVersion: 'acme.example.com/v1alpha1', kind: 'Widget' })).toEqual({
      apiVersion: 'acme.example.com/v1alpha1',
      kind: 'Widget',
    });
  });

  it('refuses a templated, missing or malformed apiVersion or kind', () => {
    expect(problems(() => kindOf({ apiVersion: '{{spec.api}}', kind: 'Widget' }))).toEqual([
      expect.stringMatching(
        /^apiVersion: must be literal, got the template "\{\{spec.api\}\}" \(write apiVersion and kind as plain text/,
      ),
    ]);
    expect(problems(() => kindOf({ apiVersion: 'apps/v1' }))).toEqual([expect.stringMatching(/^kind: is required/)]);
    expect(problems(() => kindOf({ apiVersion: 'Apps/V1', kind: 'statefulset' }))).toEqual([
      expect.stringMatching(/^apiVersion: must look like v1, apps\/v1/),
      expect.stringMatching(/^kind: must be a kind such as StatefulSet/),
    ]);
  });
});

describe('desired', () => {
  it('is the manifest: the owner namespace by default, only the fields the template sets', () => {
    const obj = desired(owner, resolve(statefulSet(), 'shop'));
    expect(obj).toEqual({
      apiVersion: 'apps/v1',
      kind: 'StatefulSet',
      metadata: {
        name: 'shop-db',
        namespace: 'prod',
        labels: { app: 'db', 'managed-by': 'orkestra', 'orkestra-owner': 'shop' },
        annotations: { note: 'x' },
      },
      spec: statefulSet().spec,
    });
  });

  it('leaves out the fields another controller writes (yieldedFields: an HPA scaling this StatefulSet)', () => {
    const obj = desired(owner, resolve(statefulSet(), 'shop'), { yieldedFields: ['spec.replicas'] }) as KubeObject & {
      spec: Record<string, unknown>;
    };
    expect(obj.spec).not.toHaveProperty('replicas');
    expect(obj.spec.serviceName).toBe('shop-db');
    expect((statefulSet().spec as Record<string, unknown>).replicas).toBe(3);
  });

  it('core stamps the owner reference and the applied fields; a cluster-scoped child of a namespaced owner is refused', () => {
    const obj = desired(owner, resolve(statefulSet(), 'shop'));
    const child = buildChild(owner, obj);
    expect(child.metadata.ownerReferences).toEqual([
      {
        apiVersion: 'example.com/v1',
        kind: 'Database',
        name: 'shop',
        uid: 'u-1',
        controller: true,
        blockOwnerDeletion: true,
      },
    ]);
    expect(child.metadata.annotations?.[APPLIED_FIELDS_ANNOTATION]).toMatch(/^[0-9a-f]{16}$/);
    const role = desired(
      owner,
      resolve(
        { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'reader' }, rules: [] },
        'shop',
      ),
    );
    expect(() => buildChild(owner, role, { clusterScoped: true })).toThrow(
      /a ClusterRole is cluster-scoped and cannot be owned by the namespaced Database prod\/shop/,
    );
  });

  it('a field the template drops changes the applied fields, so the next update removes it', () => {
    const full = buildChild(owner, desired(owner, resolve(statefulSet(), 'shop')));
    const source = statefulSet();
    delete (source.spec as Record<string, unknown>).replicas;
    const smaller = buildChild(owner, desired(owner, resolve(source, 'shop')));
    expect(matchObject(smaller, full).drifted.map((d) => d.reason)).toEqual(['fields']);
  });
});

describe('immutableChanges', () => {
  const live = (obj: ManifestSource) => buildChild(owner, desired(owner, resolve(obj, 'shop'))) as KubeObject;
  it('names the StatefulSet field that cannot change, once, and lets replicas and the template change', () => {
    const before = live(statefulSet());
    const changed = statefulSet();
    const spec = changed.spec as Record<string, any>;
    spec.volumeClaimTemplates[0].spec.resources.requests.storage = '2Gi';
    spec.volumeClaimTemplates[0].spec.accessModes = ['ReadWriteMany'];
    spec.replicas = 5;
    spec.template.spec.containers[0].image = 'postgres:18';
    const after = live(changed);
    const { drifted } = matchObject(after, before);
    expect(immutableChanges(drifted, before, after)).toEqual([
      { path: 'spec.volumeClaimTemplates', reason: expect.stringContaining('a StatefulSet can change only replicas') },
    ]);
  });

  it("names a Job's template, and nothing for a kind without immutable fields", () => {
    const job = (image: string): ManifestSource => ({
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name: 'j' },
      spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'c', image }] } } },
    });
    const { drifted } = matchObject(live(job('b')), live(job('a')));
    expect(immutableChanges(drifted, live(job('a')), live(job('b')))).toEqual([
      { path: 'spec.template', reason: "a Job's Pod template cannot change" },
    ]);
    const pdb = (n: number): ManifestSource => ({
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: { name: 'p' },
      spec: { maxUnavailable: n },
    });
    expect(immutableChanges(matchObject(live(pdb(2)), live(pdb(1))).drifted, live(pdb(1)), live(pdb(2)))).toEqual([]);
  });
});

describe('handler', () => {
  it('is the handler of any kind, with the key manifests', () => {
    expect(handler).toMatchObject({ key: 'manifests', apiVersion: ANY_KIND, kind: ANY_KIND, plural: ANY_KIND });
    expect(handler.kindOf?.(statefulSet())).toEqual({ apiVersion: 'apps/v1', kind: 'StatefulSet' });
    expect(handler.schema.required).toEqual(['apiVersion', 'kind', 'metadata']);
  });
});
