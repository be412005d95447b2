import { describe, expect, it } from '@jest/globals';
import {
  APPLIED_FIELDS_ANNOTATION,
  type MatchOptions,
  matchObject as matchWith,
  parseQuantity,
  quantitiesEqual,
  withAppliedFields,
} from '../src/authoring.js';
import type { KubeObject } from '../src/index.js';
import { fieldStructuresOf, kindKey } from '../src/internal.js';
import { openApi } from './fixtures/openapi.js';

const structures = fieldStructuresOf(openApi);
/** The matcher as children.ts runs it: with the kind's structure from the API server's schema. */
const matchObject = (d: KubeObject, l: KubeObject, options: MatchOptions = {}) =>
  matchWith(d, l, { structure: structures.get(kindKey(d.apiVersion, d.kind)), ...options });

const deployment = (spec: object, metadata: object = {}): KubeObject => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'shop', ...metadata },
  spec,
});

const desired = deployment(
  {
    replicas: 2,
    template: {
      spec: {
        containers: [
          {
            name: 'web',
            image: 'nginx:1.27',
            ports: [{ containerPort: 80, protocol: 'TCP' }],
            env: [
              { name: 'A', value: '1' },
              { name: 'B', value: '2' },
            ],
            resources: { requests: { cpu: '0.5', memory: '1024Mi' }, limits: { cpu: '1' } },
            args: ['--a', '--b'],
          },
        ],
      },
    },
  },
  { labels: { app: 'web' }, annotations: { note: 'x' } },
);

// What kube-apiserver returns for it: defaults filled in, quantities canonical, other managers' fields.
const live = deployment(
  {
    replicas: 2,
    revisionHistoryLimit: 10,
    progressDeadlineSeconds: 600,
    strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' } },
    template: {
      metadata: { creationTimestamp: null },
      spec: {
        restartPolicy: 'Always',
        dnsPolicy: 'ClusterFirst',
        terminationGracePeriodSeconds: 30,
        containers: [
          { name: 'sidecar', image: 'istio/proxy' },
          {
            name: 'web',
            image: 'nginx:1.27',
            imagePullPolicy: 'IfNotPresent',
            terminationMessagePath: '/dev/termination-log',
            ports: [{ containerPort: 80, protocol: 'TCP' }],
            env: [
              { name: 'B', value: '2' },
              { name: 'A', value: '1' },
              { name: 'INJECTED', value: 'y' },
            ],
            resources: { requests: { cpu: '500m', memory: '1Gi' }, limits: { cpu: '1' } },
            args: ['--a', '--b'],
          },
        ],
      },
    },
  },
  {
    labels: { app: 'web', 'pod-template-hash': 'abc' },
    annotations: { note: 'x', 'deployment.kubernetes.io/revision': '1' },
    uid: 'u',
    resourceVersion: '123',
    generation: 3,
    creationTimestamp: '2026-01-01T00:00:00Z',
    managedFields: [{ manager: 'kube-controller-manager' }],
  },
);
(live as { status?: unknown }).status = { replicas: 2, readyReplicas: 2 };

const paths = (d: KubeObject, l: KubeObject) => matchObject(d, l).drifted.map((x) => x.path);

