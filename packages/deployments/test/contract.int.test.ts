/** The resource contract of @orkestra/deployments, run by @orkestra/testenv's shared suite against the real API server. */
import { expect } from '@jest/globals';
import type { KubeObject } from '@orkestra/core';
import { ClientNodeObjectClient } from '@orkestra/core/client-node';
import { describeResourceContract, type ResourceContractFixtures } from '@orkestra/testenv/contract';
import { type DeploymentSource, handler } from '../src/index.js';

const NAME = 'site-deployment';
const DERIVED_SELECTOR = { matchLabels: { 'orkestra-owner': 'site', 'orkestra.io/deployment': NAME } };
const everything: DeploymentSource = {
  image: 'nginx:1.27',
  imagePullPolicy: 'IfNotPresent',
  replicas: '0',
  port: '8080',
  portName: 'http',
  command: ['nginx'],
  args: ['-g', 'daemon off;'],
  env: [
    { name: 'MODE', value: 'prod' },
    { name: 'EMPTY', value: '' },
    { name: 'PASSWORD', valueFrom: { secretKeyRef: { name: 'db', key: 'password', optional: true } } },
    { name: 'COLOR', valueFrom: { configMapKeyRef: { name: 'ui', key: 'color' } } },
    { name: 'POD', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
  ],
  envFrom: [{ configMapRef: { name: 'settings' }, prefix: 'APP_' }, { secretRef: { name: 'creds', optional: true } }],
  profile: 'small',
  resources: { limits: { memory: '512Mi' } },
  imagePullSecrets: ['regcred'],
  serviceAccountName: 'default',
  nodeSelector: { 'kubernetes.io/os': 'linux' },
  probes: {
    liveness: { httpGet: { path: '/healthz', port: 'http' }, initialDelaySeconds: 0, periodSeconds: '10' },
    readiness: { tcpSocket: { port: 8080 }, successThreshold: 1, failureThreshold: 3, timeoutSeconds: 1 },
    startup: { exec: { command: ['cat', '/tmp/ready'] } },
  },
  labels: { app: 'web' },
  annotations: { note: 'x' },
  podLabels: { tier: 'front' },
  podAnnotations: { 'prometheus.io/scrape': 'true' },
  volumes: [
    { name: 'config', configMap: 'web-config', items: [{ key: 'nginx.conf', path: 'nginx.conf' }] },
    { name: 'tls', secret: 'web-tls', optional: true },
  ],
  volumeMounts: [
    { name: 'config', mountPath: '/etc/nginx/nginx.conf', subPath: 'nginx.conf', readOnly: false },
    { name: 'tls', mountPath: '/etc/tls', readOnly: true },
  ],
  strategy: { maxSurge: 1, maxUnavailable: '0%' },
};

/** A Deployment someone made by hand (or an older template did), valid as the server wants it. */
function handMade(
  name: string,
  namespace: string | undefined,
  metadata: Partial<KubeObject['metadata']> = {},
  selector = { app: 'theirs' },
): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace, ...metadata },
    spec: {
      selector: { matchLabels: selector },
      template: { metadata: { labels: selector }, spec: { containers: [{ name: 'theirs', image: 'theirs:1' }] } },
    },
  };
}
const inContainer = (fields: Record<string, unknown>) => ({
  spec: { template: { spec: { containers: [{ name: NAME, ...fields }] } } },
});

const fixtures: ResourceContractFixtures<DeploymentSource> = {
  minimal: { image: 'nginx' },
  full: everything,
  created: (live) =>
    expect(live.spec).toMatchObject({
      replicas: 0,
      selector: DERIVED_SELECTOR,
      template: {
        metadata: {
          labels: { tier: 'front', 'managed-by': 'orkestra', 'orkestra-owner': 'site', 'orkestra.io/deployment': NAME },
        },
        spec: {
          containers: [
            { name: NAME, image: 'nginx:1.27', ports: [{ name: 'http', containerPort: 8080, protocol: 'TCP' }] },
          ],
        },
      },
    }),
  inSync: {
    'resources in non-canonical form': {
      image: 'nginx:1.27',
      resources: { requests: { cpu: '0.5', memory: '1024Mi' }, limits: { cpu: 1, memory: '2048Mi' } },
    },
    'a profile': { image: 'nginx:1.27', profile: 'compute-heavy' },
    Recreate: { image: 'nginx:1.27', strategy: 'Recreate' },
    autoscaled: { image: 'nginx:1.27', autoscaled: true },
  },
  foreign: ({ name, namespace }) => handMade(name, namespace),
  drifts: [
    { what: 'the image', patch: inContainer({ image: 'evil:6.6.6' }), patchType: 'strategic' },
    { what: 'replicas', patch: { spec: { replicas: 5 } } },
    { what: 'an env value', patch: inContainer({ env: [{ name: 'MODE', value: 'debug' }] }), patchType: 'strategic' },
    {
      what: 'a resource limit',
      patch: inContainer({ resources: { limits: { memory: '1Gi' } } }),
      patchType: 'strategic',
    },
    { what: 'a probe', patch: inContainer({ readinessProbe: { tcpSocket: { port: 9999 } } }), patchType: 'strategic' },
    { what: 'a label', patch: { metadata: { labels: { app: 'other' } } } },
    { what: 'an annotation', patch: { metadata: { annotations: { note: 'changed' } } } },
    { what: 'a Pod label', patch: { spec: { template: { metadata: { labels: { tier: 'back' } } } } } },
  ],
  dropped: {
    'spec.replicas': 1,
    'spec.template.spec.containers[0].env': undefined,
    'spec.template.spec.containers[0].readinessProbe': undefined,
    'spec.template.spec.containers[0].command': undefined,
    'spec.template.spec.volumes': undefined,
    'spec.template.spec.nodeSelector': undefined,
    'spec.template.metadata.labels.tier': undefined,
    'spec.template.metadata.annotations["prometheus.io/scrape"]': undefined,
    'metadata.labels.app': undefined,
    'metadata.annotations.note': undefined,
  },
  immutable: [
    {
      what: 'a selector made by an older template',
      existing: (owner, { name, namespace }) =>
        handMade(
          name,
          namespace,
          {
            labels: { 'managed-by': 'orkestra', 'orkestra-owner': 'site' },
            ownerReferences: [
              {
                apiVersion: owner.apiVersion,
                kind: owner.kind,
                name: owner.metadata.name,
                uid: owner.metadata.uid,
                controller: true,
                blockOwnerDeletion: true,
              },
            ],
          },
          { app: 'site-old' },
        ),
      after: { image: 'nginx:1.27' },
      paths: ['spec.selector'],
      recreated: (live) => expect(live.spec).toMatchObject({ selector: DERIVED_SELECTOR }),
    },
  ],
};

describeResourceContract(handler, fixtures);
// The same suite over the second ObjectClient, which sends through @kubernetes/client-node.
describeResourceContract(handler, fixtures, {
  client: { name: 'client-node', make: (kubeConfig) => new ClientNodeObjectClient(kubeConfig) },
});
