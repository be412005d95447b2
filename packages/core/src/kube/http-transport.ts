/**
 * The HTTP transport under {@link Kubeclient}: Node's built-in `node:https` (or `node:http` for an `http://`
 * server) behind one kept-alive agent, with what a Kubernetes client needs on top of it — a headers timeout,
 * a body idle timeout, abort, and a body read whole or streamed as UTF-8 text. Internal: not exported from
 * the package.
 *
 * Why not undici: an operator process that sends its requests through undici keeps 15–20 MB more RSS (and
 * spends ~12% more CPU per request) than with `node:https`, within a budget of ~120 MB. See the README's choices.
 */
import type { ClientRequest, Agent as HttpAgent, IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

// Not `import { … } from 'node:http'`: an ES module importing node:http builds its module namespace, which reads
// every export, the lazy ones too (`WebSocket`…), and so loads undici, http2, zlib and the web streams: ~75 builtin
// modules, 2–5 MiB of RSS, none of them used. `process.getBuiltinModule` returns the CommonJS exports as they are.
const http = process.getBuiltinModule('node:http');

/** TLS material of the connection (ignored for an `http://` server). */
export interface TransportTls {
  ca?: string | undefined;
  cert?: string | undefined;
  key?: string | undefined;
  rejectUnauthorized: boolean;
  servername?: string | undefined;
}

/** Options of an {@link HttpTransport}. */
export interface HttpTransportOptions {
  /** Sockets open at once to the server for ordinary requests (more wait for a free one); long-lived requests have their own. */
  maxSockets: number;
  tls?: TransportTls | undefined;
  /** A kept-alive socket idle this long is closed; default 30000. */
  idleSocketMs?: number | undefined;
}

/** One request. */
export interface TransportRequest {
  method: string;
  /** Path and query, starting with `/`. */
  path: string;
  headers: Record<string, string>;
  body?: string | undefined;
  /** Aborting destroys the request; it then rejects with `signal.reason` (an `AbortError` when none was given). */
  signal?: AbortSignal | undefined;
  /** From sending the request (connecting included) to the response's headers; {@link TransportError} `HEADERS_TIMEOUT` when exceeded. */
  headersTimeoutMs: number;
  /** Longest silence between two chunks of the body; {@link TransportError} `BODY_TIMEOUT` when exceeded. */
  bodyTimeoutMs: number;
  /**
   * A long-lived request (a watch): it gets a connection of its own, outside the `maxSockets` pool, so that
   * any number of open watches never leaves ordinary requests waiting for a free connection.
   */
  longLived?: boolean | undefined;
}

/** A response whose body is read once: whole ({@link text}) or as a stream of text ({@link chunks}). */
export interface TransportResponse {
  readonly statusCode: number;
  /** Header names in lower case. */
  readonly headers: IncomingHttpHeaders;
  /** The whole body as UTF-8 text. */
  text(): Promise<string>;
  /** The body as it arrives, decoded as UTF-8 (a character split between two chunks comes whole). */
  chunks(): AsyncIterable<string>;
}

/** Error codes of the transport's own failures; the first two are network failures (see `isNetworkError`). */
export type TransportErrorCode = 'ORKESTRA_HEADERS_TIMEOUT' | 'ORKESTRA_BODY_TIMEOUT' | 'ORKESTRA_TRANSPORT_CLOSED';

/** A failure of the transport itself, by {@link TransportErrorCode}; socket errors pass through as Node raises them (`ECONNRESET`, …). */
export class TransportError extends Error {
  override readonly name = 'TransportError';
  constructor(
    readonly code: TransportErrorCode,
    message: string,
  ) {
    super(message);
  }
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

/**
 * One kept-alive connection pool to one server.
 *
 * @example
 * const transport = new HttpTransport('https://127.0.0.1:6443', { maxSockets: 16, tls: { ca, rejectUnauthorized: true } });
 * const res = await transport.request({ method: 'GET', path: '/version', headers: {}, headersTimeoutMs: 30_000, bodyTimeoutMs: 30_000 });
 * console.log(res.statusCode, JSON.parse(await res.text()));
 * transport.close();
 */
export class HttpTransport {
  private readonly agent: HttpAgent;
  /** Connections of long-lived requests: unbounded, still kept alive so the next watch can reuse one. */
  private readonly longLivedAgent: HttpAgent;
  private readonly send: typeof http.request;
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
      this.agent = new http.Agent(common);
      this.longLivedAgent = new http.Agent(unbounded);
      this.send = http.request;
    } else {
      const tls = options.tls;
      const tlsOptions = {
        ca: tls?.ca,
        cert: tls?.cert,
        key: tls?.key,
        rejectUnauthorized: tls?.rejectUnauthorized ?? true,
        ...(tls?.servername ? { servername: tls.servername } : {}),
      };
      this.agent = new HttpsAgent({ ...common, ...tlsOptions });
      this.longLivedAgent = new HttpsAgent({ ...unbounded, ...tlsOptions });
      this.send = httpsRequest;
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

      const headers: Record<string, string> = { ...req.headers };
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
        resolve(bodyOf(incoming, req.bodyTimeoutMs, done));
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

/** The response's body, read once; `done` runs when it has been read to its end or has failed. */
function bodyOf(res: IncomingMessage, idleMs: number, done: () => void): TransportResponse {
  let read = false;
  const once = () => {
    if (read) throw new Error('the response body was already read');
    read = true;
  };
  /** Fails the body with BODY_TIMEOUT after `idleMs` without data; every chunk restarts the clock. */
  const idleTimer = () =>
    setTimeout(
      () => res.destroy(new TransportError('ORKESTRA_BODY_TIMEOUT', `no data from the server for ${idleMs} ms`)),
      idleMs,
    );
  res.once('close', done);
  // An abort can destroy the body before anyone reads it: keep that from being an unhandled 'error'
  // (text() and chunks() see it through `res.errored`).
  res.on('error', () => undefined);
  return {
    statusCode: res.statusCode ?? 0,
    headers: res.headers,
    text() {
      once();
      return new Promise<string>((resolve, reject) => {
        if (res.errored) return reject(res.errored);
        const parts: Buffer[] = [];
        const timer = idleTimer();
        res.on('data', (chunk: Buffer) => {
          parts.push(chunk);
          timer.refresh();
        });
        res.once('end', () => {
          clearTimeout(timer);
          resolve(parts.length === 1 ? parts[0]!.toString('utf8') : Buffer.concat(parts).toString('utf8'));
        });
        res.once('error', (e) => {
          clearTimeout(timer);
          reject(e);
        });
      });
    },
    chunks() {
      once();
      res.setEncoding('utf8'); // a StringDecoder: multi-byte characters split across chunks come out whole
      return (async function* () {
        const timer = idleTimer();
        try {
          for await (const chunk of res) {
            timer.refresh();
            yield chunk as string;
          }
        } finally {
          clearTimeout(timer);
          if (!res.complete) res.destroy(); // the consumer stopped early: the socket cannot be reused
        }
      })();
    },
  };
}
