/** Services: how to resolve a source and build the object; the lifecycle is core's. */
import {
  type DriftedField,
  type ImmutableChange,
  type KubeObject,
  OWNER_LABEL,
  type OwnerObject,
  ownerLabelValue,
} from '@orkestra/core';
import {
  checkDns1123Label,
  defineResource,
  type ListItemKey,
  metadataFor,
  resolveCommonFields,
  Validator,
} from '@orkestra/core/authoring';
import { serviceSourceAccepts } from '../generated/schema-check.js';
import {
  NODE_PORT_RANGE,
  PROTOCOLS,
  type ResolvedService,
  type ResolvedServicePort,
  SERVICE_TYPES,
  type ServiceSource,
  ServiceSourceSchema,
  type ServiceType,
} from './types.js';

const PORT_FIELDS = ['name', 'port', 'targetPort', 'protocol', 'nodePort'] as const;
const SHORTHAND = ['port', 'targetPort', 'protocol', 'nodePort'] as const;

/** Absent, `null`, or the empty string a template yields for "nothing": the default applies. */
function unset(value: unknown): value is undefined | null | '' {
  return value === undefined || value === null || value === '';
}

/** One port; `at(field)` is the field's path (`ports[1].port`, or `port` for the shorthand). */
function resolvePort(
  v: Validator,
  raw: Record<string, unknown>,
  type: ServiceType,
  at: (field: string) => string,
): ResolvedServicePort | undefined {
  let name: string | undefined;
  if (!unset(raw.name)) {
    name = v.string(at('name'), raw.name);
    if (name !== undefined && !v.check(at('name'), name, checkDns1123Label)) name = undefined;
  }
  let port: number | undefined;
  if (unset(raw.port)) v.add(at('port'), 'is required', 'the port the Service listens on, 1 to 65535');
  else port = v.port(at('port'), raw.port);
  const targetPort = unset(raw.targetPort) ? port : v.portOrName(at('targetPort'), raw.targetPort);
  const protocol = unset(raw.protocol) ? 'TCP' : v.oneOf(at('protocol'), raw.protocol, PROTOCOLS);
  let nodePort: number | undefined;
  if (!unset(raw.nodePort)) {
    if (type === 'ClusterIP')
      v.add(
        at('nodePort'),
        'can only be set for type NodePort or LoadBalancer, got type ClusterIP',
        'remove `nodePort`, or set `type: NodePort`',
      );
    else nodePort = v.integer(at('nodePort'), raw.nodePort, NODE_PORT_RANGE);
  }
  if (port === undefined || targetPort === undefined || protocol === undefined) return undefined;
  return { name, port, targetPort, protocol, nodePort };
}

/**
 * What the API server requires of several ports: names, unique names, unique port/protocol and nodePort/protocol pairs.
 */
function checkPorts(v: Validator, ports: readonly { at: string; port: ResolvedServicePort }[]): void {
  if (ports.length < 2) return;
  const seen = new Map<string, string>();
  const once = (kind: string, value: string, path: string, message: string, hint: string) => {
    const first = seen.get(`${kind}:${value}`);
    if (first === undefined) seen.set(`${kind}:${value}`, path);
    else v.add(path, `${message}, as ${first} does`, hint);
  };
  for (const { at, port } of ports) {
    if (port.name === undefined)
      v.add(
        `${at}.name`,
        'is required when the Service has more than one port',
        'give every port a unique name, such as http or metrics',
      );
    else
      once(
        'name',
        port.name,
        `${at}.name`,
        `duplicates the name ${JSON.stringify(port.name)}`,
        'port names must be unique',
      );
    once(
      'port',
      `${port.port}/${port.protocol}`,
      `${at}.port`,
      `duplicates port ${port.port}/${port.protocol}`,
      'each port and protocol may appear once',
    );
    if (port.nodePort !== undefined)
      once(
        'nodePort',
        `${port.nodePort}/${port.protocol}`,
        `${at}.nodePort`,
        `duplicates nodePort ${port.nodePort}/${port.protocol}`,
        'each node port and protocol may appear once',
      );
  }
}

