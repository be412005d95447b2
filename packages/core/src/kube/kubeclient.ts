/**
 * `Kubeclient`: the one way Orkestra talks to the API server. It takes its server and credentials from core's
 * own kubeconfig loader (`kubeconfig.ts`: kubeconfig files, in-cluster service accounts, exec and token-file
 * auth) — or from a client-node `KubeConfig` handed in — sends plain JSON over one kept-alive `node:https`
 * connection pool (`http-transport.ts`) or, with `http: '2'`, one HTTP/2 session (`http2-transport.ts`), and adds
 * what a controller needs: typed errors, bounded retries of transient failures, request counting, and an optional
 * read cache. The calls themselves (paths, bodies, discovery, the read caches) are `request-client.ts`'s, shared
 * with `@orkestra/core/client-node`'s client; this file only sends them.
 *
 * It never imports `@kubernetes/client-node` at run time: importing client-node 2.x costs ~80 MB of RSS (its entry
 * point, and even its `config.js`, load every generated API model), more than half of what an operator process
 * may use in total. Nor undici (15–20 MB more RSS in a process that sends requests than Node's own `node:https`;
 * see the README's choices).
 *
 * Why not client-node's generated clients for every call: in client-node 2.x each request builds a new undici
 * Agent (no connection reuse, a TLS handshake per request), its object API deserialises timestamps into
 * `Date`s (so read objects no longer compare with written ones), and it has no generic status subresource.
 */

import type { Logger } from '../context.js';
import { silentLogger } from '../context.js';
import type { Impersonation } from '../controller-client.js';
import { OrkestraError, type RequestDescription, UnauthorizedError } from '../errors.js';
import type { WatchEvent, WatchOptions } from '../object-client.js';
import type { KubeObject } from '../objects.js';
import { errorFromStatus, toKubeError } from './api-errors.js';
import {
  type ConnectionConfig,
  clientNodeConnection,
  isClientNodeConfig,
  type KubeclientConfig,
} from './connection-config.js';
import { FairTurns } from './fair-turns.js';
import { HttpTransport } from './http-transport.js';
import { type HttpVersion, httpVersion } from './http-version.js';
import { Http2Transport } from './http2-transport.js';
import { type Kubeconfig, loadInClusterConfig, loadKubeconfig } from './kubeconfig.js';
import { type ObjectRequest, watchEvent, watchQuery } from './object-requests.js';
import { RequestClient } from './request-client.js';
import { resourcePath } from './resources.js';
import { answerFailure, networkFailure, type RetryOptions, retrying, retryPolicy, TransientFailure } from './retry.js';
import type { Transport } from './transport.js';

export type { ClientNodeKubeConfig, KubeclientConfig } from './connection-config.js';
export type { RetryOptions } from './retry.js';

/** Options of every {@link Kubeclient} constructor. */
export interface KubeclientOptions {
  retry?: RetryOptions;
  /** Per-request timeout in ms (headers and body); default 30000. */
  timeoutMs?: number;
  /** Logs retries at `warn`, each request at `debug`. Bodies are never logged. */
  logger?: Logger;
  /**
   * HTTP/1.1 only: connections kept open to the API server for requests; default 16. Every watch has a connection of
   * its own besides.
   */
  connections?: number;
  /**
   * The HTTP version spoken to an `https://` API server: `'2'` (one TLS session, requests multiplexed on it, as
   * client-go) or `'1.1'` (a pool of `connections` TLS connections). Default: the `ORKESTRA_HTTP` environment
   * variable, else `DEFAULT_HTTP_VERSION`. An `http://` server is always spoken to in HTTP/1.1.
   */
  http?: HttpVersion;
}

/**
 * A Kubernetes API client for controllers.
 *
 * @example
 * const kube = Kubeclient.fromDefault();                 // KUBECONFIG, ~/.kube/config, or in-cluster
 * const cm = await kube.get({ apiVersion: 'v1', kind: 'ConfigMap', namespace: 'shop', name: 'web-config' });
 * const x = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', namespace: 'shop' }, data: { a: '1' } };
 * await kube.apply(x, { fieldManager: 'my-operator' });
 * kube.requests.snapshot(); // { 'apply configmaps': 1, 'get configmaps': 1 }
 */
