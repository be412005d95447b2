/**
 * Kubeconfig loading, without `@kubernetes/client-node` (why: `kubeclient.ts`). Here: where kubeconfigs are looked for
 * (as kubectl), the in-cluster service account,
 * and {@link Kubeconfig} — one context with what `Kubeclient` needs: the server, TLS material and authentication
 * headers. Beside it: reading and merging the files (`kubeconfig-files.ts`), choosing the context
 * (`kubeconfig-context.ts`), TLS material (`tls-material.ts`), token files (`token-file.ts`), exec plugins
 * (`exec-credential.ts`) and auth-providers (`auth-provider.ts`).
 *
 * Supported natively: clusters (`server`, `certificate-authority(-data)`, `insecure-skip-tls-verify`,
 * `tls-server-name`), users (client certificates, `token`, `tokenFile`, basic auth, `exec` plugins of
 * `client.authentication.k8s.io/v1` and `v1beta1` returning a token) and the in-cluster service account.
 * A user with an `auth-provider` (oidc, gcp, azure) is handed to client-node, imported lazily at the first
 * request: only such users pay its cost. `proxy-url` and exec plugins that return client certificates are
 * refused with an error that says so.
 */
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { AuthProviderHeaders } from './auth-provider.js';
import { ExecCredentials } from './exec-credential.js';
import { type KubeconfigInit, selectContext } from './kubeconfig-context.js';
import { KubeconfigError } from './kubeconfig-error.js';
import {
  describeOrigin,
  type KubeconfigCluster,
  type KubeconfigOrigin,
  mergeFiles,
  type UserEntry,
} from './kubeconfig-files.js';
import { type KubeTlsOptions, readTlsMaterial } from './tls-material.js';
import { TokenFile } from './token-file.js';

/** The service-account directory of a pod. */
export const SERVICE_ACCOUNT_DIR = '/var/run/secrets/kubernetes.io/serviceaccount';

/** How the user authenticates. */
export type KubeconfigAuthMethod =
  | 'client-certificate'
  | 'token'
  | 'token-file'
  | 'basic'
  | 'exec'
  | 'auth-provider'
  | 'none';

/** Options of {@link loadKubeconfig}. */
export interface LoadKubeconfigOptions {
  /**
   * Read this file only (as `kubectl --kubeconfig`); it must exist. Default: `KUBECONFIG`, `~/.kube/config`,
   * in-cluster.
   */
  file?: string | undefined;
  /** Use this context instead of `current-context` (as `kubectl --context`). */
  context?: string | undefined;
  /** The environment to read `KUBECONFIG`, `HOME` and `KUBERNETES_SERVICE_HOST`/`_PORT` from; default `process.env`. */
  env?: NodeJS.ProcessEnv | undefined;
  /** The service-account directory of the in-cluster configuration; default {@link SERVICE_ACCOUNT_DIR}. */
  serviceAccountDir?: string | undefined;
  /**
   * How long a token read from a file (`tokenFile`, the in-cluster token) is used before the file is read
   * again, in ms; default 60000, as client-go (bound service-account tokens rotate).
   */
  tokenFileRefreshMs?: number | undefined;
}

/**
 * A loaded kubeconfig, reduced to one context: the server, the TLS material and the credentials of its user.
 * Make one with {@link loadKubeconfig} or {@link loadInClusterConfig}; hand it to `new Kubeclient(config)`.
 *
 * TLS material and static credentials (client certificate, token, basic) are read once; a `tokenFile` (and
 * the in-cluster token) is read again after `tokenFileRefreshMs`; an exec plugin runs again when its token
 * expires (or after {@link forgetCredentials}, which `Kubeclient` calls on a 401).
 */
export class Kubeconfig {
  /** The context in use (`in-cluster` for the service account). */
  readonly contextName: string;
  /** The namespace of the context (of the pod, in-cluster), if it sets one. */
  readonly namespace: string | undefined;
  /** Where it came from. */
  readonly origin: KubeconfigOrigin;
  /** Where it came from, for messages: a path, `KUBECONFIG=a:b` or `in-cluster service account`. */
  readonly source: string;
  /** The cluster of the context. */
  readonly cluster: KubeconfigCluster;
  /** The API server's URL. */
  readonly server: string;
  /** The name of the context's user (undefined: anonymous). */
  readonly userName: string | undefined;
  /** How the user authenticates. */
  readonly authMethod: KubeconfigAuthMethod;
  /** Every context the files define, in order. */
  readonly contexts: readonly string[];

  readonly #user: UserEntry | undefined;
  #tls: Promise<KubeTlsOptions> | undefined;
  readonly #tokenFile: TokenFile | undefined;
  readonly #exec: ExecCredentials | undefined;
  readonly #authProvider: AuthProviderHeaders | undefined;

