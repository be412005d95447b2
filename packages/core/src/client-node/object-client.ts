/**
 * `ClientNodeObjectClient`: core's `ControllerClient` over `@kubernetes/client-node` — its `KubeConfig` for the
 * connection (every auth method client-node knows, `proxy-url`, one `KubeConfig` shared with code that already
 * uses client-node), its `KubernetesObjectApi` for requests and its `Watch` for watches. The calls themselves
 * (paths, queries, bodies, how answers read, discovery, read caches) are core's request core, shared with
 * `Kubeclient` (`kube/request-client.ts`), and so are the typed errors, the retry policy and the request counter:
 * the lifecycle, the reconciler and the Manager cannot tell the two apart.
 */
import { ApiException, type KubeConfig, Watch } from '@kubernetes/client-node';
import type { Logger } from '../context.js';
import { silentLogger } from '../context.js';
import type { Impersonation } from '../controller-client.js';
import { OrkestraError, type RequestDescription } from '../errors.js';
import { errorFromStatus, toKubeError } from '../kube/api-errors.js';
import { type ObjectRequest, watchEvent, watchQuery } from '../kube/object-requests.js';
import { RequestClient } from '../kube/request-client.js';
import { resourcePath } from '../kube/resources.js';
import { answerFailure, networkFailure, type RetryOptions, retrying, retryPolicy } from '../kube/retry.js';
import type { WatchEvent, WatchOptions } from '../object-client.js';
import type { KubeObject } from '../objects.js';
import { impersonatingKubeConfig } from './impersonation.js';
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
 * A `ControllerClient` over `@kubernetes/client-node`: the same calls, answers and typed errors as `Kubeclient`
 * (server-side apply, create by POST, list in pages, watch, discovery of custom kinds, read caches, impersonation,
 * `requests` counting every round trip by verb and resource), sent through a client-node `KubeConfig`: a
 * `GenericReconciler` or a `Manager` runs on it as on `Kubeclient`. Choose it for what only client-node
 * does — auth-provider users (oidc, gcp, azure), a cluster behind `proxy-url` — or to share one `KubeConfig` with
 * code that already uses client-node; it costs client-node's import (its memory: see `Kubeclient`) and a TLS
 * handshake per request (client-node 2.x builds a new undici agent for each). See the README, "Two clients".
 *
 * @example
 * import { KubeConfig } from '@kubernetes/client-node';
 * import { ClientNodeObjectClient } from '@orkestra/core/client-node';
 * const kc = new KubeConfig();
 * kc.loadFromDefault();
 * const kube = new ClientNodeObjectClient(kc);          // where `new Kubeclient(...)` would go
 * await updateChild(ctx, kube, owner, desired);
 */
export class ClientNodeObjectClient extends RequestClient {
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
  /** Aborted when this client or the one it impersonates for (see {@link impersonate}) is closed. */
  private closed: AbortSignal = this.closing.signal;
  private readonly givenOptions: ClientNodeObjectClientOptions;
  /** The `KubeConfig` given to the first client: an impersonation of an impersonation acts for it, not for both. */
  private authenticating: KubeConfig;
  /** A client for the current context of `kubeConfig`. Sends nothing yet. */
  constructor(kubeConfig: KubeConfig, options: ClientNodeObjectClientOptions = {}) {
    super();
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
    this.givenOptions = options;
    this.authenticating = kubeConfig;
  }

  /**
   * A client acting as `identity` (`Impersonate-User`, `Impersonate-Group` on every request and watch), through a
   * `KubeConfig` that authenticates as this one's. It shares this client's kind registry and request tally, not its
   * read caches; {@link close} of this client closes it too. See `ControllerClient.impersonate`.
   */
  impersonate(identity: Impersonation): ClientNodeObjectClient {
    const client = new ClientNodeObjectClient(
      impersonatingKubeConfig(this.authenticating, identity),
      this.givenOptions,
    ).actAs(this, identity);
    client.authenticating = this.authenticating;
    client.closed = AbortSignal.any([client.closing.signal, this.closed]);
    return client;
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
    if (this.closed.aborted) throw closedError();
    this.requests.record('watch', info.plural);
    const watcher = new Watch(this.kubeConfig);
    // The Watch's own timer: for the response's headers, then the longest silence within the stream.
    Object.assign(watcher, { requestTimeoutMs: options.idleTimeoutMs ?? 180_000 });
    const signal = AbortSignal.any([this.closed, ...(options.signal ? [options.signal] : [])]);
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
    if (this.closed.aborted) return closedError();
    // client-node's Watch answers a non-200 status with an Error carrying only `statusCode`.
    const statusCode = (e as { statusCode?: unknown } | null)?.statusCode;
    if (typeof statusCode === 'number') return errorFromStatus(statusCode, undefined, describe, e);
    return toKubeError(e, describe);
  }

  protected send<T>(request: ObjectRequest): Promise<T> {
    return retrying(request, this.retry, this.logger, async () => {
      if (this.closed.aborted) throw closedError();
      this.requests.record(request.verb, request.resource);
      const signals = [this.closed, AbortSignal.timeout(this.timeoutMs)];
      if (request.signal) signals.push(request.signal);
      try {
        const answer = await this.api.sendJson<T>(request, AbortSignal.any(signals));
        this.logger.debug({ verb: request.verb, resource: request.resource }, 'kube request');
        return answer;
      } catch (e) {
        // An answer (client-node's ApiException: code, body, headers) — not a DOMException, whose `code` is a number
        // too.
        if (e instanceof ApiException && !request.signal?.aborted && !this.closed.aborted) {
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