export class Kubeclient extends RequestClient {
  /**
   * The configuration this client was made from, as given: pass it to another `Kubeclient` for a second
   * connection pool to the same cluster. For the context's name and namespace use {@link contextName} and
   * {@link contextNamespace}.
   */
  readonly kubeConfig: KubeclientConfig;
  /** The API server's URL. */
  readonly server: string;
  /** The kubeconfig context in use (`in-cluster` for a pod's service account), when known. */
  readonly contextName: string | undefined;
  /** The namespace of the kubeconfig context (the pod's, in-cluster), when it sets one. */
  readonly contextNamespace: string | undefined;

  private readonly origin: string;
  private readonly basePath: string;
  /** The HTTP version this client speaks to its API server (`1.1` for an `http://` server, whatever was asked). */
  readonly httpVersion: HttpVersion;
  private readonly options: Required<Omit<KubeclientOptions, 'retry' | 'logger' | 'http'>> & {
    retry: Required<RetryOptions>;
    logger: Logger;
  };
  private transport: Promise<Transport> | undefined;
  private readonly config: ConnectionConfig;
  private staticHeaders: Record<string, string> | undefined;
  private closed = false;
  /** The client whose connection this one sends through, when it impersonates (see {@link impersonate}). */
  private connectionOwner: Kubeclient | undefined;
  private readonly givenOptions: KubeclientOptions;
  /**
   * HTTP/1.1: the turns at the connection pool, shared round-robin by this client and its impersonations (see
   * `fair-turns.ts`); the owner's is used.
   */
  private readonly turns: FairTurns | undefined;

  /**
   * A client for `config`: core's {@link Kubeconfig} (from {@link loadKubeconfig}), or the current context of a
   * client-node `KubeConfig`. Sends nothing yet: TLS material and credentials are got at the first request.
   */
  constructor(config: KubeclientConfig, options: KubeclientOptions = {}) {
    super();
    this.kubeConfig = config;
    this.givenOptions = options;
    this.config = isClientNodeConfig(config) ? clientNodeConnection(config) : config;
    this.contextName = this.config.contextName;
    this.contextNamespace = this.config.namespace;
    this.server = this.config.server.replace(/\/+$/, '');
    const url = new URL(this.server);
    this.origin = url.origin;
    this.basePath = url.pathname.replace(/\/+$/, '');
    this.httpVersion = url.protocol === 'http:' ? '1.1' : httpVersion(options.http);
    this.options = {
      timeoutMs: options.timeoutMs ?? 30_000,
      connections: options.connections ?? 16,
      logger: options.logger ?? silentLogger,
      retry: retryPolicy(options.retry),
    };
    this.turns = this.httpVersion === '1.1' ? new FairTurns(this.options.connections) : undefined;
  }

  /**
   * A client from the default places: `KUBECONFIG` (merged), `~/.kube/config`, then the in-cluster service
   * account (see {@link loadKubeconfig}); its current context. Throws `KubeconfigError` when none is found.
   */
  static fromDefault(options?: KubeclientOptions): Kubeclient {
    return new Kubeclient(loadKubeconfig(), options);
  }

  /** A client for the pod's service account (in-cluster, see {@link loadInClusterConfig}). */
  static inCluster(options?: KubeclientOptions): Kubeclient {
    return new Kubeclient(loadInClusterConfig(), options);
  }

  /** A client for the current context of a kubeconfig file. */
  static fromFile(path: string, options?: KubeclientOptions): Kubeclient {
    return new Kubeclient(loadKubeconfig({ file: path }), options);
  }

