/**
 * `ClientNodeObjectClient`: core's `ObjectClient` over `@kubernetes/client-node` — its `KubeConfig` for the
 * connection (every auth method client-node knows, `proxy-url`, one `KubeConfig` shared with code that already
 * uses client-node), its `KubernetesObjectApi` for requests and its `Watch` for watches. The requests themselves
 * (paths, queries, bodies, how answers read) are core's, shared with `Kubeclient` (`kube/object-requests.ts`),
 * and so are the typed errors, the retry policy and the request counter: the lifecycle and the resource contract
 * cannot tell the two apart.
 */
import { ApiException, type KubeConfig, Watch } from '@kubernetes/client-node';
import type { Logger } from '../context.js';
import { silentLogger } from '../context.js';
import { NotFoundError, OrkestraError, type RequestDescription } from '../errors.js';
import type { FieldStructure, OpenApiDocument } from '../field-structure.js';
import { errorFromStatus, toKubeError } from '../kube/api-errors.js';
import {
  applyFailure,
  applyRequest,
  createRequest,
  Discovery,
  deleteRequest,
  getRequest,
  listRequest,
  listResult,
  type ObjectRequest,
  openApiRequest,
  patchRequest,
  watchEvent,
  watchQuery,
} from '../kube/object-requests.js';
import { SchemaCache } from '../kube/openapi-schemas.js';
import { RequestCounter } from '../kube/request-counter.js';
import { ResourceRegistry, resourcePath } from '../kube/resources.js';
import { answerFailure, networkFailure, type RetryOptions, retrying, retryPolicy } from '../kube/retry.js';
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
import { JsonObjectApi } from './json-object-api.js';

/** Options of a {@link ClientNodeObjectClient}. */
export interface ClientNodeObjectClientOptions {
  /** Retries of transient failures, as `Kubeclient`'s (default: 5 further attempts, 200 ms doubling to 5 s). */
  retry?: RetryOptions;
  /** Per attempt of a request, in ms (connecting, headers and body together); default 30000. */
  timeoutMs?: number;
  /** Logs retries at `warn`, each request at `debug`. Bodies are never logged. */
  logger?: Logger;
}

/**
 * An {@link ObjectClient} over `@kubernetes/client-node`: the same calls, answers and typed errors as `Kubeclient`
 * (server-side apply, create by POST, list in pages, watch, discovery of custom kinds, `requests` counting every
 * round trip by verb and resource), sent through a client-node `KubeConfig`. Choose it for what only client-node
 * does — auth-provider users (oidc, gcp, azure), a cluster behind `proxy-url` — or to share one `KubeConfig` with
 * code that already uses client-node; it costs client-node's import (~80 MB of RSS) and a TLS handshake per
 * request (client-node 2.x builds a new undici agent for each). See the README, "Two clients".
 *
 * No read cache: {@link peek} knows nothing, and every {@link get} is a request.
 *
 * @example
 * import { KubeConfig } from '@kubernetes/client-node';
 * import { ClientNodeObjectClient } from '@orkestra/core/client-node';
 * const kc = new KubeConfig();
 * kc.loadFromDefault();
 * const kube = new ClientNodeObjectClient(kc);          // where `new Kubeclient(...)` would go
 * await updateChild(ctx, kube, owner, desired);
 */
export class ClientNodeObjectClient implements ObjectClient {
  /** Every request this client sent, by verb and resource (each retry is one more). */
  readonly requests = new RequestCounter();
  /** Plurals and scopes of kinds; register a kind here to spare its discovery request. */
  readonly resources = new ResourceRegistry();
  /** The `KubeConfig` this client sends through. */
  readonly kubeConfig: KubeConfig;
  /** The API server's URL. */
  readonly server: string;
  /** The namespace of the current context, when it sets one. */
  readonly contextNamespace: string | undefined;

