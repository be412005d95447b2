/**
 * What a started control plane is to its user: the {@link TestEnvironment} that {@link start} resolves to, the
 * options it takes, and the facts it reports (versions, timings, process ids). The implementation is in
 * `environment.ts`.
 */
import type { KubeConfig, V1CustomResourceDefinition } from '@kubernetes/client-node';
import type { BinaryOptions } from './binaries.js';
import type { TestCluster } from './cluster.js';
import type { CRDSource, InstallCRDsOptions } from './crds.js';
import type { BinaryName } from './errors.js';
import type { ExtraFlags } from './flags.js';
import type { NodesOptions } from './nodes.js';

/** Options of {@link start}. */
export interface StartOptions extends BinaryOptions {
  /**
   * Also run kube-controller-manager with just these controllers, e.g.
   * `['garbagecollector', 'namespace']` (deleting an owner deletes its children; deleted namespaces
   * go away). Default: none, and no kube-controller-manager.
   */
  controllers?: readonly string[];
  /**
   * Simulated nodes (a count, or how many and their capacity): also runs kube-scheduler, kwok as the nodes'
   * kubelet, and kube-controller-manager with the workload controllers (deployment, replicaset, statefulset,
   * daemonset, job, endpointslice, garbagecollector, namespace) besides `controllers`. Pods get scheduled and
   * become Running and Ready, rollouts progress, Jobs complete. Default: none, and none of those processes.
   */
  nodes?: number | NodesOptions;
  /** CRDs to install before start() resolves: objects, YAML/JSON files or folders of them. */
  crds?: readonly CRDSource[];
  /**
   * Feature gates of kube-apiserver, e.g. `{ ShardedListAndWatch: true }` (alpha: sharded list and watch):
   * rendered as its `--feature-gates`. A `feature-gates` in `flags.kubeApiServer` replaces this. Default: none.
   */
  featureGates?: Readonly<Record<string, boolean>>;
  /** Extra flags per binary, merged over the defaults; `null` removes a default flag. */
  flags?: ExtraFlags;
  /** Time each process gets to become ready. Default `KUBEBUILDER_CONTROLPLANE_START_TIMEOUT` or 60 s. */
  startTimeoutMs?: number;
  /**
   * Time each process gets to exit after SIGTERM before SIGKILL. Default `KUBEBUILDER_CONTROLPLANE_STOP_TIMEOUT` or
   * 20 s.
   */
  stopTimeoutMs?: number;
  /** Copy the processes' output to stderr. Default `KUBEBUILDER_ATTACH_CONTROL_PLANE_OUTPUT=true`. */
  attachOutput?: boolean;
  /** Where the temporary folder is made. Default `os.tmpdir()`. */
  tempDirParent?: string;
}

/** What `GET /version` returned. */
export interface VersionInfo {
  major: string;
  minor: string;
  gitVersion: string;
  gitCommit?: string;
  gitTreeState?: string;
  buildDate?: string;
  goVersion?: string;
  compiler?: string;
  platform?: string;
  [field: string]: unknown;
}

/** How long each step of start() took, in milliseconds. */
export interface StartTimings {
  pkiMs: number;
  etcdMs: number;
  apiServerMs: number;
  controllerManagerMs: number;
  crdsMs: number;
  /** kube-scheduler, the Node objects and kwok, until every node is Ready (0 without `nodes`). */
  nodesMs: number;
  totalMs: number;
}

/** The pids of the running processes (undefined while stopped). Each is also its process-group id. */
export interface EnvironmentPids {
  etcd: number | undefined;
  kubeApiServer: number | undefined;
  kubeControllerManager: number | undefined;
  kubeScheduler: number | undefined;
  kwok: number | undefined;
  /** The reaper that cleans up if this Node.js process dies without calling stop(). */
  reaper: number | undefined;
}

/** The components, as named in log files and {@link TestEnvironment.logTail}. */
export type Component = 'etcd' | 'kube-apiserver' | 'kube-controller-manager' | 'kube-scheduler' | 'kwok';

/** Options of the fault tools' stop functions. */
export interface StopProcessOptions {
  /** SIGTERM (default; graceful) or SIGKILL (a crash). */
  signal?: 'SIGTERM' | 'SIGKILL';
}

/** A running control plane. All helpers of {@link TestCluster} are bound to it. */
export interface TestEnvironment extends TestCluster, AsyncDisposable {
  readonly kubeConfig: KubeConfig;
  /** A self-contained admin kubeconfig file (inside {@link tempDir}; gone after stop()). */
  readonly kubeconfigPath: string;
  /** `https://127.0.0.1:<port>`. */
  readonly server: string;
  /** The API server's `/version`. */
  readonly version: VersionInfo;
  /** The private folder: certificates, etcd data, logs, kubeconfig. Removed by stop(). */
  readonly tempDir: string;
  /** The binaries used and where each was found. */
  readonly binaries: { paths: Partial<Record<BinaryName, string>>; sources: Partial<Record<BinaryName, string>> };
  /** The controllers kube-controller-manager runs (empty: it does not run). */
  readonly controllers: readonly string[];
  readonly pids: EnvironmentPids;
  readonly timings: StartTimings;
  /**
   * Installs CRDs (see {@link installCRDs}). With kube-controller-manager running it then restarts it
   * (about 1 s): its garbage collector discovers new resource kinds only every 30 s, so children of
   * the new custom resources would otherwise linger that long after their owner is deleted.
   */
  installCRDs(crds: readonly CRDSource[], options?: InstallCRDsOptions): Promise<V1CustomResourceDefinition[]>;
  /** Stops kube-apiserver only; etcd keeps the data. Requests fail until {@link startApiServer}. */
  stopApiServer(options?: StopProcessOptions): Promise<void>;
  /**
   * Starts kube-apiserver again: same port, certificates and etcd, so existing clients keep working. Waits for
   * /readyz.
   */
  startApiServer(): Promise<void>;
  /**
   * Stops etcd (SIGTERM takes about 7 s while kube-apiserver is connected: etcd waits out its
   * streams); kube-apiserver stays up but fails requests (and /readyz) until {@link startEtcd}.
   */
  stopEtcd(options?: StopProcessOptions): Promise<void>;
  /**
   * Starts etcd again on the same port with the same data. Resolves when etcd is healthy (see
   * {@link waitForReady}).
   */
  startEtcd(): Promise<void>;
  /** Stops kube-controller-manager (no garbage collection until {@link startControllerManager}). */
  stopControllerManager(options?: StopProcessOptions): Promise<void>;
  /** Starts kube-controller-manager again. */
  startControllerManager(): Promise<void>;
  /** Waits until kube-apiserver answers /readyz with 200 (e.g. after startEtcd()). */
  waitForReady(timeoutMs?: number): Promise<void>;
  /** The last lines of a component's log. */
  logTail(component: Component, lines?: number): string;
  /**
   * Stops every process (kube-controller-manager and kube-apiserver, then etcd; SIGTERM, then SIGKILL
   * after the stop timeout) and removes {@link tempDir}. Idempotent; safe to call from afterAll even
   * when start-up failed half-way.
   */
  stop(): Promise<void>;
}
