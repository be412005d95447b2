/**
 * `Kubeclient`: the one way Orkestra talks to the API server. It takes its server and credentials from core's
 * own kubeconfig loader (`kubeconfig.ts`: kubeconfig files, in-cluster service accounts, exec and token-file
 * auth) — or from a client-node `KubeConfig` handed in — sends plain JSON over one kept-alive `node:https`
 * connection pool (`http-transport.ts`) or, with `http: '2'`, one HTTP/2 session (`http2-transport.ts`), and adds
 * what a controller needs: typed errors, bounded retries of transient failures, request counting, and an optional
 * read cache.
 *
 * It never imports `@kubernetes/client-node` at run time: that import alone costs ~80 MB of RSS. Nor undici
 * (15–20 MB more RSS in a process that sends requests than Node's own `node:https`; see the README's choices).
 *
 * Why not client-node's generated clients for every call: in client-node 2.x each request builds a new undici
 * Agent (no connection reuse, a TLS handshake per request), its object API deserialises timestamps into
 * `Date`s (so read objects no longer compare with written ones), and it has no generic status subresource.
 */

import type { Logger } from '../context.js';
import { silentLogger } from '../context.js';
import { NotFoundError, OrkestraError, type RequestDescription, UnauthorizedError } from '../errors.js';
import type { FieldStructure, OpenApiDocument } from '../field-structure.js';
import { matchesLabelSelector } from '../labels.js';
import type {
  ApplyOptions,
  CallOptions,
  DeleteOptions,
  ListOptions,
  ObjectClient,
  ObjectList,
  PatchOptions,
  PeekAnswer,
  ResourceInfo,
  WatchEvent,
  WatchOptions,
  WriteOptions,
} from '../object-client.js';
import type { KubeObject, ObjectRef } from '../objects.js';
import { errorFromStatus, toKubeError } from './api-errors.js';
import {
  type ConnectionConfig,
  clientNodeConnection,
  isClientNodeConfig,
  type KubeclientConfig,
} from './connection-config.js';
import { HttpTransport } from './http-transport.js';
import { type HttpVersion, httpVersion } from './http-version.js';
import { Http2Transport } from './http2-transport.js';
import { type Kubeconfig, loadInClusterConfig, loadKubeconfig } from './kubeconfig.js';
import {
  applyFailure,
  applyRequest,
  createRequest,
  Discovery,
  deleteRequest,
  describeRequest,
  getRequest,
  listRequest,
  listResult,
  type ObjectRequest,
  openApiRequest,
  patchRequest,
  remainingAfterDelete,
  watchEvent,
  watchQuery,
} from './object-requests.js';
import { openApiPath, SchemaCache } from './openapi-schemas.js';
import { RequestCounter } from './request-counter.js';
import { ResourceRegistry, resourcePath } from './resources.js';
import { answerFailure, networkFailure, type RetryOptions, retrying, retryPolicy, TransientFailure } from './retry.js';
import type { Transport } from './transport.js';

export type { ClientNodeKubeConfig, KubeclientConfig } from './connection-config.js';
export type { RetryOptions } from './retry.js';

/** What a read cache answers: `{ object }` (undefined = known absent), or `undefined` = "not cached, ask the server". */
export type CacheAnswer = { object: KubeObject | undefined } | undefined;

/**
 * A read cache the reconciler plugs in (informer caches). `get` answers from memory when it covers the kind
 * and namespace; `observe` hears of every write this client makes, so reads after our own write never see
 * the older copy (read-your-writes).
 */
export interface ReadCache {
  /**
   * With `labelSelector`, the question is "the object if it carries these labels": a cache that holds every
   * object matching exactly that selector may answer a miss with `{ object: undefined }`. Without it, a cache
   * that holds only some objects of a kind must answer a miss with `undefined`.
   */
  get(ref: ObjectRef, options?: { labelSelector?: string }): CacheAnswer;
  observe?(event: { type: 'written'; object: KubeObject } | { type: 'deleted'; ref: ObjectRef }): void;
}

