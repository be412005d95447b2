/**
 * Kubeconfig loading, without `@kubernetes/client-node`: importing client-node 2.x costs ~80 MB of RSS (its
 * entry point, and even its `config.js`, load every generated API model), more than half of what an operator
 * process may use in total. This file reads kubeconfig files with `js-yaml` (the YAML reader the katalog's already loads), merges them as kubectl does, and
 * produces what `Kubeclient` needs: the server, TLS material and authentication headers.
 *
 * Supported natively: clusters (`server`, `certificate-authority(-data)`, `insecure-skip-tls-verify`,
 * `tls-server-name`), users (client certificates, `token`, `tokenFile`, basic auth, `exec` plugins of
 * `client.authentication.k8s.io/v1` and `v1beta1` returning a token) and the in-cluster service account.
 * A user with an `auth-provider` (oidc, gcp, azure) is handed to client-node, imported lazily at the first
 * request: only such users pay its cost. `proxy-url` and exec plugins that return client certificates are
 * refused with an error that says so.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, isAbsolute, join, resolve, sep } from 'node:path';
import { FAILSAFE_SCHEMA, load as loadYaml } from 'js-yaml';
import { OrkestraError } from '../errors.js';
import { excessiveAliases } from '../yaml-aliases.js';

/** The service-account directory of a pod. */
export const SERVICE_ACCOUNT_DIR = '/var/run/secrets/kubernetes.io/serviceaccount';

/** What went wrong while loading a kubeconfig or getting credentials from it. */
export type KubeconfigProblem =
  /** No kubeconfig at all: no file given, no KUBECONFIG, no ~/.kube/config, not in a pod. */
  | 'NoConfig'
  /** A file (kubeconfig, certificate, key, token) cannot be read. */
  | 'Unreadable'
  /** A kubeconfig is not valid YAML, or a field has the wrong shape or is missing. */
  | 'Invalid'
  /** The asked context is not defined. */
  | 'NoContext'
  /** No context was asked for and no file sets `current-context`. */
  | 'NoCurrentContext'
  /** A context names a cluster or user that no file defines. */
  | 'MissingReference'
  /** Something kubectl supports that Orkestra does not (`proxy-url`, an exec plugin returning certificates). */
  | 'Unsupported'
  /** An exec credential plugin failed, or printed something that is not an ExecCredential. */
  | 'Exec'
  /** The in-cluster service account is incomplete (no token, no KUBERNETES_SERVICE_PORT). */
  | 'InCluster';

/**
 * An error of kubeconfig loading or of getting credentials. `reason` is always `Config`; {@link problem}
 * says which kind. Messages name the file and the context, cluster or user, never a token, key or password.
 */
export class KubeconfigError extends OrkestraError {
  readonly problem: KubeconfigProblem;
  /** The kubeconfig file concerned, when there is one. */
  readonly file: string | undefined;
  /** The contexts that are defined, for {@link problem} `NoContext` and `NoCurrentContext`. */
  readonly contexts: readonly string[];

  constructor(
    problem: KubeconfigProblem,
    message: string,
    options: { file?: string | undefined; contexts?: readonly string[]; cause?: unknown } = {},
  ) {
    super('Config', message, options.cause === undefined ? {} : { cause: options.cause });
    this.problem = problem;
    this.file = options.file;
    this.contexts = options.contexts ?? [];
  }
}

/** A cluster entry, with file paths made absolute. */
export interface KubeconfigCluster {
  name: string;
  server: string;
  /** Path of a PEM file (absolute, resolved against the kubeconfig file that named it). */
  certificateAuthority?: string | undefined;
  /** Base64 of PEM; wins over {@link certificateAuthority}. */
  certificateAuthorityData?: string | undefined;
  insecureSkipTlsVerify: boolean;
  tlsServerName?: string | undefined;
  proxyUrl?: string | undefined;
  /** The kubeconfig file that defined it (undefined in-cluster). */
  file?: string | undefined;
}

/** An `exec` credential plugin (`users[].user.exec`), with its command resolved like kubectl does. */
export interface ExecPluginConfig {
  apiVersion: string;
  command: string;
  args: string[];
  env: { name: string; value: string }[];
  interactiveMode?: 'Never' | 'IfAvailable' | 'Always' | undefined;
  provideClusterInfo: boolean;
  installHint?: string | undefined;
}

/** How the user authenticates. */
export type KubeconfigAuthMethod =
  | 'client-certificate'
  | 'token'
  | 'token-file'
  | 'basic'
  | 'exec'
  | 'auth-provider'
  | 'none';