describe('matchObject', () => {
  it('ignores server defaults, status, server metadata, other managers, map and named-list order', () => {
    expect(matchObject(desired, live)).toEqual({ inSync: true, drifted: [] });
  });

  it('compares quantities by value', () => {
    expect(quantitiesEqual('0.5', '500m')).toBe(true);
    expect(quantitiesEqual('1024Mi', '1Gi')).toBe(true);
    expect(quantitiesEqual('1e3', '1k')).toBe(true);
    expect(quantitiesEqual('1Gi', '1G')).toBe(false);
    expect(quantitiesEqual('abc', 'abc')).toBe(true);
    expect(quantitiesEqual('abc', 'abd')).toBe(false);
    expect(parseQuantity('12x')).toBeUndefined();
    const changed = structuredClone(live);
    (changed.spec as any).template.spec.containers[1].resources.requests.memory = '1025Mi';
    expect(paths(desired, changed)).toEqual(['spec.template.spec.containers[web].resources.requests.memory']);
  });

  it('does not treat quantity-like values outside quantity fields as equal', () => {
    const d = deployment({
      template: { spec: { containers: [{ name: 'web', env: [{ name: 'SIZE', value: '1Gi' }] }] } },
    });
    const l = deployment({
      template: { spec: { containers: [{ name: 'web', env: [{ name: 'SIZE', value: '1024Mi' }] }] } },
    });
    expect(paths(d, l)).toEqual(['spec.template.spec.containers[web].env[SIZE].value']);
  });

  it('reports a changed image and a removed env item', () => {
    const changed = structuredClone(live);
    const c = (changed.spec as any).template.spec.containers[1];
    c.image = 'nginx:evil';
    c.env = c.env.filter((e: { name: string }) => e.name !== 'A');
    const result = matchObject(desired, changed);
    expect(result.inSync).toBe(false);
    expect(result.drifted).toEqual([
      {
        path: 'spec.template.spec.containers[web].image',
        reason: 'changed',
        desired: 'nginx:1.27',
        live: 'nginx:evil',
      },
      { path: 'spec.template.spec.containers[web].env[A]', reason: 'missing', desired: { name: 'A', value: '1' } },
    ]);
  });

  it('matches ports by port and protocol, and int-or-string values', () => {
    const svc = (ports: object[]): KubeObject => ({
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 's' },
      spec: { ports },
    });
    const d = svc([
      { name: 'http', port: 80, targetPort: 8080 },
      { name: 'dns', port: 53, protocol: 'UDP', targetPort: 'dns' },
    ]);
    const l = svc([
      { name: 'dns', port: 53, protocol: 'UDP', targetPort: 'dns' },
      { name: 'http', port: 80, protocol: 'TCP', targetPort: 8080 },
    ]);
    expect(matchObject(d, l).inSync).toBe(true);
    const l2 = svc([
      { name: 'dns', port: 53, protocol: 'UDP', targetPort: 'dns' },
      { name: 'http', port: 80, protocol: 'TCP', targetPort: 9090 },
    ]);
    expect(paths(d, l2)).toEqual(['spec.ports[80/TCP].targetPort']);
    expect(
      matchObject(svc([{ port: 80, targetPort: '8080' }]), svc([{ port: 80, protocol: 'TCP', targetPort: 8080 }]))
        .inSync,
    ).toBe(true);
  });

  it('lists of scalars must match in order', () => {
    const changed = structuredClone(live);
    (changed.spec as any).template.spec.containers[1].args = ['--b', '--a'];
    expect(paths(desired, changed)).toEqual(['spec.template.spec.containers[web].args']);
  });

  it('zero values the server omits equal absence', () => {
    const d: KubeObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', labels: {} }, data: {} };
    const l: KubeObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' } };
    expect(matchObject(d, l).inSync).toBe(true);
    const d2 = deployment({ paused: false, minReadySeconds: 0 });
    expect(matchObject(d2, deployment({})).inSync).toBe(true);
    expect(matchObject(deployment({ paused: true }), deployment({})).drifted).toEqual([
      { path: 'spec.paused', reason: 'missing', desired: true },
    ]);
  });

  it('labels and annotations: ours must be there, others are left alone', () => {
    const changed = structuredClone(live);
    changed.metadata.labels = { 'pod-template-hash': 'abc' };
    changed.metadata.annotations = { note: 'y', extra: '1' };
    expect(paths(desired, changed)).toEqual(['metadata.labels.app', 'metadata.annotations.note']);
  });

  it('detects a field the desired object no longer sets through the applied-fields hash', () => {
    const before = withAppliedFields(deployment({ replicas: 1, paused: true }, { annotations: { a: '1' } }));
    const afterLive = structuredClone(before);
    const now = withAppliedFields(deployment({ replicas: 1 }, { annotations: { a: '1' } }));
    const result = matchObject(now, afterLive);
    expect(result.inSync).toBe(false);
    expect(result.drifted).toEqual([
      expect.objectContaining({ path: `metadata.annotations.${APPLIED_FIELDS_ANNOTATION}`, reason: 'fields' }),
    ]);
    expect(matchObject(before, afterLive).inSync).toBe(true);
    // Changing a value, not the set of fields, keeps the hash: the value comparison catches it instead.
    expect(
      withAppliedFields(deployment({ replicas: 5, paused: true }, { annotations: { a: '1' } })).metadata.annotations?.[
        APPLIED_FIELDS_ANNOTATION
      ],
    ).toBe(before.metadata.annotations?.[APPLIED_FIELDS_ANNOTATION]);
  });

  it('the hash covers field names, never values', () => {
    const a = withAppliedFields<KubeObject>({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 's' },
      data: { password: 'aHVudGVyMg==' },
    });
    const b = withAppliedFields<KubeObject>({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 's' },
      data: { password: 'b3RoZXI=' },
    });
    expect(a.metadata.annotations?.[APPLIED_FIELDS_ANNOTATION]).toBe(
      b.metadata.annotations?.[APPLIED_FIELDS_ANNOTATION],
    );
    expect(a.metadata.annotations?.[APPLIED_FIELDS_ANNOTATION]).toMatch(/^[0-9a-f]{16}$/);
  });

  it('ignores given paths and redacts values', () => {
    const d = deployment({ replicas: 3 });
    const l = deployment({ replicas: 7 });
    expect(matchObject(d, l, { ignorePaths: ['spec.replicas'] }).inSync).toBe(true);
    const s = (v: string): KubeObject => ({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 's' },
      data: { k: v },
    });
    expect(matchObject(s('YQ=='), s('Yg=='), { redact: (p) => p.startsWith('data') }).drifted).toEqual([
      { path: 'data.k', reason: 'changed', desired: '[redacted]', live: '[redacted]' },
    ]);
  });

  it('owner references are matched by UID', () => {
    const ref = { apiVersion: 'x/v1', kind: 'W', name: 'w', uid: 'u1', controller: true, blockOwnerDeletion: true };
    const d = deployment({}, { ownerReferences: [ref] });
    expect(
      matchObject(d, deployment({}, { ownerReferences: [{ apiVersion: 'v1', kind: 'O', name: 'o', uid: 'u0' }, ref] }))
        .inSync,
    ).toBe(true);
    expect(paths(d, deployment({}, { ownerReferences: [{ ...ref, uid: 'u2' }] }))).toEqual([
      'metadata.ownerReferences[u1]',
    ]);
  });
});

