/**
 * Command-line flags of the control-plane binaries, as data: defaults per binary, merged with the
 * caller's extra flags, then rendered as `--name=value` arguments.
 */

/** A flag's value: rendered as `--name=value`; an array repeats the flag; `null` removes a default flag. */
export type FlagValue = string | number | boolean | readonly string[] | null | undefined;

/** Flags by name, without the leading dashes (`{ 'v': 4 }` → `--v=4`). */
export type Flags = Record<string, FlagValue>;

/** Extra flags for each binary, merged over the defaults (see {@link mergeFlags}). */
export interface ExtraFlags {
  etcd?: Flags;
  kubeApiServer?: Flags;
  kubeControllerManager?: Flags;
  /** kube-scheduler (with `nodes`). */
  kubeScheduler?: Flags;
  /** kwok (with `nodes`). */
  kwok?: Flags;
}

const stripDashes = (name: string) => name.replace(/^-+/, '');

/**
 * Merges `extra` over `defaults`: a flag in `extra` replaces the default of the same name, `null`
 * removes it. Names may be given with or without leading dashes.
 *
 * @example
 * mergeFlags({ 'authorization-mode': 'RBAC' }, { '--authorization-mode': 'Node,RBAC', v: 2 })
 * // → { 'authorization-mode': 'Node,RBAC', v: 2 }
 */
export function mergeFlags(defaults: Flags, extra: Flags = {}): Flags {
  const out: Flags = {};
  for (const [name, value] of Object.entries(defaults)) out[stripDashes(name)] = value;
  for (const [name, value] of Object.entries(extra)) {
    const key = stripDashes(name);
    if (value === null) delete out[key];
    else out[key] = value;
  }
  return out;
}

/**
 * Renders flags as arguments, in insertion order.
 *
 * @example
 * toArgs({ 'secure-port': 6443, 'allow-privileged': true, 'admission-control-config-file': undefined })
 * // → ['--secure-port=6443', '--allow-privileged=true']
 */
export function toArgs(flags: Flags): string[] {
  const args: string[] = [];
  for (const [name, value] of Object.entries(flags)) {
    if (value === null || value === undefined) continue;
    const key = stripDashes(name);
    if (Array.isArray(value)) for (const v of value) args.push(`--${key}=${v}`);
    else args.push(`--${key}=${String(value)}`);
  }
  return args;
}

/**
 * Renders feature gates as the value of `--feature-gates`, sorted by name so the same gates always give the same
 * argument.
 *
 * @example
 * featureGatesFlag({ ShardedListAndWatch: true, InPlacePodVerticalScaling: false })
 * // → 'InPlacePodVerticalScaling=false,ShardedListAndWatch=true'
 */
export function featureGatesFlag(gates: Readonly<Record<string, boolean>>): string | undefined {
  const names = Object.keys(gates).sort();
  return names.length === 0 ? undefined : names.map((name) => `${name}=${gates[name]}`).join(',');
}

/** Inputs of {@link etcdFlags}. */
export interface EtcdFlagInputs {
  dataDir: string;
  clientPort: number;
  peerPort: number;
  host?: string;
}

/**
 * etcd defaults: one member on loopback, a private data folder, no fsync (test data only; a
 * SIGTERM/SIGKILL of etcd keeps what it wrote, only a machine crash could lose it).
 */
export function etcdFlags({ dataDir, clientPort, peerPort, host = '127.0.0.1' }: EtcdFlagInputs): Flags {
  const client = `http://${host}:${clientPort}`;
  const peer = `http://${host}:${peerPort}`;
  return {
    name: 'default',
    'data-dir': dataDir,
    'listen-client-urls': client,
    'advertise-client-urls': client,
    'listen-peer-urls': peer,
    'initial-advertise-peer-urls': peer,
    'initial-cluster': `default=${peer}`,
    'unsafe-no-fsync': true,
    'log-level': 'warn',
  };
}

/** Files and ports kube-apiserver needs (see {@link apiServerFlags}). */
export interface ApiServerFlagInputs {
  etcdUrl: string;
  securePort: number;
  certDir: string;
  tlsCertFile: string;
  tlsPrivateKeyFile: string;
  clientCAFile: string;
  serviceAccountKeyFile: string;
  serviceAccountSigningKeyFile: string;
  host?: string;
}

/**
 * kube-apiserver defaults, as envtest's: TLS only on a loopback port, client certificates from our
 * client CA (the admin is in `system:masters`), RBAC, service-account tokens signed with our key,
 * the ServiceAccount admission plugin off (no controller makes the `default` ServiceAccount).
 * `--authorization-mode` is `RBAC` alone: the Node authorizer only matters for kubelets, and there are none.
 */
