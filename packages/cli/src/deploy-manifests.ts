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
import { unknownKindsError } from './rbac.js';
import { servesWebhooks, WEBHOOK_PORT, webhookManifests, webhookRbac } from './webhook-manifests.js';

/** Where the katalog ConfigMap is mounted in the container, and the file `run --katalog` reads. */
export const KATALOG_MOUNT_PATH = '/etc/orkestra';
/** The key of the katalog in its ConfigMap (and so its file name under {@link KATALOG_MOUNT_PATH}). */
export const KATALOG_KEY = 'katalog.yaml';
/** The container port of `/healthz`, `/readyz` and `/metrics`. */
export const HTTP_PORT = 8080;
/** The uid and gid the container runs as: the `node` user of the official Node.js images. */
export const RUN_AS_USER = 1000;
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

/** A container's `resources`. */
export interface ContainerResources {
  requests: { cpu: string; memory: string };
  limits: { cpu: string; memory: string };
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
  const metadata = (extra: Record<string, unknown> = {}) => ({
    name,
    namespace,
    labels: { ...labels, 'app.kubernetes.io/managed-by': 'orkestra-cli' },
    ...extra,
  });
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
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace, labels: { ...restrictedNamespaceLabels } } },
    { apiVersion: 'v1', kind: 'ServiceAccount', metadata: metadata() },
    ...rbacObjects(permissions, { name, serviceAccount: { namespace, name } }),
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: metadata(), data: { [KATALOG_KEY]: loaded.text } },
    deployment(loaded, options, { name, labels, metadata: metadata(), watch }),
    {
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: metadata(),
      spec: { minAvailable: 1, selector: { matchLabels: labels } },
    },
    {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: metadata({
        name: `${name}-metrics`,
        annotations: { 'prometheus.io/scrape': 'true', 'prometheus.io/port': String(HTTP_PORT) },
      }),
      spec: {
        selector: labels,
        ports: [{ name: 'metrics', port: HTTP_PORT, targetPort: 'http', protocol: 'TCP' }],
      },
    },
    ...webhookManifests(withNamespaces(loaded.katalog, watch).entries, {
      name,
      namespace,
      labels: { ...labels, 'app.kubernetes.io/managed-by': 'orkestra-cli' },
      selector: labels,
    }),
  ];
}

/** Pod Security Admission labels: the namespace enforces the `restricted` profile the pods meet. */
const restrictedNamespaceLabels = {
  'pod-security.kubernetes.io/enforce': 'restricted',
  'pod-security.kubernetes.io/enforce-version': 'latest',
};

/**
 * The container's securityContext: the Pod Security Standards' `restricted` profile, plus a read-only root
 * filesystem (the process writes only to stdout and the `/tmp` emptyDir).
 */
export function restrictedContainerSecurityContext(): Record<string, unknown> {
  return {
    runAsNonRoot: true,
    runAsUser: RUN_AS_USER,
    runAsGroup: RUN_AS_USER,
    allowPrivilegeEscalation: false,
    readOnlyRootFilesystem: true,
    privileged: false,
    capabilities: { drop: ['ALL'] },
    seccompProfile: { type: 'RuntimeDefault' },
  };
}

function deployment(
  loaded: LoadedKatalog,
  options: DeployManifestOptions,
  parts: { name: string; labels: Record<string, string>; metadata: KubeObject['metadata']; watch: string[] },
): KubeObject {
  const { name, labels, watch } = parts;
  const katalogHash = createHash('sha256').update(loaded.text).digest('hex').slice(0, 16);
  const probe = (path: string, periodSeconds: number, failureThreshold: number) => ({
    httpGet: { path, port: 'http' },
    periodSeconds,
    failureThreshold,
    timeoutSeconds: 2,
  });
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: parts.metadata,
    spec: {
      replicas: options.replicas ?? 2,
      selector: { matchLabels: labels },
      // One pod at a time, the new one up before the old one goes: a standby is always there for the Lease.
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
      template: {
        metadata: { labels, annotations: { 'orkestra.io/katalog-sha256': katalogHash } },
        spec: {
          serviceAccountName: name,
          automountServiceAccountToken: true,
          enableServiceLinks: false,
          securityContext: {
            runAsNonRoot: true,
            runAsUser: RUN_AS_USER,
            runAsGroup: RUN_AS_USER,
            seccompProfile: { type: 'RuntimeDefault' },
          },
          // Replicas on different nodes, when there are several: losing a node must not lose both.
          affinity: {
            podAntiAffinity: {
              preferredDuringSchedulingIgnoredDuringExecution: [
                {
                  weight: 100,
                  podAffinityTerm: { topologyKey: 'kubernetes.io/hostname', labelSelector: { matchLabels: labels } },
                },
              ],
            },
          },
          terminationGracePeriodSeconds: 30,
          containers: [
            {
              name: 'orkestra',
              image: options.image,
              args: [
                'run',
                '--katalog',
                `${KATALOG_MOUNT_PATH}/${KATALOG_KEY}`,
                '--http-address',
                `:${HTTP_PORT}`,
                '--log-format',
                'json',
                '--leader-election-namespace',
                options.namespace,
                '--leader-election-id',
                name,
                ...(options.shards ? ['--shards', String(options.shards)] : []),
                ...watch.flatMap((n) => ['--namespace', n]),
              ],
              env: [
                { name: 'POD_NAMESPACE', valueFrom: { fieldRef: { fieldPath: 'metadata.namespace' } } },
                { name: 'NODE_ENV', value: 'production' },
              ],
              ports: [
                { name: 'http', containerPort: HTTP_PORT, protocol: 'TCP' },
                ...(servesWebhooks(loaded.katalog.entries)
                  ? [{ name: 'webhook', containerPort: WEBHOOK_PORT, protocol: 'TCP' }]
                  : []),
              ],
              // Alive while the process serves; ready once its caches are synced, or while it stands by.
              livenessProbe: probe('/healthz', 10, 3),
              readinessProbe: probe('/readyz', 5, 3),
              startupProbe: probe('/healthz', 2, 30),
              resources: structuredClone(options.resources ?? DEFAULT_RESOURCES),
              securityContext: restrictedContainerSecurityContext(),
              volumeMounts: [
                { name: 'katalog', mountPath: KATALOG_MOUNT_PATH, readOnly: true },
                { name: 'tmp', mountPath: '/tmp' },
              ],
            },
          ],
          volumes: [
            { name: 'katalog', configMap: { name, items: [{ key: KATALOG_KEY, path: KATALOG_KEY }] } },
            { name: 'tmp', emptyDir: { sizeLimit: '16Mi' } },
          ],
        },
      },
    },
  };
}
