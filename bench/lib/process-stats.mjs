// Figures of processes the bench does not run in its own: CPU and memory from /proc, Prometheus text metrics
// over HTTP(S) (the API server's, the operators').
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { parse } from 'yaml';

const TICKS_PER_SECOND = 100; // USER_HZ: 100 on every Linux architecture the bench runs on (getconf CLK_TCK)

/** CPU time (user + system) a process has used so far, in milliseconds; its threads included. */
export function cpuMsOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // after "pid (comm) ": state is field 3
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND; // utime, stime (fields 14, 15)
}

/** Resident set size and its peak (VmRSS, VmHWM), in MiB. */
export function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMiB: kb('VmRSS') / 1024, peakRssMiB: kb('VmHWM') / 1024 };
}

/** GET a URL's body; TLS material for the API server's /metrics. */
export function fetchText(url, tls = {}, timeoutMs = 10_000) {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const opts = { method: 'GET', agent: false, timeout: timeoutMs, ...tls };
    const req = (u.protocol === 'https:' ? httpsRequest : httpRequest)(u, opts, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () =>
        res.statusCode === 200
          ? resolve(body)
          : reject(new Error(`GET ${url}: ${res.statusCode} ${body.slice(0, 200)}`)),
      );
    });
    req.once('timeout', () => req.destroy(new Error(`GET ${url} timed out after ${timeoutMs} ms`)));
    req.once('error', reject);
    req.end();
  });
}

/** The samples of one metric family in Prometheus text: `[{ labels, value }]`. */
export function samples(text, name) {
  const out = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const m = /^[^{\s]+(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!m) continue;
    const labels = {};
    for (const [, k, v] of (m[1] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[k] = v;
    out.push({ labels, value: Number(m[2]) });
  }
  return out;
}

/** The sum of a metric's samples whose labels pass `filter`. */
export const sumOf = (text, name, filter = () => true) =>
  samples(text, name)
    .filter((s) => filter(s.labels))
    .reduce((a, s) => a + s.value, 0);

/** TLS options (CA, client certificate and key) of a self-contained kubeconfig file's current context. */
export function tlsFromKubeconfig(path) {
  const kc = parse(readFileSync(path, 'utf8'));
  const ctx = kc.contexts.find((c) => c.name === kc['current-context'])?.context ?? kc.contexts[0].context;
  const cluster = kc.clusters.find((c) => c.name === ctx.cluster).cluster;
  const user = kc.users.find((u) => u.name === ctx.user).user;
  const b64 = (s) => (s ? Buffer.from(s, 'base64').toString('utf8') : undefined);
  return {
    server: cluster.server,
    tls: {
      ca: b64(cluster['certificate-authority-data']),
      cert: b64(user['client-certificate-data']),
      key: b64(user['client-key-data']),
    },
  };
}