  /**
   * A client acting as `identity` (`Impersonate-User`, `Impersonate-Group` headers on every request and watch),
   * over this client's connection: no second connection pool or HTTP/2 session, and {@link close} of either
   * leaves the other's requests alone until this one — the connection's owner — closes. It shares this client's
   * kind registry and request tally, not its read caches. See `ControllerClient.impersonate`.
   *
   * @example
   * const katalogClient = kube.impersonate({ user: 'system:serviceaccount:team-a:katalog' });
   * await katalogClient.create(configMap); // ForbiddenError when that ServiceAccount may not create it
   */
  impersonate(identity: Impersonation): Kubeclient {
    const client = new Kubeclient(this.kubeConfig, this.givenOptions).actAs(this, identity);
    client.connectionOwner = this.connectionOwner ?? this;
    return client;
  }

  /**
   * Streams changes of a kind: calls `onEvent` for every event, in order, until the server ends the watch
   * (resolves), the stream fails or stalls (rejects: `UnavailableError`; a `410 Gone` answer: an error of
   * code 410), or `signal` aborts. Not retried here: an informer decides whether to re-watch or relist.
   *
   * @example
   * const from = { namespace: 'shop', resourceVersion: list.resourceVersion };
   * await kube.watch('v1', 'ConfigMap', from, (e) => console.log(e.type));
   */
  async watch<T extends KubeObject = KubeObject>(
    apiVersion: string,
    kind: string,
    options: WatchOptions,
    onEvent: (event: WatchEvent<T>) => void,
  ): Promise<void> {
    const info = await this.resourceFor(apiVersion, kind, options);
    const describe: RequestDescription = { verb: 'watch', kind, namespace: options.namespace };
    const params = new URLSearchParams({ watch: '1', ...watchQuery(options) });
    this.requests.record('watch', info.plural);
    const { transport, headers } = await this.connection();
    let buffered = '';
    try {
      const res = await transport.request({
        method: 'GET',
        path: `${this.basePath}${resourcePath(info, options.namespace)}?${params}`,
        headers: { ...headers, accept: 'application/json' },
        signal: options.signal,
        headersTimeoutMs: this.options.timeoutMs,
        bodyTimeoutMs: options.idleTimeoutMs ?? 180_000,
        longLived: true,
      });
      if (res.statusCode !== 200) {
        const error = errorFromStatus(res.statusCode, await res.text(), describe);
        if (error instanceof UnauthorizedError) this.forgetCredentials();
        throw error;
      }
      for await (const chunk of res.chunks()) {
        buffered += chunk;
        let newline: number;
        while ((newline = buffered.indexOf('\n')) >= 0) {
          const line = buffered.slice(0, newline);
          buffered = buffered.slice(newline + 1);
          if (!line.trim()) continue;
          onEvent(watchEvent(JSON.parse(line) as WatchEvent<T>, apiVersion, kind, describe));
        }
      }
    } catch (e) {
      throw this.failure(e, describe, options.signal);
    }
  }

  /**
   * Closes the connection pool: its sockets are destroyed, so requests and watches still running fail
   * (`Closed`), and so does every later request.
   */
  async close(): Promise<void> {
    this.closed = true;
    const t = this.transport;
    this.transport = undefined;
    if (t) (await t.catch(() => undefined))?.close();
  }

  private closedError(): OrkestraError {
    return new OrkestraError('Closed', 'this Kubeclient was closed');
  }

  /**
   * What a failed request throws: Orkestra's errors as they are, an abort as `Aborted`, after close() `Closed`, else
   * {@link toKubeError}.
   */
  private failure(e: unknown, describe: RequestDescription, signal: AbortSignal | undefined): OrkestraError {
    if (e instanceof OrkestraError) return e;
    if (signal?.aborted) return toKubeError(signal.reason ?? e, describe);
    if (this.closed) return this.closedError();
    return toKubeError(e, describe);
  }

  /**
   * Refused credentials that refresh (exec plugin, token file): the connection's owner gets fresh ones for the next
   * request.
   */
  private forgetCredentials(): void {
    (this.connectionOwner ?? this).config.forgetCredentials?.();
  }