export function apiServerFlags(i: ApiServerFlagInputs): Flags {
  const host = i.host ?? '127.0.0.1';
  return {
    'etcd-servers': i.etcdUrl,
    'bind-address': host,
    'advertise-address': host,
    // The endpoint reconciler refuses a loopback advertise address; the `kubernetes` Service then has
    // no endpoints, which nothing here needs (no pods run).
    'endpoint-reconciler-type': 'none',
    'secure-port': i.securePort,
    'cert-dir': i.certDir,
    'tls-cert-file': i.tlsCertFile,
    'tls-private-key-file': i.tlsPrivateKeyFile,
    'client-ca-file': i.clientCAFile,
    'authorization-mode': 'RBAC',
    // envtest uses a /24; that runs out after ~250 Services, which a convergence test of a few hundred CRs reaches.
    'service-cluster-ip-range': '10.0.0.0/16',
    'allow-privileged': true,
    'disable-admission-plugins': 'ServiceAccount',
    'service-account-issuer': `https://${host}:${i.securePort}/`,
    'service-account-key-file': i.serviceAccountKeyFile,
    'service-account-signing-key-file': i.serviceAccountSigningKeyFile,
    // Without it, a SIGTERM waits (up to a minute) for open watches, e.g. kube-controller-manager's,
    // whenever a client also holds a connection; with it, stopApiServer() takes about a second.
    'shutdown-watch-termination-grace-period': '2s',
    profiling: false,
  };
}

/** Files and ports kube-controller-manager needs (see {@link controllerManagerFlags}). */
export interface ControllerManagerFlagInputs {
  controllers: readonly string[];
  kubeconfig: string;
  securePort: number;
  certDir: string;
  serviceAccountPrivateKeyFile: string;
  rootCAFile: string;
  host?: string;
}

/**
 * The client rate limit of kube-controller-manager and kube-scheduler in a test environment. Their defaults
 * (20 and 50 requests/s, bursts of 30 and 100) are sized for a shared production API server; a test's own
 * API server has nothing else to protect: 100 Websites on simulated nodes were measured Ready in 27 s at the
 * defaults, 7.5 s at 200 requests/s.
 */
export const TEST_CLIENT_RATE = { qps: 200, burst: 400 } as const;

/**
 * kube-controller-manager defaults: only the given controllers, no leader election, the admin
 * kubeconfig for every client (no per-controller service accounts), a loopback health port,
 * {@link TEST_CLIENT_RATE}. The service-account key and root CA are there for the `serviceaccount-token`
 * controller, should a caller enable it.
 */
export function controllerManagerFlags(i: ControllerManagerFlagInputs): Flags {
  return {
    controllers: i.controllers.join(','),
    kubeconfig: i.kubeconfig,
    'authentication-kubeconfig': i.kubeconfig,
    'authorization-kubeconfig': i.kubeconfig,
    'leader-elect': false,
    'use-service-account-credentials': false,
    'bind-address': i.host ?? '127.0.0.1',
    'secure-port': i.securePort,
    'cert-dir': i.certDir,
    'service-account-private-key-file': i.serviceAccountPrivateKeyFile,
    'root-ca-file': i.rootCAFile,
    'kube-api-qps': TEST_CLIENT_RATE.qps,
    'kube-api-burst': TEST_CLIENT_RATE.burst,
    profiling: false,
  };
}

/** Files and ports kube-scheduler needs (see {@link schedulerFlags}). */
export interface SchedulerFlagInputs {
  kubeconfig: string;
  securePort: number;
  certDir: string;
  host?: string;
}

/**
 * kube-scheduler defaults: the default profile, no leader election, the admin kubeconfig, a loopback
 * health port with a self-signed certificate, {@link TEST_CLIENT_RATE}.
 */
export function schedulerFlags(i: SchedulerFlagInputs): Flags {
  return {
    kubeconfig: i.kubeconfig,
    'authentication-kubeconfig': i.kubeconfig,
    'authorization-kubeconfig': i.kubeconfig,
    'leader-elect': false,
    'bind-address': i.host ?? '127.0.0.1',
    'secure-port': i.securePort,
    'cert-dir': i.certDir,
    'kube-api-qps': TEST_CLIENT_RATE.qps,
    'kube-api-burst': TEST_CLIENT_RATE.burst,
    profiling: false,
  };
}

/** Files kwok needs (see {@link kwokFlags}). */
export interface KwokFlagInputs {
  kubeconfig: string;
  /** The KwokConfiguration and Stage documents. */
  config: string;
  /** Nodes carrying this annotation (`key=value`) are the ones kwok plays the kubelet for. */
  nodeAnnotationSelector: string;
}

/**
 * kwok defaults: only the nodes with the simulated-node annotation, the stages of the given config
 * file, pod IPs from a range apart from the Service range, no server of its own (no port).
 */
export function kwokFlags(i: KwokFlagInputs): Flags {
  return {
    kubeconfig: i.kubeconfig,
    config: i.config,
    'manage-all-nodes': false,
    'manage-nodes-with-annotation-selector': i.nodeAnnotationSelector,
    cidr: '10.244.0.0/16',
    'node-ip': '10.243.0.1',
  };
}
