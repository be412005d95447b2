/** Deployments: how to resolve a source and build the object; the lifecycle is core's. */
import {
  type DriftedField,
  type ImmutableChange,
  type KubeObject,
  OWNER_LABEL,
  type OwnerObject,
  ownerLabelValue,
  systemLabels,
} from '@orkestra/core';
import {
  checkConfigKey,
  checkDns1123Label,
  checkDns1123Subdomain,
  checkLabelKey,
  checkPortName,
  compareQuantities,
  defineResource,
  metadataFor,
  resolveCommonFields,
  Validator,
} from '@orkestra/core/authoring';
import { deploymentSourceAccepts } from '../generated/schema-check.js';
import { resolveProbes } from './probes.js';
import { PROFILE_NAMES, profileResources } from './profiles.js';
import {
  checkEnvName,
  checkRelativePath,
  flag,
  given,
  items,
  keySelector,
  LIST_HINT,
  objectRef,
  oneOfFields,
  required,
  requiredName,
  show,
  unique,
} from './source-fields.js';
import {
  type ContainerPort,
  type DeploymentSource,
  DeploymentSourceSchema,
  type DeploymentStrategy,
  type EnvFromSource,
  type EnvVar,
  type ResolvedDeployment,
  type Volume,
  type VolumeMount,
} from './types.js';

/** The selector label naming the Deployment its Pods belong to, beside `orkestra-owner`. */
export const DEPLOYMENT_LABEL = 'orkestra.io/deployment';

const SOURCE_FIELDS = Object.keys(DeploymentSourceSchema.properties);
const NAME_HINT = "a Deployment's name is also the name of its container, which must be a DNS-1123 label";
const PROTOCOLS = ['TCP', 'UDP', 'SCTP'] as const;
const PULL_POLICIES = ['Always', 'IfNotPresent', 'Never'] as const;
const STRATEGIES = ['RollingUpdate', 'Recreate'] as const;
const SELECTOR_REASON =
  "the API server refuses to change a Deployment's selector, and the live one is not the one Orkestra derives from " +
  "the owner and the Deployment's name";

/** An env var whose value comes from elsewhere (`valueFrom`: a Secret or ConfigMap key, or a field of the Pod). */
function resolveValueFrom(
  v: Validator,
  at: string,
  item: Record<string, unknown>,
  varName: string | undefined,
): EnvVar | undefined {
  if (item.value !== undefined && item.value !== null)
    v.add(`${at}.value`, 'cannot be set together with valueFrom', 'keep one of them');
  const from = v.map(`${at}.valueFrom`, item.valueFrom, ['secretKeyRef', 'configMapKeyRef', 'fieldRef']);
  const which = from && oneOfFields(v, `${at}.valueFrom`, from, ['secretKeyRef', 'configMapKeyRef', 'fieldRef']);
  if (!from || !which) return undefined;
  if (which === 'fieldRef') {
    const ref = v.map(`${at}.valueFrom.fieldRef`, from.fieldRef, ['fieldPath']);
    const fieldPath = ref && required(v, `${at}.valueFrom.fieldRef.fieldPath`, ref.fieldPath);
    return varName !== undefined && fieldPath ? { name: varName, valueFrom: { fieldRef: { fieldPath } } } : undefined;
  }
  const ref = keySelector(v, `${at}.valueFrom.${which}`, from[which]);
  return varName !== undefined && ref ? { name: varName, valueFrom: { [which]: ref } } : undefined;
}

/** An env var with a literal value (or none). */
function resolveEnvValue(
  v: Validator,
  at: string,
  item: Record<string, unknown>,
  varName: string | undefined,
): EnvVar | undefined {
  const text = item.value === undefined || item.value === null ? undefined : v.string(`${at}.value`, item.value);
  if (varName === undefined) return undefined;
  return text === undefined ? { name: varName } : { name: varName, value: text };
}

function resolveEnv(v: Validator, value: unknown): EnvVar[] {
  const seen = new Map<string, string>();
  const env: EnvVar[] = [];
  for (const { at, item } of items(v, 'env', value, ['name', 'value', 'valueFrom'])) {
    const varName = requiredName(v, `${at}.name`, item.name, checkEnvName);
    if (varName !== undefined) unique(v, seen, `${at}.name`, varName, 'name');
    const entry = given(item.valueFrom)
      ? resolveValueFrom(v, at, item, varName)
      : resolveEnvValue(v, at, item, varName);
    if (entry) env.push(entry);
  }
  return env;
}