  /**
   * TLS material and static headers are read once; exec, token-file and auth-provider credentials refresh per request.
   */
  private async connection(): Promise<{ transport: Transport; headers: Record<string, string | string[]> }> {
    if (this.closed) throw this.closedError();
    if (this.connectionOwner) {
      const { transport, headers } = await this.connectionOwner.connection();
      return { transport, headers: { ...headers, ...this.identityHeaders() } };
    }
    const dynamic = this.config.refreshesCredentials;
    if (!this.transport) {
      const pending = (async () => {
        // TLS material is ignored for an http:// server (a local proxy, a test server): plain HTTP.
        const tls = await this.config.tlsOptions();
        if (!dynamic) this.staticHeaders = { ...(await this.config.authHeaders()) };
        return this.httpVersion === '2'
          ? new Http2Transport(this.origin, { tls, idleSessionMs: 30_000 })
          : new HttpTransport(this.origin, { maxSockets: this.options.connections, tls, idleSocketMs: 30_000 });
      })();
      this.transport = pending;
      pending.catch(() => {
        if (this.transport === pending) this.transport = undefined;
      });
    }
    const transport = await this.transport;
    if (this.closed) {
      transport.close();
      throw this.closedError();
    }
    if (!dynamic) return { transport, headers: this.staticHeaders ?? {} };
    return { transport, headers: await this.config.authHeaders() };
  }

  protected send<T>(req: ObjectRequest): Promise<T> {
    const path = `${this.basePath}${req.path}${queryOf(req)}`;
    const body = req.body === undefined ? undefined : JSON.stringify(req.body);
    return retrying(req, this.options.retry, this.options.logger, async () => {
      this.requests.record(req.verb, req.resource);
      try {
        return await this.attempt<T>(req, path, body);
      } catch (e) {
        throw this.attemptFailure(e, req);
      }
    });
  }

  /**
   * One round trip in a turn of this client's identity: the answer's JSON, or the typed error of a non-2xx answer (a
   * {@link TransientFailure} when worth another).
   */
  private async attempt<T>(req: ObjectRequest, path: string, body: string | undefined): Promise<T> {
    const turns = (this.connectionOwner ?? this).turns;
    if (!turns) return this.roundTrip<T>(req, path, body);
    // One turn per identity in a round when the pool is busy: one identity's many requests never queue ahead of all
    // of another's.
    return turns.run(this.identity?.user ?? '', () => this.roundTrip<T>(req, path, body), req.signal);
  }

  /** One round trip (see {@link attempt}). */
  private async roundTrip<T>(req: ObjectRequest, path: string, body: string | undefined): Promise<T> {
    const { transport, headers } = await this.connection();
    const res = await transport.request({
      method: req.method,
      path,
      body,
      signal: req.signal,
      headers: {
        ...headers,
        accept: 'application/json',
        ...(body !== undefined ? { 'content-type': req.contentType ?? 'application/json' } : {}),
      },
      headersTimeoutMs: this.options.timeoutMs,
      bodyTimeoutMs: this.options.timeoutMs,
    });
    const text = await res.text();
    if (res.statusCode >= 200 && res.statusCode < 300) {
      this.options.logger.debug({ verb: req.verb, resource: req.resource, code: res.statusCode }, 'kube request');
      return (text ? JSON.parse(text) : undefined) as T;
    }
    const failure = answerFailure(res.statusCode, text, res.headers, req);
    // Refused credentials that refresh (exec plugin, token file): get fresh ones for the next request, as client-go
    // does.
    if (failure instanceof UnauthorizedError) this.forgetCredentials();
    throw failure;
  }

  /**
   * What a failed attempt throws: typed errors as they are, an abort or close as such, a network failure as
   * transient when sending it again is safe ({@link networkFailure}).
   */
  private attemptFailure(e: unknown, req: ObjectRequest): unknown {
    if (e instanceof TransientFailure || e instanceof OrkestraError) return e;
    if (req.signal?.aborted) return toKubeError(req.signal.reason ?? e, req.describe);
    if (this.closed) return this.closedError();
    return networkFailure(e, toKubeError(e, req.describe), req);
  }
}

/** `?a=1&b=2` of the request's query parameters that are set, or `''`. */
function queryOf(req: ObjectRequest): string {
  if (!req.query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(req.query)) if (v !== undefined) params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}
