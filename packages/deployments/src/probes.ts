/** A Deployment's probes (liveness, readiness, startup): one action each, and its timings. */
import type { Validator } from '@orkestra/core/authoring';
import { given, LIST_HINT, oneOfFields, requiredPort, show } from './source-fields.js';
import type { Probe, ResolvedDeployment } from './types.js';

const PROBES = ['liveness', 'readiness', 'startup'] as const;

/** A probe's `httpGet` action: a port, and optionally a path (absolute) and a scheme. */
function resolveHttpGet(v: Validator, path: string, value: unknown): Probe['httpGet'] {
  const http = v.map(`${path}.httpGet`, value, ['path', 'port', 'scheme']) ?? {};
  const port = requiredPort(v, `${path}.httpGet.port`, http.port);
  const httpPath = given(http.path) ? v.string(`${path}.httpGet.path`, http.path) : undefined;
  if (httpPath !== undefined)
    v.check(`${path}.httpGet.path`, httpPath, (p) =>
      p.startsWith('/') ? undefined : `must start with /, got ${show(p)}`,
    );
  const scheme = given(http.scheme)
    ? v.oneOf(`${path}.httpGet.scheme`, http.scheme, ['HTTP', 'HTTPS'] as const)
    : undefined;
  if (port === undefined) return undefined;
  return { ...(httpPath !== undefined ? { path: httpPath } : {}), port, ...(scheme ? { scheme } : {}) };
}

/** A probe's `exec` action: a non-empty command. */
function resolveExec(v: Validator, path: string, value: unknown): Probe['exec'] {
  const exec = v.map(`${path}.exec`, value, ['command']) ?? {};
  const command = v.stringList(`${path}.exec.command`, exec.command, LIST_HINT);
  if (command.length) return { command };
  if (!given(exec.command) || Array.isArray(exec.command))
    v.add(`${path}.exec.command`, 'is required: the command to run');
  return undefined;
}

/** The one action of a probe: `httpGet`, `tcpSocket` or `exec`. */
function resolveProbeAction(v: Validator, path: string, raw: Record<string, unknown>): Probe {
  const which = oneOfFields(v, path, raw, ['httpGet', 'tcpSocket', 'exec']);
  if (which === 'httpGet') {
    const httpGet = resolveHttpGet(v, path, raw.httpGet);
    return httpGet ? { httpGet } : {};
  }
  if (which === 'tcpSocket') {
    const tcp = v.map(`${path}.tcpSocket`, raw.tcpSocket, ['port']) ?? {};
    const port = requiredPort(v, `${path}.tcpSocket.port`, tcp.port);
    return port !== undefined ? { tcpSocket: { port } } : {};
  }
  if (which === 'exec') {
    const exec = resolveExec(v, path, raw.exec);
    return exec ? { exec } : {};
  }
  return {};
}

/** Each timing of a probe and its least value. */
const PROBE_TIMINGS = {
  initialDelaySeconds: 0,
  periodSeconds: 1,
  timeoutSeconds: 1,
  failureThreshold: 1,
  successThreshold: 1,
} as const;

function resolveProbe(v: Validator, path: string, value: unknown, kind: (typeof PROBES)[number]): Probe | undefined {
  const raw = v.map(path, value, ['httpGet', 'tcpSocket', 'exec', ...Object.keys(PROBE_TIMINGS)]);
  if (!raw) return undefined;
  const probe = resolveProbeAction(v, path, raw);
  for (const [field, min] of Object.entries(PROBE_TIMINGS) as [keyof typeof PROBE_TIMINGS, number][]) {
    if (!given(raw[field])) continue;
    const n = v.integer(`${path}.${field}`, raw[field], { min });
    if (n !== undefined) probe[field] = n;
  }
  if (kind !== 'readiness' && probe.successThreshold !== undefined && probe.successThreshold !== 1) {
    v.add(`${path}.successThreshold`, `must be 1 for a ${kind} probe, got ${probe.successThreshold}`);
  }
  return probe;
}

export function resolveProbes(v: Validator, value: unknown): ResolvedDeployment['probes'] {
  const source = v.map('probes', value, PROBES);
  const probes: ResolvedDeployment['probes'] = {};
  for (const kind of PROBES) {
    const probe = resolveProbe(v, `probes.${kind}`, source?.[kind], kind);
    if (probe) probes[kind] = probe;
  }
  return probes;
}
