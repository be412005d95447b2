import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** TLS material for {@link get}. */
export interface TlsOptions {
  ca?: string;
  cert?: string;
  key?: string;
  /** Accept any server certificate (for kube-controller-manager's self-signed health port). */
  insecure?: boolean;
}

/** A plain response: status and body text. */
export interface SimpleResponse {
  status: number;
  body: string;
}

/**
 * One GET without keep-alive (no socket outlives the call), for health probes and `/version`.
 * Rejects on connection errors and after `timeoutMs`.
 */
export function get(url: string, tls: TlsOptions = {}, timeoutMs = 2_000): Promise<SimpleResponse> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const common = {
      method: 'GET',
      agent: false as const,
      timeout: timeoutMs,
      headers: { accept: 'application/json, */*' },
    };
    const req =
      u.protocol === 'https:'
        ? httpsRequest(u, {
            ...common,
            ca: tls.ca,
            cert: tls.cert,
            key: tls.key,
            rejectUnauthorized: !tls.insecure,
          })
        : httpRequest(u, common);
    req.once('timeout', () => req.destroy(new Error(`GET ${url} timed out after ${timeoutMs} ms`)));
    req.once('error', reject);
    req.once('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.once('error', reject);
      res.once('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.end();
  });
}