  private readonly api: JsonObjectApi;
  private readonly timeoutMs: number;
  private readonly retry: Required<RetryOptions>;
  private readonly logger: Logger;
  private readonly closing = new AbortController();
  private readonly discovery = new Discovery(this.resources, (request) => this.send(request));
  private readonly schemas = new SchemaCache(async (path, signal) => {
    try {
      return await this.send<OpenApiDocument>(openApiRequest(path, signal));
    } catch (e) {
      if (e instanceof NotFoundError) return undefined;
      throw e;
    }
  });

  /** A client for the current context of `kubeConfig`. Sends nothing yet. */
  constructor(kubeConfig: KubeConfig, options: ClientNodeObjectClientOptions = {}) {
    const cluster = kubeConfig.getCurrentCluster();
    if (!cluster) {
      throw new OrkestraError(
        'Config',
        'the kubeconfig has no current cluster: set current-context, or load a kubeconfig with one',
      );
    }
    this.kubeConfig = kubeConfig;
    this.server = cluster.server.replace(/\/+$/, '');
    const context = kubeConfig.getCurrentContext();
    this.contextNamespace = (context && kubeConfig.getContextObject(context)?.namespace) || undefined;
    this.api = kubeConfig.makeApiClient(JsonObjectApi);
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.retry = retryPolicy(options.retry);
    this.logger = options.logger ?? silentLogger;
  }

  resourceFor(apiVersion: string, kind: string, options: CallOptions = {}): Promise<ResourceInfo> {
    return this.discovery.resourceFor(apiVersion, kind, options);
  }

  schemaFor(apiVersion: string, kind: string, options: CallOptions = {}): Promise<FieldStructure | undefined> {
    return this.schemas.schemaFor(apiVersion, kind, options.signal);
  }

  async get<T extends KubeObject = KubeObject>(ref: ObjectRef, options: CallOptions = {}): Promise<T | undefined> {
    const info = await this.resourceFor(ref.apiVersion, ref.kind, options);
    try {
      return await this.send<T>(getRequest(info, ref, options));
    } catch (e) {
      if (e instanceof NotFoundError) return undefined;
      throw e;
    }
  }

  /** Always `undefined`: this client keeps no cache, so nothing is known without a request. */
  peek<T extends KubeObject = KubeObject>(): PeekAnswer<T> | undefined {
    return undefined;
  }

  async list<T extends KubeObject = KubeObject>(
    apiVersion: string,
    kind: string,
    options: ListOptions = {},
  ): Promise<ObjectList<T>> {
    const info = await this.resourceFor(apiVersion, kind, options);
    return listResult(await this.send<{ items?: T[] }>(listRequest(info, options)), apiVersion, kind);
  }

  async create<T extends KubeObject>(obj: T, options: WriteOptions = {}): Promise<T> {
    const info = await this.resourceFor(obj.apiVersion, obj.kind, options);
    return this.send<T>(createRequest(info, obj, options));
  }

  async apply<T extends KubeObject>(obj: T, options: ApplyOptions): Promise<T> {
    const info = await this.resourceFor(obj.apiVersion, obj.kind, options);
    const request = applyRequest(info, obj, options);
    try {
      return await this.send<T>(request);
    } catch (e) {
      throw applyFailure(e, request, options);
    }
  }

  async patch<T extends KubeObject = KubeObject>(
    ref: ObjectRef,
    patch: unknown,
    options: PatchOptions = {},
  ): Promise<T> {
    const info = await this.resourceFor(ref.apiVersion, ref.kind, options);
    return this.send<T>(patchRequest(info, ref, patch, options));
  }

  async delete(ref: ObjectRef, options: DeleteOptions = {}): Promise<boolean> {
    const info = await this.resourceFor(ref.apiVersion, ref.kind, options);
    try {
      await this.send(deleteRequest(info, ref, options));
      return true;
    } catch (e) {
      if (e instanceof NotFoundError) return false;
      throw e;
    }
  }