function resolveEnvFrom(v: Validator, value: unknown): EnvFromSource[] {
  const out: EnvFromSource[] = [];
  for (const { at, item } of items(v, 'envFrom', value, ['configMapRef', 'secretRef', 'prefix'])) {
    const which = oneOfFields(v, at, item, ['configMapRef', 'secretRef']) as 'configMapRef' | 'secretRef' | undefined;
    const ref = which && objectRef(v, `${at}.${which}`, item[which]);
    const prefix = given(item.prefix) ? v.string(`${at}.prefix`, item.prefix) : undefined;
    if (prefix !== undefined) v.check(`${at}.prefix`, prefix, checkEnvName);
    if (which && ref) out.push({ [which]: ref, ...(prefix ? { prefix } : {}) });
  }
  return out;
}

function quantities(v: Validator, path: string, value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [resource, raw] of Object.entries(v.map(path, value) ?? {})) {
    const at = `${path}.${resource}`;
    if (
      !v.check(at, resource, (r) => {
        const p = checkLabelKey(r);
        return p && `resource name ${p}`;
      })
    )
      continue;
    const text = v.quantity(at, raw);
    if (text === undefined) continue;
    if ((compareQuantities(text, '0') ?? 0) < 0) v.add(at, `must not be negative, got ${show(text)}`);
    else out[resource] = text;
  }
  return out;
}

function resolveResources(v: Validator, source: DeploymentSource): Pick<ResolvedDeployment, 'profile' | 'resources'> {
  const profile = given(source.profile) ? v.oneOf('profile', source.profile, PROFILE_NAMES) : undefined;
  const res = v.map('resources', source.resources, ['requests', 'limits']);
  const requests = quantities(v, 'resources.requests', res?.requests);
  const limits = quantities(v, 'resources.limits', res?.limits);
  const resources = profileResources(profile, { requests, limits });
  const origin = (explicit: Record<string, string>, resource: string) =>
    resource in explicit ? '' : ` (profile ${profile})`;
  for (const [resource, request] of Object.entries(resources.requests)) {
    const limit = resources.limits[resource];
    if (limit === undefined || (compareQuantities(request, limit) ?? 0) <= 0) continue;
    const path =
      resource in requests || !(resource in limits) ? `resources.requests.${resource}` : `resources.limits.${resource}`;
    v.add(
      path,
      `the ${resource} request ${request}${origin(requests, resource)} is more than its limit ` +
        `${limit}${origin(limits, resource)}`,
      'a request cannot exceed its limit: raise the limit or lower the request',
    );
  }
  return { profile, resources };
}

function resolvePullSecrets(v: Validator, value: unknown): string[] {
  const seen = new Map<string, string>();
  const names = v.stringList('imagePullSecrets', value);
  names.forEach(
    (secret, i) =>
      v.check(`imagePullSecrets[${i}]`, secret, checkDns1123Subdomain) &&
      unique(v, seen, `imagePullSecrets[${i}]`, secret, 'Secret'),
  );
  return names;
}

function resolveVolumes(v: Validator, value: unknown): Volume[] {
  const seen = new Map<string, string>();
  const out: Volume[] = [];
  for (const { at, item } of items(v, 'volumes', value, ['name', 'configMap', 'secret', 'items', 'optional'])) {
    const volumeName = requiredName(v, `${at}.name`, item.name, checkDns1123Label);
    if (volumeName !== undefined) unique(v, seen, `${at}.name`, volumeName, 'name');
    const which = oneOfFields(v, at, item, ['configMap', 'secret']) as 'configMap' | 'secret' | undefined;
    const source = which && requiredName(v, `${at}.${which}`, item[which]);
    const keys: { key: string; path: string }[] = [];
    for (const { at: itemAt, item: k } of items(v, `${at}.items`, item.items, ['key', 'path'])) {
      const key = requiredName(v, `${itemAt}.key`, k.key, checkConfigKey);
      const path = requiredName(v, `${itemAt}.path`, k.path, checkRelativePath);
      if (key !== undefined && path !== undefined) keys.push({ key, path });
    }
    const optional = flag(v, `${at}.optional`, item.optional);
    if (volumeName === undefined || !which || source === undefined) continue;
    const extra = { ...(keys.length ? { items: keys } : {}), ...(optional !== undefined ? { optional } : {}) };
    out.push(
      which === 'configMap'
        ? { name: volumeName, configMap: { name: source, ...extra } }
        : { name: volumeName, secret: { secretName: source, ...extra } },
    );
  }
  return out;
}

