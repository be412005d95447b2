const UNIT_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1_000,
  m: 60_000,
  h: 3_600_000,
};

/**
 * Parses a Go duration (`20s`, `1m30s`, `1500ms`), as envtest's `KUBEBUILDER_CONTROLPLANE_*_TIMEOUT`
 * variables hold; a bare number is taken as seconds. Returns undefined for empty or invalid text.
 */
export function parseDuration(text: string | undefined): number | undefined {
  const t = text?.trim();
  if (!t) return undefined;
  if (/^\d+(\.\d+)?$/.test(t)) return Number(t) * 1_000;
  const re = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/gy;
  let total = 0;
  let consumed = 0;
  for (let m = re.exec(t); m; m = re.exec(t)) {
    total += Number(m[1]) * (UNIT_MS[m[2] ?? ''] ?? 0);
    consumed = re.lastIndex;
  }
  return consumed === t.length ? Math.round(total) : undefined;
}

/** Default time a process gets to become ready. envtest uses 20 s; a loaded 2-core CI runner needs more. */
export const DEFAULT_START_TIMEOUT_MS = 60_000;
/** Default time a process gets to exit after SIGTERM before it is SIGKILLed (envtest: 20 s). */
export const DEFAULT_STOP_TIMEOUT_MS = 20_000;