/** TLS options for a connection to the API server (PEM strings). */
export interface KubeTlsOptions {
  ca?: string | undefined;
  cert?: string | undefined;
  key?: string | undefined;
  rejectUnauthorized: boolean;
  servername?: string | undefined;
}

/** Where a kubeconfig came from. */
export type KubeconfigOrigin =
  | { kind: 'file'; file: string }
  | { kind: 'KUBECONFIG'; value: string; files: string[] }
  | { kind: 'default-file'; file: string }
  | { kind: 'in-cluster'; dir: string };

/** Options of {@link loadKubeconfig}. */
export interface LoadKubeconfigOptions {
  /** Read this file only (as `kubectl --kubeconfig`); it must exist. Default: `KUBECONFIG`, `~/.kube/config`, in-cluster. */
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

/** One user as the kubeconfig states it (paths resolved). Held privately: it carries secrets. */
interface UserEntry {
  name: string;
  file: string | undefined;
  clientCertificate?: string | undefined;
  clientCertificateData?: string | undefined;
  clientKey?: string | undefined;
  clientKeyData?: string | undefined;
  token?: string | undefined;
  tokenFile?: string | undefined;
  username?: string | undefined;
  password?: string | undefined;
  exec?: ExecPluginConfig | undefined;
  authProvider?: { name: string; config: Record<string, string> } | undefined;
  /** The raw map, for the client-node fallback. */
  raw: Record<string, unknown>;
}

interface ContextEntry {
  name: string;
  cluster: string;
  user: string;
  namespace?: string | undefined;
  file: string;
}

interface Merged {
  clusters: Map<string, KubeconfigCluster & { raw: Record<string, unknown>; extensions: unknown }>;
  users: Map<string, UserEntry>;
  contexts: Map<string, ContextEntry>;
  currentContext: string | undefined;
  files: string[];
}

type Raw = Record<string, unknown>;

const EXEC_API_VERSIONS = new Set(['client.authentication.k8s.io/v1', 'client.authentication.k8s.io/v1beta1']);

const isMap = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Strings of a kubeconfig are read as written (the file is parsed with YAML's failsafe schema, as Go reads a
 * string field: `token: 0123` stays `0123`). A plain `null`, `~` or nothing means "not set".
 */
function str(map: Raw, key: string, where: () => string, file: string | undefined): string | undefined {
  const v = map[key];
  if (v === undefined || v === null || v === '' || v === 'null' || v === '~') return undefined;
  if (typeof v !== 'string') throw invalid(`${where()}: "${key}" must be a string`, file);
  return v;
}

function bool(map: Raw, key: string, where: () => string, file: string | undefined): boolean {
  const v = str(map, key, where, file);
  if (v === undefined) return false;
  if (/^(true|yes|on|y)$/i.test(v)) return true;
  if (/^(false|no|off|n)$/i.test(v)) return false;
  throw invalid(`${where()}: "${key}" must be true or false, got "${v}"`, file);
}

function list(map: Raw, key: string, where: () => string, file: string | undefined): unknown[] {
  const v = map[key];
  if (v === undefined || v === null || v === '' || v === 'null' || v === '~') return [];
  if (!Array.isArray(v)) throw invalid(`${where()}: "${key}" must be a list`, file);
  return v;
}

function invalid(message: string, file: string | undefined): KubeconfigError {
  return new KubeconfigError('Invalid', `${message} — fix the kubeconfig${file ? ` ${file}` : ''}`, { file });
}

/** A path of a kubeconfig made absolute against the directory of the file that named it (as kubectl). */
function resolvePath(p: string | undefined, file: string | undefined): string | undefined {
  if (!p || isAbsolute(p) || !file) return p;
  return resolve(dirname(file), p);
}

function parseFile(file: string): Raw {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new KubeconfigError(
      'Unreadable',
      `cannot read the kubeconfig ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message} — check the path and its permissions`,
      { file, cause: e },
    );
  }
  let doc: unknown;
  try {
    doc = loadYaml(text, { schema: FAILSAFE_SCHEMA });
  } catch (e) {
    // The parser's reason and position only: its full message quotes the file, which may hold a token.
    const { reason, mark } = e as { reason?: string; mark?: { line: number; column: number } };
    const why = `${reason ?? 'unreadable'}${mark ? ` at line ${mark.line + 1}, column ${mark.column + 1}` : ''}`;
    throw new KubeconfigError('Invalid', `the kubeconfig ${file} is not valid YAML: ${why} — fix the file`, { file });
  }
  const limit = excessiveAliases(text, doc);
  if (limit !== undefined)
    throw new KubeconfigError(
      'Invalid',
      `the kubeconfig ${file} is too large once its YAML aliases are expanded: more than ${limit} values, far more than the file holds (a "billion laughs" file?) — fix the file: write it without YAML anchors (&) and aliases (*)`,
      { file },
    );
  if (doc === undefined || doc === null || doc === '') return {};
  if (!isMap(doc))
    throw invalid(
      `the kubeconfig ${file} is not a YAML mapping (apiVersion, kind: Config, clusters, users, contexts)`,
      file,
    );
  return doc;
}