function resolveVolumeMounts(v: Validator, value: unknown, declared: readonly string[]): VolumeMount[] {
  const seen = new Map<string, string>();
  const out: VolumeMount[] = [];
  for (const { at, item } of items(v, 'volumeMounts', value, ['name', 'mountPath', 'readOnly', 'subPath'])) {
    const volume = required(v, `${at}.name`, item.name);
    if (volume !== undefined && !declared.includes(volume)) {
      v.add(
        `${at}.name`,
        `no volume is named ${show(volume)}`,
        declared.length
          ? `declare it under volumes, or use one of: ${declared.join(', ')}`
          : 'declare it under volumes',
      );
    }
    const mountPath = required(v, `${at}.mountPath`, item.mountPath);
    if (
      mountPath !== undefined &&
      v.check(`${at}.mountPath`, mountPath, (p) =>
        p.startsWith('/') ? undefined : `must be an absolute path, got ${show(p)}`,
      )
    ) {
      unique(v, seen, `${at}.mountPath`, mountPath, 'mountPath');
    }
    const readOnly = flag(v, `${at}.readOnly`, item.readOnly);
    const subPath = given(item.subPath) ? v.string(`${at}.subPath`, item.subPath) : undefined;
    if (subPath !== undefined) v.check(`${at}.subPath`, subPath, checkRelativePath);
    if (volume === undefined || mountPath === undefined) continue;
    out.push({
      name: volume,
      mountPath,
      ...(readOnly !== undefined ? { readOnly } : {}),
      ...(subPath ? { subPath } : {}),
    });
  }
  return out;
}

function resolveStrategy(v: Validator, value: unknown): DeploymentStrategy | undefined {
  if (!given(value)) return undefined;
  const short = typeof value === 'string';
  const raw = short ? { type: value } : v.map('strategy', value, ['type', 'maxSurge', 'maxUnavailable']);
  if (!raw) return undefined;
  const type = given(raw.type) ? v.oneOf(short ? 'strategy' : 'strategy.type', raw.type, STRATEGIES) : 'RollingUpdate';
  if (type === 'Recreate') {
    for (const f of ['maxSurge', 'maxUnavailable'])
      if (given(raw[f]))
        v.add(
          `strategy.${f}`,
          'only applies to the RollingUpdate strategy',
          'remove it, or set strategy.type: RollingUpdate',
        );
    return { type };
  }
  if (type !== 'RollingUpdate') return undefined;
  const maxSurge = given(raw.maxSurge) ? v.intOrPercent('strategy.maxSurge', raw.maxSurge) : undefined;
  const maxUnavailable = given(raw.maxUnavailable)
    ? v.intOrPercent('strategy.maxUnavailable', raw.maxUnavailable, { maxPercent: 100 })
    : undefined;
  const zero = (x: number | string | undefined) => x === 0 || x === '0%';
  if (zero(maxSurge) && zero(maxUnavailable))
    v.add(
      'strategy.maxUnavailable',
      'cannot be 0 when maxSurge is 0 too',
      'a rollout could then never replace a Pod: allow a surge or some unavailability',
    );
  const rollingUpdate = {
    ...(maxSurge !== undefined ? { maxSurge } : {}),
    ...(maxUnavailable !== undefined ? { maxUnavailable } : {}),
  };
  return Object.keys(rollingUpdate).length ? { type, rollingUpdate } : { type };
}

function resolvePort(v: Validator, source: DeploymentSource): ContainerPort | undefined {
  if (!given(source.port)) {
    for (const f of ['portName', 'protocol'] as const)
      if (given(source[f])) v.add(f, 'needs port', 'set port, or remove this field');
    return undefined;
  }
  const containerPort = v.port('port', source.port);
  const protocol = given(source.protocol) ? v.oneOf('protocol', source.protocol, PROTOCOLS) : 'TCP';
  const portName = given(source.portName) ? v.string('portName', source.portName) : undefined;
  if (portName !== undefined) v.check('portName', portName, checkPortName);
  if (containerPort === undefined || protocol === undefined) return undefined;
  return { containerPort, protocol, ...(portName ? { name: portName } : {}) };
}

