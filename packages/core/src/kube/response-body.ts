/**
 * The body of a response of either transport (an HTTP/1.1 `IncomingMessage` or an HTTP/2 stream), read once:
 * whole as UTF-8 text or streamed as text, with an idle timeout between chunks. Internal.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { TransportError, type TransportResponse } from './transport.js';

/** What {@link responseBody} needs besides the readable body. */
export interface ResponseBodyOptions {
  statusCode: number;
  headers: IncomingHttpHeaders;
  /** Longest silence between two chunks; then the body fails with `ORKESTRA_BODY_TIMEOUT`. */
  idleMs: number;
  /** Whether the whole body has arrived (read or not): a consumer that stops early then costs no connection. */
  complete: () => boolean;
  /** Runs once the body has been read to its end, or has failed. */
  done: () => void;
}

function closedEarly(): TransportError {
  return new TransportError('ORKESTRA_STREAM_CLOSED', 'the server closed the response before its end');
}

/**
 * The response over `res`. A body closed before its end without an error of its own (an HTTP/2 stream the
 * server cancelled, a connection going away) fails with `ORKESTRA_STREAM_CLOSED`, a network failure.
 */
export function responseBody(res: Readable, options: ResponseBodyOptions): TransportResponse {
  const { idleMs } = options;
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
  res.once('close', options.done);
  // An abort can destroy the body before anyone reads it: keep that from being an unhandled 'error'
  // (text() and chunks() see it through `res.errored`).
  res.on('error', () => undefined);
  return {
    statusCode: options.statusCode,
    headers: options.headers,
    text: () => {
      once();
      return readWhole(res, idleTimer);
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
          // An HTTP/2 stream whose session went away ends its iteration without an error, and without 'end'.
          if (!res.readableEnded) throw closedEarly();
        } catch (e) {
          throw (e as { code?: unknown }).code === 'ERR_STREAM_PREMATURE_CLOSE' ? closedEarly() : e;
        } finally {
          clearTimeout(timer);
          if (!options.complete()) res.destroy(); // the consumer stopped early: the connection cannot be reused
        }
      })();
    },
  };
}

function readWhole(res: Readable, idleTimer: () => NodeJS.Timeout): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    if (res.errored) return reject(res.errored);
    if (res.destroyed) return reject(closedEarly());
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
    // Closed without 'end' or 'error' (a settled promise ignores this after either).
    res.once('close', () => {
      clearTimeout(timer);
      reject(res.errored ?? closedEarly());
    });
  });
}
