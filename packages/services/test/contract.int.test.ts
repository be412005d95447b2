/** The resource contract of @orkestra/services, run by @orkestra/testenv's shared suite against the real API server. */
import { beforeEach, expect } from '@jest/globals';
import type { KubeObject } from '@orkestra/core';
import { describeResourceContract } from '@orkestra/testenv/contract';
import { handler, type ServiceSource } from '../src/index.js';

// Node ports are cluster-wide and stay taken while earlier tests' namespaces terminate: each test gets its own,
// from the static band of the default range (30000–30085), which the API server leaves out of its own
// allocations: a port it hands another test's NodePort Service can never be ours. service.int.test.ts uses
// 30000–30011; this suite, two a test, 30012–30084.
let nextNodePort = 30012;
let np = 0;
beforeEach(() => {
  np = nextNodePort;
  nextNodePort += 2;
});

const spec = (live: KubeObject) =>
  live.spec as { type: string; clusterIP?: string; ports?: object[]; selector?: object };
const full = (): ServiceSource => ({
  type: 'NodePort',
  ports: [
    { name: 'http', port: 80 },
    { name: 'grpc', port: 9090, targetPort: 'grpc', nodePort: np },
  ],
  selector: { app: 'web' },
  labels: { app: 'web' },
  annotations: { note: 'x' },
});
/** The Service of `full()`, as every correction must leave it: same cluster IP, our ports, type and selector. */
function asFull(live: KubeObject, before: KubeObject) {
  expect(spec(live)).toMatchObject({
    type: 'NodePort',
    clusterIP: spec(before).clusterIP,
    selector: { app: 'web' },
    ports: [
      { name: 'http', port: 80, targetPort: 80, protocol: 'TCP', nodePort: expect.any(Number) },
      { name: 'grpc', port: 9090, targetPort: 'grpc', protocol: 'TCP', nodePort: np },
    ],
  });
  expect(live.metadata).toMatchObject({ labels: { app: 'web', 'orkestra-owner': 'site' }, annotations: { note: 'x' } });
}
const drift = (what: string, patch: () => Record<string, unknown> | Record<string, unknown>[]) => ({
  what,
  patch,
  corrected: asFull,
});

describeResourceContract(handler, {
  minimal: { port: 80 },
  full,
  created: (live) => {
    expect(spec(live)).toMatchObject({
      type: 'NodePort',
      selector: { app: 'web' },
      ports: [
        { name: 'http', nodePort: expect.any(Number) },
        { name: 'grpc', nodePort: np },
      ],
    });
    expect(spec(live).clusterIP).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
  },
  inSync: {
    'several ports of two protocols': {
      ports: [
        { name: 'http', port: 80, targetPort: 'http' },
        { name: 'dns', port: 53, protocol: 'UDP', targetPort: 5353 },
      ],
    },
    'NodePort with an allocated nodePort': { type: 'NodePort', port: 80 },
    LoadBalancer: { type: 'LoadBalancer', port: 443, targetPort: 8443 },
    'headless without ports': { headless: true },
    'no selector': { port: 80, selector: {} },
  },
  foreign: ({ name, namespace }) => ({
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name, namespace },
    spec: { ports: [{ port: 9 }] },
  }),
  drifts: [
    drift('targetPort alone, on a port whose targetPort the template left to default', () => [
      { op: 'replace', path: '/spec/ports/0/targetPort', value: 9999 },
    ]),
    drift("a port's name", () => [{ op: 'replace', path: '/spec/ports/0/name', value: 'web' }]),
    drift('a fixed nodePort', () => [{ op: 'replace', path: '/spec/ports/1/nodePort', value: np + 1 }]),
    drift('a removed port', () => ({
      spec: { ports: [{ name: 'grpc', port: 9090, targetPort: 'grpc', nodePort: np, protocol: 'TCP' }] },
    })),
    drift('the type', () => ({ spec: { type: 'LoadBalancer' } })),
    drift('a selector value', () => ({ spec: { selector: { app: 'evil' } } })),
    drift('a key added to the selector', () => ({ spec: { selector: { tier: 'canary' } } })),
    drift('a label', () => ({ metadata: { labels: { app: 'other' } } })),
    drift('an annotation', () => ({ metadata: { annotations: { note: 'changed' } } })),
  ],
  dropped: {
    'spec.type': 'ClusterIP',
    'spec.ports': [{ port: 80, targetPort: 80, protocol: 'TCP' }],
    'spec.selector': { 'orkestra-owner': 'site' },
    'metadata.labels.app': undefined,
    'metadata.annotations.note': undefined,
  },
  immutable: [
    {
      what: 'turning headless on',
      before: { port: 80 },
      after: { port: 80, headless: true },
      paths: ['spec.clusterIP'],
      recreated: (live) => expect(spec(live).clusterIP).toBe('None'),
    },
    {
      what: 'turning headless off',
      before: { port: 80, headless: true },
      after: { port: 80 },
      paths: ['spec.clusterIP'],
      recreated: (live) => expect(spec(live).clusterIP).toMatch(/^\d+\./),
    },
    {
      what: 'a headless Service becoming a NodePort',
      before: { port: 80, headless: true },
      after: { port: 80, type: 'NodePort' },
      paths: ['spec.clusterIP'],
    },
  ],
});