function resolveReplicas(v: Validator, source: DeploymentSource): Pick<ResolvedDeployment, 'replicas' | 'autoscaled'> {
  const autoscaled = flag(v, 'autoscaled', source.autoscaled) ?? false;
  const unset = source.replicas === undefined || source.replicas === null;
  if (unset) return { replicas: autoscaled ? undefined : 1, autoscaled };
  if (autoscaled) {
    v.add(
      'replicas',
      'cannot be set together with autoscaled: true',
      'the autoscaler sets the replica count: remove replicas, or remove autoscaled',
    );
    return { replicas: undefined, autoscaled };
  }
  return { replicas: v.integer('replicas', source.replicas), autoscaled };
}

/**
 * Resolves a Deployment source: name `<owner>-deployment` by default (also the container's name, so at most
 * 63 characters), replicas 1 when unset (`"0"` stays 0; none at all with `autoscaled: true`), strings parsed
 * into numbers and booleans, a profile's requests and limits under the explicit ones, the selector
 * (`orkestra-owner`, `orkestra.io/deployment`) stamped over the Pod labels, system labels stamped over the
 * Deployment's. Pure: sends no request. Throws a `ValidationError` listing every problem with its path
 * (`env[2].name`, `probes.liveness.httpGet.port`).
 *
 * @example
 * resolve({ image: 'nginx:1.27', port: '8080', profile: 'small' }, 'shop');
 * // { name: 'shop-deployment', image: 'nginx:1.27', replicas: 1, port: { containerPort: 8080, protocol: 'TCP' },
 * //   resources: { requests: { cpu: '100m', memory: '128Mi' }, limits: { cpu: '250m', memory: '256Mi' } },
 * //   selector: { 'orkestra-owner': 'shop', 'orkestra.io/deployment': 'shop-deployment' }, … }
 */
export function resolve(source: DeploymentSource, ownerName: string): ResolvedDeployment {
  const v = new Validator({
    kind: 'Deployment',
    name: typeof source.name === 'string' && source.name ? source.name : `${ownerName}-deployment`,
  });
  v.map('', source, SOURCE_FIELDS);
  const common = resolveCommonFields(v, source, ownerName, {
    defaultSuffix: 'deployment',
    nameRule: 'dns1123-label',
    nameHint: NAME_HINT,
  });
  const image = required(v, 'image', source.image, 'set the container image, e.g. image: nginx:1.27');
  if (image !== undefined)
    v.check('image', image, (i) =>
      i.trim() === i ? undefined : `must not start or end with whitespace, got ${show(i)}`,
    );
  const selector = { [OWNER_LABEL]: ownerLabelValue(ownerName), [DEPLOYMENT_LABEL]: common.name };
  const spec: ResolvedDeployment = {
    ...common,
    image: image ?? '',
    imagePullPolicy: given(source.imagePullPolicy)
      ? v.oneOf('imagePullPolicy', source.imagePullPolicy, PULL_POLICIES)
      : undefined,
    ...resolveReplicas(v, source),
    selector,
    port: resolvePort(v, source),
    command: v.stringList('command', source.command, LIST_HINT),
    args: v.stringList('args', source.args, LIST_HINT),
    env: resolveEnv(v, source.env),
    envFrom: resolveEnvFrom(v, source.envFrom),
    ...resolveResources(v, source),
    imagePullSecrets: resolvePullSecrets(v, source.imagePullSecrets),
    serviceAccountName: given(source.serviceAccountName)
      ? requiredName(v, 'serviceAccountName', source.serviceAccountName)
      : undefined,
    nodeSelector: v.labels('nodeSelector', source.nodeSelector),
    probes: resolveProbes(v, source.probes),
    podLabels: { ...v.labels('podLabels', source.podLabels), ...systemLabels(ownerName), ...selector },
    podAnnotations: v.annotations('podAnnotations', source.podAnnotations),
    volumes: resolveVolumes(v, source.volumes),
    volumeMounts: resolveVolumeMounts(v, source.volumeMounts, declaredNames(source.volumes)),
    strategy: resolveStrategy(v, source.strategy),
  };
  v.done();
  return spec;
}

/**
 * The names the source's volumes give, valid or not, so a mount of a volume with another problem is not reported twice.
 */
function declaredNames(volumes: unknown): string[] {
  const names = Array.isArray(volumes)
    ? volumes.flatMap((vol: unknown) => (vol && typeof vol === 'object' && 'name' in vol ? [String(vol.name)] : []))
    : [];
  return [...new Set(names)];
}

/**
 * `{ [key]: value }` when the value is there and not an empty list or map, else `{}`: the object sets no empty fields.
 */
