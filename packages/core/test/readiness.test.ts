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

const CURRENT = { ready: true, status: 'Current' };
const waiting = (reason: string) => ({ ready: false, status: 'InProgress', reason });
const failed = (reason: string) => ({ ready: false, status: 'Failed', reason });

describe('builtInReadiness', () => {
  it('Deployment: observed generation, updated and available replicas at the desired count', () => {
    const d = (status?: Record<string, unknown>) =>
      builtInReadiness(obj('apps/v1', 'Deployment', { replicas: 3 }, status));
    expect(d()).toEqual(waiting('rollout not observed yet'));
    expect(d({ observedGeneration: 2, replicas: 3, updatedReplicas: 3, availableReplicas: 1 })).toEqual(
      waiting('1 of 3 replicas available'),
    );
    expect(d({ observedGeneration: 2, replicas: 4, updatedReplicas: 2, availableReplicas: 3 })).toEqual(
      waiting('2 of 3 replicas updated'),
    );
    expect(d({ observedGeneration: 1, replicas: 3, updatedReplicas: 3, availableReplicas: 3 })).toMatchObject({
      ready: false,
    });
    expect(d({ observedGeneration: 2, replicas: 3, updatedReplicas: 3, availableReplicas: 3 })).toEqual(CURRENT);
  });

  it('Deployment past its progress deadline has failed: waiting will not help', () => {
    const progressing = {
      type: 'Progressing',
      status: 'False',
      reason: 'ProgressDeadlineExceeded',
      message: 'ReplicaSet "web-6d4b" has timed out progressing.',
    };
    const status = { observedGeneration: 2, replicas: 3, updatedReplicas: 3, availableReplicas: 0 };
    expect(
      builtInReadiness(obj('apps/v1', 'Deployment', { replicas: 3 }, { ...status, conditions: [progressing] })),
    ).toEqual(failed('progress deadline exceeded (ReplicaSet "web-6d4b" has timed out progressing.)'));
    // Still progressing (status True, or another reason): in progress.
    const fine = { ...progressing, status: 'True', reason: 'ReplicaSetUpdated' };
    expect(builtInReadiness(obj('apps/v1', 'Deployment', { replicas: 3 }, { ...status, conditions: [fine] }))).toEqual(
      waiting('0 of 3 replicas available'),
    );
  });

  it('StatefulSet: ready replicas and currentRevision = updateRevision; OnDelete and partitions', () => {
    const s = (status: Record<string, unknown>, spec: Record<string, unknown> = {}) =>
      builtInReadiness(obj('apps/v1', 'StatefulSet', { replicas: 2, ...spec }, { observedGeneration: 2, ...status }));
    expect(s({ readyReplicas: 1, currentRevision: 'a', updateRevision: 'a' })).toEqual(
      waiting('1 of 2 replicas ready'),
    );
    expect(s({ readyReplicas: 2, currentRevision: 'a', updateRevision: 'b' })).toEqual(
      waiting('revision b rolling out'),
    );
    expect(s({ readyReplicas: 2, currentRevision: 'b', updateRevision: 'b' })).toEqual(CURRENT);
    const onDelete = { updateStrategy: { type: 'OnDelete' } };
    expect(s({ readyReplicas: 2, currentRevision: 'a', updateRevision: 'b' }, onDelete)).toEqual(CURRENT);
    const partition = { updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 1 } } };
    expect(s({ readyReplicas: 2, updatedReplicas: 0, currentRevision: 'a', updateRevision: 'b' }, partition)).toEqual(
      waiting('0 of 1 replicas updated (partition 1)'),
    );
    expect(s({ readyReplicas: 2, updatedReplicas: 1, currentRevision: 'a', updateRevision: 'b' }, partition)).toEqual(
      CURRENT,
    );
  });

  it('DaemonSet: every node it should run on has its pod scheduled, updated, ready and available', () => {
    const d = (status?: Record<string, unknown>) => builtInReadiness(obj('apps/v1', 'DaemonSet', {}, status));
    expect(d()).toEqual(waiting('rollout not observed yet'));
    const counts = { observedGeneration: 2, desiredNumberScheduled: 2, currentNumberScheduled: 2 };
    expect(d({ ...counts, updatedNumberScheduled: 2, numberReady: 0, numberAvailable: 0 })).toEqual(
      waiting('0 of 2 pods ready'),
    );
    expect(d({ ...counts, updatedNumberScheduled: 1, numberReady: 2, numberAvailable: 2 })).toEqual(
      waiting('1 of 2 pods updated'),
    );
    expect(d({ ...counts, updatedNumberScheduled: 2, numberReady: 2, numberAvailable: 1 })).toEqual(
      waiting('1 of 2 pods available'),
    );
    expect(d({ ...counts, updatedNumberScheduled: 2, numberReady: 2, numberAvailable: 2 })).toEqual(CURRENT);
  });

  it('ReplicaSet: ready and available replicas; a replica failure is still progress', () => {
    const r = (status: Record<string, unknown>) =>
      builtInReadiness(obj('apps/v1', 'ReplicaSet', { replicas: 2 }, { observedGeneration: 2, ...status }));
    expect(r({ replicas: 2, readyReplicas: 1, availableReplicas: 1 })).toEqual(waiting('1 of 2 replicas ready'));
    expect(r({ replicas: 3, readyReplicas: 2, availableReplicas: 2 })).toEqual(
      waiting('1 extra replicas pending termination'),
    );
    const quota = { type: 'ReplicaFailure', status: 'True', reason: 'FailedCreate', message: 'exceeded quota' };
    expect(r({ replicas: 0, conditions: [quota] })).toEqual(waiting('replica failure (FailedCreate: exceeded quota)'));
    expect(r({ replicas: 2, readyReplicas: 2, availableReplicas: 2 })).toEqual(CURRENT);
  });

  it('Pod: Running and Ready, or Succeeded; Failed and CrashLoopBackOff have failed', () => {
    const p = (status: Record<string, unknown>) => builtInReadiness(obj('v1', 'Pod', {}, status));
    const ready = (s: string) => [{ type: 'Ready', status: s }];
    expect(p({ phase: 'Running', conditions: ready('True') })).toEqual(CURRENT);
    expect(p({ phase: 'Running', conditions: ready('False') })).toEqual(waiting('running, not Ready'));
    expect(p({ phase: 'Succeeded' })).toEqual(CURRENT);
    expect(p({ phase: 'Failed', reason: 'Evicted', message: 'low on memory' })).toEqual(
      failed('failed (Evicted: low on memory)'),
    );
    expect(
      p({ phase: 'Running', containerStatuses: [{ name: 'app', state: { waiting: { reason: 'CrashLoopBackOff' } } }] }),
    ).toEqual(failed('container app in CrashLoopBackOff'));
    const unschedulable = { type: 'PodScheduled', status: 'False', reason: 'Unschedulable', message: '0/2 nodes' };
    expect(p({ phase: 'Pending', conditions: [unschedulable] })).toEqual(waiting('not scheduled (0/2 nodes)'));
    expect(p({})).toEqual(waiting('Pending'));
  });

  it('Job: Complete, or Failed; PersistentVolumeClaim: Bound, or Lost', () => {
    const job = (conditions: Record<string, unknown>[]) => builtInReadiness(obj('batch/v1', 'Job', {}, { conditions }));
    expect(job([{ type: 'Complete', status: 'False' }])).toEqual(waiting('not complete'));
    expect(job([{ type: 'Complete', status: 'True' }])).toEqual(CURRENT);
    expect(
      job([
        {
          type: 'Failed',
          status: 'True',
          reason: 'BackoffLimitExceeded',
          message: 'Job has reached the specified backoff limit',
        },
      ]),
    ).toEqual(failed('failed (BackoffLimitExceeded: Job has reached the specified backoff limit)'));
    expect(builtInReadiness(obj('v1', 'PersistentVolumeClaim', {}, { phase: 'Pending' }))).toEqual(
      waiting('Pending, not Bound'),
    );
    expect(builtInReadiness(obj('v1', 'PersistentVolumeClaim', {}, { phase: 'Bound' }))).toEqual(CURRENT);
    expect(builtInReadiness(obj('v1', 'PersistentVolumeClaim', {}, { phase: 'Lost' }))).toEqual(
      failed('Lost (its volume is gone)'),
    );
  });

  it('Service of type LoadBalancer and Ingress need a load balancer address; other Services are current', () => {
    expect(builtInReadiness(obj('v1', 'Service', { type: 'LoadBalancer' }, { loadBalancer: {} }))).toEqual(
      waiting('no load balancer ingress address yet'),
    );
    const assigned = { loadBalancer: { ingress: [{ ip: '192.0.2.1' }] } };
    expect(builtInReadiness(obj('v1', 'Service', { type: 'LoadBalancer' }, assigned))).toEqual(CURRENT);
    expect(builtInReadiness(obj('v1', 'Service', { type: 'ClusterIP' }, undefined))).toEqual(CURRENT);
    expect(builtInReadiness(obj('networking.k8s.io/v1', 'Ingress', {}, {}))).toEqual(
      waiting('no load balancer ingress address yet'),
    );
    expect(builtInReadiness(obj('networking.k8s.io/v1', 'Ingress', {}, assigned))).toEqual(CURRENT);
  });

  it('data and policy kinds are current once they exist; an object being deleted is in progress', () => {
    expect(builtInReadiness(obj('v1', 'ConfigMap', {}, undefined))).toEqual(CURRENT);
    expect(builtInReadiness(obj('rbac.authorization.k8s.io/v1', 'RoleBinding', {}, undefined))).toEqual(CURRENT);
    const deleting = obj('v1', 'ConfigMap', {}, undefined);
    deleting.metadata.deletionTimestamp = '2026-12-07T00:00:00Z';
    expect(builtInReadiness(deleting)).toEqual(waiting('being deleted'));
  });

  it("any other kind, by kstatus' generic rule over its status; Present without any status", () => {
    const cr = (status: Record<string, unknown> | undefined) =>
      builtInReadiness(obj('db.example/v1', 'Db', {}, status));
    expect(cr(undefined)).toEqual({ ready: true, status: 'Present' });
    expect(cr({})).toEqual({ ready: true, status: 'Present' });
    expect(cr({ observedGeneration: 1, conditions: [{ type: 'Ready', status: 'True' }] })).toEqual(
      waiting('status not observed yet'),
    );
    expect(cr({ observedGeneration: 2, conditions: [{ type: 'Ready', status: 'True' }] })).toEqual(CURRENT);
    expect(cr({ conditions: [{ type: 'Ready', status: 'True', observedGeneration: 1 }] })).toEqual(
      waiting('Ready not observed yet'),
    );
    expect(cr({ conditions: [{ type: 'Ready', status: 'False', reason: 'Provisioning', message: 'disk' }] })).toEqual(
      waiting('not Ready (Provisioning: disk)'),
    );
    expect(cr({ conditions: [{ type: 'Reconciling', status: 'True', reason: 'Scaling' }] })).toEqual(
      waiting('reconciling (Scaling)'),
    );
    expect(
      cr({
        conditions: [
          { type: 'Ready', status: 'False' },
          { type: 'Stalled', status: 'True', reason: 'QuotaExceeded', message: 'no more disks' },
        ],
      }),
    ).toEqual(failed('stalled (QuotaExceeded: no more disks)'));
    // A status with neither Ready, Reconciling nor Stalled: current, as kstatus says.
    expect(cr({ phase: 'Active' })).toEqual(CURRENT);
  });
});
