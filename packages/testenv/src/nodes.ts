/**
 * Simulated nodes: kube-scheduler places pods as in a cluster, and KWOK (sigs.k8s.io/kwok) plays the kubelet
 * of a few Node objects, moving their pods through the phases by its Stage rules — scheduled pods become
 * Running and Ready, Job pods Succeeded, deleted pods go away. With the workload controllers of
 * kube-controller-manager, Deployments report available replicas, rollouts progress and Jobs complete.
 * No container runs: a pod is a status only.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CoreV1Api, type KubeConfig, type V1Node } from '@kubernetes/client-node';
import { type ExtraFlags, kwokFlags, mergeFlags, schedulerFlags, toArgs } from './flags.js';
import { get, type TlsOptions } from './http.js';
import { freePort } from './ports.js';
import type { ManagedProcess } from './process.js';
import { type SimulatedVolumes, startSimulatedVolumes, VOLUME_CONTROLLERS } from './volumes.js';

/** What each simulated node offers the scheduler (its capacity, also its allocatable). */
export interface NodeCapacity {
  /** Default `'32'`. */
  cpu?: string;
  /** Default `'256Gi'`. */
  memory?: string;
  /** Default 110. */
  pods?: number;
}

/** The `nodes` option of `start()`. */
export interface NodesOptions {
  /** How many nodes, 1 to 100. Default 1. */
  count?: number;
  /** What each node offers. */
  capacity?: NodeCapacity;
  /**
   * Images whose pods never become ready: they run with `Ready=False`, as with a failing readiness probe (and
   * a Job's pod with one never completes). For rollouts that do not progress.
   */
  neverReadyImages?: readonly string[];
  /** How long a scheduled pod takes to become Running and Ready (or to complete, for a Job's). Default 0. */
  podStartDelayMs?: number;
}

/** {@link NodesOptions} with every default filled in. */
export interface ResolvedNodes {
  count: number;
  capacity: Required<NodeCapacity>;
  neverReadyImages: readonly string[];
  podStartDelayMs: number;
}

/**
 * The kube-controller-manager controllers that make workloads progress on simulated nodes (names as the
 * `--controllers` flag accepts them), besides garbage collection and namespace deletion.
 */
export const WORKLOAD_CONTROLLERS = [
  'garbagecollector',
  'namespace',
  'deployment',
  'replicaset',
  'statefulset',
  'daemonset',
  'job',
  'endpointslice',
  ...VOLUME_CONTROLLERS,
] as const;

/** The annotation (and label) on every simulated node; kwok manages the nodes that carry it. */
export const SIMULATED_NODE_ANNOTATION = 'kwok.x-k8s.io/node';

const MAX_NODES = 100;

/** A `nodes` option that cannot be used; the message names the field and what is allowed. */
export class InvalidNodesOptionError extends Error {
  override readonly name = 'InvalidNodesOptionError';
}

/**
 * The `nodes` option with its defaults (`2` is short for `{ count: 2 }`); undefined without nodes. Throws
 * {@link InvalidNodesOptionError} on a count out of range or a negative delay.
 */
export function resolveNodes(nodes: number | NodesOptions | undefined): ResolvedNodes | undefined {
  if (nodes === undefined) return undefined;
  const o = typeof nodes === 'number' ? { count: nodes } : nodes;
  const count = o.count ?? 1;
  if (!Number.isInteger(count) || count < 1 || count > MAX_NODES) {
    throw new InvalidNodesOptionError(
      `@orkestra/testenv: nodes.count must be a whole number from 1 to ${MAX_NODES}, got ${count}`,
    );
  }
  const podStartDelayMs = o.podStartDelayMs ?? 0;
  if (!Number.isFinite(podStartDelayMs) || podStartDelayMs < 0) {
    throw new InvalidNodesOptionError(
      `@orkestra/testenv: nodes.podStartDelayMs must be 0 or more milliseconds, got ${podStartDelayMs}`,
    );
  }
  return {
    count,
    capacity: { cpu: '32', memory: '256Gi', pods: 110, ...o.capacity },
    neverReadyImages: [...(o.neverReadyImages ?? [])],
    podStartDelayMs,
  };
}

/** The names of the simulated nodes: `kwok-node-0`, `kwok-node-1`, … */
export function nodeNames(nodes: ResolvedNodes): string[] {
  return Array.from({ length: nodes.count }, (_, i) => `kwok-node-${i}`);
}

/** The Node objects to create: status with capacity and allocatable (as a kubelet registers), kwok's annotation. */
export function nodeObjects(nodes: ResolvedNodes): V1Node[] {
  const resources = { ...nodes.capacity, pods: String(nodes.capacity.pods) };
  return nodeNames(nodes).map((name) => ({
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      name,
      annotations: { [SIMULATED_NODE_ANNOTATION]: 'fake' },
      labels: {
        [SIMULATED_NODE_ANNOTATION]: 'fake',
        'kubernetes.io/hostname': name,
        'kubernetes.io/os': 'linux',
        'kubernetes.io/arch': 'amd64',
        type: 'kwok',
      },
    },
    status: { capacity: resources, allocatable: resources },
  }));
}

