/** The built-in readiness rules, per kind, from the live object's status alone. */
import { describe, expect, it } from '@jest/globals';
import type { KubeObject } from '../src/index.js';
import { builtInReadiness } from '../src/internal.js';

const obj = (
  apiVersion: string,
  kind: string,
  spec: Record<string, unknown>,
  status: Record<string, unknown> | undefined,
  generation = 2,
): KubeObject => ({ apiVersion, kind, metadata: { name: 'x', generation }, spec, ...(status ? { status } : {}) });

describe('builtInReadiness', () => {
  it('Deployment: observed generation, updated and available replicas at the desired count', () => {
    const d = (status?: Record<string, unknown>) =>
      builtInReadiness(obj('apps/v1', 'Deployment', { replicas: 3 }, status));
    expect(d()).toEqual({ ready: false, reason: 'rollout not observed yet' });
    expect(d({ observedGeneration: 2, replicas: 3, updatedReplicas: 3, availableReplicas: 1 })).toEqual({
      ready: false,
      reason: '1 of 3 replicas available',
    });
    expect(d({ observedGeneration: 2, replicas: 4, updatedReplicas: 2, availableReplicas: 3 })).toEqual({
      ready: false,
      reason: '2 of 3 replicas updated',
    });
    expect(d({ observedGeneration: 1, replicas: 3, updatedReplicas: 3, availableReplicas: 3 })).toMatchObject({
      ready: false,
    });
    expect(d({ observedGeneration: 2, replicas: 3, updatedReplicas: 3, availableReplicas: 3 })).toEqual({
      ready: true,
    });
  });

  it('StatefulSet: ready replicas and currentRevision = updateRevision', () => {
    const s = (status: Record<string, unknown>) =>
      builtInReadiness(obj('apps/v1', 'StatefulSet', { replicas: 2 }, { observedGeneration: 2, ...status }));
    expect(s({ readyReplicas: 1, currentRevision: 'a', updateRevision: 'a' })).toEqual({
      ready: false,
      reason: '1 of 2 replicas ready',
    });
    expect(s({ readyReplicas: 2, currentRevision: 'a', updateRevision: 'b' })).toEqual({
      ready: false,
      reason: 'revision b rolling out',
    });
    expect(s({ readyReplicas: 2, currentRevision: 'b', updateRevision: 'b' })).toEqual({ ready: true });
  });

  it('Job: Complete; PersistentVolumeClaim: Bound', () => {
    expect(
      builtInReadiness(obj('batch/v1', 'Job', {}, { conditions: [{ type: 'Complete', status: 'False' }] })),
    ).toMatchObject({ ready: false });
    expect(
      builtInReadiness(obj('batch/v1', 'Job', {}, { conditions: [{ type: 'Complete', status: 'True' }] })),
    ).toEqual({ ready: true });
    expect(builtInReadiness(obj('v1', 'PersistentVolumeClaim', {}, { phase: 'Pending' }))).toEqual({
      ready: false,
      reason: 'Pending, not Bound',
    });
    expect(builtInReadiness(obj('v1', 'PersistentVolumeClaim', {}, { phase: 'Bound' }))).toEqual({ ready: true });
  });

  it('Service: a LoadBalancer needs an ingress address; other types and other kinds are ready once they exist', () => {
    expect(builtInReadiness(obj('v1', 'Service', { type: 'LoadBalancer' }, { loadBalancer: {} }))).toEqual({
      ready: false,
      reason: 'no load balancer ingress address yet',
    });
    expect(
      builtInReadiness(
        obj('v1', 'Service', { type: 'LoadBalancer' }, { loadBalancer: { ingress: [{ ip: '1.2.3.4' }] } }),
      ),
    ).toEqual({ ready: true });
    expect(builtInReadiness(obj('v1', 'Service', { type: 'ClusterIP' }, undefined))).toEqual({ ready: true });
    expect(builtInReadiness(obj('v1', 'ConfigMap', {}, undefined))).toEqual({ ready: true });
  });
});