/** Entries of `clusters`, `users` or `contexts`: `{ name, <inner>: {...} }`. */
function entries(
  doc: Raw,
  key: 'clusters' | 'users' | 'contexts',
  inner: string,
  file: string,
): { name: string; body: Raw; where: () => string }[] {
  return list(doc, key, () => file, file).map((item, i) => {
    const at = () => `${file}: ${key}[${i}]`;
    if (!isMap(item)) throw invalid(`${at()} must be a mapping with "name" and "${inner}"`, file);
    const name = str(item, 'name', at, file);
    if (!name) throw invalid(`${at()} has no name`, file);
    const body = item[inner] ?? {};
    const where = () => `${file}: ${key}[${i}] (${inner} "${name}")`;
    if (!isMap(body)) throw invalid(`${where()}: "${inner}" must be a mapping`, file);
    return { name, body, where };
  });
}

function readCluster(
  name: string,
  body: Raw,
  where: () => string,
  file: string,
): KubeconfigCluster & { raw: Raw; extensions: unknown } {
  return {
    name,
    server: str(body, 'server', where, file) ?? '',
    certificateAuthority: resolvePath(str(body, 'certificate-authority', where, file), file),
    certificateAuthorityData: str(body, 'certificate-authority-data', where, file),
    insecureSkipTlsVerify: bool(body, 'insecure-skip-tls-verify', where, file),
    tlsServerName: str(body, 'tls-server-name', where, file),
    proxyUrl: str(body, 'proxy-url', where, file),
    file,
    raw: body,
    extensions: list(body, 'extensions', where, file),
  };
}

function readExec(body: Raw, where: () => string, file: string): ExecPluginConfig {
  const at = () => `${where()}: exec`;
  const command = str(body, 'command', at, file);
  if (!command) throw invalid(`${at()} has no command`, file);
  const apiVersion = str(body, 'apiVersion', at, file) ?? '';
  const env = list(body, 'env', at, file).map((e, i) => {
    if (!isMap(e)) throw invalid(`${at()}.env[${i}] must be a mapping with name and value`, file);
    const name = str(e, 'name', at, file);
    if (!name) throw invalid(`${at()}.env[${i}] has no name`, file);
    return { name, value: str(e, 'value', at, file) ?? '' };
  });
  const args = list(body, 'args', at, file).map((a, i) => {
    if (typeof a !== 'string') throw invalid(`${at()}.args[${i}] must be a string`, file);
    return a;
  });
  const mode = str(body, 'interactiveMode', at, file);
  if (mode !== undefined && mode !== 'Never' && mode !== 'IfAvailable' && mode !== 'Always') {
    throw invalid(`${at()}: interactiveMode must be Never, IfAvailable or Always, got "${mode}"`, file);
  }
  // kubectl resolves the command against the file's directory only when it is a path, not a name on PATH.
  return {
    apiVersion,
    args,
    env,
    interactiveMode: mode,
    provideClusterInfo: bool(body, 'provideClusterInfo', at, file),
    command: command.includes(sep) || command.includes('/') ? resolvePath(command, file)! : command,
    installHint: str(body, 'installHint', at, file),
  };
}