/**
 * Resolves a Service source: name `<owner>-svc` by default (a DNS-1035 label), type ClusterIP, every port's
 * targetPort defaulting to its port and protocol to TCP, the selector defaulting to the owner's pods, system
 * labels stamped. Pure: sends no request. Throws a `ValidationError` listing every problem, each with its path
 * (`ports[1].port`), before anything is sent — including what the API server would refuse, such as a
 * second port without a name.
 *
 * @example
 * resolve({ port: 80, targetPort: 'http' }, 'shop');
 * // { name: 'shop-svc', type: 'ClusterIP', headless: false,
 * //   ports: [{ port: 80, targetPort: 'http', protocol: 'TCP' }],
 * //   selector: { 'orkestra-owner': 'shop' }, labels: { 'managed-by': 'orkestra', 'orkestra-owner': 'shop' }, … }
 */
export function resolve(source: ServiceSource, ownerName: string): ResolvedService {
  const v = new Validator({
    kind: 'Service',
    name: typeof source.name === 'string' && source.name ? source.name : `${ownerName}-svc`,
  });
  const common = resolveCommonFields(v, source, ownerName, { defaultSuffix: 'svc', nameRule: 'dns1035-label' });
  const type = unset(source.type) ? 'ClusterIP' : (v.oneOf('type', source.type, SERVICE_TYPES) ?? 'ClusterIP');
  const headless = unset(source.headless) ? false : (v.boolean('headless', source.headless) ?? false);
  if (headless && type !== 'ClusterIP')
    v.add(
      'headless',
      `a headless Service must be of type ClusterIP, got type ${type}`,
      'remove `headless`, or set `type: ClusterIP`',
    );

  const raw = source as Record<string, unknown>;
  const shorthand = SHORTHAND.filter((field) => !unset(raw[field]));
  const resolved: { at: string; port: ResolvedServicePort }[] = [];
  if (!unset(source.ports)) {
    for (const field of shorthand)
      v.add(
        field,
        'cannot be combined with `ports`',
        'list every port under `ports`, or use the one-port shorthand alone',
      );
    v.list('ports', source.ports).forEach((item, i) => {
      const at = `ports[${i}]`;
      const entry = v.map(at, item, PORT_FIELDS);
      const port = entry && resolvePort(v, entry, type, (field) => `${at}.${field}`);
      if (port) resolved.push({ at, port });
    });
  } else if (shorthand.length > 0) {
    const port = resolvePort(v, raw, type, (field) => field);
    if (port) resolved.push({ at: 'ports[0]', port });
  }
  checkPorts(v, resolved);
  const given =
    shorthand.length > 0 || !(unset(source.ports) || (Array.isArray(source.ports) && source.ports.length === 0));
  if (!headless && !given)
    v.add(
      'ports',
      'a Service needs at least one port',
      'set `port` for one port or `ports` for several; only a headless Service may have none',
    );

  const selector = unset(source.selector)
    ? { [OWNER_LABEL]: ownerLabelValue(ownerName) }
    : v.labels('selector', source.selector);
  v.done();
  return { ...common, type, headless, ports: resolved.map((r) => r.port), selector };
}

/**
 * The Service for a resolved spec. It sets only what the spec sets, so what the API server fills in
 * (clusterIP, clusterIPs, ipFamilies, ipFamilyPolicy, sessionAffinity, internalTrafficPolicy,
 * externalTrafficPolicy, allocated nodePorts) is never drift and never sent back: the allocated cluster IP
 * and node ports are kept on every update. `targetPort` is always set (to `port` when not given), so a
 * change of it alone is drift and gets corrected. `clusterIP` is sent only for a headless Service: `None`.
 *
 * @example
 * await desired(website, resolve({ ports: [{ name: 'http', port: 80, targetPort: 8080 }] }, 'shop'));
 * // { apiVersion: 'v1', kind: 'Service', metadata: { name: 'shop-svc', namespace: 'prod', labels: { … } },
 * //   spec: { type: 'ClusterIP', ports: [{ name: 'http', port: 80, targetPort: 8080, protocol: 'TCP' }],
 * //           selector: { 'orkestra-owner': 'shop' } } }
 */
export function desired(owner: OwnerObject, spec: ResolvedService): KubeObject {
  const ports = spec.ports.map((p) => ({
    ...(p.name !== undefined ? { name: p.name } : {}),
    port: p.port,
    targetPort: p.targetPort,
    protocol: p.protocol,
    ...(p.nodePort !== undefined ? { nodePort: p.nodePort } : {}),
  }));
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: metadataFor(spec, owner.metadata.namespace),
    spec: {
      type: spec.type,
      ...(spec.headless ? { clusterIP: 'None' } : {}),
      ...(ports.length ? { ports } : {}),
      selector: spec.selector,
    },
  };
}

