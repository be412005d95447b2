/**
 * Where a `Kubeclient` gets its server, TLS material and headers: core's `Kubeconfig` as it is, or a client-node
 * `KubeConfig` checked structurally (core never imports client-node), read through its `applyToHTTPSOptions`.
 */
import { OrkestraError } from '../errors.js';
import type { Kubeconfig } from './kubeconfig.js';
import type { KubeTlsOptions } from './tls-material.js';

/**
 * The part of `@kubernetes/client-node`'s `KubeConfig` that {@link Kubeclient} uses, checked structurally (so
 * core never imports client-node): a `KubeConfig` you already have — `@orkestra/testenv`'s `env.kubeConfig` —
 * can be passed to `new Kubeclient(...)`.
 */
export interface ClientNodeKubeConfig {
  getCurrentCluster(): { name?: string; server: string; skipTLSVerify?: boolean } | null;
  getCurrentUser(): { name?: string; exec?: unknown; authProvider?: unknown } | null;
  applyToHTTPSOptions(opts: object): Promise<void>;
  getCurrentContext?(): string;
  getContextObject?(name: string): { namespace?: string } | null;
}

/** What a {@link Kubeclient} is made from: core's {@link Kubeconfig}, or a client-node `KubeConfig`. */
export type KubeclientConfig = Kubeconfig | ClientNodeKubeConfig;

/** Server, TLS material and headers, whichever config they come from. */
export interface ConnectionConfig {
  server: string;
  contextName: string | undefined;
  namespace: string | undefined;
  refreshesCredentials: boolean;
  tlsOptions(): Promise<KubeTlsOptions>;
  authHeaders(): Promise<Record<string, string>>;
  forgetCredentials?(): void;
}

export function isClientNodeConfig(config: KubeclientConfig): config is ClientNodeKubeConfig {
  return typeof (config as Partial<ClientNodeKubeConfig>).applyToHTTPSOptions === 'function';
}

/**
 * client-node's `KubeConfig` as a {@link ConnectionConfig}: TLS and static headers read once, exec / auth-provider per
 * request.
 */
export function clientNodeConnection(kc: ClientNodeKubeConfig): ConnectionConfig {
  const cluster = kc.getCurrentCluster();
  if (!cluster) {
    throw new OrkestraError(
      'Config',
      'the kubeconfig has no current cluster: set current-context, or pass --kubeconfig / KUBECONFIG pointing at a ' +
        'valid file',
    );
  }
  const user = kc.getCurrentUser();
  const contextName = kc.getCurrentContext?.() || undefined;
  let first: Promise<{ tls: KubeTlsOptions; headers: Record<string, string> }> | undefined;
  const apply = async () => {
    const opts: {
      headers: Record<string, string>;
      ca?: Buffer | string;
      cert?: Buffer | string;
      key?: Buffer | string;
      rejectUnauthorized?: boolean;
      servername?: string;
    } = { headers: {} };
    await kc.applyToHTTPSOptions(opts);
    const pem = (b: Buffer | string | undefined) => (b === undefined ? undefined : b.toString());
    return {
      tls: {
        ca: pem(opts.ca),
        cert: pem(opts.cert),
        key: pem(opts.key),
        rejectUnauthorized: cluster.skipTLSVerify ? false : (opts.rejectUnauthorized ?? true),
        ...(opts.servername ? { servername: opts.servername } : {}),
      },
      headers: opts.headers,
    };
  };
  const once = () => {
    first ??= apply();
    first.catch(() => (first = undefined));
    return first;
  };
  const refreshesCredentials = Boolean(user?.exec || user?.authProvider);
  return {
    server: cluster.server,
    contextName,
    namespace: contextName ? kc.getContextObject?.(contextName)?.namespace || undefined : undefined,
    refreshesCredentials,
    tlsOptions: async () => (await once()).tls,
    authHeaders: async () => (refreshesCredentials ? (await apply()).headers : (await once()).headers),
  };
}