function readUser(name: string, body: Raw, where: () => string, file: string): UserEntry {
  const execBody = body.exec;
  if (execBody !== undefined && execBody !== null && execBody !== 'null' && !isMap(execBody))
    throw invalid(`${where()}: "exec" must be a mapping`, file);
  const provider = body['auth-provider'];
  if (provider !== undefined && provider !== null && provider !== 'null' && !isMap(provider))
    throw invalid(`${where()}: "auth-provider" must be a mapping`, file);
  let authProvider: UserEntry['authProvider'];
  if (isMap(provider)) {
    const config: Record<string, string> = {};
    if (isMap(provider.config))
      for (const [k, v] of Object.entries(provider.config)) if (typeof v === 'string') config[k] = v;
    authProvider = { name: str(provider, 'name', where, file) ?? '', config };
  }
  return {
    name,
    file,
    raw: body,
    clientCertificate: resolvePath(str(body, 'client-certificate', where, file), file),
    clientCertificateData: str(body, 'client-certificate-data', where, file),
    clientKey: resolvePath(str(body, 'client-key', where, file), file),
    clientKeyData: str(body, 'client-key-data', where, file),
    token: str(body, 'token', where, file),
    tokenFile: resolvePath(str(body, 'tokenFile', where, file), file),
    username: str(body, 'username', where, file),
    password: str(body, 'password', where, file),
    exec: isMap(execBody) ? readExec(execBody, where, file) : undefined,
    authProvider,
  };
}

/** Merges files as kubectl does: the first file that defines a name wins; the first `current-context` wins. */
function mergeFiles(files: string[]): Merged {
  const merged: Merged = {
    clusters: new Map(),
    users: new Map(),
    contexts: new Map(),
    currentContext: undefined,
    files,
  };
  for (const file of files) {
    const doc = parseFile(file);
    for (const { name, body, where } of entries(doc, 'clusters', 'cluster', file)) {
      if (!merged.clusters.has(name)) merged.clusters.set(name, readCluster(name, body, where, file));
    }
    for (const { name, body, where } of entries(doc, 'users', 'user', file)) {
      if (!merged.users.has(name)) merged.users.set(name, readUser(name, body, where, file));
    }
    for (const { name, body, where } of entries(doc, 'contexts', 'context', file)) {
      if (merged.contexts.has(name)) continue;
      merged.contexts.set(name, {
        name,
        file,
        cluster: str(body, 'cluster', where, file) ?? '',
        user: str(body, 'user', where, file) ?? '',
        namespace: str(body, 'namespace', where, file),
      });
    }
    merged.currentContext ??= str(doc, 'current-context', () => file, file);
  }
  return merged;
}

function describeOrigin(origin: KubeconfigOrigin): string {
  switch (origin.kind) {
    case 'file':
      return origin.file;
    case 'KUBECONFIG':
      return `KUBECONFIG=${origin.value}`;
    case 'default-file':
      return origin.file;
    case 'in-cluster':
      return 'in-cluster service account';
  }
}

/** The exec credential of a plugin run, cached until it expires. */
interface CachedCredential {
  token: string;
  expiresAt: number | undefined;
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
  readonly #clusterExtensions: unknown;
  readonly #env: NodeJS.ProcessEnv;
  readonly #tokenFileRefreshMs: number;
  #tls: Promise<KubeTlsOptions> | undefined;
  #fileToken: { token: string; readAt: number } | undefined;
  #execCredential: CachedCredential | undefined;
  #execPending: Promise<CachedCredential> | undefined;
  #clientNode: Promise<{ applyToHTTPSOptions(opts: object): Promise<void> }> | undefined;

  /** @internal Use {@link loadKubeconfig}. */
  constructor(init: {
    contextName: string;
    namespace: string | undefined;
    origin: KubeconfigOrigin;
    cluster: KubeconfigCluster & { extensions?: unknown };
    user: UserEntry | undefined;
    contexts: readonly string[];
    env: NodeJS.ProcessEnv;
    tokenFileRefreshMs: number;
  }) {
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
    this.#user = init.user;
    this.#clusterExtensions = extensions;
    this.#env = init.env;
    this.#tokenFileRefreshMs = init.tokenFileRefreshMs;
    this.authMethod = authMethodOf(init.user);
  }

  /** True when credentials change over time (`tokenFile`, exec plugin, auth-provider): ask {@link authHeaders} per request. */
  get refreshesCredentials(): boolean {
    return this.authMethod === 'token-file' || this.authMethod === 'exec' || this.authMethod === 'auth-provider';
  }

  /** The TLS options of a connection to {@link server}: CA, client certificate and key, server name. Read once. */
  tlsOptions(): Promise<KubeTlsOptions> {
    if (!this.#tls) {
      this.#tls = Promise.resolve().then(() => this.#readTls());
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
        return { authorization: `Bearer ${this.#readTokenFile()}` };
      case 'basic':
        return {
          authorization: `Basic ${Buffer.from(`${user!.username ?? ''}:${user!.password ?? ''}`).toString('base64')}`,
        };
      case 'exec':
        return { authorization: `Bearer ${(await this.#execToken()).token}` };
      case 'auth-provider':
        return this.#clientNodeHeaders();
      default:
        return {};
    }
  }