/** Whether a `GET /api/v1/nodes` body lists every simulated node with `Ready=True`. */
export function allNodesReady(body: string, nodes: ResolvedNodes): boolean {
  const list = JSON.parse(body) as { items?: V1Node[] };
  const ready = new Set(
    (list.items ?? [])
      .filter((n) => n.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True'))
      .map((n) => n.metadata?.name),
  );
  return nodeNames(nodes).every((name) => ready.has(name));
}

type Expression = { key: string; operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist'; values?: readonly string[] };

const stage = (name: string, kind: 'Node' | 'Pod', match: Expression[], next: object, delayMs = 0) => ({
  apiVersion: 'kwok.x-k8s.io/v1alpha1',
  kind: 'Stage',
  metadata: { name },
  spec: {
    resourceRef: { apiGroup: 'v1', kind },
    selector: { matchExpressions: match },
    ...(delayMs > 0 ? { delay: { durationMilliseconds: delayMs } } : {}),
    next,
  },
});

const NOT_DELETED: Expression = { key: '.metadata.deletionTimestamp', operator: 'DoesNotExist' };
const IMAGES = '.spec.containers.[].image';

// The node and pod stages below follow KWOK's own "fast" stages (kustomize/stage/{node,pod}/fast, Apache-2.0),
// with a variant of pod-ready for the never-ready images.
const NODE_INITIALIZE = `{{ $now := Now }}
{{ $lastTransitionTime := or .metadata.creationTimestamp $now }}
conditions:
{{ range NodeConditions }}
- lastHeartbeatTime: {{ $now | Quote }}
  lastTransitionTime: {{ $lastTransitionTime | Quote }}
  message: {{ .message | Quote }}
  reason: {{ .reason | Quote }}
  status: {{ .status | Quote }}
  type: {{ .type | Quote }}
{{ end }}
addresses:
{{ with NodeIP }}
- address: {{ . | Quote }}
  type: InternalIP
{{ end }}
{{ with NodeName }}
- address: {{ . | Quote }}
  type: Hostname
{{ end }}
allocatable:
{{ YAML .status.allocatable 1 }}
capacity:
{{ YAML .status.capacity 1 }}
nodeInfo:
  architecture: amd64
  operatingSystem: linux
  containerRuntimeVersion: {{ printf "kwok-%s" Version | Quote }}
  kubeletVersion: {{ printf "kwok-%s" Version | Quote }}
  kubeProxyVersion: {{ printf "kwok-%s" Version | Quote }}
  kernelVersion: {{ printf "kwok-%s" Version | Quote }}
phase: Running
`;

/** kwok's pod IP allocation for the pod's node (one template action, kept whole). */
const POD_IP =
  'PodIPWith .spec.nodeName ( or .spec.hostNetwork false ) ( or .metadata.uid "" ) ( or .metadata.name "" ) ' +
  '( or .metadata.namespace "" )';
const podRunning = (ready: boolean) => `{{ $now := Now }}
conditions:
- lastTransitionTime: {{ $now | Quote }}
  status: "True"
  type: Initialized
- lastTransitionTime: {{ $now | Quote }}
  status: "${ready ? 'True' : 'False'}"
  type: Ready${
    ready
      ? ''
      : '\n  reason: ContainersNotReady\n  message: "readiness probe failed (simulated: the ' +
        'image never becomes ready)"'
  }
- lastTransitionTime: {{ $now | Quote }}
  status: "${ready ? 'True' : 'False'}"
  type: ContainersReady
containerStatuses:
{{ range .spec.containers }}
- image: {{ .image | Quote }}
  name: {{ .name | Quote }}
  ready: ${ready}
  started: true
  restartCount: 0
  state:
    running:
      startedAt: {{ $now | Quote }}
{{ end }}
{{ with NodeIPWith .spec.nodeName }}
hostIP: {{ . | Quote }}
hostIPs:
- ip: {{ . | Quote }}
{{ end }}
{{ with ${POD_IP} }}
podIP: {{ . | Quote }}
podIPs:
- ip: {{ . | Quote }}
{{ end }}
phase: Running
startTime: {{ $now | Quote }}
`;

const POD_COMPLETE = `{{ $now := Now }}
containerStatuses:
{{ range .spec.containers }}
- image: {{ .image | Quote }}
  name: {{ .name | Quote }}
  ready: false
  started: false
  restartCount: 0
  state:
    terminated:
      exitCode: 0
      finishedAt: {{ $now | Quote }}
      reason: Completed
      startedAt: {{ $now | Quote }}
{{ end }}
phase: Succeeded
`;

/** kwok's Stage documents (as one YAML stream; JSON is YAML) for `nodes`. */
export function kwokStages(nodes: ResolvedNodes): string {
  const never = nodes.neverReadyImages;
  const healthy: Expression[] = never.length ? [{ key: IMAGES, operator: 'NotIn', values: never }] : [];
  const readyKey = '.status.conditions.[] | select( .type == "Ready" ) | .status';
  const pending: Expression[] = [NOT_DELETED, { key: '.status.phase', operator: 'In', values: ['Pending'] }];
  const delay = nodes.podStartDelayMs;
  const stages = [
    stage('node-initialize', 'Node', [{ key: readyKey, operator: 'NotIn', values: ['True'] }], {
      statusTemplate: NODE_INITIALIZE,
    }),
    stage(
      'pod-ready',
      'Pod',
      [...pending, { key: readyKey, operator: 'NotIn', values: ['True'] }, ...healthy],
      { statusTemplate: podRunning(true) },
      delay,
    ),
    ...(never.length
      ? [
          stage('pod-never-ready', 'Pod', [...pending, { key: IMAGES, operator: 'In', values: never }], {
            statusTemplate: podRunning(false),
          }),
        ]
      : []),
    stage(
      'pod-complete',
      'Pod',
      [
        NOT_DELETED,
        { key: '.status.phase', operator: 'In', values: ['Running'] },
        { key: '.metadata.ownerReferences.[].kind', operator: 'In', values: ['Job'] },
        ...healthy,
      ],
      { statusTemplate: POD_COMPLETE },
      delay,
    ),
    stage('pod-delete', 'Pod', [{ key: '.metadata.deletionTimestamp', operator: 'Exists' }], { delete: true }),
  ];
  return stages.map((s) => JSON.stringify(s)).join('\n---\n');
}

/** Starts one process: `args` may pick fresh ports; `ready` says when it serves. */
export type Launch = (
  component: 'kube-scheduler' | 'kwok',
  args: () => Promise<string[]>,
  ready: () => Promise<boolean>,
) => Promise<ManagedProcess>;

/** How {@link startSimulatedNodes} reaches the control plane. */
export interface SimulatedNodesContext {
  nodes: ResolvedNodes;
  kubeConfig: KubeConfig;
  kubeconfigPath: string;
  server: string;
  tls: TlsOptions;
  /** A private folder for the scheduler's certificates and kwok's stages. */
  dir: string;
  flags: ExtraFlags | undefined;
  host: string;
  launch: Launch;
}

/** The processes of the simulated nodes. */
export interface SimulatedNodes {
  scheduler: ManagedProcess;
  kwok: ManagedProcess;
  /** The default StorageClass's provisioner (see volumes.ts). */
  volumes: SimulatedVolumes;
}

/**
 * Starts kube-scheduler, creates the Node objects, then starts kwok; resolves when every node is `Ready` and
 * untainted, and the default StorageClass provisions claims.
 * kube-controller-manager with {@link WORKLOAD_CONTROLLERS} is the caller's part.
 */
export async function startSimulatedNodes(c: SimulatedNodesContext): Promise<SimulatedNodes> {
  let port = 0;
  const scheduler = await c.launch(
    'kube-scheduler',
    async () => {
      port = await freePort(c.host);
      const flags = schedulerFlags({ kubeconfig: c.kubeconfigPath, securePort: port, certDir: c.dir, host: c.host });
      return toArgs(mergeFlags(flags, c.flags?.kubeScheduler));
    },
    async () => (await get(`https://${c.host}:${port}/healthz`, { insecure: true })).status === 200,
  );
  const core = c.kubeConfig.makeApiClient(CoreV1Api);
  for (const body of nodeObjects(c.nodes)) await core.createNode({ body });
  const config = join(c.dir, 'kwok.yaml');
  writeFileSync(config, kwokStages(c.nodes), { mode: 0o600 });
  const selector = `${SIMULATED_NODE_ANNOTATION}=fake`;
  const kwok = await c.launch(
    'kwok',
    async () =>
      toArgs(
        mergeFlags(
          kwokFlags({ kubeconfig: c.kubeconfigPath, config, nodeAnnotationSelector: selector }),
          c.flags?.kwok,
        ),
      ),
    async () => {
      const res = await get(`${c.server}/api/v1/nodes?labelSelector=${encodeURIComponent(selector)}`, c.tls);
      return res.status === 200 && allNodesReady(res.body, c.nodes);
    },
  );
  // The API server's TaintNodesByCondition admission gives every new Node the `node.kubernetes.io/not-ready`
  // taint; the node lifecycle controller (not run here: it would also evict on missed heartbeats) removes it
  // once the node is Ready. Its part, done once.
  for (const name of nodeNames(c.nodes)) {
    const node = await core.readNode({ name });
    if (!node.spec?.taints?.length) continue;
    await core.replaceNode({ name, body: { ...node, spec: { ...node.spec, taints: [] } } });
  }
  return { scheduler, kwok, volumes: await startSimulatedVolumes(c.kubeConfig) };
}
