// Small statistics helpers: every figure of the bench is reported as a median with its spread.

/** Quantile by linear interpolation between closest ranks (q in [0, 1]). */
export function quantile(values, q) {
  const xs = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (xs.length === 0) return NaN;
  const pos = (xs.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo);
}

export const median = (values) => quantile(values, 0.5);

/** `{ median, min, max, p25, p75, n, values }`: the median and its spread (min–max and IQR). */
export function summarize(values) {
  const xs = values.filter((v) => Number.isFinite(v));
  return {
    median: median(xs),
    min: xs.length ? Math.min(...xs) : NaN,
    max: xs.length ? Math.max(...xs) : NaN,
    p25: quantile(xs, 0.25),
    p75: quantile(xs, 0.75),
    n: xs.length,
    values: xs,
  };
}

/** Formats a number with a sensible number of digits. */
export function fmt(x, digits) {
  if (x === undefined || x === null || Number.isNaN(x)) return '–';
  if (digits !== undefined) return x.toFixed(digits);
  const a = Math.abs(x);
  if (a === 0) return '0';
  if (a < 0.01) return x.toFixed(4);
  if (a < 1) return x.toFixed(3);
  if (a < 100) return x.toFixed(2);
  return x.toFixed(0);
}

/** `median (min–max)` */
export const spread = (s, digits) => `${fmt(s.median, digits)} (${fmt(s.min, digits)}–${fmt(s.max, digits)})`;

/** Runs `fn(item)` over `items` with at most `concurrency` in flight; resolves with the results in order. */
export async function pool(items, concurrency, fn) {
  const out = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return out;
}

/** CPU time (user + system) in microseconds since `start` (a `process.cpuUsage()` value). */
export function cpuMicros(start) {
  const d = process.cpuUsage(start);
  return d.user + d.system;
}

/** `median (min–max)` of `values`, each with `digits` decimals: how the probe scripts print a figure. */
export function medianRange(values, digits) {
  const s = summarize(values);
  return `${s.median.toFixed(digits)} (${s.min.toFixed(digits)}–${s.max.toFixed(digits)})`;
}
