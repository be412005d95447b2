/**
 * Built-in readiness: whether a child's live object does its job yet, per kind, read from its status alone (no
 * request). Keyed by apiVersion and kind so the reconciler needs no resource package. A katalog's `readyWhen`
 * overrides these.
 *
 * The states follow kstatus (sigs.k8s.io/cli-utils/pkg/kstatus), what `kubectl`, Flux and Argo CD read:
 * `Current` (does its job), `InProgress` (on its way: wait), `Failed` (its controller gave up: waiting will not
 * help), and one of our own, `Present`: a kind with no rule and no status to judge by, ready only in the sense
 * that it exists.
 */
import type { KubeObject } from './objects.js';
import { type ReadinessRule, WORKLOAD_RULES } from './readiness-rules.js';
import {
  conditionDetail,
  conditionOf,
  inProgress,
  observedBehind,
  READY,
  type Readiness,
  type ReadinessStatus,
  statusOf,
} from './readiness-status.js';

export type { Readiness, ReadinessStatus };

/**
 * Kinds that do their job as soon as they exist: data, configuration, access control and policy objects. A kind
 * neither here nor in the rules is judged by its status conditions (the generic rule), or reported `Present`.
 */
const READY_ONCE_CREATED = new Set([
  'v1/ConfigMap',
  'v1/Secret',
  'v1/ServiceAccount',
  'v1/Endpoints',
  'v1/LimitRange',
  'v1/ResourceQuota',
  'v1/PodTemplate',
  'batch/v1/CronJob',
  'autoscaling/v1/HorizontalPodAutoscaler',
  'autoscaling/v2/HorizontalPodAutoscaler',
  'policy/v1/PodDisruptionBudget',
  'networking.k8s.io/v1/NetworkPolicy',
  'networking.k8s.io/v1/IngressClass',
  'rbac.authorization.k8s.io/v1/Role',
  'rbac.authorization.k8s.io/v1/RoleBinding',
  'rbac.authorization.k8s.io/v1/ClusterRole',
  'rbac.authorization.k8s.io/v1/ClusterRoleBinding',
  'scheduling.k8s.io/v1/PriorityClass',
  'storage.k8s.io/v1/StorageClass',
  'discovery.k8s.io/v1/EndpointSlice',
  'apiextensions.k8s.io/v1/CustomResourceDefinition',
  'admissionregistration.k8s.io/v1/ValidatingWebhookConfiguration',
  'admissionregistration.k8s.io/v1/MutatingWebhookConfiguration',
]);

const RULES: Record<string, ReadinessRule> = {
  ...WORKLOAD_RULES,
  'v1/Service': (o) => {
    if ((o.spec as { type?: unknown } | undefined)?.type !== 'LoadBalancer') return READY;
    return (statusOf(o).loadBalancer?.ingress?.length ?? 0) > 0
      ? READY
      : inProgress('no load balancer ingress address yet');
  },
  'networking.k8s.io/v1/Ingress': (o) =>
    (statusOf(o).loadBalancer?.ingress?.length ?? 0) > 0 ? READY : inProgress('no load balancer ingress address yet'),
};

/**
 * The rule kstatus applies to any object, other operators' custom resources included: a status not yet
 * observing the object's generation is in progress; a condition `Stalled=True` is a failure, `Reconciling=True`
 * progress; a `Ready` condition says it outright. A status without any of these is current; no status at all
 * leaves nothing to judge by: `Present`.
 */
export function genericReadiness(object: KubeObject): Readiness {
  const s = statusOf(object);
  if (!object.status || typeof object.status !== 'object' || Object.keys(object.status).length === 0)
    return { ready: true, status: 'Present' };
  if (observedBehind(object, s.observedGeneration)) return inProgress('status not observed yet');
  const stalled = conditionOf(s, 'Stalled');
  if (stalled?.status === 'True')
    return { ready: false, status: 'Failed', reason: `stalled${conditionDetail(stalled)}` };
  const reconciling = conditionOf(s, 'Reconciling');
  if (reconciling?.status === 'True') return inProgress(`reconciling${conditionDetail(reconciling)}`);
  const ready = conditionOf(s, 'Ready');
  if (!ready) return READY;
  if (observedBehind(object, ready.observedGeneration)) return inProgress('Ready not observed yet');
  return ready.status === 'True' ? READY : inProgress(`not Ready${conditionDetail(ready)}`);
}

/**
 * The built-in readiness of a child's live object (see the table in core's README): Deployment, StatefulSet,
 * DaemonSet, ReplicaSet, Job, Pod, PersistentVolumeClaim, LoadBalancer Service and Ingress by their own rules;
 * data and policy kinds (ConfigMap, Secret, RBAC, …) once they exist; any other kind by its status conditions
 * ({@link genericReadiness}), or `Present` when it has no status. An object being deleted is in progress.
 *
 * @example
 * builtInReadiness(deployment); // { ready: false, status: 'InProgress', reason: '1 of 3 replicas available' }
 * builtInReadiness(failedJob);  // { ready: false, status: 'Failed', reason: 'failed (BackoffLimitExceeded: …)' }
 */
export function builtInReadiness(object: KubeObject): Readiness {
  if (object.metadata.deletionTimestamp) return inProgress('being deleted');
  const key = `${object.apiVersion}/${object.kind}`;
  const rule = RULES[key];
  if (rule) return rule(object);
  return READY_ONCE_CREATED.has(key) ? READY : genericReadiness(object);
}
