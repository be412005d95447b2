/**
 * What `orkestra generate manifests --katalogs-from-cluster` prints: the Katalog runtime (`orkestra run
 * --katalogs-from-cluster`) as a Deployment, with its own RBAC and nothing more — Katalogs (+status), the
 * ConfigMaps it writes as revisions, CRDs, impersonation of ServiceAccounts, Events, Roles and RoleBindings read
 * (to notice a ServiceAccount losing a verb) and its Lease. No right on any kind a Katalog makes: those are
 * written as each Katalog's ServiceAccount. Pure.
 */
import type { KubeObject } from '@orkestra/core';
import { katalogRuntimePermissions, type Permission, rbacObjects } from '@orkestra/operator';
import { clusterRbacWatchPermissions } from '@orkestra/operator/internal';
import { HTTP_PORT, RUN_AS_USER, restrictedContainerSecurityContext } from './deploy-manifests.js';

/** Options of {@link katalogRuntimeManifests}. */
export interface KatalogRuntimeManifestOptions {
  /** The container image: the CLI and the resource packages Katalogs may use (deploy/Containerfile). */
  image: string;
  /** The namespace of the runtime (its ServiceAccount, Deployment and Lease). */
  namespace: string;
  /** Name of every object; default `orkestra-katalogs`. */
  name?: string | undefined;
  /** Serve the Katalogs of this namespace only (Roles there instead of ClusterRoles); default every namespace. */
  watchNamespace?: string | undefined;
  /** Pods; one leads (serves every Katalog), the others stand by. Default 2. */
  replicas?: number | undefined;
}

/**
 * The runtime's permissions: {@link katalogRuntimePermissions} (its checks at start ask for exactly these), the
 * leader-election Lease, and — when it serves every namespace — ClusterRoles and ClusterRoleBindings read, so a
 * change there re-checks the Katalogs at once (optional: without them it waits for the Katalog's next edit).
 */
export function katalogRuntimeRbac(options: KatalogRuntimeManifestOptions): Permission[] {
  const permissions = katalogRuntimePermissions(options.watchNamespace);
  permissions.push({
    group: 'coordination.k8s.io',
    resource: 'leases',
    verbs: ['get', 'create', 'update'],
    namespace: options.namespace,
    why: 'leader election (one replica serves the Katalogs)',
  });
  if (options.watchNamespace === undefined) permissions.push(...clusterRbacWatchPermissions());
  return permissions;
}

/** The objects that run the Katalog runtime, in the order `kubectl apply` should create them. */
export function katalogRuntimeManifests(options: KatalogRuntimeManifestOptions): KubeObject[] {
  const { namespace } = options;
  const name = options.name ?? 'orkestra-katalogs';
  const labels = { 'app.kubernetes.io/name': 'orkestra-katalogs', 'app.kubernetes.io/instance': name };
  const metadata = (extra: Record<string, unknown> = {}) => ({
    name,
    namespace,
    labels: { ...labels, 'app.kubernetes.io/managed-by': 'orkestra-cli' },
    ...extra,
  });
  return [
    {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: {
        name: namespace,
        labels: {
          'pod-security.kubernetes.io/enforce': 'restricted',
          'pod-security.kubernetes.io/enforce-version': 'latest',
        },
      },
    },
    { apiVersion: 'v1', kind: 'ServiceAccount', metadata: metadata() },
    ...rbacObjects(katalogRuntimeRbac(options), { name, serviceAccount: { namespace, name } }),
    runtimeDeployment(options, name, labels, metadata()),
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
      spec: { selector: labels, ports: [{ name: 'metrics', port: HTTP_PORT, targetPort: 'http', protocol: 'TCP' }] },
    },
  ];
}

function runtimeDeployment(
  options: KatalogRuntimeManifestOptions,
  name: string,
  labels: Record<string, string>,
  metadata: KubeObject['metadata'],
): KubeObject {
  const probe = (path: string, periodSeconds: number, failureThreshold: number) => ({
    httpGet: { path, port: 'http' },
    periodSeconds,
    failureThreshold,
    timeoutSeconds: 2,
  });
  const args = ['run', '--katalogs-from-cluster', '--http-address', `:${HTTP_PORT}`, '--log-format', 'json'];
  args.push('--leader-election-namespace', options.namespace, '--leader-election-id', name);
  if (options.watchNamespace) args.push('--namespace', options.watchNamespace);
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata,
    spec: {
      replicas: options.replicas ?? 2,
      selector: { matchLabels: labels },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
      template: {
        metadata: { labels },
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
          terminationGracePeriodSeconds: 30,
          containers: [
            {
              name: 'orkestra',
              image: options.image,
              args,
              env: [
                { name: 'POD_NAMESPACE', valueFrom: { fieldRef: { fieldPath: 'metadata.namespace' } } },
                { name: 'NODE_ENV', value: 'production' },
              ],
              ports: [{ name: 'http', containerPort: HTTP_PORT, protocol: 'TCP' }],
              livenessProbe: probe('/healthz', 10, 3),
              readinessProbe: probe('/readyz', 5, 3),
              startupProbe: probe('/healthz', 2, 30),
              resources: { requests: { cpu: '100m', memory: '160Mi' }, limits: { cpu: '1', memory: '512Mi' } },
              securityContext: restrictedContainerSecurityContext(),
              volumeMounts: [{ name: 'tmp', mountPath: '/tmp' }],
            },
          ],
          volumes: [{ name: 'tmp', emptyDir: { sizeLimit: '16Mi' } }],
        },
      },
    },
  };
}
