/**
 * The one port of `orkestra run`: `/healthz` (the process is alive), `/readyz` (ready: caches synced and
 * reconciling, or standing by for the Lease) and `/metrics` (Prometheus text format), on `node:http` — three
 * fixed routes need no framework.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

// Not `import { createServer } from 'node:http'`: building that ES module namespace loads undici, http2 and ~70
// more builtin modules (a few MiB of RSS) for nothing; see core's kube/http-transport.ts.
const { createServer } = process.getBuiltinModule('node:http');

/** What `/readyz` reports. */
export interface Readiness {
  ready: boolean;
  /** One line for the body: `ok`, `standby: …`, `syncing caches`. */
  detail: string;
}

/** Options of {@link startHttpServer}. */
export interface HttpServerOptions {
  /** `host:port`; port 0 picks a free one. */
  address: string;
  registry: Registry;
  readiness: () => Readiness;
}

/** The server's address is malformed or cannot be listened on: a local problem, never the cluster's. */
export class HttpAddressError extends Error {
  constructor(
    /** The address as given. */
    readonly address: string,
    /** What is wrong, for a message: `0.0.0.0:8080 is in use by another process`. */
    readonly reason: string,
    /** The system error code (`EADDRINUSE`…), when listening failed. */
    readonly code?: string,
    options?: { cause?: unknown },
  ) {
    super(`cannot serve on ${address}: ${reason}`, options);
    this.name = 'HttpAddressError';
  }
}

/**
 * Parses `--http-address`: `:8080`, `0.0.0.0:8080`, `127.0.0.1:0`, `[::1]:9000` or a bare port; throws {@link
 * HttpAddressError}.
 */
export function parseAddress(address: string): { host: string; port: number } {
  const m = /^(?:\[([^\]]+)\]|([^:]*))?:?(\d+)$/.exec(address.trim());
  const port = m ? Number(m[3]) : NaN;
  if (!m || !(port >= 0 && port <= 65535))
    throw new HttpAddressError(address, `not an address: "${address}" (want host:port, e.g. :8080 or 127.0.0.1:9090)`);
  return { host: m[1] ?? (m[2] || '0.0.0.0'), port };
}

/** Why listening on `host:port` failed, in words (the console says it the same way). */
export function listenFailure(address: string, host: string, port: number, e: unknown): HttpAddressError {
  const code = (e as { code?: unknown }).code;
  const shown = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  const reasons: Record<string, string> = {
    EADDRINUSE: `${shown} is in use by another process`,
    EACCES: `no permission to listen on ${shown} (ports below 1024 need privileges)`,
    EADDRNOTAVAIL: `${host} is not an address of this machine`,
    ENOTFOUND: `the host ${host} is unknown`,
    EAI_AGAIN: `the host ${host} could not be resolved`,
  };
  const reason = (typeof code === 'string' ? reasons[code] : undefined) ?? (e instanceof Error ? e.message : String(e));
  return new HttpAddressError(address, reason, typeof code === 'string' ? code : undefined, { cause: e });
}

/** A running health/metrics server. */
export interface HttpServer {
  /** `http://127.0.0.1:8080`. */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Starts the server; resolves once it listens. A malformed address or one that cannot be bound throws {@link
 * HttpAddressError}.
 */
export async function startHttpServer(options: HttpServerOptions): Promise<HttpServer> {
  const { host, port } = parseAddress(options.address);
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    if (path === '/healthz' || path === '/livez') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok\n');
    } else if (path === '/readyz') {
      const r = options.readiness();
      res.writeHead(r.ready ? 200 : 503, { 'content-type': 'text/plain' }).end(`${r.detail}\n`);
    } else if (path === '/metrics') {
      options.registry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': options.registry.contentType }).end(text),
        (e: unknown) =>
          res
            .writeHead(500, { 'content-type': 'text/plain' })
            .end(`metrics failed: ${e instanceof Error ? e.message : String(e)}\n`),
      );
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found: try /healthz, /readyz or /metrics\n');
    }
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (e) => reject(listenFailure(options.address, host, port, e)));
    server.listen(port, host, () => {
      server.removeAllListeners('error');
      resolve();
    });
  });
  const bound = server.address() as AddressInfo;
  const shownHost = bound.family === 'IPv6' ? `[${bound.address}]` : bound.address;
  return {
    url: `http://${shownHost}:${bound.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
