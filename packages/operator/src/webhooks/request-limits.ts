/**
 * What bounds the webhook server's memory under abuse (many requests, large bodies): a largest body, refused by
 * its Content-Length before a byte is read (413) and cut while streaming when it has none or lies (413, the
 * connection closed); and a gate on requests served at once and body bytes held at once, beyond which a request
 * is refused at once with 429 and `Retry-After` (the API server then applies the webhook's failure policy, and
 * retries a later write). A body is counted at its Content-Length, or at the largest body when it is chunked.
 */
import type { IncomingMessage } from 'node:http';

/** Limits of the webhook server; every field has a default. */
export interface WebhookLimits {
  /**
   * The largest request body, in bytes. Default 6 MiB: the API server's own request limit (3 MiB) plus room for
   * the review around the object (an update's review holds the object and the old object).
   */
  maxBodyBytes?: number;
  /** Requests served at once; default 16 (a hook answers in milliseconds: more means a flood). */
  maxConcurrent?: number;
  /**
   * Request body bytes held at once, in bytes; default 24 MiB. Parsing a body takes a few times its size, so
   * this bounds the heap the webhooks can take (the generated Deployment's memory limit is 256 MiB).
   */
  maxBytesInFlight?: number;
}

export const DEFAULT_LIMITS: Required<WebhookLimits> = {
  maxBodyBytes: 6 * 2 ** 20,
  maxConcurrent: 16,
  maxBytesInFlight: 24 * 2 ** 20,
};

/** A body past the limit: declared (Content-Length) or found while streaming. */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`request body over ${limit} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/** The declared body size, `undefined` when the body is chunked (no Content-Length). */
export function declaredLength(req: IncomingMessage): number | undefined {
  const header = req.headers['content-length'];
  if (header === undefined) return undefined;
  const n = Number(header);
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined; // Node's parser refuses a malformed one before us
}

/**
 * The request body as text; throws {@link BodyTooLargeError} as soon as more than `limit` bytes came (the rest
 * is never read), whatever the Content-Length said.
 */
export async function readBody(req: IncomingMessage, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new BodyTooLargeError(limit);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Counts requests and body bytes being served; {@link enter} refuses past either bound. */
export class RequestGate {
  private active = 0;
  private bytes = 0;
  /** Requests refused by each bound, since start: for logs and tests. */
  readonly refused = { tooLarge: 0, busy: 0 };

  constructor(readonly limits: Required<WebhookLimits>) {}

  /**
   * Admits a request whose body is `declared` bytes (undefined: chunked, counted as the largest body): resolves
   * the function that lets it go, or `undefined` when serving it now would pass a bound.
   */
  enter(declared: number | undefined): (() => void) | undefined {
    const weight = declared ?? this.limits.maxBodyBytes;
    if (this.active >= this.limits.maxConcurrent || this.bytes + weight > this.limits.maxBytesInFlight) {
      this.refused.busy++;
      return undefined;
    }
    this.active++;
    this.bytes += weight;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.active--;
      this.bytes -= weight;
    };
  }
}
