/**
 * The webhook server: one HTTPS port on every replica (not only the leader), where the API server sends
 * AdmissionReviews (validating, mutating) and ConversionReviews. A small route registry maps a path to a
 * function from the review the API server sent to the review it answers; the server knows nothing of admission
 * or conversion, only JSON in and JSON out. Its serving certificate comes from a {@link CertificateSource} and
 * is swapped in place (`tls.Server#setSecureContext`) when the source rotates it: connections already open keep
 * their certificate, new ones get the new one, no request fails. Its memory is bounded under abuse: see
 * {@link WebhookLimits} (413 for a body too large, 429 when too much is being served at once).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { HttpAddressError, parseAddress } from '../http-server.js';
import type { ServingCertificate } from './certificate-source.js';
import {
  BodyTooLargeError,
  DEFAULT_LIMITS,
  declaredLength,
  RequestGate,
  readBody,
  type WebhookLimits,
} from './request-limits.js';

// As http-server.ts: the builtin module without the ES-module namespace (which loads undici and more).
const { createServer } = process.getBuiltinModule('node:https');

/**
 * Answers one review: `review` is the JSON body the API server posted (an `admission.k8s.io/v1` AdmissionReview,
 * an `apiextensions.k8s.io/v1` ConversionReview…), the resolved value is sent back as JSON with status 200. A
 * throw is answered with status 500 and the error's message (the API server then applies the webhook's failure
 * policy): a handler that can refuse should answer a refusal instead of throwing.
 */
export type ReviewHandler = (review: unknown) => Promise<unknown>;

/** How long a request may take to arrive whole: the API server waits at most 30 s for a webhook anyway. */
const REQUEST_TIMEOUT_MS = 30_000;

/** A review that is not one the handler answers (another kind, no `request`): answered with 400, not 500. */
export class ReviewError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReviewError';
  }
}

/** A path is taken twice, or is not a path: a programming error, thrown by {@link WebhookServer.route}. */
export class WebhookRouteError extends Error {
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(`webhook route ${path}: ${reason}`);
    this.name = 'WebhookRouteError';
  }
}

/** Options of {@link WebhookServer.listen}. */
export interface WebhookListenOptions {
  /** `host:port`; port 0 picks a free one. Default `:9443` (kubebuilder's). */
  address?: string;
}

/**
 * The route registry and the HTTPS server of the webhooks. Routes may be added before or after it listens;
 * until it has a certificate (see {@link setCertificate}) it does not listen, and {@link ready} is false.
 *
 * @example
 * server.route('/convert/example.com/websites', async (review) => convert(review as ConversionReview));
 * server.setCertificate({ certPem, keyPem });
 * await server.listen({ address: ':9443' });
 */
export class WebhookServer {
  private readonly routes = new Map<string, ReviewHandler>();
  /** Requests and body bytes being served, with the bounds of {@link WebhookLimits}. */
  readonly gate: RequestGate;
  private server: Server | undefined;
  private certificate: ServingCertificate | undefined;
  private bound: string | undefined;

  /** `limits` bound what requests may hold at once (see {@link WebhookLimits}; each has a default). */
  constructor(limits: WebhookLimits = {}) {
    const l = { ...DEFAULT_LIMITS, ...limits };
    // A chunked body counts as the largest: the bytes in flight must hold at least one.
    this.gate = new RequestGate({ ...l, maxBytesInFlight: Math.max(l.maxBytesInFlight, l.maxBodyBytes) });
  }

  /**
   * Serves `handler` at `path` (`/validate/example.com/v1/websites`): POST with a JSON body only. Throws
   * {@link WebhookRouteError} when the path is taken or does not start with `/`.
   */
  route(path: string, handler: ReviewHandler): void {
    if (!path.startsWith('/') || path.includes('?'))
      throw new WebhookRouteError(path, 'a path starts with / and has no query');
    if (this.routes.has(path)) throw new WebhookRouteError(path, 'already served by another handler');
    this.routes.set(path, handler);
  }

  /** The paths served, in the order they were added. */
  get paths(): string[] {
    return [...this.routes.keys()];
  }

