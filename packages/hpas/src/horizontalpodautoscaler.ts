/** HorizontalPodAutoscalers: how to resolve a source and build the object; the lifecycle is core's. */
import type { ControlledFields, KubeObject, OwnerObject } from '@orkestra/core';
import {
  checkDns1123Subdomain,
  defineResource,
  metadataFor,
  resolveCommonFields,
  Validator,
} from '@orkestra/core/authoring';
import { horizontalPodAutoscalerSourceAccepts } from '../generated/schema-check.js';
import {
  type HorizontalPodAutoscalerSource,
  HorizontalPodAutoscalerSourceSchema,
  type ResolvedHorizontalPodAutoscaler,
  type ScaleTargetRef,
  type ScalingPolicy,
  type ScalingRules,
} from './types.js';

/** The fields a source may have: any other is reported, so a misspelt field is not silently ignored. */
const SOURCE_FIELDS = Object.keys(HorizontalPodAutoscalerSourceSchema.properties);
const KIND = /^[A-Z][A-Za-z0-9]*$/;
const API_VERSION =
  /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?v[0-9]+((alpha|beta)[0-9]+)?$/;
const SELECT_POLICIES = ['Max', 'Min', 'Disabled'] as const;
const POLICY_TYPES = ['Pods', 'Percent'] as const;

const given = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

/** `target` (a Deployment's name) or `scaleTargetRef`; the owner's Deployment `<owner>-deployment` when neither. */
function resolveScaleTarget(v: Validator, source: HorizontalPodAutoscalerSource, ownerName: string): ScaleTargetRef {
  const fallback = { apiVersion: 'apps/v1', kind: 'Deployment', name: `${ownerName}-deployment` };
  if (given(source.target) && given(source.scaleTargetRef)) {
    v.add(
      'target',
      'cannot be set together with scaleTargetRef',
      'target: <name> is the short form of scaleTargetRef: { name: <name> }; keep one',
    );
    return fallback;
  }
  if (given(source.target)) {
    const name = v.string('target', source.target) ?? '';
    v.check('target', name, checkDns1123Subdomain);
    return { ...fallback, name };
  }
  const ref = v.map('scaleTargetRef', source.scaleTargetRef, ['name', 'kind', 'apiVersion']);
  if (!ref) {
    v.check(
      'target',
      fallback.name,
      (n) => {
        const p = checkDns1123Subdomain(n);
        return p && `the default ${JSON.stringify(n)} ${p}`;
      },
      "set target to the Deployment's name",
    );
    return fallback;
  }
  const name = given(ref.name) ? (v.string('scaleTargetRef.name', ref.name) ?? '') : '';
  if (!given(ref.name))
    v.add(
      'scaleTargetRef.name',
      'is required',
      'name the object to scale, or drop scaleTargetRef to scale <owner>-deployment',
    );
  else v.check('scaleTargetRef.name', name, checkDns1123Subdomain);
  const kind = given(ref.kind) ? (v.string('scaleTargetRef.kind', ref.kind) ?? '') : 'Deployment';
  v.check('scaleTargetRef.kind', kind, (k) =>
    KIND.test(k) ? undefined : `must be a kind such as Deployment or StatefulSet, got ${JSON.stringify(k)}`,
  );
  const apiVersion = given(ref.apiVersion) ? (v.string('scaleTargetRef.apiVersion', ref.apiVersion) ?? '') : 'apps/v1';
  v.check('scaleTargetRef.apiVersion', apiVersion, (a) =>
    API_VERSION.test(a) ? undefined : `must be group/version such as apps/v1, got ${JSON.stringify(a)}`,
  );
  return { apiVersion, kind, name };
}

