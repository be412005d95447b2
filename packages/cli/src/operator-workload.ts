/**
 * The pieces every `generate manifests` output shares, whether it runs a katalog file or the Katalog runtime: the
 * restricted Namespace, the object metadata and labels, the Deployment of `orkestra run` (replicas behind Leases,
 * probes, resources, the `restricted` securityContext, replicas spread over nodes, a `/tmp` emptyDir), its
 * PodDisruptionBudget and its metrics Service. Pure.
 */
import type { KubeObject } from '@orkestra/core';

/** The container port of `/healthz`, `/readyz` and `/metrics`. */
export const HTTP_PORT = 8080;
/** The uid and gid the container runs as: the `node` user of the official Node.js images. */
export const RUN_AS_USER = 1000;

/** The arguments of `orkestra run` every pod gets: the health and metrics port, JSON logs. */
export const SERVING_ARGS: readonly string[] = ['--http-address', `:${HTTP_PORT}`, '--log-format', 'json'];

/** A container's `resources`. */
export interface ContainerResources {
  requests: { cpu: string; memory: string };
  limits: { cpu: string; memory: string };
}

/** Pod Security Admission labels: the namespace enforces the `restricted` profile the pods meet. */
const RESTRICTED_NAMESPACE_LABELS = {
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

/** The names and labels of one workload's objects. */
export interface WorkloadIdentity {
  name: string;
  namespace: string;
  /** The pods' labels (and the selector of the Deployment, PDB and Service). */
  labels: Record<string, string>;
}

/** The metadata of an object of `workload`: its name, namespace and labels, plus `extra` (a name of its own…). */
export function workloadMetadata(
  { name, namespace, labels }: WorkloadIdentity,
  extra: Record<string, unknown> = {},
): KubeObject['metadata'] {
  return { name, namespace, labels: { ...labels, 'app.kubernetes.io/managed-by': 'orkestra-cli' }, ...extra };
}

/** The Namespace, enforcing the `restricted` Pod Security profile the pods meet. */
export function restrictedNamespace(namespace: string): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: { name: namespace, labels: { ...RESTRICTED_NAMESPACE_LABELS } },
  };
}

/** What differs between the Deployments of `orkestra run`. */
export interface OperatorPod {
  image: string;
  replicas: number;
  /** `orkestra run`'s arguments, {@link SERVING_ARGS} among them. */
  args: readonly string[];
  resources: ContainerResources;
  /** Ports besides `http` (the webhook server's). */
  ports?: readonly { name: string; containerPort: number; protocol: 'TCP' }[];
  /** Annotations of the pod template (a hash that rolls the pods when it changes). */
  annotations?: Record<string, string>;
  /** Volumes besides `/tmp`, with where each is mounted. */
  volumes?: readonly { volume: Record<string, unknown>; mount: Record<string, unknown> }[];
}

/** The Deployment of `orkestra run`: one pod at a time, the new one up before the old one goes. */
export function operatorDeployment(workload: WorkloadIdentity, pod: OperatorPod): KubeObject {
  const { name, labels } = workload;
  const probe = (path: string, periodSeconds: number, failureThreshold: number) => ({
    httpGet: { path, port: 'http' },
    periodSeconds,
    failureThreshold,
    timeoutSeconds: 2,
  });
  const volumes = pod.volumes ?? [];
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: workloadMetadata(workload),
    spec: {
      replicas: pod.replicas,
      selector: { matchLabels: labels },
      // One pod at a time, the new one up before the old one goes: a standby is always there for the Lease.
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
      template: {
        metadata: { labels, ...(pod.annotations ? { annotations: pod.annotations } : {}) },
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
              image: pod.image,
              args: [...pod.args],
              env: [
                { name: 'POD_NAMESPACE', valueFrom: { fieldRef: { fieldPath: 'metadata.namespace' } } },
                { name: 'NODE_ENV', value: 'production' },
              ],
              ports: [{ name: 'http', containerPort: HTTP_PORT, protocol: 'TCP' }, ...(pod.ports ?? [])],
              // Alive while the process serves; ready once its caches are synced, or while it stands by.
              livenessProbe: probe('/healthz', 10, 3),
              readinessProbe: probe('/readyz', 5, 3),
              startupProbe: probe('/healthz', 2, 30),
              resources: structuredClone(pod.resources),
              securityContext: restrictedContainerSecurityContext(),
              volumeMounts: [...volumes.map((v) => v.mount), { name: 'tmp', mountPath: '/tmp' }],
            },
          ],
          volumes: [...volumes.map((v) => v.volume), { name: 'tmp', emptyDir: { sizeLimit: '16Mi' } }],
        },
      },
    },
  };
}

/** The PodDisruptionBudget (one pod always up) and the metrics Service (`<name>-metrics`) of a workload. */
export function availabilityAndMetrics(workload: WorkloadIdentity): KubeObject[] {
  const { name, labels } = workload;
  return [
    {
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: workloadMetadata(workload),
      spec: { minAvailable: 1, selector: { matchLabels: labels } },
    },
    {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: workloadMetadata(workload, {
        name: `${name}-metrics`,
        annotations: { 'prometheus.io/scrape': 'true', 'prometheus.io/port': String(HTTP_PORT) },
      }),
      spec: { selector: labels, ports: [{ name: 'metrics', port: HTTP_PORT, targetPort: 'http', protocol: 'TCP' }] },
    },
  ];
}