/** Options of every {@link Kubeclient} constructor. */
export interface KubeclientOptions {
  retry?: RetryOptions;
  /** Per-request timeout in ms (headers and body); default 30000. */
  timeoutMs?: number;
  /** Logs retries at `warn`, each request at `debug`. Bodies are never logged. */
  logger?: Logger;
  /** HTTP/1.1 only: connections kept open to the API server for requests; default 16. Every watch has a connection of its own besides. */
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
 * await kube.apply({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', namespace: 'shop' }, data: { a: '1' } },
 *   { fieldManager: 'my-operator' });
 * kube.requests.snapshot(); // { 'apply configmaps': 1, 'get configmaps': 1 }
 */
export class Kubeclient implements ObjectClient {
  /** Every request this client sent, by verb and resource. */
  readonly requests = new RequestCounter();
  /** Plurals and scopes of kinds; register a kind here to spare its discovery request. */
  readonly resources = new ResourceRegistry();
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
  private readonly discovery = new Discovery(this.resources, (request) => this.send(request));
  private readonly schemas = new SchemaCache((path, signal) => this.readOpenApi(path, signal));
  private async readOpenApi(path: string, signal: AbortSignal | undefined): Promise<OpenApiDocument | undefined> {
    try {
      return await this.send<OpenApiDocument>(openApiRequest(path, signal));
    } catch (e) {
      if (e instanceof NotFoundError) return undefined;
      throw e;
    }
  }
  private caches: ReadCache[] = [];
  private closed = false;

  /**
   * A client for `config`: core's {@link Kubeconfig} (from {@link loadKubeconfig}), or the current context of a
   * client-node `KubeConfig`. Sends nothing yet: TLS material and credentials are got at the first request.
   */
  constructor(config: KubeclientConfig, options: KubeclientOptions = {}) {
    this.kubeConfig = config;
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

  /** Plugs in (or, with `undefined`, removes) the read cache `get` consults first, replacing any others. */
  setReadCache(cache: ReadCache | undefined): void {
    this.caches = cache ? [cache] : [];
  }

  /**
   * Adds a read cache beside those already plugged in (several reconcilers can share one client); `get`
   * asks each in turn, and each hears of every write. Returns a function that removes it again.
   */
  addReadCache(cache: ReadCache): () => void {
    this.caches = [...this.caches, cache];
    return () => {
      this.caches = this.caches.filter((c) => c !== cache);
    };
  }

  private cached(ref: ObjectRef, labelSelector?: string): CacheAnswer {
    for (const c of this.caches) {
      const answer = c.get(ref, labelSelector === undefined ? undefined : { labelSelector });
      if (answer) return answer;
    }
    return undefined;
  }

  private observe(event: { type: 'written'; object: KubeObject } | { type: 'deleted'; ref: ObjectRef }): void {
    for (const c of this.caches) c.observe?.(event);
  }

  /**
   * How `apiVersion`/`kind` is served: from the registry, or through one discovery request per apiVersion,
   * cached. A kind the cached answer lacks (a CRD installed since) discovers its apiVersion again, once per
   * call; a kind the server does not serve is a `NotFoundError`.
   */
  resourceFor(apiVersion: string, kind: string, options: CallOptions = {}): Promise<ResourceInfo> {
    return this.discovery.resourceFor(apiVersion, kind, options);
  }

  /**
   * How the fields of `apiVersion`/`kind` merge, from the API server's OpenAPI v3 schema (built-in kinds and
   * CRDs alike): what the drift matcher needs. One request per group-version for the life of the client;
   * `undefined` when the server publishes no schema for the kind.
   */
  schemaFor(apiVersion: string, kind: string, options: CallOptions = {}): Promise<FieldStructure | undefined> {
    return this.schemas.schemaFor(apiVersion, kind, options.signal);
  }

  /**
   * The API server's whole OpenAPI v3 document of `apiVersion` (`/openapi/v3/apis/apps/v1`), types and
   * validation included, or `undefined` when it publishes none. Not cached: one request per call (for tools
   * such as `orkestra validate`; the drift matcher uses {@link schemaFor}).
   */
  openApiDocument(apiVersion: string, options: CallOptions = {}): Promise<OpenApiDocument | undefined> {
    return this.readOpenApi(openApiPath(apiVersion), options.signal);
  }

  /**
   * Reads one object; `undefined` when it does not exist. Answered by the read cache when one is plugged
   * in and covers the object.
   */
  async get<T extends KubeObject = KubeObject>(ref: ObjectRef, options: CallOptions = {}): Promise<T | undefined> {
    const cached = this.cached(ref);
    if (cached) return cached.object as T | undefined;
    const info = await this.resourceFor(ref.apiVersion, ref.kind, options);
    try {
      return await this.send<T>(getRequest(info, ref, options));
    } catch (e) {
      if (e instanceof NotFoundError) return undefined;
      throw e;
    }
  }

  /**
   * What the plugged-in read caches know of an object, without a request: `{ object }` (undefined: known
   * absent), or `undefined` when no cache can tell. With `labelSelector` the question is "the object, if it
   * carries these labels": a cache that holds every object of that selector answers a miss as well.
   *
   * @example
   * kube.peek(ref, { labelSelector: childSelector() }); // { object: undefined }: no Orkestra child of that name
   */
  peek<T extends KubeObject = KubeObject>(
    ref: ObjectRef,
    options: { labelSelector?: string } = {},
  ): PeekAnswer<T> | undefined {
    const answer = this.cached(ref, options.labelSelector);
    if (!answer) return undefined;
    const { object } = answer;
    return {
      object:
        object &&
        (options.labelSelector === undefined || matchesLabelSelector(object.metadata.labels, options.labelSelector))
          ? (object as T)
          : undefined,
    };
  }

  /**
   * Lists objects of a kind, in one namespace or (no namespace) all of them. With `limit`, one page: the answer's
   * `continue` token, when present, asks for the next (pass it back with the same selectors); without `limit`
   * the server sends everything at once.
   */
  async list<T extends KubeObject = KubeObject>(
    apiVersion: string,
    kind: string,
    options: ListOptions = {},
  ): Promise<ObjectList<T>> {
    const info = await this.resourceFor(apiVersion, kind, options);
    return listResult(await this.send<{ items?: T[] }>(listRequest(info, options)), apiVersion, kind);
  }

  /** Creates an object; `AlreadyExistsError` when one of that name exists. */
  async create<T extends KubeObject>(obj: T, options: WriteOptions = {}): Promise<T> {
    const info = await this.resourceFor(obj.apiVersion, obj.kind, options);
    const created = await this.send<T>(createRequest(info, obj, options));
    if (!options.dryRun) this.observe({ type: 'written', object: created });
    return created;
  }

  /**
   * Server-side apply: the server merges `obj` into the live object (creating it when missing), the field
   * manager owns every field `obj` sets, and fields it owned before and `obj` no longer sets are removed.
   * `force` (default true) takes fields over from other managers, as a controller must. `createOnly` makes
   * it a create: when an object of that name exists (whoever made it, whatever its labels) nothing is
   * written and it throws `AlreadyExistsError`; the fields still belong to the field manager as with any apply.
   *
   * @example
   * await kube.apply(configMap, { fieldManager: 'my-operator' });                     // create or update
   * await kube.apply(configMap, { fieldManager: 'my-operator', createOnly: true });   // create, or AlreadyExistsError
   */
  async apply<T extends KubeObject>(obj: T, options: ApplyOptions): Promise<T> {
    const info = await this.resourceFor(obj.apiVersion, obj.kind, options);
    const request = applyRequest(info, obj, options);
    let applied: T;
    try {
      applied = await this.send<T>(request);
    } catch (e) {
      throw applyFailure(e, request, options);
    }
    if (!options.dryRun) this.observe({ type: 'written', object: applied });
    return applied;
  }

  /** Replaces an object (PUT); `obj.metadata.resourceVersion` makes it conditional (ConflictError when stale). */
  async update<T extends KubeObject>(obj: T, options: WriteOptions = {}): Promise<T> {
    const info = await this.resourceFor(obj.apiVersion, obj.kind, options);
    const updated = await this.send<T>({
      ...createRequest(info, obj, options),
      verb: 'update',
      method: 'PUT',
      path: resourcePath(info, obj.metadata.namespace, obj.metadata.name),
      describe: describeRequest('update', obj),
    });
    if (!options.dryRun) this.observe({ type: 'written', object: updated });
    return updated;
  }

  /**
   * Patches an object, or with `subresource: 'status'` its status. `type` is `merge` (RFC 7386, default),
   * `json` (RFC 6902) or `strategic`.
   */
  async patch<T extends KubeObject = KubeObject>(
    ref: ObjectRef,
    patch: unknown,
    options: PatchOptions = {},
  ): Promise<T> {
    const info = await this.resourceFor(ref.apiVersion, ref.kind, options);
    const patched = await this.send<T>(patchRequest(info, ref, patch, options));
    if (!options.dryRun) this.observe({ type: 'written', object: patched });
    return patched;
  }

  /**
   * Merge-patches the status subresource: `patchStatus(cr, { conditions: [...] })`. Only what `status`
   * names changes.
   */
  patchStatus<T extends KubeObject = KubeObject>(
    ref: ObjectRef,
    status: Record<string, unknown>,
    options: WriteOptions = {},
  ): Promise<T> {
    return this.patch<T>(ref, { status }, { ...options, type: 'merge', subresource: 'status' });
  }

  /**
   * Deletes an object. Returns `true` when it was deleted (or its deletion began), `false` when it did not
   * exist. With `preconditions.uid`, an object of the same name but another UID is left alone (ConflictError).
   */
  async delete(ref: ObjectRef, options: DeleteOptions = {}): Promise<boolean> {
    const info = await this.resourceFor(ref.apiVersion, ref.kind, options);
    let answer: unknown;
    try {
      answer = await this.send(deleteRequest(info, ref, options));
    } catch (e) {
      if (e instanceof NotFoundError) {
        this.observe({ type: 'deleted', ref });
        return false;
      }
      throw e;
    }
    const remaining = remainingAfterDelete(ref, answer);
    this.observe(remaining ? { type: 'written', object: remaining } : { type: 'deleted', ref });
    return true;
  }

  /**
   * Streams changes of a kind: calls `onEvent` for every event, in order, until the server ends the watch
   * (resolves), the stream fails or stalls (rejects: `UnavailableError`; a `410 Gone` answer: an error of
   * code 410), or `signal` aborts. Not retried here: an informer decides whether to re-watch or relist.
   *
   * @example
   * await kube.watch('v1', 'ConfigMap', { namespace: 'shop', resourceVersion: list.resourceVersion }, (e) => console.log(e.type));
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
        if (error instanceof UnauthorizedError) this.config.forgetCredentials?.();
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

  /** What a failed request throws: Orkestra's errors as they are, an abort as `Aborted`, after close() `Closed`, else {@link toKubeError}. */
  private failure(e: unknown, describe: RequestDescription, signal: AbortSignal | undefined): OrkestraError {
    if (e instanceof OrkestraError) return e;
    if (signal?.aborted) return toKubeError(signal.reason ?? e, describe);
    if (this.closed) return this.closedError();
    return toKubeError(e, describe);
  }

  /** TLS material and static headers are read once; exec, token-file and auth-provider credentials refresh per request. */
  private async connection(): Promise<{ transport: Transport; headers: Record<string, string> }> {
    if (this.closed) throw this.closedError();
    const dynamic = this.config.refreshesCredentials;
    if (!this.transport) {
      const pending = (async () => {
        // TLS material is ignored for an http:// server (a local proxy, a test server): plain HTTP, as before.
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

  private send<T>(req: ObjectRequest): Promise<T> {
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

  /** One round trip: the answer's JSON, or the typed error of a non-2xx answer (a {@link TransientFailure} when worth another). */
  private async attempt<T>(req: ObjectRequest, path: string, body: string | undefined): Promise<T> {
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
    // Refused credentials that refresh (exec plugin, token file): get fresh ones for the next request, as client-go does.
    if (failure instanceof UnauthorizedError) this.config.forgetCredentials?.();
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