  /** Drops cached credentials (exec token, token file), so the next request gets fresh ones: after a 401. */
  forgetCredentials(): void {
    this.#execCredential = undefined;
    this.#fileToken = undefined;
  }

  #where(): string {
    return `user "${this.userName}" of context "${this.contextName}" (${this.#user?.file ?? this.source})`;
  }

  #readFile(path: string, what: string, owner: string, file: string | undefined): string {
    try {
      return readFileSync(path, 'utf8');
    } catch (e) {
      throw new KubeconfigError(
        'Unreadable',
        `cannot read ${what} ${path} of ${owner}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message} — check the path in the kubeconfig and the file's permissions`,
        { file, cause: e },
      );
    }
  }

  #readTls(): KubeTlsOptions {
    const c = this.cluster;
    const clusterWhere = `cluster "${c.name}" (${c.file ?? this.source})`;
    const tls: KubeTlsOptions = { rejectUnauthorized: !c.insecureSkipTlsVerify };
    if (c.certificateAuthorityData) tls.ca = Buffer.from(c.certificateAuthorityData, 'base64').toString('utf8');
    else if (c.certificateAuthority)
      tls.ca = this.#readFile(c.certificateAuthority, 'the certificate-authority', clusterWhere, c.file);
    if (c.tlsServerName) tls.servername = c.tlsServerName;
    const u = this.#user;
    if (u && (u.clientCertificate || u.clientCertificateData)) {
      tls.cert = u.clientCertificateData
        ? Buffer.from(u.clientCertificateData, 'base64').toString('utf8')
        : this.#readFile(u.clientCertificate!, 'the client-certificate', this.#where(), u.file);
      tls.key = u.clientKeyData
        ? Buffer.from(u.clientKeyData, 'base64').toString('utf8')
        : this.#readFile(u.clientKey!, 'the client-key', this.#where(), u.file);
    }
    return tls;
  }

  #readTokenFile(): string {
    const path = this.#user!.tokenFile!;
    const now = Date.now();
    if (this.#fileToken && now - this.#fileToken.readAt < this.#tokenFileRefreshMs) return this.#fileToken.token;
    let token: string;
    try {
      token = readFileSync(path, 'utf8').trim();
    } catch (e) {
      // A rotation in progress: keep using the token read before, as client-go does.
      if (this.#fileToken) return this.#fileToken.token;
      throw new KubeconfigError(
        'Unreadable',
        `cannot read the token file ${path} of ${this.#where()}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message} — check that it exists and is readable`,
        { file: this.#user?.file, cause: e },
      );
    }
    if (!token) {
      if (this.#fileToken) return this.#fileToken.token;
      throw new KubeconfigError(
        'Unreadable',
        `the token file ${path} of ${this.#where()} is empty — check what writes it`,
        { file: this.#user?.file },
      );
    }
    this.#fileToken = { token, readAt: now };
    return token;
  }

  #execToken(): Promise<CachedCredential> {
    const cached = this.#execCredential;
    if (cached && (cached.expiresAt === undefined || Date.now() < cached.expiresAt)) return Promise.resolve(cached);
    if (!this.#execPending) {
      this.#execPending = this.#runExec().then(
        (credential) => {
          this.#execCredential = credential;
          this.#execPending = undefined;
          return credential;
        },
        (e: unknown) => {
          this.#execPending = undefined;
          throw e;
        },
      );
    }
    return this.#execPending;
  }

  async #runExec(): Promise<CachedCredential> {
    const exec = this.#user!.exec!;
    const c = this.cluster;
    const spec: Record<string, unknown> = { interactive: false };
    if (exec.provideClusterInfo) {
      const config = Array.isArray(this.#clusterExtensions)
        ? (this.#clusterExtensions as { name?: string; extension?: unknown }[]).find(
            (x) => x?.name === 'client.authentication.k8s.io/exec',
          )?.extension
        : undefined;
      spec.cluster = {
        server: c.server,
        ...(c.tlsServerName ? { 'tls-server-name': c.tlsServerName } : {}),
        ...(c.insecureSkipTlsVerify ? { 'insecure-skip-tls-verify': true } : {}),
        ...(c.certificateAuthorityData || c.certificateAuthority
          ? {
              'certificate-authority-data':
                c.certificateAuthorityData ??
                Buffer.from(
                  this.#readFile(c.certificateAuthority!, 'the certificate-authority', `cluster "${c.name}"`, c.file),
                ).toString('base64'),
            }
          : {}),
        ...(config !== undefined ? { config } : {}),
      };
    }
    const env: NodeJS.ProcessEnv = { ...this.#env };
    for (const { name, value } of exec.env) env[name] = value;
    env.KUBERNETES_EXEC_INFO = JSON.stringify({ apiVersion: exec.apiVersion, kind: 'ExecCredential', spec });
    const what = `the exec plugin "${[exec.command, ...exec.args].join(' ')}" of ${this.#where()}`;
    const { code, stdout, stderr, error } = await new Promise<{
      code: number | null;
      stdout: string;
      stderr: string;
      error?: Error;
    }>((done) => {
      const child = spawn(exec.command, exec.args, {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
        shell: false,
        windowsHide: true,
      });
      let out = '';
      let err = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
      child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d.length + err.length > 8192 ? '' : d));
      child.on('error', (e) => done({ code: null, stdout: out, stderr: err, error: e }));
      child.on('close', (status) => done({ code: status, stdout: out, stderr: err }));
    });
    const hint = exec.installHint ? ` ${exec.installHint.trim()}` : '';
    if (error) {
      throw new KubeconfigError(
        'Exec',
        `${what} could not be started: ${(error as NodeJS.ErrnoException).code ?? error.message} — install it or fix users[].user.exec.command.${hint}`,
        { file: this.#user?.file, cause: error },
      );
    }
    const said = stderr.trim() ? `: ${stderr.trim().slice(-2000)}` : ' (it wrote nothing to stderr)';
    if (code !== 0) {
      throw new KubeconfigError(
        'Exec',
        `${what} failed with exit code ${code}${said} — run the command yourself to see why (log in again?).${hint}`,
        { file: this.#user?.file },
      );
    }
    let credential: unknown;
    try {
      credential = JSON.parse(stdout);
    } catch {
      // Never quote stdout: it may hold a token.
      throw new KubeconfigError(
        'Exec',
        `${what} printed no ExecCredential JSON on stdout — check that it is a client.authentication.k8s.io credential plugin`,
        { file: this.#user?.file },
      );
    }
    if (!isMap(credential) || credential.kind !== 'ExecCredential' || !isMap(credential.status)) {
      throw new KubeconfigError(
        'Exec',
        `${what} printed JSON that is not an ExecCredential with a status — check the plugin's version and arguments`,
        { file: this.#user?.file },
      );
    }
    if (credential.apiVersion !== exec.apiVersion) {
      throw new KubeconfigError(
        'Exec',
        `${what} answered with apiVersion "${String(credential.apiVersion)}", but the kubeconfig asks for "${exec.apiVersion}" — make users[].user.exec.apiVersion match the plugin`,
        { file: this.#user?.file },
      );
    }
    const status = credential.status;
    if (typeof status.token !== 'string' || !status.token) {
      if (status.clientCertificateData || status.clientKeyData) {
        throw new KubeconfigError(
          'Unsupported',
          `${what} returned a client certificate; Orkestra's Kubeclient supports exec plugins that return a token only — use a plugin mode that returns a token, or a kubeconfig with client-certificate-data`,
          { file: this.#user?.file },
        );
      }
      throw new KubeconfigError('Exec', `${what} returned an ExecCredential without status.token — check the plugin`, {
        file: this.#user?.file,
      });
    }
    let expiresAt: number | undefined;
    if (typeof status.expirationTimestamp === 'string' && status.expirationTimestamp) {
      expiresAt = Date.parse(status.expirationTimestamp);
      if (Number.isNaN(expiresAt)) {
        throw new KubeconfigError(
          'Exec',
          `${what} returned an expirationTimestamp that is not an RFC 3339 time — check the plugin`,
          { file: this.#user?.file },
        );
      }
    }
    return { token: status.token, expiresAt };
  }

  async #clientNodeHeaders(): Promise<Record<string, string>> {
    // The one place client-node is loaded: a user with an auth-provider (oidc, gcp, azure). Only they pay its ~80 MB.
    this.#clientNode ??= (async () => {
      const { KubeConfig } = await importClientNode().catch((e: unknown) => {
        const code = (e as { code?: unknown }).code;
        if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') throw e;
        throw new KubeconfigError(
          'Unsupported',
          `the user of ${this.#where()} has an auth-provider ("${this.#user?.authProvider?.name}"), which needs @kubernetes/client-node, an optional peer dependency of @orkestra/core that is not installed — run \`npm install @kubernetes/client-node\`, or switch the user to an exec plugin (e.g. kubelogin)`,
          { file: this.#user?.file, cause: e },
        );
      });
      const kc = new KubeConfig();
      const u = this.#user!;
      const c = this.cluster;
      kc.loadFromString(
        JSON.stringify({
          apiVersion: 'v1',
          kind: 'Config',
          'current-context': this.contextName,
          clusters: [
            { name: c.name, cluster: { server: c.server, 'insecure-skip-tls-verify': c.insecureSkipTlsVerify } },
          ],
          users: [{ name: u.name, user: u.raw }],
          contexts: [{ name: this.contextName, context: { cluster: c.name, user: u.name } }],
        }),
      );
      return kc;
    })();
    this.#clientNode.catch(() => (this.#clientNode = undefined));
    const kc = await this.#clientNode;
    const opts: { headers: Record<string, string> } = { headers: {} };
    try {
      await kc.applyToHTTPSOptions(opts);
    } catch (e) {
      throw new KubeconfigError(
        'Unsupported',
        `the auth-provider "${this.#user?.authProvider?.name}" of ${this.#where()} failed in @kubernetes/client-node: ${(e as Error).message} — refresh the login, or switch the user to an exec plugin (e.g. kubelogin)`,
        { file: this.#user?.file, cause: e },
      );
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(opts.headers)) headers[k.toLowerCase()] = v;
    return headers;
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

function contextList(names: readonly string[]): string {
  return names.length ? names.join(', ') : 'none';
}

function checkUser(user: UserEntry, contextName: string): void {
  const where = `user "${user.name}" (${user.file})`;
  const bad = (m: string) => invalid(`${where}: ${m}`, user.file);
  if ((user.token || user.tokenFile) && (user.username || user.password))
    throw bad('sets both a token and username/password; keep one');
  if (user.exec && user.authProvider) throw bad('sets both exec and auth-provider; keep one');
  if (Boolean(user.clientCertificate || user.clientCertificateData) !== Boolean(user.clientKey || user.clientKeyData)) {
    throw bad('needs both a client certificate and a client key (client-certificate(-data) and client-key(-data))');
  }
  const exec = user.exec;
  if (exec) {
    if (!EXEC_API_VERSIONS.has(exec.apiVersion)) {
      throw new KubeconfigError(
        'Unsupported',
        `${where}: exec apiVersion "${exec.apiVersion}" is not supported; use client.authentication.k8s.io/v1 (or v1beta1) — update the plugin's kubeconfig entry`,
        { file: user.file },
      );
    }
    if (exec.apiVersion === 'client.authentication.k8s.io/v1' && !exec.interactiveMode) {
      throw bad(
        'exec of client.authentication.k8s.io/v1 must set interactiveMode (Never for a controller), as kubectl requires',
      );
    }
    if (exec.interactiveMode === 'Always') {
      throw new KubeconfigError(
        'Unsupported',
        `${where}: the exec plugin asks for interactiveMode Always, but an operator has no terminal for context "${contextName}" — use a non-interactive login (a service account token, or a plugin mode that needs no prompt)`,
        { file: user.file },
      );
    }
  }
}

function fromMerged(merged: Merged, origin: KubeconfigOrigin, options: LoadKubeconfigOptions): Kubeconfig {
  const source = describeOrigin(origin);
  const names = [...merged.contexts.keys()];
  const contextName = options.context ?? merged.currentContext;
  if (!contextName) {
    throw new KubeconfigError(
      'NoCurrentContext',
      `the kubeconfig (${source}) sets no current-context and no context was asked for; it has: ${contextList(names)} — run \`kubectl config use-context <name>\`, or pass a context`,
      { contexts: names },
    );
  }
  const context = merged.contexts.get(contextName);
  if (!context) {
    const which = options.context
      ? `has no context "${contextName}"`
      : `names current-context "${contextName}", which it does not define`;
    throw new KubeconfigError(
      'NoContext',
      `the kubeconfig (${source}) ${which}; it has: ${contextList(names)} — pick one of those`,
      { contexts: names },
    );
  }
  if (!context.cluster) throw invalid(`${context.file}: context "${contextName}" names no cluster`, context.file);
  const cluster = merged.clusters.get(context.cluster);
  if (!cluster) {
    throw new KubeconfigError(
      'MissingReference',
      `context "${contextName}" (${context.file}) names cluster "${context.cluster}", which no kubeconfig file defines (read: ${merged.files.join(', ')}) — add it, or fix the context`,
      { file: context.file },
    );
  }
  if (!cluster.server) throw invalid(`${cluster.file}: cluster "${cluster.name}" has no server`, cluster.file);
  let url: URL;
  try {
    url = new URL(cluster.server);
  } catch {
    throw invalid(
      `${cluster.file}: cluster "${cluster.name}" has a server that is not a URL: "${cluster.server}"`,
      cluster.file,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw invalid(
      `${cluster.file}: cluster "${cluster.name}": server must be an https:// URL, got "${cluster.server}"`,
      cluster.file,
    );
  if (cluster.proxyUrl) {
    throw new KubeconfigError(
      'Unsupported',
      `cluster "${cluster.name}" (${cluster.file}) sets proxy-url, which Orkestra's Kubeclient does not support — reach the API server directly (run the operator in the cluster), or remove proxy-url`,
      { file: cluster.file },
    );
  }
  let user: UserEntry | undefined;
  if (context.user) {
    user = merged.users.get(context.user);
    if (!user) {
      throw new KubeconfigError(
        'MissingReference',
        `context "${contextName}" (${context.file}) names user "${context.user}", which no kubeconfig file defines (read: ${merged.files.join(', ')}) — add it, or fix the context`,
        { file: context.file },
      );
    }
    checkUser(user, contextName);
  }
  return new Kubeconfig({
    contextName,
    namespace: context.namespace,
    origin,
    cluster,
    user,
    contexts: names,
    env: options.env ?? process.env,
    tokenFileRefreshMs: options.tokenFileRefreshMs ?? 60_000,
  });
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
 * console.log(`${config.contextName} → ${config.server} (${config.source}), namespace ${config.namespace ?? 'default'}`);
 * const kube = new Kubeclient(config);
 * const namespaces = await kube.list('v1', 'Namespace');
 */
export function loadKubeconfig(options: LoadKubeconfigOptions = {}): Kubeconfig {
  const env = options.env ?? process.env;
  if (options.file) {
    const file = resolve(options.file);
    if (!existsSync(file)) {
      throw new KubeconfigError(
        'Unreadable',
        `cannot read the kubeconfig ${options.file}: no such file — check the path`,
        { file },
      );
    }
    return fromMerged(mergeFiles([file]), { kind: 'file', file }, options);
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
    return fromMerged(mergeFiles(files), { kind: 'KUBECONFIG', value: env.KUBECONFIG, files }, options);
  }
  const home = join(env.HOME ?? env.USERPROFILE ?? homedir(), '.kube', 'config');
  if (existsSync(home)) return fromMerged(mergeFiles([home]), { kind: 'default-file', file: home }, options);
  if (env.KUBERNETES_SERVICE_HOST) {
    if (options.context) {
      throw new KubeconfigError(
        'NoContext',
        `no kubeconfig file to take context "${options.context}" from: no KUBECONFIG and no ${home}, and the in-cluster configuration has no contexts — pass a kubeconfig file`,
        { contexts: [] },
      );
    }
    return loadInClusterConfig(options);
  }
  throw new KubeconfigError(
    'NoConfig',
    `no kubeconfig found: no file given, KUBECONFIG is not set, ${home} does not exist, and this is not a pod (KUBERNETES_SERVICE_HOST is not set) — pass a kubeconfig file or set KUBECONFIG`,
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
      `not running in a pod: KUBERNETES_SERVICE_HOST and KUBERNETES_SERVICE_PORT must both be set (host: ${host ? 'set' : 'unset'}, port: ${port ? 'set' : 'unset'}) — use a kubeconfig outside a cluster`,
    );
  }
  const tokenFile = join(dir, 'token');
  if (!existsSync(tokenFile)) {
    throw new KubeconfigError(
      'InCluster',
      `the service-account token ${tokenFile} does not exist — check automountServiceAccountToken of the pod and its service account`,
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

/**
 * Loads `@kubernetes/client-node`, an optional peer dependency: only auth-provider users need it, so a project
 * that installs a resource package does not get its ~70-package closure. Rejects when it is not installed.
 */
function importClientNode(): Promise<typeof import('@kubernetes/client-node')> {
  return import('@kubernetes/client-node');
}