function resolveRules(v: Validator, path: string, value: unknown): ScalingRules | undefined {
  const rules = v.map(path, value, ['stabilizationWindowSeconds', 'selectPolicy', 'policies']);
  if (!rules) return undefined;
  const out: ScalingRules = {};
  if (given(rules.stabilizationWindowSeconds)) {
    const seconds = v.integer(`${path}.stabilizationWindowSeconds`, rules.stabilizationWindowSeconds, {
      min: 0,
      max: 3600,
    });
    if (seconds !== undefined) out.stabilizationWindowSeconds = seconds;
  }
  if (given(rules.selectPolicy)) {
    const policy = v.oneOf(`${path}.selectPolicy`, rules.selectPolicy, SELECT_POLICIES);
    if (policy) out.selectPolicy = policy;
  }
  if (given(rules.policies)) {
    const policies: ScalingPolicy[] = [];
    v.list(`${path}.policies`, rules.policies).forEach((item, i) => {
      const at = `${path}.policies[${i}]`;
      const p = v.map(at, item, ['type', 'value', 'periodSeconds']);
      if (!p) return v.add(at, 'must be a map such as { type: Pods, value: 4, periodSeconds: 60 }');
      for (const f of ['type', 'value', 'periodSeconds'] as const) if (!given(p[f])) v.add(`${at}.${f}`, 'is required');
      const type = given(p.type) ? v.oneOf(`${at}.type`, p.type, POLICY_TYPES) : undefined;
      const count = given(p.value) ? v.integer(`${at}.value`, p.value, { min: 1 }) : undefined;
      const periodSeconds = given(p.periodSeconds)
        ? v.integer(`${at}.periodSeconds`, p.periodSeconds, { min: 1, max: 1800 })
        : undefined;
      if (type !== undefined && count !== undefined && periodSeconds !== undefined)
        policies.push({ type, value: count, periodSeconds });
    });
    if (policies.length) out.policies = policies;
  }
  return Object.keys(out).length ? out : undefined;
}

function resolveBehavior(v: Validator, value: unknown): ResolvedHorizontalPodAutoscaler['behavior'] {
  const behavior = v.map('behavior', value, ['scaleUp', 'scaleDown']);
  if (!behavior) return undefined;
  const scaleUp = resolveRules(v, 'behavior.scaleUp', behavior.scaleUp);
  const scaleDown = resolveRules(v, 'behavior.scaleDown', behavior.scaleDown);
  if (!scaleUp && !scaleDown) return undefined;
  return { ...(scaleUp ? { scaleUp } : {}), ...(scaleDown ? { scaleDown } : {}) };
}

/**
 * Resolves a HorizontalPodAutoscaler source: name `<owner>-hpa` by default; the scale target the owner's
 * Deployment `<owner>-deployment` (apps/v1) unless `target: <name>` or `scaleTargetRef` says otherwise;
 * `minReplicas` 1 when unset; `maxReplicas` required and at least `minReplicas`; CPU and memory targets in
 * percent (1–1000), at least one; `behavior` checked field by field. Strings from templates are parsed
 * (`"80"` → 80). Pure: sends no request. Throws a `ValidationError` listing every problem with its path.
 *
 * @example
 * resolve({ maxReplicas: '10', cpuUtilization: '70' }, 'shop');
 * // { name: 'shop-hpa', scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'shop-deployment' },
 * //   minReplicas: 1, maxReplicas: 10, cpuUtilization: 70, labels: { 'managed-by': 'orkestra', … }, … }
 */
export function resolve(source: HorizontalPodAutoscalerSource, ownerName: string): ResolvedHorizontalPodAutoscaler {
  const v = new Validator({
    kind: 'HorizontalPodAutoscaler',
    name: typeof source.name === 'string' && source.name ? source.name : `${ownerName}-hpa`,
  });
  v.map('', source, SOURCE_FIELDS);
  const common = resolveCommonFields(v, source, ownerName, { defaultSuffix: 'hpa' });
  const scaleTargetRef = resolveScaleTarget(v, source, ownerName);
  const minReplicas = given(source.minReplicas) ? v.integer('minReplicas', source.minReplicas, { min: 1 }) : 1;
  let maxReplicas: number | undefined;
  if (!given(source.maxReplicas))
    v.add('maxReplicas', 'is required', 'set the most replicas the autoscaler may run, e.g. maxReplicas: 10');
  else maxReplicas = v.integer('maxReplicas', source.maxReplicas, { min: 1 });
  if (minReplicas !== undefined && maxReplicas !== undefined && maxReplicas < minReplicas) {
    v.add('maxReplicas', `must be at least minReplicas (${minReplicas}), got ${maxReplicas}`);
  }
  const cpuUtilization = given(source.cpuUtilization)
    ? v.integer('cpuUtilization', source.cpuUtilization, { min: 1, max: 1000 })
    : undefined;
  const memoryUtilization = given(source.memoryUtilization)
    ? v.integer('memoryUtilization', source.memoryUtilization, { min: 1, max: 1000 })
    : undefined;
  if (!given(source.cpuUtilization) && !given(source.memoryUtilization)) {
    v.add(
      'cpuUtilization',
      'a target is required: set cpuUtilization, memoryUtilization or both',
      "e.g. cpuUtilization: 80 (percent of the Pods' CPU requests)",
    );
  }
  const behavior = resolveBehavior(v, source.behavior);
  v.done();
  return {
    ...common,
    scaleTargetRef,
    minReplicas: minReplicas ?? 1,
    maxReplicas: maxReplicas ?? 1,
    cpuUtilization,
    memoryUtilization,
    behavior,
  };
}