  /** @internal Use {@link loadKubeconfig}. */
  constructor(init: KubeconfigInit) {
    this.contextName = init.contextName;
    this.namespace = init.namespace;
    this.origin = init.origin;
    this.source = describeOrigin(init.origin);
    const { extensions, ...cluster } = init.cluster as KubeconfigCluster & { extensions?: unknown; raw?: unknown };
    delete (cluster as { raw?: unknown }).raw;
    this.cluster = Object.freeze(cluster);
    this.server = cluster.server.replace(/\/+$/, '');
    this.userName = init.user?.name;
    this.contexts = init.contexts;
    const user = init.user;
    this.#user = user;
    this.authMethod = authMethodOf(user);
    const where = () => this.#where();
    if (user?.tokenFile) this.#tokenFile = new TokenFile(user.tokenFile, init.tokenFileRefreshMs, where, user.file);
    if (user?.exec)
      this.#exec = new ExecCredentials({
        exec: user.exec,
        cluster: this.cluster,
        clusterExtensions: extensions,
        env: init.env,
        where,
        file: user.file,
      });
    if (user?.authProvider)
      this.#authProvider = new AuthProviderHeaders({
        user,
        cluster: this.cluster,
        contextName: this.contextName,
        where,
      });
  }

  /**
   * True when credentials change over time (`tokenFile`, exec plugin, auth-provider): ask {@link authHeaders} per
   * request.
   */
  get refreshesCredentials(): boolean {
    return this.authMethod === 'token-file' || this.authMethod === 'exec' || this.authMethod === 'auth-provider';
  }

  /** The TLS options of a connection to {@link server}: CA, client certificate and key, server name. Read once. */
  tlsOptions(): Promise<KubeTlsOptions> {
    if (!this.#tls) {
      this.#tls = Promise.resolve().then(() => readTlsMaterial(this.cluster, this.#user, this.source, this.#where()));
      this.#tls.catch(() => (this.#tls = undefined));
    }
    return this.#tls;
  }

  /**
   * The headers that authenticate a request (`authorization`), or none for a client certificate or an
   * anonymous user. May run the exec plugin or read the token file; never logs what it gets.
   */
  async authHeaders(): Promise<Record<string, string>> {
    const user = this.#user;
    switch (this.authMethod) {
      case 'token':
        return { authorization: `Bearer ${user!.token!}` };
      case 'token-file':
        return { authorization: `Bearer ${this.#tokenFile!.token()}` };
      case 'basic':
        return {
          authorization: `Basic ${Buffer.from(`${user!.username ?? ''}:${user!.password ?? ''}`).toString('base64')}`,
        };
      case 'exec':
        return { authorization: `Bearer ${(await this.#exec!.credential()).token}` };
      case 'auth-provider':
        return this.#authProvider!.headers();
      default:
        return {};
    }
  }

  /** Drops cached credentials (exec token, token file), so the next request gets fresh ones: after a 401. */
  forgetCredentials(): void {
    this.#exec?.forget();
    this.#tokenFile?.forget();
  }

  #where(): string {
    return `user "${this.userName}" of context "${this.contextName}" (${this.#user?.file ?? this.source})`;
  }
}

function authMethodOf(user: UserEntry | undefined): KubeconfigAuthMethod {
  if (!user) return 'none';
  if (user.tokenFile) return 'token-file';
  if (user.token) return 'token';
  if (user.username || user.password) return 'basic';
  if (user.exec) return 'exec';
  if (user.authProvider) return 'auth-provider';
  if (user.clientCertificate || user.clientCertificateData) return 'client-certificate';
  return 'none';
}

/**
 * Loads a kubeconfig as kubectl does, and reduces it to one context:
 *
 * - `file` given: that file (it must exist);
 * - else `KUBECONFIG` (several paths separated by `:` — `;` on Windows): the files that exist, merged — the
 *   first file that defines a cluster, user or context name wins, and `current-context` comes from the first
 *   file that sets one;
 * - else `~/.kube/config`;
 * - else, in a pod (`KUBERNETES_SERVICE_HOST` set), the service account ({@link loadInClusterConfig}).
 *
 * Relative paths (`certificate-authority`, `client-certificate`, `client-key`, `tokenFile`, an exec command
 * with a `/`) are resolved against the directory of the file that names them. Nothing is sent and no plugin
 * runs here: credentials are got at the first request.
 *
 * Throws {@link KubeconfigError} (reason `Config`) naming the file and the context, cluster or user: no
 * kubeconfig found (`NoConfig` — unlike client-node, it never falls back to http://localhost:8080), an
 * unknown context, a context naming an undefined cluster or user, bad YAML, `proxy-url` (unsupported).
 *
 * @example
 * import { Kubeclient, loadKubeconfig } from '@orkestra/core/kube';
 * const config = loadKubeconfig({ context: 'staging' });   // KUBECONFIG, ~/.kube/config, or in-cluster
 * console.log(`${config.contextName} → ${config.server} (${config.source})`);
 * console.log(`namespace ${config.namespace ?? 'default'}`);
 * const kube = new Kubeclient(config);
 * const namespaces = await kube.list('v1', 'Namespace');
 */
