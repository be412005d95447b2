/**
 * The retry policy of the clients: transient failures (429, 502, 503, 504, a 500 with `Retry-After`, and network
 * errors that cannot make a request happen twice) are sent again with exponential backoff; every other answer is
 * final. Shared by `Kubeclient` and `@orkestra/core/client-node`'s client, which differ only in how one attempt
 * travels.
 */
import type { Logger } from '../context.js';
import type { KubeApiError, OrkestraError } from '../errors.js';
import { errorFromStatus, isNetworkError, someCause, toKubeError } from './api-errors.js';
import type { ObjectRequest } from './object-requests.js';
import { WRITE_VERBS } from './request-counter.js';

/** Retry policy for transient failures (network errors, 429, 502, 503, 504, and 500 with Retry-After). */
export interface RetryOptions {
  /** Further attempts after the first; default 5. */
  retries?: number;
  /** First delay in ms, doubled each attempt; default 200. */
  baseDelayMs?: number;
  /** Largest delay in ms; default 5000. */
  maxDelayMs?: number;
}

const RETRYABLE_CODES = new Set([429, 502, 503, 504]);

/** The policy with its defaults filled in. */
export function retryPolicy(options: RetryOptions | undefined): Required<RetryOptions> {
  return {
    retries: options?.retries ?? 5,
    baseDelayMs: options?.baseDelayMs ?? 200,
    maxDelayMs: options?.maxDelayMs ?? 5_000,
  };
}

/** A failure worth another attempt, carrying the error to throw when the attempts run out. */
export class TransientFailure {
  constructor(
    readonly error: OrkestraError,
    /** The server's `Retry-After`, in ms (capped at 10 s): the wait before the next attempt. */
    readonly retryAfterMs?: number | undefined,
  ) {}
}

/**
 * A non-2xx answer as the typed error of its Status, wrapped in {@link TransientFailure} when it is worth another
 * attempt (429, 502, 503, 504, or a 500 with `Retry-After`).
 */
export function answerFailure(
  code: number,
  body: unknown,
  headers: Record<string, string | string[] | undefined>,
  request: ObjectRequest,
  cause?: unknown,
): KubeApiError | TransientFailure {
  const error = errorFromStatus(code, body, request.describe, cause);
  const header = headers['retry-after'];
  const retryAfterMs =
    typeof header === 'string' && /^\d+$/.test(header) ? Math.min(Number(header) * 1000, 10_000) : undefined;
  return RETRYABLE_CODES.has(code) || (code === 500 && retryAfterMs !== undefined)
    ? new TransientFailure(error, retryAfterMs)
    : error;
}

/**
 * Network failures with which the request never reached the server: refused or unreachable, a name that did not
 * resolve, a connection that timed out before it was made, an HTTP/2 session already going away, a stream the
 * server refused (REFUSED_STREAM: HTTP/2 promises it was not processed).
 */
const UNSENT_CODES = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
  'ERR_HTTP2_GOAWAY_SESSION',
  'ERR_HTTP2_INVALID_SESSION',
]);

function neverSent(e: unknown): boolean {
  return someCause(
    e,
    ({ code, message }) =>
      (typeof code === 'string' && UNSENT_CODES.has(code)) ||
      (typeof message === 'string' && message.includes('NGHTTP2_REFUSED_STREAM')),
  );
}

/**
 * Whether `request` may be sent again after a failure that leaves open whether the server acted on it: reads, and
 * server-side apply (the same configuration applied twice by one manager ends in the same object).
 */
function repeatable(request: ObjectRequest): boolean {
  return !WRITE_VERBS.has(request.verb) || request.verb === 'apply';
}

/**
 * A failed attempt's `error` as a {@link TransientFailure} when it is a network failure and another attempt cannot
 * do twice what the first may have done: the request never reached the server, or it is {@link repeatable}. A
 * create, update, patch or delete whose fate is unknown (a reset, no answer in time after it was sent) fails with
 * `error`: sent again, a create the server had made would come back `AlreadyExists` and an update `Conflict`, for
 * the client's own first attempt. client-go likewise retries such failures only for reads; the reconciler's next
 * attempt reads what the server holds first.
 */
export function networkFailure(
  e: unknown,
  error: OrkestraError,
  request: ObjectRequest,
): TransientFailure | OrkestraError {
  if (!isNetworkError(e)) return error;
  return neverSent(e) || repeatable(request) ? new TransientFailure(error) : error;
}

/**
 * Runs `attempt` until it returns, throws anything but a {@link TransientFailure}, or `policy.retries` further
 * attempts have failed (then the last failure's error is thrown). Waits with exponential backoff and ±20% jitter,
 * or `Retry-After`; logs each retry at `warn`; an abort of `request.signal` ends the wait (`Aborted`).
 */
export async function retrying<T>(
  request: ObjectRequest,
  policy: Required<RetryOptions>,
  logger: Logger,
  attempt: () => Promise<T>,
): Promise<T> {
  for (let n = 0; ; n++) {
    if (request.signal?.aborted)
      throw toKubeError(request.signal.reason ?? new DOMException('aborted', 'AbortError'), request.describe);
    let failure: TransientFailure;
    try {
      return await attempt();
    } catch (e) {
      if (!(e instanceof TransientFailure)) throw e;
      failure = e;
    }
    if (n >= policy.retries) throw failure.error;
    const backoff = Math.min(policy.baseDelayMs * 2 ** n, policy.maxDelayMs) * (0.8 + Math.random() * 0.4);
    const delay = failure.retryAfterMs ?? backoff;
    logger.warn(
      {
        verb: request.verb,
        resource: request.resource,
        attempt: n + 1,
        retries: policy.retries,
        delayMs: Math.round(delay),
        reason: failure.error.message,
      },
      'retrying a transient API failure',
    );
    await sleep(delay, request.signal).catch((reason: unknown) => {
      throw toKubeError(reason, request.describe);
    });
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
