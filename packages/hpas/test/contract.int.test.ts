/** The resource contract of @orkestra/hpas, run by @orkestra/testenv's shared suite against the real API server. */
import { expect } from '@jest/globals';
import { describeResourceContract } from '@orkestra/testenv/contract';
import { type HorizontalPodAutoscalerSource, handler } from '../src/index.js';

const cpu = (averageUtilization: number) => ({
  type: 'Resource',
  resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization } },
});
const full: HorizontalPodAutoscalerSource = {
  target: 'web',
  minReplicas: 2,
  maxReplicas: 10,
  cpuUtilization: 70,
  memoryUtilization: 85,
  behavior: {
    scaleDown: { stabilizationWindowSeconds: 600, policies: [{ type: 'Percent', value: 10, periodSeconds: 60 }] },
    scaleUp: { selectPolicy: 'Max' },
  },
  labels: { app: 'web' },
  annotations: { note: 'x' },
};

describeResourceContract(handler, {
  minimal: { maxReplicas: 5, cpuUtilization: 80 },
  full,
  created: (live) =>
    expect(live.spec).toMatchObject({
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
      minReplicas: 2,
      maxReplicas: 10,
      metrics: [
        cpu(70),
        { type: 'Resource', resource: { name: 'memory', target: { type: 'Utilization', averageUtilization: 85 } } },
      ],
      behavior: {
        scaleDown: { stabilizationWindowSeconds: 600, policies: [{ type: 'Percent', value: 10, periodSeconds: 60 }] },
        scaleUp: { selectPolicy: 'Max' },
      },
    }),
  foreign: ({ name, namespace }) => ({
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name, namespace },
    spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'theirs' }, maxReplicas: 3 },
  }),
  drifts: [
    { what: 'maxReplicas', patch: { spec: { maxReplicas: 99 } } },
    { what: 'minReplicas', patch: { spec: { minReplicas: 1 } } },
    { what: 'the scale target', patch: { spec: { scaleTargetRef: { name: 'other' } } } },
    { what: 'a metric target', patch: { spec: { metrics: [cpu(50)] } } },
    { what: 'a behavior field', patch: { spec: { behavior: { scaleDown: { stabilizationWindowSeconds: 5 } } } } },
    { what: 'a label', patch: { metadata: { labels: { app: 'other' } } } },
    { what: 'an annotation', patch: { metadata: { annotations: { note: 'changed' } } } },
  ],
  dropped: {
    'spec.metrics': [cpu(80)],
    'spec.scaleTargetRef.name': 'site-deployment',
    'spec.minReplicas': 1,
    // The behavior is gone, with the defaults the API server had filled in around it (v1.37 defaults behavior
    // only when it is set).
    'spec.behavior': undefined,
    'metadata.labels.app': undefined,
    'metadata.annotations.note': undefined,
  },
});
