/**
 * The readiness rules of the built-in workload kinds and claims, after kstatus: each reads the status the kind's
 * controller writes, and says `Failed` only where that controller itself gave up (a Job's `Failed` condition, a
 * Deployment past its progress deadline, a Pod that failed or crash-loops, a claim whose volume is lost).
 */
import type { KubeObject } from './objects.js';
import {
  conditionDetail,
  conditionOf,
  failed,
  inProgress,
  READY,
  type Readiness,
  type Status,
  statusOf,
} from './readiness-status.js';

/** The readiness of one kind's live object. */
export type ReadinessRule = (object: KubeObject) => Readiness;

const desiredReplicas = (o: KubeObject): number => {
  const r = (o.spec as { replicas?: unknown } | undefined)?.replicas;
  return typeof r === 'number' ? r : 1;
};

/** The workload controllers always write `observedGeneration`: until it reaches the generation, nothing is known. */
const observed = (o: KubeObject, s: Status): boolean =>
  typeof o.metadata.generation !== 'number' || (s.observedGeneration ?? 0) >= o.metadata.generation;

const NOT_OBSERVED = inProgress('rollout not observed yet');

/** `n of want <what>` when `n` is short of `want`. */
const short = (n: number | undefined, want: number, what: string): Readiness | undefined =>
  (n ?? 0) < want ? inProgress(`${n ?? 0} of ${want} ${what}`) : undefined;

function deployment(o: KubeObject): Readiness {
  const s = statusOf(o);
  const want = desiredReplicas(o);
  if (!observed(o, s)) return NOT_OBSERVED;
  const progressing = conditionOf(s, 'Progressing');
  if (progressing?.status === 'False' && progressing.reason === 'ProgressDeadlineExceeded')
    return failed(`progress deadline exceeded${conditionDetail({ message: progressing.message })}`);
  const pending = (s.replicas ?? 0) - (s.updatedReplicas ?? 0);
  return (
    short(s.updatedReplicas, want, 'replicas updated') ??
    short(s.availableReplicas, want, 'replicas available') ??
    (pending > 0 ? inProgress(`${pending} old replicas pending termination`) : READY)
  );
}

function statefulSet(o: KubeObject): Readiness {
  const s = statusOf(o);
  const want = desiredReplicas(o);
  if (!observed(o, s)) return NOT_OBSERVED;
  const notReady = short(s.readyReplicas, want, 'replicas ready');
  if (notReady) return notReady;
  const strategy = (o.spec as { updateStrategy?: { type?: string; rollingUpdate?: { partition?: number } } })
    ?.updateStrategy;
  if (strategy?.type === 'OnDelete') return READY; // pods change only when someone deletes them
  const partition = strategy?.rollingUpdate?.partition ?? 0;
  if (partition > 0)
    return (
      short(s.updatedReplicas, Math.max(want - partition, 0), `replicas updated (partition ${partition})`) ?? READY
    );
  if (s.updateRevision && s.currentRevision !== s.updateRevision)
    return inProgress(`revision ${s.updateRevision} rolling out`);
  return READY;
}

function daemonSet(o: KubeObject): Readiness {
  const s = statusOf(o);
  if (!observed(o, s)) return NOT_OBSERVED;
  const want = s.desiredNumberScheduled ?? 0;
  return (
    short(s.currentNumberScheduled, want, 'pods scheduled') ??
    short(s.updatedNumberScheduled, want, 'pods updated') ??
    short(s.numberReady, want, 'pods ready') ??
    short(s.numberAvailable, want, 'pods available') ??
    READY
  );
}

function replicaSet(o: KubeObject): Readiness {
  const s = statusOf(o);
  const want = desiredReplicas(o);
  if (!observed(o, s)) return NOT_OBSERVED;
  const failure = conditionOf(s, 'ReplicaFailure');
  // kstatus: the controller retries pod creation (a quota, a refused pod), so this is still progress.
  if (failure?.status === 'True') return inProgress(`replica failure${conditionDetail(failure)}`);
  const extra = (s.replicas ?? 0) - want;
  return (
    short(s.readyReplicas, want, 'replicas ready') ??
    short(s.availableReplicas, want, 'replicas available') ??
    (extra > 0 ? inProgress(`${extra} extra replicas pending termination`) : READY)
  );
}

function pod(o: KubeObject): Readiness {
  const s = statusOf(o) as Status & { reason?: string; message?: string };
  if (s.phase === 'Succeeded') return READY;
  if (s.phase === 'Failed') return failed(`failed${conditionDetail(s)}`);
  const crashing = (s.containerStatuses ?? []).find((c) => c?.state?.waiting?.reason === 'CrashLoopBackOff');
  if (crashing) return failed(`container ${crashing.name ?? '?'} in CrashLoopBackOff`);
  if (s.phase === 'Running')
    return conditionOf(s, 'Ready')?.status === 'True' ? READY : inProgress('running, not Ready');
  const scheduled = conditionOf(s, 'PodScheduled');
  if (scheduled?.status === 'False' && scheduled.reason === 'Unschedulable')
    return inProgress(`not scheduled${conditionDetail({ message: scheduled.message })}`);
  return inProgress(`${s.phase ?? 'Pending'}`);
}

function job(o: KubeObject): Readiness {
  const s = statusOf(o);
  const failure = conditionOf(s, 'Failed');
  if (failure?.status === 'True') return failed(`failed${conditionDetail(failure)}`);
  return conditionOf(s, 'Complete')?.status === 'True' ? READY : inProgress('not complete');
}

function claim(o: KubeObject): Readiness {
  const phase = statusOf(o).phase;
  if (phase === 'Bound') return READY;
  if (phase === 'Lost') return failed('Lost (its volume is gone)');
  return inProgress(`${phase ?? 'Pending'}, not Bound`);
}

/** The rules by `apiVersion/kind`. */
export const WORKLOAD_RULES: Record<string, ReadinessRule> = {
  'apps/v1/Deployment': deployment,
  'apps/v1/StatefulSet': statefulSet,
  'apps/v1/DaemonSet': daemonSet,
  'apps/v1/ReplicaSet': replicaSet,
  'v1/Pod': pod,
  'batch/v1/Job': job,
  'v1/PersistentVolumeClaim': claim,
};