interface ServicePortObject {
  name?: string;
  port?: number;
  protocol?: string;
  nodePort?: number;
}

function specOf(obj: KubeObject): { clusterIP?: string; ports?: ServicePortObject[] } {
  return (obj.spec ?? {}) as { clusterIP?: string; ports?: ServicePortObject[] };
}

/**
 * A Service's cluster IP is fixed once it exists: the API server refuses to make a Service headless
 * (`clusterIP: None`) or to give a headless one an address. Turning `headless` on or off therefore needs
 * `recreate: true` (a new Service, with a new cluster IP). Type changes between ClusterIP, NodePort and
 * LoadBalancer are applied in place; node ports the server allocated are dropped by the server itself.
 *
 * @example
 * // liveService has clusterIP 10.0.0.12
 * immutableChanges(drifted, liveService, desired(owner, resolve({ port: 80, headless: true }, 'shop')));
 * // [{ path: 'spec.clusterIP',
 * //    reason: 'turning headless on needs clusterIP None; the API server never changes the allocated 10.0.0.12' }]
 */
export function immutableChanges(
  _drifted: readonly DriftedField[],
  live: KubeObject,
  want: KubeObject,
): ImmutableChange[] {
  const liveIP = specOf(live).clusterIP;
  const wantHeadless = specOf(want).clusterIP === 'None';
  if (wantHeadless === (liveIP === 'None')) return [];
  return [
    {
      path: 'spec.clusterIP',
      reason: wantHeadless
        ? `turning headless on needs clusterIP None; the API server never changes the allocated ${liveIP ?? 'address'}`
        : 'turning headless off needs a cluster IP; the API server never allocates one to an existing Service',
    },
  ];
}

/**
 * Ports of the live Service that someone else put in the place of one of ours: not ours by port and
 * protocol, but with the name (or the node port) of a port the spec sets — a port renumbered with
 * `kubectl edit`, say. The API server refuses two ports of one name, so core moves their ownership to us
 * and the apply that restores ours removes them. Other ports someone added are left alone.
 *
 * @example
 * // live: [{ name: 'http', port: 81, protocol: 'TCP' }, { name: 'metrics', port: 9102, protocol: 'TCP' }];
 * // spec: http on 80
 * displacedPorts(live, want); // [{ list: ['spec', 'ports'], key: { port: 81, protocol: 'TCP' } }]
 */
export function displacedPorts(live: KubeObject, want: KubeObject): ListItemKey[] {
  const wanted = specOf(want).ports ?? [];
  const keyOf = (p: ServicePortObject) => `${p.port}/${p.protocol ?? 'TCP'}`;
  const ours = new Set(wanted.map(keyOf));
  const clashes = (p: ServicePortObject) =>
    wanted.some(
      (w) =>
        (w.name ?? '') === (p.name ?? '') ||
        (w.nodePort !== undefined && w.nodePort === p.nodePort && (w.protocol ?? 'TCP') === (p.protocol ?? 'TCP')),
    );
  return (specOf(live).ports ?? [])
    .filter((p) => p.port !== undefined && !ours.has(keyOf(p)) && clashes(p))
    .map((p) => ({ list: ['spec', 'ports'], key: { port: p.port!, protocol: p.protocol ?? 'TCP' } }));
}

/** The Service handler: `key` `services`, for the reconciler and the CLI. */
export const handler = defineResource<ServiceSource, ResolvedService>({
  key: 'services',
  apiVersion: 'v1',
  kind: 'Service',
  plural: 'services',
  namespaced: true,
  schema: ServiceSourceSchema,
  check: serviceSourceAccepts,
  resolve,
  desired,
  behaviour: () => ({ immutable: immutableChanges, takeOver: displacedPorts }),
});

/** Creates the Service unless it exists (see core's `createChild`). */
export const create = handler.create;
/** Brings the Service to the spec, writing only on drift (see core's `updateChild`); keeps its cluster IP. */
export const update = handler.update;
/** Deletes the Service if the owner controls it (see core's `deleteChild`). */
const remove = handler.delete;

export { remove as delete };