  /**
   * Serves `certificate` from now on: the first call before {@link listen}; later ones (a rotation) swap it on
   * the listening server, for new connections, without closing any.
   */
  setCertificate(certificate: ServingCertificate): void {
    this.certificate = certificate;
    this.server?.setSecureContext({ cert: certificate.certPem, key: certificate.keyPem });
  }

  /** True once listening with a certificate: what `/readyz` waits for. */
  get ready(): boolean {
    return this.bound !== undefined;
  }

  /** `https://127.0.0.1:9443`, once listening. */
  get url(): string | undefined {
    return this.bound;
  }

  /**
   * Listens with the certificate given to {@link setCertificate}; resolves once bound. Throws
   * {@link HttpAddressError} for a malformed address or one that cannot be bound, and when no certificate is set.
   */
  async listen(options: WebhookListenOptions = {}): Promise<void> {
    const address = options.address ?? ':9443';
    const { host, port } = parseAddress(address);
    if (!this.certificate) throw new HttpAddressError(address, 'no serving certificate yet');
    if (this.server) return;
    const server = createServer(
      { cert: this.certificate.certPem, key: this.certificate.keyPem, minVersion: 'TLSv1.2' },
      (req, res) => void this.answer(req, res),
    );
    server.keepAliveTimeout = 30_000; // the API server keeps its connection to a webhook open
    server.requestTimeout = REQUEST_TIMEOUT_MS; // a body trickling in cannot hold a place in the gate for long
    server.headersTimeout = 10_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', (e: NodeJS.ErrnoException) =>
        reject(
          new HttpAddressError(address, e.code === 'EADDRINUSE' ? `${host}:${port} is in use` : e.message, e.code),
        ),
      );
      server.listen(port, host, () => {
        server.removeAllListeners('error');
        resolve();
      });
    });
    this.server = server;
    const a = server.address() as AddressInfo;
    this.bound = `https://${a.family === 'IPv6' ? `[${a.address}]` : a.address}:${a.port}`;
  }

  /** Stops listening and closes every connection. */
  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    this.bound = undefined;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const handler = this.routes.get(path);
    if (!handler) return void res.writeHead(404, { 'content-type': 'text/plain' }).end(`no webhook at ${path}\n`);
    if (req.method !== 'POST') return void res.writeHead(405, { allow: 'POST' }).end();
    const declared = declaredLength(req);
    const { maxBodyBytes } = this.gate.limits;
    // Refused before a byte of the body is read; the connection closes rather than reading the rest.
    if (declared !== undefined && declared > maxBodyBytes) return tooLarge(res, req, maxBodyBytes, this.gate);
    const leave = this.gate.enter(declared);
    if (!leave)
      return void res
        .writeHead(429, { 'content-type': 'text/plain', 'retry-after': '1', connection: 'close' })
        .end('webhook server busy: too many requests or bytes at once; try again\n', () => req.destroy());
    try {
      await this.serve(req, res, path, handler);
    } finally {
      leave();
    }
  }

  /** Reads the body (cut past the limit), parses it, and answers with what `handler` resolves. */
  private async serve(req: IncomingMessage, res: ServerResponse, path: string, handler: ReviewHandler): Promise<void> {
    let review: unknown;
    try {
      review = JSON.parse(await readBody(req, this.gate.limits.maxBodyBytes));
    } catch (e) {
      if (e instanceof BodyTooLargeError) return tooLarge(res, req, e.limit, this.gate);
      return void res.writeHead(400, { 'content-type': 'text/plain' }).end(`${(e as Error).message}\n`);
    }
    try {
      const answer = JSON.stringify(await handler(review));
      res.writeHead(200, { 'content-type': 'application/json' }).end(answer);
    } catch (e) {
      const status = e instanceof ReviewError ? 400 : 500;
      res
        .writeHead(status, { 'content-type': 'text/plain' })
        .end(`webhook ${path} failed: ${e instanceof Error ? e.message : String(e)}\n`);
    }
  }
}

/** 413, then the connection is closed: the rest of the body is never read. */
function tooLarge(res: ServerResponse, req: IncomingMessage, limit: number, gate: RequestGate): void {
  gate.refused.tooLarge++;
  res
    .writeHead(413, { 'content-type': 'text/plain', connection: 'close' })
    .end(`request body over ${limit} bytes\n`, () => req.destroy());
}