  /**
   * Streams changes of a kind through client-node's `Watch`: resolves when the server ends the watch, rejects
   * when it fails (an `ERROR` event as its typed error, 410 included), stays silent longer than `idleTimeoutMs`
   * (default 180000; `UnavailableError`) or `onEvent` throws; `signal` aborts it (`Aborted`).
   */
  async watch<T extends KubeObject = KubeObject>(
    apiVersion: string,
    kind: string,
    options: WatchOptions,
    onEvent: (event: WatchEvent<T>) => void,
  ): Promise<void> {
    const info = await this.resourceFor(apiVersion, kind, options);
    const describe: RequestDescription = { verb: 'watch', kind, namespace: options.namespace };
    if (this.closing.signal.aborted) throw closedError();
    this.requests.record('watch', info.plural);
    const watcher = new Watch(this.kubeConfig);
    // The Watch's own timer: for the response's headers, then the longest silence within the stream.
    Object.assign(watcher, { requestTimeoutMs: options.idleTimeoutMs ?? 180_000 });
    const signal = AbortSignal.any([this.closing.signal, ...(options.signal ? [options.signal] : [])]);
    return new Promise<void>((resolve, reject) => {
      let controller: AbortController | undefined;
      let settled = false;
      const finish = (e: unknown) => {
        if (settled) return;
        settled = true;
        signal.removeEventListener('abort', onAbort);
        controller?.abort();
        if (e === undefined || e === null) resolve();
        else reject(this.failure(e, describe, options.signal));
      };
      const onAbort = () => finish(signal.reason ?? new DOMException('aborted', 'AbortError'));
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      const onLine = (type: string, object: unknown) => {
        if (settled) return;
        try {
          onEvent(watchEvent({ type, object } as WatchEvent<T>, apiVersion, kind, describe));
        } catch (e) {
          finish(e); // client-node's Watch swallows what its callback throws
        }
      };
      watcher.watch(resourcePath(info, options.namespace), watchQuery(options), onLine, finish).then((started) => {
        controller = started;
        if (settled) started.abort();
      }, finish);
    });
  }

  /** Aborts the requests and watches still running (`Closed`) and refuses every later one. */
  async close(): Promise<void> {
    this.closing.abort(closedError());
  }

  /** What a failed request or watch throws: core's errors as they are, the caller's abort as `Aborted`, else typed. */
  private failure(e: unknown, describe: RequestDescription, signal: AbortSignal | undefined): OrkestraError {
    if (e instanceof OrkestraError) return e;
    if (signal?.aborted) return toKubeError(signal.reason ?? e, describe);
    if (this.closing.signal.aborted) return closedError();
    // client-node's Watch answers a non-200 status with an Error carrying only `statusCode`.
    const statusCode = (e as { statusCode?: unknown } | null)?.statusCode;
    if (typeof statusCode === 'number') return errorFromStatus(statusCode, undefined, describe, e);
    return toKubeError(e, describe);
  }

  private send<T>(request: ObjectRequest): Promise<T> {
    return retrying(request, this.retry, this.logger, async () => {
      if (this.closing.signal.aborted) throw closedError();
      this.requests.record(request.verb, request.resource);
      const signals = [this.closing.signal, AbortSignal.timeout(this.timeoutMs)];
      if (request.signal) signals.push(request.signal);
      try {
        const answer = await this.api.sendJson<T>(request, AbortSignal.any(signals));
        this.logger.debug({ verb: request.verb, resource: request.resource }, 'kube request');
        return answer;
      } catch (e) {
        // An answer (client-node's ApiException: code, body, headers) — not a DOMException, whose `code` is a number too.
        if (e instanceof ApiException && !request.signal?.aborted && !this.closing.signal.aborted) {
          const { code, body, headers } = e as ApiException<unknown>;
          throw answerFailure(code, body, headers ?? {}, request, e);
        }
        const error = this.failure(e, request.describe, request.signal);
        throw error.reason === 'Unavailable' ? networkFailure(e, error, request) : error;
      }
    });
  }
}

function closedError(): OrkestraError {
  return new OrkestraError('Closed', 'this ClientNodeObjectClient was closed');
}