function some<K extends string>(key: K, value: unknown): Partial<Record<K, unknown>> {
  if (value === undefined || (Array.isArray(value) && value.length === 0)) return {};
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0)
    return {};
  return { [key]: value } as Partial<Record<K, unknown>>;
}

/**
 * The strategy as written. RollingUpdate (also when the source sets none) always carries a `rollingUpdate`
 * map, even an empty one the server fills with its 25%/25% defaults: server-side apply then counts the map as
 * Orkestra's, and a later switch to Recreate removes it with the defaults in it. Without that, the server
 * would keep the defaulted map nobody owns and refuse `Recreate` beside it.
 */
function strategyOf(strategy: DeploymentStrategy | undefined): DeploymentStrategy {
  if (strategy?.type === 'Recreate') return strategy;
  return { type: 'RollingUpdate', rollingUpdate: { ...strategy?.rollingUpdate } };
}

/**
 * The Deployment for a resolved spec: one container named like the Deployment, the selector as
 * `matchLabels`, the strategy, and otherwise only the fields the spec sets (no `replicas` when autoscaled),
 * so whatever the server defaults or others own is never drift. Quantities keep the text the template gave.
 *
 * @example
 * desired(website, resolve({ image: 'nginx:1.27', autoscaled: true }, 'shop')).spec;
 * // { selector: { matchLabels: { 'orkestra-owner': 'shop', 'orkestra.io/deployment': 'shop-deployment' } },
 * //   strategy: { type: 'RollingUpdate', rollingUpdate: {} },
 * //   template: { metadata: { labels: … }, spec: { containers: [ … ] } } }
 */
export function desired(owner: OwnerObject, spec: ResolvedDeployment): KubeObject {
  const container = {
    name: spec.name,
    image: spec.image,
    ...some('imagePullPolicy', spec.imagePullPolicy),
    ...some('command', spec.command),
    ...some('args', spec.args),
    ...some('ports', spec.port && [spec.port]),
    ...some('env', spec.env),
    ...some('envFrom', spec.envFrom),
    ...some('resources', { ...some('requests', spec.resources.requests), ...some('limits', spec.resources.limits) }),
    ...some('volumeMounts', spec.volumeMounts),
    ...some('livenessProbe', spec.probes.liveness),
    ...some('readinessProbe', spec.probes.readiness),
    ...some('startupProbe', spec.probes.startup),
  };
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: metadataFor(spec, owner.metadata.namespace),
    spec: {
      ...(spec.replicas !== undefined ? { replicas: spec.replicas } : {}),
      selector: { matchLabels: spec.selector },
      strategy: strategyOf(spec.strategy),
      template: {
        metadata: { labels: spec.podLabels, ...some('annotations', spec.podAnnotations) },
        spec: {
          containers: [container],
          ...some(
            'imagePullSecrets',
            spec.imagePullSecrets.map((s) => ({ name: s })),
          ),
          ...some('serviceAccountName', spec.serviceAccountName),
          ...some('nodeSelector', spec.nodeSelector),
          ...some('volumes', spec.volumes),
        },
      },
    },
  };
}

/**
 * A Deployment's selector cannot change on an existing object: when the live selector differs from the
 * derived one (a Deployment made by an older template, or by hand), the change is reported as one
 * `spec.selector` change, for an `ImmutableFieldError` or, with `recreate: true`, a delete and create.
 */
export function immutableChanges(drifted: readonly DriftedField[]): ImmutableChange[] {
  return drifted.some((d) => d.path === 'spec.selector' || d.path.startsWith('spec.selector.'))
    ? [{ path: 'spec.selector', reason: SELECTOR_REASON }]
    : [];
}

/** The Deployment handler: `key` `deployments`, for the reconciler and the CLI. */
export const handler = defineResource<DeploymentSource, ResolvedDeployment>({
  key: 'deployments',
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  plural: 'deployments',
  namespaced: true,
  schema: DeploymentSourceSchema,
  check: deploymentSourceAccepts,
  resolve,
  desired,
  behaviour: () => ({ immutable: immutableChanges }),
});

/** Creates the Deployment unless it exists (see core's `createChild`). */
export const create = handler.create;
/** Brings the Deployment to the spec, writing only on drift (see core's `updateChild`). */
export const update = handler.update;
/** Deletes the Deployment if the owner controls it (see core's `deleteChild`). */
const remove = handler.delete;

export { remove as delete };
