/**
 * What every transport under {@link Kubeclient} shares: the {@link Transport} interface, a request, a response
 * whose body is read once, the transport's own errors, and the TLS material of a connection. The transports are
 * `http-transport.ts` (HTTP/1.1) and `http2-transport.ts` (HTTP/2). Internal: not exported from the package.
 */
import type { IncomingHttpHeaders } from 'node:http';

/** What a {@link Kubeclient} sends its requests through: {@link HttpTransport} (HTTP/1.1) or `Http2Transport`. */
export interface Transport {
  /** Sends a request; resolves at the response's headers, whatever its status. */
  request(req: TransportRequest): Promise<TransportResponse>;
  /** Ends every connection, in use or idle; further requests fail (`ORKESTRA_TRANSPORT_CLOSED`). */
  close(): void;
}

/** TLS material of the connection (ignored for an `http://` server). */
export interface TransportTls {
  ca?: string | undefined;
  cert?: string | undefined;
  key?: string | undefined;
  rejectUnauthorized: boolean;
  servername?: string | undefined;
}

/**
 * `tls` as the options of `tls.connect` (shared by both transports), the CA, certificate and key in one
 * `SecureContext` for every connection made with them. Given as PEM strings instead, each connection would parse
 * them into a context of its own, and keep its memory for as long as it lives.
 */
export function tlsConnectOptions(tls: TransportTls | undefined) {
  const secureContext = process
    .getBuiltinModule('node:tls')
    .createSecureContext({ ca: tls?.ca, cert: tls?.cert, key: tls?.key });
  return {
    secureContext,
    rejectUnauthorized: tls?.rejectUnauthorized ?? true,
    ...(tls?.servername ? { servername: tls.servername } : {}),
  };
}

/** One request. */
export interface TransportRequest {
  method: string;
  /** Path and query, starting with `/`. */
  path: string;
  /** Header names in lower case; a list is sent as that many lines of the header (`impersonate-group`). */
  headers: Record<string, string | string[]>;
  body?: string | undefined;
  /** Aborting destroys the request; it then rejects with `signal.reason` (an `AbortError` when none was given). */
  signal?: AbortSignal | undefined;
  /**
   * From sending the request (connecting included) to the response's headers; {@link TransportError} `HEADERS_TIMEOUT`
   * when exceeded.
   */
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

/** Error codes of the transport's own failures; all but the last are network failures (see `isNetworkError`). */
export type TransportErrorCode =
  | 'ORKESTRA_HEADERS_TIMEOUT'
  | 'ORKESTRA_BODY_TIMEOUT'
  | 'ORKESTRA_STREAM_CLOSED'
  | 'ORKESTRA_TRANSPORT_CLOSED';

/**
 * A failure of the transport itself, by {@link TransportErrorCode}; socket errors pass through as Node raises them
 * (`ECONNRESET`, …).
 */
export class TransportError extends Error {
  override readonly name = 'TransportError';
  constructor(
    readonly code: TransportErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** What an aborted request rejects with: the signal's reason, or an `AbortError`. */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}