const utilization = (name: 'cpu' | 'memory', averageUtilization: number) => ({
  type: 'Resource',
  resource: { name, target: { type: 'Utilization', averageUtilization } },
});

/**
 * The HorizontalPodAutoscaler for a resolved spec: `scaleTargetRef`, `minReplicas`, `maxReplicas`, one
 * Resource metric per target (CPU first), and `behavior` only with the fields the source sets — what the API
 * server defaults (the rest of `behavior`, its policies) is never drift, and `status` is the controller's.
 *
 * @example
 * desired(website, resolve({ maxReplicas: 5, cpuUtilization: 80 }, 'shop')).spec;
 * // { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'shop-deployment' },
 * //   minReplicas: 1, maxReplicas: 5,
 * //   metrics: [{ type: 'Resource',
 * //     resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } }] }
 */
export function desired(owner: OwnerObject, spec: ResolvedHorizontalPodAutoscaler): KubeObject {
  const metrics = [
    ...(spec.cpuUtilization !== undefined ? [utilization('cpu', spec.cpuUtilization)] : []),
    ...(spec.memoryUtilization !== undefined ? [utilization('memory', spec.memoryUtilization)] : []),
  ];
  return {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: metadataFor(spec, owner.metadata.namespace),
    spec: {
      scaleTargetRef: spec.scaleTargetRef,
      minReplicas: spec.minReplicas,
      maxReplicas: spec.maxReplicas,
      metrics,
      ...(spec.behavior ? { behavior: spec.behavior } : {}),
    },
  };
}

/** The HorizontalPodAutoscaler handler: `key` `hpas`, for the reconciler and the CLI. */
/**
 * What the autoscaler writes once the HPA exists: its scale target's `spec.replicas`. A reconciler gives a
 * sibling child that is this target (a Deployment of the same owner) the field as `yieldedFields`, so the
 * Deployment is written without `replicas` — as with `autoscaled: true` — and the two never fight.
 *
 * @example
 * controls(resolve({ maxReplicas: 5, cpuUtilization: 70 }, 'shop'));
 * // [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'shop-deployment', namespace: undefined,
 * //    fields: ['spec.replicas'] }]
 */
export function controls(spec: ResolvedHorizontalPodAutoscaler): ControlledFields[] {
  const { apiVersion, kind, name } = spec.scaleTargetRef;
  return [{ apiVersion, kind, name, namespace: spec.namespace, fields: ['spec.replicas'] }];
}

export const handler = defineResource<HorizontalPodAutoscalerSource, ResolvedHorizontalPodAutoscaler>({
  key: 'hpas',
  apiVersion: 'autoscaling/v2',
  kind: 'HorizontalPodAutoscaler',
  plural: 'horizontalpodautoscalers',
  namespaced: true,
  schema: HorizontalPodAutoscalerSourceSchema,
  check: horizontalPodAutoscalerSourceAccepts,
  resolve,
  desired,
  controls,
});

/** Creates the HorizontalPodAutoscaler unless it exists (see core's `createChild`). */
export const create = handler.create;
/** Brings the HorizontalPodAutoscaler to the spec, writing only on drift (see core's `updateChild`). */
export const update = handler.update;
/** Deletes the HorizontalPodAutoscaler if the owner controls it (see core's `deleteChild`). */
const remove = handler.delete;

export { remove as delete };
