/**
 * What `orkestra generate manifests` prints: everything a katalog needs to run in a cluster as `orkestra run`
 * in a pod — its Namespace, ServiceAccount, the RBAC of `generate rbac`, the katalog as a ConfigMap, a
 * Deployment (replicas behind a leader-election Lease, probes, resources, a restricted securityContext), a
 * PodDisruptionBudget and a metrics Service. Pure: the objects are built from the loaded katalog, nothing is
 * read from a cluster.
 */
import { createHash } from 'node:crypto';
import type { KubeObject } from '@orkestra/core';
import { ResourceRegistry } from '@orkestra/core/kube';
import { type Permission, rbacObjects, requiredPermissions } from '@orkestra/operator';
import type { LoadedKatalog } from './katalog-file.js';
import { withNamespaces } from './katalog-file.js';
import {
  availabilityAndMetrics,
  type ContainerResources,
  operatorDeployment,
  restrictedNamespace,
  SERVING_ARGS,
  type WorkloadIdentity,
  workloadMetadata,
} from './operator-workload.js';
import { unknownKindsError } from './rbac.js';
import { servesWebhooks, WEBHOOK_PORT, webhookManifests, webhookRbac } from './webhook-manifests.js';

export { type ContainerResources, HTTP_PORT, RUN_AS_USER } from './operator-workload.js';

/** Where the katalog ConfigMap is mounted in the container, and the file `run --katalog` reads. */
export const KATALOG_MOUNT_PATH = '/etc/orkestra';
/** The key of the katalog in its ConfigMap (and so its file name under {@link KATALOG_MOUNT_PATH}). */
export const KATALOG_KEY = 'katalog.yaml';
/** A ConfigMap holds at most 1 MiB. */
const CONFIGMAP_LIMIT = 1024 * 1024;

/** Options of {@link deployManifests}. */
export interface DeployManifestOptions {
  /** The container image holding the CLI and the katalog's resource packages (see deploy/Containerfile). */
  image: string;
  /** The namespace the operator runs in (its ServiceAccount, ConfigMap, Deployment and Lease). */
  namespace: string;
  /** Name of every object; default `orkestra-<katalog name>`. */
  name?: string | undefined;
  /** Namespaces the operator watches (`run --namespace`); empty: the katalog's, else all. */
  watchNamespaces?: readonly string[] | undefined;
  /** Pods of the Deployment; default 2 (one leads, one stands by). */
  replicas?: number | undefined;
  /**
   * Replicas share the work over this many shards (`run --shards`): each holds about its share of the shard
   * Leases and reconciles only their namespaces, instead of one leading. Absent: leader election.
   */
  shards?: number | undefined;
  /** Requests and limits of the container; default 100m/128Mi requested, 500m/256Mi limit. */
  resources?: ContainerResources | undefined;
}

const DEFAULT_RESOURCES: ContainerResources = {
  requests: { cpu: '100m', memory: '128Mi' },
  limits: { cpu: '500m', memory: '256Mi' },
};

/** The katalog does not fit in a ConfigMap. */
export class KatalogTooLargeError extends Error {
  constructor(
    readonly file: string,
    readonly bytes: number,
  ) {
    super(`${file} is ${bytes} bytes: a ConfigMap holds at most ${CONFIGMAP_LIMIT} — split it into several katalogs`);
    this.name = 'KatalogTooLargeError';
  }
}

/**
 * The objects that run `loaded` in a cluster, in the order `kubectl apply` should create them (Namespace and
 * identity first). The RBAC is exactly what `generate rbac` prints for the ServiceAccount, with the Lease in
 * `namespace`. The pod template carries a hash of the katalog, so a changed katalog rolls the pods.
 *
 * Throws {@link KatalogTooLargeError} when the katalog exceeds a ConfigMap's 1 MiB.
 *
 * @example
 * const options = { image: 'ghcr.io/acme/website-operator:1.0', namespace: 'ops' };
 * const objects = deployManifests(await readKatalog('katalog.yaml'), options);
 */
export function deployManifests(loaded: LoadedKatalog, options: DeployManifestOptions): KubeObject[] {
  const bytes = Buffer.byteLength(loaded.text, 'utf8');
  if (bytes > CONFIGMAP_LIMIT) throw new KatalogTooLargeError(loaded.file, bytes);
  const { namespace } = options;
  const name = options.name ?? `orkestra-${loaded.katalog.name}`;
  const watch = [...(options.watchNamespaces ?? [])];
  const labels = { 'app.kubernetes.io/name': 'orkestra', 'app.kubernetes.io/instance': name };
  const workload: WorkloadIdentity = { name, namespace, labels };
  const metadata = () => workloadMetadata(workload);
  let permissions: Permission[];
  try {
    permissions = requiredPermissions(withNamespaces(loaded.katalog, watch), loaded.handlers, {
      leaseNamespace: namespace,
      shards: options.shards !== undefined,
      inventoryNamespace: namespace,
      resources: new ResourceRegistry(),
    });
    permissions.push(...webhookRbac(loaded.katalog.entries, name, namespace));
  } catch (e) {
    throw unknownKindsError(
      e,
      'generate manifests',
      'generate manifests knows only the built-in kinds: write the RBAC with `orkestra generate rbac --crd <file>`',
    );
  }
  return [
    restrictedNamespace(namespace),
    { apiVersion: 'v1', kind: 'ServiceAccount', metadata: metadata() },
    ...rbacObjects(permissions, { name, serviceAccount: { namespace, name } }),
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: metadata(), data: { [KATALOG_KEY]: loaded.text } },
    deployment(loaded, options, workload, watch),
    ...availabilityAndMetrics(workload),
    ...webhookManifests(withNamespaces(loaded.katalog, watch).entries, {
      name,
      namespace,
      labels: { ...labels, 'app.kubernetes.io/managed-by': 'orkestra-cli' },
      selector: labels,
    }),
  ];
}

/** The Deployment of `run --katalog` over the katalog's ConfigMap; a changed katalog rolls the pods (its hash). */
function deployment(
  loaded: LoadedKatalog,
  options: DeployManifestOptions,
  workload: WorkloadIdentity,
  watch: readonly string[],
): KubeObject {
  const { name, namespace } = workload;
  const katalogHash = createHash('sha256').update(loaded.text).digest('hex').slice(0, 16);
  return operatorDeployment(workload, {
    image: options.image,
    replicas: options.replicas ?? 2,
    args: [
      'run',
      '--katalog',
      `${KATALOG_MOUNT_PATH}/${KATALOG_KEY}`,
      ...SERVING_ARGS,
      '--leader-election-namespace',
      namespace,
      '--leader-election-id',
      name,
      ...(options.shards ? ['--shards', String(options.shards)] : []),
      ...watch.flatMap((n) => ['--namespace', n]),
    ],
    resources: options.resources ?? DEFAULT_RESOURCES,
    ports: servesWebhooks(loaded.katalog.entries)
      ? [{ name: 'webhook', containerPort: WEBHOOK_PORT, protocol: 'TCP' }]
      : [],
    annotations: { 'orkestra.io/katalog-sha256': katalogHash },
    volumes: [
      {
        volume: { name: 'katalog', configMap: { name, items: [{ key: KATALOG_KEY, path: KATALOG_KEY }] } },
        mount: { name: 'katalog', mountPath: KATALOG_MOUNT_PATH, readOnly: true },
      },
    ],
  });
}