describe('matchObject by the schema', () => {
  const service = (
    selector: Record<string, string>,
    ports: object[] = [{ name: 'http', port: 80, protocol: 'TCP' }],
  ): KubeObject => ({
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'web' },
    spec: { selector, ports },
  });
  const configMap = (data: Record<string, string> | undefined, labels?: Record<string, string>): KubeObject => ({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'c', ...(labels ? { labels } : {}) },
    ...(data ? { data } : {}),
  });
  const backup = (spec: object): KubeObject => ({
    apiVersion: 'example.io/v1',
    kind: 'Backup',
    metadata: { name: 'b' },
    spec,
  });

  it('a key only the live map has is drift in an atomic map (a Service selector), and not in a granular one', () => {
    const live = service({ app: 'web', extra: 'z' });
    expect(matchObject(service({ app: 'web' }), live).drifted).toEqual([
      { path: 'spec.selector.extra', reason: 'changed', desired: undefined, live: 'z' },
    ]);
    expect(matchObject(service({ app: 'web' }), service({ app: 'web' })).inSync).toBe(true);
    expect(
      matchObject(configMap({ a: '1' }, { app: 'x' }), configMap({ a: '1', b: '2' }, { app: 'x', other: 'y' })).inSync,
    ).toBe(true);
  });

  it('an empty value in a map is a value: a removed empty key is drift, an empty label too', () => {
    expect(paths(configMap({ 'empty.conf': '' }), configMap({}))).toEqual(['data.empty.conf']);
    expect(paths(configMap({ 'empty.conf': '', a: '1' }), configMap({ a: '1' }))).toEqual(['data.empty.conf']);
    expect(matchObject(configMap({ 'empty.conf': '' }), configMap({ 'empty.conf': '' })).inSync).toBe(true);
    expect(paths(configMap(undefined, { flag: '' }), configMap(undefined, {}))).toEqual(['metadata.labels.flag']);
    const s = (data: Record<string, string>): KubeObject => ({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 's' },
      data,
    });
    expect(paths(s({ token: '' }), s({}))).toEqual(['data.token']);
  });

  it('an empty string in a list is a value', () => {
    const d = deployment({ template: { spec: { containers: [{ name: 'web', args: ['--a', ''] }] } } });
    const l = deployment({ template: { spec: { containers: [{ name: 'web', args: ['--a'] }] } } });
    expect(paths(d, l)).toEqual(['spec.template.spec.containers[web].args']);
  });

  it('a custom resource keeps its zero values: a removed false, 0 or "" is drift', () => {
    expect(paths(backup({ enabled: false, retries: 0, schedule: '' }), backup({}))).toEqual([
      'spec.enabled',
      'spec.retries',
      'spec.schedule',
    ]);
    expect(matchObject(backup({ enabled: false }), backup({ enabled: false })).inSync).toBe(true);
  });

  it('matches a custom resource list by its schema key (not name), leaving items of others alone', () => {
    const d = backup({ targets: [{ bucket: 'a', prefix: 'x' }, { bucket: 'b' }] });
    expect(
      matchObject(d, backup({ targets: [{ bucket: 'c' }, { bucket: 'b' }, { bucket: 'a', prefix: 'x' }] })).inSync,
    ).toBe(true);
    expect(paths(d, backup({ targets: [{ bucket: 'b' }, { bucket: 'a', prefix: 'y' }] }))).toEqual([
      'spec.targets[a].prefix',
    ]);
    expect(paths(d, backup({ targets: [{ bucket: 'a', prefix: 'x' }] }))).toEqual(['spec.targets[b]']);
  });

  it('int-or-string: a number equals its decimal string', () => {
    expect(matchObject(backup({ size: 10 }), backup({ size: '10' })).inSync).toBe(true);
    expect(paths(backup({ size: 10 }), backup({ size: '11' }))).toEqual(['spec.size']);
  });

  it('a field the schema does not know is dropped by the server, so it is not drift; preserved fields are compared', () => {
    expect(matchObject(backup({ schedul: 'typo' }), backup({})).inSync).toBe(true);
    expect(paths(backup({ extra: { any: { thing: [1, 2] } } }), backup({ extra: { any: { thing: [1] } } }))).toEqual([
      'spec.extra.any.thing',
    ]);
  });

  it('an atomic list (tolerations) is compared whole: an item someone added is drift', () => {
    const d = deployment({ template: { spec: { tolerations: [{ key: 'a', operator: 'Exists' }] } } });
    expect(
      matchObject(d, deployment({ template: { spec: { tolerations: [{ key: 'a', operator: 'Exists' }] } } })).inSync,
    ).toBe(true);
    expect(
      paths(d, deployment({ template: { spec: { tolerations: [{ key: 'a', operator: 'Exists' }, { key: 'b' }] } } })),
    ).toEqual(['spec.template.spec.tolerations']);
  });

  it('a set matches by value: items of others are not drift, a missing one is', () => {
    expect(matchObject(backup({ tags: ['a', 'b'] }), backup({ tags: ['b', 'c', 'a'] })).inSync).toBe(true);
    expect(paths(backup({ tags: ['a', 'b'] }), backup({ tags: ['a'] }))).toEqual(['spec.tags']);
  });

  it('without a structure every list is compared whole and zero values are values', () => {
    const d = configMap({ a: '' });
    expect(matchWith(d, configMap({})).drifted.map((x) => x.path)).toEqual(['data.a']);
    const svc = (ports: object[]): KubeObject => ({
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 's' },
      spec: { ports },
    });
    expect(matchWith(svc([{ port: 80 }]), svc([{ port: 80 }, { port: 81 }])).drifted.map((x) => x.path)).toEqual([
      'spec.ports',
    ]);
  });

  it('quantities compare as the server stores them: requests and limits rounded up to milli, others to nano', () => {
    const withCpu = (cpu: string, sizeLimit?: string) =>
      deployment({
        template: {
          spec: {
            containers: [{ name: 'web', resources: { requests: { cpu } } }],
            ...(sizeLimit ? { volumes: [{ name: 'v', emptyDir: { sizeLimit } }] } : {}),
          },
        },
      });
    expect(matchObject(withCpu('0.0001'), withCpu('1m')).inSync).toBe(true);
    expect(matchObject(withCpu('1.0001'), withCpu('1001m')).inSync).toBe(true);
    expect(paths(withCpu('0.0001'), withCpu('2m'))).toEqual([
      'spec.template.spec.containers[web].resources.requests.cpu',
    ]);
    expect(matchObject(withCpu('1', '0.0000000001'), withCpu('1', '1n')).inSync).toBe(true);
    expect(matchObject(withCpu('1', '0.0001'), withCpu('1', '100u')).inSync).toBe(true);
    expect(paths(withCpu('1', '0.0001'), withCpu('1', '1m'))).toEqual([
      'spec.template.spec.volumes[v].emptyDir.sizeLimit',
    ]);
    const numeric = deployment({
      template: { spec: { containers: [{ name: 'web', resources: { requests: { cpu: 0.5, memory: 1073741824 } } }] } },
    });
    expect(matchObject(numeric, withCpu('500m')).drifted.map((x) => x.path)).toEqual([
      'spec.template.spec.containers[web].resources.requests.memory',
    ]);
    expect(
      matchObject(
        numeric,
        deployment({
          template: {
            spec: { containers: [{ name: 'web', resources: { requests: { cpu: '500m', memory: '1Gi' } } }] },
          },
        }),
      ).inSync,
    ).toBe(true);
  });
});
