/**
 * Built-in readiness: whether a child's live object does its job yet, per kind, read from its status alone (no
 * request). Keyed by apiVersion and kind so the reconciler needs no resource package; a kind without a rule is
 * ready once it exists. A katalog's `readyWhen` overrides these.
 */
import type { KubeObject } from './objects.js';

/** A child's readiness: `reason` says what it waits for (`1 of 3 replicas available`) while not ready. */
export type Readiness = { ready: true } | { ready: false; reason: string };

type Rule = (object: KubeObject) => Readiness;

const READY: Readiness = { ready: true };
const waiting = (reason: string): Readiness => ({ ready: false, reason });

interface Status {
  observedGeneration?: number;
  replicas?: number;
  updatedReplicas?: number;
  availableReplicas?: number;
  readyReplicas?: number;
  currentRevision?: string;
  updateRevision?: string;
  phase?: string;
  conditions?: { type: string; status: string }[];
  loadBalancer?: { ingress?: unknown[] };
}

const statusOf = (o: KubeObject): Status => (o.status && typeof o.status === 'object' ? (o.status as Status) : {});
const desiredReplicas = (o: KubeObject): number => {
  const r = (o.spec as { replicas?: unknown } | undefined)?.replicas;
  return typeof r === 'number' ? r : 1;
};
const observed = (o: KubeObject, s: Status): boolean =>
  typeof o.metadata.generation !== 'number' || (s.observedGeneration ?? 0) >= o.metadata.generation;
const hasCondition = (s: Status, type: string): boolean =>
  (s.conditions ?? []).some((c) => c.type === type && c.status === 'True');

const RULES: Record<string, Rule> = {
  'apps/v1/Deployment': (o) => {
    const s = statusOf(o);
    const want = desiredReplicas(o);
    if (!observed(o, s)) return waiting('rollout not observed yet');
    if ((s.updatedReplicas ?? 0) < want) return waiting(`${s.updatedReplicas ?? 0} of ${want} replicas updated`);
    if ((s.availableReplicas ?? 0) < want) return waiting(`${s.availableReplicas ?? 0} of ${want} replicas available`);
    if ((s.replicas ?? 0) > (s.updatedReplicas ?? 0))
      return waiting(`${(s.replicas ?? 0) - (s.updatedReplicas ?? 0)} old replicas pending termination`);
    return READY;
  },
  'apps/v1/StatefulSet': (o) => {
    const s = statusOf(o);
    const want = desiredReplicas(o);
    if (!observed(o, s)) return waiting('rollout not observed yet');
    if ((s.readyReplicas ?? 0) < want) return waiting(`${s.readyReplicas ?? 0} of ${want} replicas ready`);
    if (s.updateRevision && s.currentRevision !== s.updateRevision)
      return waiting(`revision ${s.updateRevision} rolling out`);
    return READY;
  },
  'batch/v1/Job': (o) =>
    hasCondition(statusOf(o), 'Complete')
      ? READY
      : hasCondition(statusOf(o), 'Failed')
        ? waiting('failed')
        : waiting('not complete'),
  'v1/PersistentVolumeClaim': (o) =>
    statusOf(o).phase === 'Bound' ? READY : waiting(`${statusOf(o).phase ?? 'Pending'}, not Bound`),
  'v1/Service': (o) => {
    if ((o.spec as { type?: unknown } | undefined)?.type !== 'LoadBalancer') return READY;
    return (statusOf(o).loadBalancer?.ingress?.length ?? 0) > 0
      ? READY
      : waiting('no load balancer ingress address yet');
  },
};

/**
 * The built-in readiness of a child's live object: Deployment — observedGeneration current, updated and available
 * replicas at the desired count, no old replica left; StatefulSet — ready replicas at the desired count and
 * currentRevision = updateRevision; Job — condition Complete; PersistentVolumeClaim — phase Bound; Service of type
 * LoadBalancer — an ingress address; every other kind — ready once it exists.
 *
 * @example
 * builtInReadiness(deployment); // { ready: false, reason: '1 of 3 replicas available' }
 */
export function builtInReadiness(object: KubeObject): Readiness {
  const rule = RULES[`${object.apiVersion}/${object.kind}`];
  return rule ? rule(object) : READY;
}
