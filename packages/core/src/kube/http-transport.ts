/**
 * The HTTP/1.1 transport under {@link Kubeclient}: Node's built-in `node:https` (or `node:http` for an `http://`
 * server) behind one kept-alive agent, with what a Kubernetes client needs on top of it — a headers timeout,
 * a body idle timeout, abort, and a body read whole or streamed as UTF-8 text (`response-body.ts`). The HTTP/2
 * transport is `http2-transport.ts`; what both share, `transport.ts`. Internal: not exported from the package.
 *
 * Why not undici: an operator process that sends its requests through undici keeps 15–20 MB more RSS (and
 * spends ~12% more CPU per request) than with `node:https`, within a budget of ~120 MB. See the README's choices.
 */
import type { ClientRequest, Agent as HttpAgent, request as httpRequest, IncomingMessage } from 'node:http';
import { responseBody } from './response-body.js';
import {
  abortReason,
  type Transport,
  TransportError,
  type TransportRequest,
  type TransportResponse,
  type TransportTls,
  tlsConnectOptions,
} from './transport.js';

// Not `import { … } from 'node:http'`: an ES module importing node:http builds its module namespace, which reads
// every export, the lazy ones too (`WebSocket`…), and so loads undici, http2, zlib and the web streams: ~75 builtin
// modules, 2–5 MiB of RSS, none of them used. `process.getBuiltinModule` returns the CommonJS exports as they are,
// and only when a transport of this kind is made (a client over HTTP/2 loads neither node:http nor node:https).
const httpModule = () => process.getBuiltinModule('node:http');
const httpsModule = () => process.getBuiltinModule('node:https');

/** Options of an {@link HttpTransport}. */
export interface HttpTransportOptions {
  /**
   * Sockets open at once to the server for ordinary requests (more wait for a free one); long-lived requests have their
   * own.
   */
  maxSockets: number;
  tls?: TransportTls | undefined;
  /** A kept-alive socket idle this long is closed; default 30000. */
  idleSocketMs?: number | undefined;
}

/**
 * One kept-alive connection pool to one server.
 *
 * @example
 * const tls = { ca, rejectUnauthorized: true };
 * const transport = new HttpTransport('https://127.0.0.1:6443', { maxSockets: 16, tls });
 * const timeouts = { headersTimeoutMs: 30_000, bodyTimeoutMs: 30_000 };
 * const res = await transport.request({ method: 'GET', path: '/version', headers: {}, ...timeouts });
 * console.log(res.statusCode, JSON.parse(await res.text()));
 * transport.close();
 */
export class HttpTransport implements Transport {
  private readonly agent: HttpAgent;
  /** Connections of long-lived requests: unbounded, still kept alive so the next watch can reuse one. */
  private readonly longLivedAgent: HttpAgent;
  private readonly send: typeof httpRequest;
  private readonly url: URL;
  private readonly hostname: string;
  private closed = false;

  constructor(origin: string, options: HttpTransportOptions) {
    this.url = new URL(origin);
    this.hostname = this.url.hostname.replace(/^\[(.*)\]$/, '$1'); // an IPv6 address without its brackets
    const common = {
      keepAlive: true,
      maxSockets: options.maxSockets,
      scheduling: 'lifo' as const,
      timeout: options.idleSocketMs ?? 30_000,
    };
    const unbounded = { ...common, maxSockets: Infinity };
    if (this.url.protocol === 'http:') {
      const http = httpModule();
      this.agent = new http.Agent(common);
      this.longLivedAgent = new http.Agent(unbounded);
      this.send = http.request;
    } else {
      const tlsOptions = tlsConnectOptions(options.tls);
      const https = httpsModule();
      this.agent = new https.Agent({ ...common, ...tlsOptions });
      this.longLivedAgent = new https.Agent({ ...unbounded, ...tlsOptions });
      this.send = https.request;
    }
  }

  /** Sends a request; resolves at the response's headers, whatever its status. */
  request(req: TransportRequest): Promise<TransportResponse> {
    if (this.closed)
      return Promise.reject(new TransportError('ORKESTRA_TRANSPORT_CLOSED', 'the connection pool was closed'));
    const { signal } = req;
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    return new Promise<TransportResponse>((resolve, reject) => {
      let res: IncomingMessage | undefined;
      let settled = false;
      const fail = (e: unknown) => {
        if (!settled) {
          settled = true;
          reject(e);
        }
      };
      // One listener for the request's whole life, headers and body; removed when the body is read or fails.
      const onAbort = () => {
        const reason = abortReason(signal!);
        clearTimeout(headersTimer);
        fail(reason);
        res?.destroy(reason as Error);
        request.destroy(reason as Error);
      };
      const done = () => signal?.removeEventListener('abort', onAbort);

      const headers: Record<string, string | string[]> = { ...req.headers };
      if (req.body !== undefined) headers['content-length'] = String(Buffer.byteLength(req.body));
      const request: ClientRequest = this.send({
        protocol: this.url.protocol,
        hostname: this.hostname,
        port: this.url.port || undefined,
        method: req.method,
        path: req.path,
        headers,
        agent: req.longLived ? this.longLivedAgent : this.agent,
      });
      const headersTimer = setTimeout(() => {
        const e = new TransportError(
          'ORKESTRA_HEADERS_TIMEOUT',
          `no response headers within ${req.headersTimeoutMs} ms`,
        );
        fail(e);
        done();
        request.destroy(e);
      }, req.headersTimeoutMs);
      signal?.addEventListener('abort', onAbort, { once: true });
      request.on('error', (e) => {
        clearTimeout(headersTimer);
        fail(e);
        if (!res) done();
      });
      request.on('response', (incoming) => {
        clearTimeout(headersTimer);
        res = incoming;
        if (settled) {
          incoming.destroy();
          return;
        }
        settled = true;
        resolve(
          responseBody(incoming, {
            statusCode: incoming.statusCode ?? 0,
            headers: incoming.headers,
            idleMs: req.bodyTimeoutMs,
            complete: () => incoming.complete,
            done,
          }),
        );
      });
      request.end(req.body);
    });
  }

  /** Destroys every socket of the pool, in use or idle; further requests fail (`ORKESTRA_TRANSPORT_CLOSED`). */
  close(): void {
    this.closed = true;
    this.agent.destroy();
    this.longLivedAgent.destroy();
  }
}