export function loadKubeconfig(options: LoadKubeconfigOptions = {}): Kubeconfig {
  const env = options.env ?? process.env;
  const fromFiles = (files: string[], origin: KubeconfigOrigin) =>
    new Kubeconfig(selectContext(mergeFiles(files), origin, options));
  if (options.file) {
    const file = resolve(options.file);
    if (!existsSync(file)) {
      throw new KubeconfigError(
        'Unreadable',
        `cannot read the kubeconfig ${options.file}: no such file — check the path`,
        { file },
      );
    }
    return fromFiles([file], { kind: 'file', file });
  }
  if (env.KUBECONFIG) {
    const listed = [
      ...new Set(
        env.KUBECONFIG.split(delimiter)
          .filter(Boolean)
          .map((p) => resolve(p)),
      ),
    ];
    const files = listed.filter((f) => existsSync(f));
    if (!files.length) {
      throw new KubeconfigError(
        'NoConfig',
        `KUBECONFIG=${env.KUBECONFIG} names no file that exists — fix KUBECONFIG, or unset it to use ~/.kube/config`,
      );
    }
    return fromFiles(files, { kind: 'KUBECONFIG', value: env.KUBECONFIG, files });
  }
  const home = join(env.HOME ?? env.USERPROFILE ?? homedir(), '.kube', 'config');
  if (existsSync(home)) return fromFiles([home], { kind: 'default-file', file: home });
  if (env.KUBERNETES_SERVICE_HOST) {
    if (options.context) {
      throw new KubeconfigError(
        'NoContext',
        `no kubeconfig file to take context "${options.context}" from: no KUBECONFIG and no ${home}, and the ` +
          `in-cluster configuration has no contexts — pass a kubeconfig file`,
        { contexts: [] },
      );
    }
    return loadInClusterConfig(options);
  }
  throw new KubeconfigError(
    'NoConfig',
    `no kubeconfig found: no file given, KUBECONFIG is not set, ${home} does not exist, and this is not a pod ` +
      `(KUBERNETES_SERVICE_HOST is not set) — pass a kubeconfig file or set KUBECONFIG`,
  );
}

/**
 * The configuration of a pod's service account, as client-go's `rest.InClusterConfig`: the server from
 * `KUBERNETES_SERVICE_HOST` and `KUBERNETES_SERVICE_PORT`, the CA from `ca.crt`, the token from `token`
 * (read again every `tokenFileRefreshMs`, default one minute: bound tokens rotate) and the namespace from
 * `namespace`, in `serviceAccountDir` (default {@link SERVICE_ACCOUNT_DIR}).
 *
 * @example
 * const kube = new Kubeclient(loadInClusterConfig());
 */
export function loadInClusterConfig(
  options: Pick<LoadKubeconfigOptions, 'env' | 'serviceAccountDir' | 'tokenFileRefreshMs'> = {},
): Kubeconfig {
  const env = options.env ?? process.env;
  const dir = options.serviceAccountDir ?? SERVICE_ACCOUNT_DIR;
  const host = env.KUBERNETES_SERVICE_HOST;
  const port = env.KUBERNETES_SERVICE_PORT;
  if (!host || !port) {
    throw new KubeconfigError(
      'InCluster',
      `not running in a pod: KUBERNETES_SERVICE_HOST and KUBERNETES_SERVICE_PORT must both be set (host: ` +
        `${host ? 'set' : 'unset'}, port: ${port ? 'set' : 'unset'}) — use a kubeconfig outside a cluster`,
    );
  }
  const tokenFile = join(dir, 'token');
  if (!existsSync(tokenFile)) {
    throw new KubeconfigError(
      'InCluster',
      `the service-account token ${tokenFile} does not exist — check automountServiceAccountToken of the pod and its ` +
        `service account`,
    );
  }
  const caFile = join(dir, 'ca.crt');
  let namespace: string | undefined;
  try {
    namespace = readFileSync(join(dir, 'namespace'), 'utf8').trim() || undefined;
  } catch {
    namespace = undefined;
  }
  const server = `https://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return new Kubeconfig({
    contextName: 'in-cluster',
    namespace,
    origin: { kind: 'in-cluster', dir },
    contexts: [],
    cluster: {
      name: 'in-cluster',
      server,
      certificateAuthority: existsSync(caFile) ? caFile : undefined,
      insecureSkipTlsVerify: false,
    },
    user: { name: 'service-account', file: undefined, tokenFile, raw: {} },
    env,
    tokenFileRefreshMs: options.tokenFileRefreshMs ?? 60_000,
  });
}
