/**
 * The HTTP/2 transport under {@link Kubeclient}: `node:http2`, as client-go speaks to the API server — one TLS
 * session carries every request and watch, each a stream of its own (multiplexed, headers compressed), with the
 * same headers timeout, body idle timeout, abort and UTF-8 decoding as the HTTP/1.1 transport (`http-transport.ts`).
 * A session the server ends (GOAWAY, a restart) or that stops answering is left to drain and the next request
 * opens a new one. Internal: not exported from the package.
 */
import type { ClientHttp2Session, ClientHttp2Stream, IncomingHttpHeaders } from 'node:http2';
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

// Loaded when the first session opens, and without an ES namespace import (see http-transport.ts).
const http2Module = () => process.getBuiltinModule('node:http2');

/** Options of an {@link Http2Transport}. */
export interface Http2TransportOptions {
  tls?: TransportTls | undefined;
  /** A session without a stream this long is closed; default 30000. */
  idleSessionMs?: number | undefined;
}

/**
 * Receive windows: 4 MiB per stream and 32 MiB per session (client-go: 4 MiB and 1 GiB), so a long list arrives without
 * waiting on window updates.
 */
const STREAM_WINDOW = 4 << 20;
const SESSION_WINDOW = 32 << 20;
/** nghttp2's limit on what a session may buffer, in MiB (Node's default, 10, refuses streams of a busy session). */
const SESSION_MEMORY_MIB = 64;
const NGHTTP2_CANCEL = 8;

/** One session and the streams it has open (a session with none keeps no process alive). */
interface Session {
  readonly session: ClientHttp2Session;
  streams: number;
}

/**
 * One HTTP/2 session to one `https://` server at a time: requests are streams on it. A session that gets
 * GOAWAY, closes, fails or times out a request is retired (its streams finish; new requests go to a new
 * session), so a restarted API server is reached again at the next request, as with a new HTTP/1.1 socket.
 *
 * @example
 * const transport = new Http2Transport('https://127.0.0.1:6443', { tls: { ca, rejectUnauthorized: true } });
 * const timeouts = { headersTimeoutMs: 30_000, bodyTimeoutMs: 30_000 };
 * const res = await transport.request({ method: 'GET', path: '/version', headers: {}, ...timeouts });
 * console.log(res.statusCode, JSON.parse(await res.text()));
 * transport.close();
 */
export class Http2Transport implements Transport {
  private current: Session | undefined;
  /** Every session not yet closed, draining ones included: close() ends them all. */
  private readonly open = new Set<ClientHttp2Session>();
  private closed = false;
  /** The TLS options of every session, their certificates in one context: made with the first session. */
  private tls: ReturnType<typeof tlsConnectOptions> | undefined;

  constructor(
    private readonly origin: string,
    private readonly options: Http2TransportOptions = {},
  ) {}

  /** Sends a request as a stream of the current session; resolves at the response's headers, whatever its status. */
  request(req: TransportRequest): Promise<TransportResponse> {
    if (this.closed)
      return Promise.reject(new TransportError('ORKESTRA_TRANSPORT_CLOSED', 'the connection pool was closed'));
    if (req.signal?.aborted) return Promise.reject(abortReason(req.signal));
    let entry: Session;
    let stream: ClientHttp2Stream;
    try {
      entry = this.session();
      stream = entry.session.request(requestHeaders(req), { endStream: req.body === undefined });
    } catch (e) {
      return Promise.reject(e); // the session went away between the check and the request: a network failure
    }
    if (entry.streams++ === 0) entry.session.ref();
    stream.once('close', () => {
      if (--entry.streams === 0) entry.session.unref();
    });
    const pending = this.response(stream, req, () => this.retire(entry));
    if (req.body !== undefined) stream.end(req.body);
    return pending;
  }

  /** Destroys every session, streams in flight included; further requests fail (`ORKESTRA_TRANSPORT_CLOSED`). */
  close(): void {
    this.closed = true;
    this.current = undefined;
    const closed = new TransportError('ORKESTRA_TRANSPORT_CLOSED', 'the connection pool was closed');
    for (const session of this.open) session.destroy(closed);
  }

  /** The stream's response, with the headers timeout (which retires the session: `stalled`) and the abort. */
  private response(stream: ClientHttp2Stream, req: TransportRequest, stalled: () => void): Promise<TransportResponse> {
    const { signal } = req;
    return new Promise<TransportResponse>((resolve, reject) => {
      let settled = false;
      const fail = (e: unknown) => {
        clearTimeout(headersTimer);
        if (!settled) {
          settled = true;
          reject(e);
        }
      };
      // One listener for the request's whole life, headers and body; removed when the stream closes.
      const onAbort = () => {
        const reason = abortReason(signal!);
        fail(reason);
        stream.destroy(reason as Error); // the body, when it is being read, fails with the reason too
      };
      const done = () => signal?.removeEventListener('abort', onAbort);
      const headersTimer = setTimeout(() => {
        fail(new TransportError('ORKESTRA_HEADERS_TIMEOUT', `no response headers within ${req.headersTimeoutMs} ms`));
        stream.close(NGHTTP2_CANCEL);
        stalled();
      }, req.headersTimeoutMs);
      signal?.addEventListener('abort', onAbort, { once: true });
      stream.once('close', done);
      stream.on('error', fail);
      // Closed before any headers without an error: cancelled by the server, or its session went away.
      stream.once('close', () =>
        fail(new TransportError('ORKESTRA_STREAM_CLOSED', 'the server closed the request before answering')),
      );
      stream.once('response', (headers) => {
        clearTimeout(headersTimer);
        if (settled) return;
        settled = true;
        resolve(
          responseBody(stream, {
            statusCode: Number(headers[':status'] ?? 0),
            headers: headers as IncomingHttpHeaders,
            idleMs: req.bodyTimeoutMs,
            complete: () => stream.readableEnded,
            done,
          }),
        );
      });
    });
  }

  /** The current session, or a new one when there is none or it is closing. */
  private session(): Session {
    const live = this.current;
    if (live && !live.session.closed && !live.session.destroyed) return live;
    const session = http2Module().connect(this.origin, {
      ...(this.tls ??= tlsConnectOptions(this.options.tls)),
      settings: { enablePush: false, initialWindowSize: STREAM_WINDOW },
      maxSessionMemory: SESSION_MEMORY_MIB,
    });
    const entry: Session = { session, streams: 0 };
    this.current = entry;
    this.open.add(session);
    // A failed session fails its streams with the cause: their requests report it.
    session.on('error', () => undefined);
    session.once('connect', () => {
      if (!session.destroyed) session.setLocalWindowSize(SESSION_WINDOW);
    });
    session.once('goaway', () => this.retire(entry));
    session.once('close', () => {
      this.open.delete(session);
      if (this.current === entry) this.current = undefined;
    });
    session.setTimeout(this.options.idleSessionMs ?? 30_000, () => {
      if (entry.streams === 0) this.retire(entry);
    });
    session.unref(); // referenced only while a stream is open
    return entry;
  }

  /** No new streams on `entry`: the ones open finish (a session still connecting is dropped). */
  private retire(entry: Session): void {
    if (this.current === entry) this.current = undefined;
    if (entry.session.connecting) entry.session.destroy();
    else if (!entry.session.closed) entry.session.close();
  }
}

/** HTTP/2 request headers: the pseudo-headers, the request's own, and its body's length. */
function requestHeaders(req: TransportRequest): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = { ':method': req.method, ':path': req.path, ...req.headers };
  if (req.body !== undefined) headers['content-length'] = String(Buffer.byteLength(req.body));
  return headers;
}
