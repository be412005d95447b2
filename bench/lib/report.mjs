// Report writers: <date>.json (every raw figure), <date>.md (table: scenario, N, figure, target, met?),
// <date>.svg (figures vs N, hand-written SVG, no dependency).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeMachine } from './machine.mjs';
import { fmt } from './stats.mjs';

/** Growth exponent k of f(N) ≈ c·N^k between the smallest and largest N (1 = linear, 0 = constant). */
function exponent(points) {
  const ps = points.filter(([n, y]) => n > 0 && y > 0).sort((a, b) => a[0] - b[0]);
  if (ps.length < 2) return undefined;
  const [[n1, y1], [n2, y2]] = [ps[0], ps.at(-1)];
  return Math.log(y2 / y1) / Math.log(n2 / n1);
}

export function rows(results) {
  const out = [];
  const add = (scenario, n, figure, value, target, met, note = '') =>
    out.push({ scenario, n, figure, value, target, met, note });
  const s = results.scenarios;
  if (s.template) {
    for (const [name, c] of Object.entries(s.template.cases)) {
      const us = c.usPerResolve;
      add(
        'template',
        name,
        'resolver µs/resolve (median, min–max)',
        `${fmt(us.resolver.median)} (${fmt(us.resolver.min)}–${fmt(us.resolver.max)}) = ${fmt(c.resolvesPerSecond.resolver / 1e6)} M/s`,
        '',
        undefined,
      );
      add(
        'template',
        name,
        'speed-up vs Handlebars compile-per-call',
        `${fmt(c.speedupVsCompilePerCall)}×`,
        '≥ 30×',
        c.speedupVsCompilePerCall >= 30,
        c.speedupVsCompilePerCall >= 30 ? '' : 'blocks (#if) go through Handlebars; see README',
      );
      add(
        'template',
        name,
        'speed-up vs Handlebars compiled once',
        `${fmt(c.speedupVsCachedHandlebars)}×`,
        '',
        undefined,
      );
      if (c.slowdownVsHandWritten !== undefined)
        add('template', name, 'slowdown vs hand-written function', `${fmt(c.slowdownVsHandWritten)}×`, '', undefined);
    }
    const f = s.template.firstResolve;
    if (f)
      add(
        'template',
        'Deployment',
        "first resolve of a new CR's child, CPU µs (median, min–max)",
        `${fmt(f.median)} (${fmt(f.min)}–${fmt(f.max)})`,
        '≤ 10 µs',
        f.median <= 10,
      );
  }
  if (s.steady) {
    for (const [n, r] of Object.entries(s.steady.sizes)) {
      const verbs = (x) =>
        Object.entries(x.byVerb)
          .map(([k, v]) => `${k} ${fmt(v)}`)
          .join(', ') || 'none';
      add(
        'steady',
        n,
        'orkestra: API requests / reconcile',
        `${fmt(r.orkestra.requests.median)} (${verbs(r.orkestra)})`,
        '0',
        r.orkestra.requests.max === 0,
      );
      add(
        'steady',
        n,
        'orkestra: CPU µs / reconcile (5 children)',
        `${fmt(r.orkestra.cpu.median, 0)} (${fmt(r.orkestra.cpu.min, 0)}–${fmt(r.orkestra.cpu.max, 0)})`,
        '≤ 60 µs',
        r.orkestra.cpu.median <= 60,
        r.orkestra.cpu.median <= 60 ? '' : 'see README: steady-state CPU',
      );
      for (const k of ['createOrUpdate', 'ssaAlways']) {
        add(
          'steady',
          n,
          `${k}: API requests / reconcile`,
          `${fmt(r[k].requests.median)} (${verbs(r[k])})`,
          'reference',
          undefined,
        );
        add(
          'steady',
          n,
          `${k}: CPU µs / reconcile`,
          `${fmt(r[k].cpu.median, 0)} (${fmt(r[k].cpu.min, 0)}–${fmt(r[k].cpu.max, 0)})`,
          'reference',
          undefined,
        );
      }
    }
  }
  if (s.convergence) {
    for (const [n, r] of Object.entries(s.convergence.sizes)) {
      add(
        'convergence',
        n,
        'seconds to all Ready: orkestra / floor',
        `${fmt(r.orkestraSeconds.median)} (${fmt(r.orkestraSeconds.min)}–${fmt(r.orkestraSeconds.max)}) / ${fmt(r.floorSeconds.median)} (${fmt(r.floorSeconds.min)}–${fmt(r.floorSeconds.max)})`,
        '',
        undefined,
      );
      add(
        'convergence',
        n,
        'orkestra ÷ floor',
        `${fmt(r.ratio)}×`,
        '≤ 1.3×',
        r.ratio <= 1.3,
        r.ratio <= 1.3 ? '' : 'see README: convergence',
      );
      add(
        'convergence',
        n,
        'API writes (reads)',
        `${r.writes.median} (${r.reads.median})`,
        `≤ ${r.writeBudget}`,
        r.writes.max <= r.writeBudget,
      );
    }
  }
  if (s.drift) {
    const d = s.drift;
    add(
      'drift',
      `${d.edits} edits`,
      'correction latency p50 / p99 ms',
      `${fmt(d.p50)} / ${fmt(d.p99)} (max ${fmt(d.msLatency.max)}, failed ${d.failed})`,
      'p99 < 1000 ms',
      d.p99 < 1000 && d.failed === 0,
    );
  }
  if (s.memory) {
    for (const [n, r] of Object.entries(s.memory.sizes)) {
      add(
        'memory',
        n,
        'RSS / heapUsed / heapTotal MB after gc (baseline; peak RSS)',
        `${fmt(r.after.rssMB)} / ${fmt(r.after.heapUsedMB)} / ${fmt(r.after.heapTotalMB)} (${fmt(r.baseline.rssMB)} / ${fmt(r.baseline.heapUsedMB)} / ${fmt(r.baseline.heapTotalMB)}; ${fmt(r.peakRssMB)})`,
        '',
        undefined,
      );
      if (r.afterRelease)
        add(
          'memory',
          n,
          "RSS / heapTotal MB after the Manager's heap release",
          `${fmt(r.afterRelease.rssMB)} / ${fmt(r.afterRelease.heapTotalMB)} (${r.released ? 'released' : 'not due: no release'})`,
          '',
          undefined,
        );
      if (Number(n) > 1)
        add('memory', n, 'heap KB per child (CR share included)', `${fmt(r.perChildKB.heapUsed)}`, '', undefined);
      if (r.clientNodeLoaded)
        add(
          'memory',
          n,
          'WARNING',
          '@kubernetes/client-node was loaded: not an operator process',
          '',
          false,
          'the bench imported it into the measured process',
        );
    }
    const o = s.memory.orkestraRun;
    if (o) {
      const span = (x) => `${fmt(x.median, 1)} (${fmt(x.min, 1)}–${fmt(x.max, 1)})`;
      add(
        'memory',
        o.n,
        'orkestra run: RSS MiB / bare node MiB / over bare MiB (median, min–max)',
        `${span(o.rssMiB)} / ${span(o.bareRssMiB)} / ${span(o.overBareMiB)}`,
        `≤ ${o.goalMiB} MiB over bare (issue 28)`,
        o.overBareMiB.median <= o.goalMiB,
        o.overBareMiB.median <= o.goalMiB ? '' : 'see README: memory over a bare node',
      );
    }
    const m = s.memory.multiCrd;
    if (m) {
      add(
        'memory',
        `${m.crds}×${m.crsPerCrd}`,
        'RSS / heapUsed / heapTotal MB after gc (peak RSS)',
        `${fmt(m.after.rssMB)} / ${fmt(m.after.heapUsedMB)} / ${fmt(m.after.heapTotalMB)} (${fmt(m.peakRssMB)}); ${m.cachedChildren} cached children for ${m.children} in ${m.childInformers} informers; client-node loaded: ${m.clientNodeLoaded ? 'yes' : 'no'}`,
        '≤ 120 MB RSS',
        m.after.rssMB <= 120,
        m.after.rssMB <= 120 ? '' : 'see README: memory',
      );
      if (m.afterRelease)
        add(
          'memory',
          `${m.crds}×${m.crsPerCrd}`,
          "RSS / heapTotal MB after the Manager's heap release",
          `${fmt(m.afterRelease.rssMB)} / ${fmt(m.afterRelease.heapTotalMB)} (${m.released ? 'released' : 'not due: no release'})`,
          '≤ 110 MB RSS (issue 18)',
          m.afterRelease.rssMB <= 110,
          m.afterRelease.rssMB <= 110 ? '' : 'see README: memory',
        );
      add(
        'memory',
        `${m.crds}×${m.crsPerCrd}`,
        'heap KB per child (CR share included)',
        fmt(m.perChildKB.heapUsed),
        '',
        undefined,
      );
    }
    const u = s.memory.multiCrdUntuned;
    if (u)
      add(
        'memory',
        `${u.crds}×${u.crsPerCrd}`,
        'the same with Node and glibc defaults: RSS / heapUsed / heapTotal MB (peak RSS)',
        `${fmt(u.after.rssMB)} / ${fmt(u.after.heapUsedMB)} / ${fmt(u.after.heapTotalMB)} (${fmt(u.peakRssMB)})`,
        'reference',
        undefined,
        'orkestra run does not run this way: see README, memory',
      );
  }
  if (s.versus) {
    for (const [n, row] of Object.entries(s.versus.sizes)) {
      for (const [key, label] of Object.entries(s.versus.operators)) {
        const r = row[key];
        if (!r) continue;
        add(
          'versus',
          n,
          `${label}: writes / CPU ms / reconciles per CR per steady resync (resync ${row.resyncSeconds} s)`,
          `${fmt(r.writesPerCrPerResync.median)} / ${fmt(r.cpuMsPerCrPerResync.median)} / ${fmt(r.reconcilesPerCrPerResync.median)}`,
          key === 'orkestra' ? '0 writes, ≤ 0.5 ms' : 'reference',
          key === 'orkestra' ? r.writesPerCrPerResync.max === 0 && r.cpuMsPerCrPerResync.median <= 0.5 : undefined,
        );
        add(
          'versus',
          n,
          `${label}: convergence s (reconciles) / RSS MiB / start to first child s`,
          `${fmt(r.convergenceSeconds.median)} (${fmt(r.convergenceReconciles.median, 0)}) / ${fmt(r.rssMiB.median)} / ${fmt(r.startSeconds.median)}`,
          key === 'orkestra' ? 'RSS ≤ 75 MB, start ≤ 0.4 s' : 'reference',
          key === 'orkestra' ? r.rssMiB.median * 1.048576 <= 75 && r.startSeconds.median <= 0.4 : undefined,
        );
      }
    }
  }
  // 6. Scaling
  for (const [label, pts, per] of scalingSeries(results)) {
    const k = exponent(pts);
    if (k === undefined) continue;
    // `per` figures (per reconcile) should stay flat; totals should grow at most linearly.
    const limit = per ? 0.15 : 1.15;
    add(
      'scaling',
      pts.map((p) => p[0]).join('→'),
      `${label}: growth exponent (f ∝ N^k)`,
      fmt(k),
      per ? 'k ≈ 0 (flat)' : 'k ≤ 1 (linear)',
      k <= limit,
      k <= limit ? '' : per ? 'grows with N: see README' : 'worse than linear: see README',
    );
  }
  return out;
}

/** [label, [[n, y]…], perItem] for each figure that has a value at two or more sizes. */
function scalingSeries(results) {
  const s = results.scenarios;
  const out = [];
  if (s.convergence) {
    const e = Object.entries(s.convergence.sizes);
    out.push(['convergence seconds (orkestra)', e.map(([n, r]) => [Number(n), r.orkestraSeconds.median]), false]);
    out.push(['convergence seconds (floor)', e.map(([n, r]) => [Number(n), r.floorSeconds.median]), false]);
  }
  if (s.steady) {
    const e = Object.entries(s.steady.sizes);
    for (const k of ['orkestra', 'createOrUpdate', 'ssaAlways'])
      out.push([`steady CPU µs/reconcile (${k})`, e.map(([n, r]) => [Number(n), r[k].cpu.median]), true]);
  }
  if (s.memory) {
    const e = Object.entries(s.memory.sizes).filter(([n]) => Number(n) > 1);
    out.push(['memory heap MB above baseline', e.map(([n, r]) => [Number(n), r.delta.heapUsedMB]), false]);
  }
  return out;
}

export function markdown(results) {
  const m = results.machine;
  const lines = [
    `# Orkestra benchmark — ${results.startedAt}`,
    '',
    `Machine: ${describeMachine(m)}.`,
    '',
    `Options: ${JSON.stringify(results.options)}. Every figure is the median of the repetitions, spread min–max in brackets; load average before/after each scenario is in the JSON.`,
    '',
    '| scenario | N | figure | value | target | met? | note |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const r of rows(results))
    lines.push(
      `| ${r.scenario} | ${r.n} | ${r.figure} | ${r.value} | ${r.target} | ${r.met === undefined ? '' : r.met ? 'yes' : '**no**'} | ${r.note} |`,
    );
  if (results.scenarios.versus) lines.push('', ...versusTables(results.scenarios.versus));
  lines.push('', `Chart: [figures vs N](${results.files.svg})`, '');
  return lines.join('\n');
}

/**
 * The side-by-side tables of the versus scenario: one per N, a column per operator, the best value in bold
 * (medians; the spread is in the JSON).
 */
export function versusTables(v) {
  const keys = Object.keys(v.operators);
  const figures = [
    ['writes per CR per steady resync', (r) => r.writesPerCrPerResync.median, (x) => fmt(x)],
    ['whole-process CPU per CR per steady resync', (r) => r.cpuMsPerCrPerResync.median, (x) => `${fmt(x)} ms`],
    [
      'API server + etcd CPU per CR per steady resync (above idle)',
      (r) => r.serverCpuMsPerCrPerResync.median,
      (x) => `${fmt(x)} ms`,
    ],
    ['reconciles per CR per steady resync', (r) => r.reconcilesPerCrPerResync.median, (x) => fmt(x)],
    ['CRs still queued at the end of the window', (r) => r.queuedAtEnd?.median, (x) => fmt(x, 0)],
    ['convergence of N CRs', (r) => r.convergenceSeconds.median, (x) => `${fmt(x)} s`],
    [
      'reconciles / writes until converged',
      (r) => r.convergenceReconciles.median,
      (x, r) => `${fmt(x, 0)} / ${fmt(r.convergenceWrites.median, 0)}`,
    ],
    [
      'CPU per new CR until converged: operator / API server + etcd',
      (r) => r.convergenceOperatorCpuMsPerCr?.median,
      (x, r) => `${fmt(x)} / ${fmt(r.convergenceServerCpuMsPerCr.median)} ms`,
    ],
    [
      'reconciles per new CR until converged (the burst), + resync re-checks meanwhile',
      (r) => r.convergenceReconcilesPerCr?.median,
      (x, r) => (r.convergenceRechecksPerCr?.median ? `${fmt(x)} + ${fmt(r.convergenceRechecksPerCr.median)}` : fmt(x)),
    ],
    ['RSS after steady state', (r) => r.rssMiB.median, (x) => `${fmt(x)} MiB`],
    ['start to first child written', (r) => r.startSeconds.median, (x) => `${fmt(x)} s`],
    [
      'restart over the N + 20: a new CR (created 0.3 s after the spawn) → its children',
      (r) => r.restartNewCrLatencySeconds?.median,
      (x) => `${fmt(x)} s`,
    ],
    [
      'restart: a new CR created once the first is served (the re-checks draining) → its children',
      (r) => r.restartDrainingCrLatencySeconds?.median,
      (x, r) => `${fmt(x)} s (${fmt(r.restartQueuedAtDrainingCr.median, 0)} queued at its create)`,
    ],
    ['restart: spawn → every CR re-checked, queue empty', (r) => r.restartDrainSeconds?.median, (x) => `${fmt(x)} s`],
    ['restart: peak RSS (VmHWM) until then', (r) => r.restartPeakRssMiB?.median, (x) => `${fmt(x)} MiB`],
    ["restart: writes until then (the new CR's included)", (r) => r.restartWrites?.median, (x) => fmt(x, 0)],
  ];
  const out = [];
  if (v.skipped) out.push(`controller-runtime not measured: ${v.skipped}`, '');
  for (const [n, row] of Object.entries(v.sizes)) {
    const present = keys.filter((k) => row[k]);
    out.push(
      `| N = ${n}, resync ${row.resyncSeconds} s | ${present.map((k) => v.operators[k]).join(' | ')} |`,
      `|---|${present.map(() => '---|').join('')}`,
    );
    for (const [label, get, show] of figures) {
      const values = present.map((k) => get(row[k]));
      if (values.every((x) => x === undefined)) continue; // not measured by this run
      const best = Math.min(...values);
      out.push(
        `| ${label} | ${present
          .map((k, i) => {
            const t = show(values[i], row[k]);
            return values[i] === best &&
              present.length > 1 &&
              !label.startsWith('reconciles') &&
              !label.startsWith('CRs still queued')
              ? `**${t}**`
              : t;
          })
          .join(' | ')} |`,
      );
    }
    out.push('');
  }
  return out;
}

const esc = (t) => String(t).replace(/&/g, '&amp;').replace(/</g, '&lt;');
const COLORS = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd'];

function panel(x0, y0, w, h, title, yLabel, series) {
  const pts = series.flatMap((s) => s.points);
  if (pts.length === 0) return `<text x="${x0 + 10}" y="${y0 + 20}" font-size="13">${esc(title)}: not measured</text>`;
  const pad = { l: 58, r: 10, t: 26, b: 34 };
  const xs = pts.map((p) => p[0]);
  const xMax = Math.max(...xs) * 1.05 || 1;
  const yMax = Math.max(...pts.map((p) => p[1])) * 1.15 || 1;
  const X = (v) => x0 + pad.l + (v / xMax) * (w - pad.l - pad.r);
  const Y = (v) => y0 + h - pad.b - (v / yMax) * (h - pad.t - pad.b);
  let svg = `<text x="${x0 + pad.l}" y="${y0 + 16}" font-size="13" font-weight="bold">${esc(title)}</text>`;
  svg += `<line x1="${X(0)}" y1="${Y(0)}" x2="${X(xMax)}" y2="${Y(0)}" stroke="#333"/><line x1="${X(0)}" y1="${Y(0)}" x2="${X(0)}" y2="${Y(yMax)}" stroke="#333"/>`;
  for (let i = 0; i <= 4; i++) {
    const v = (yMax / 4) * i;
    svg += `<line x1="${X(0)}" y1="${Y(v)}" x2="${X(xMax)}" y2="${Y(v)}" stroke="#ddd"/><text x="${X(0) - 4}" y="${Y(v) + 4}" font-size="10" text-anchor="end">${fmt(v)}</text>`;
  }
  for (const n of [...new Set(xs)])
    svg += `<text x="${X(n)}" y="${Y(0) + 14}" font-size="10" text-anchor="middle">${n}</text>`;
  svg += `<text x="${x0 + pad.l + (w - pad.l) / 2}" y="${y0 + h - 4}" font-size="11" text-anchor="middle">N (CRs, 5 children each)</text>`;
  svg += `<text transform="translate(${x0 + 12},${y0 + h / 2}) rotate(-90)" font-size="11" text-anchor="middle">${esc(yLabel)}</text>`;
  series.forEach((s, i) => {
    const c = COLORS[i % COLORS.length];
    const sorted = [...s.points].sort((a, b) => a[0] - b[0]);
    svg += `<polyline fill="none" stroke="${c}" stroke-width="2" points="${sorted.map(([a, b]) => `${X(a).toFixed(1)},${Y(b).toFixed(1)}`).join(' ')}"/>`;
    for (const [a, b] of sorted)
      svg += `<circle cx="${X(a).toFixed(1)}" cy="${Y(b).toFixed(1)}" r="3" fill="${c}"><title>${esc(s.name)} N=${a}: ${fmt(b)}</title></circle>`;
    svg += `<rect x="${x0 + pad.l + 8}" y="${y0 + pad.t + 4 + i * 14}" width="10" height="3" fill="${c}"/><text x="${x0 + pad.l + 22}" y="${y0 + pad.t + 9 + i * 14}" font-size="10">${esc(s.name)}</text>`;
  });
  return svg;
}

export function svg(results) {
  const s = results.scenarios;
  const W = 460,
    H = 280;
  const conv = s.convergence ? Object.entries(s.convergence.sizes) : [];
  const steady = s.steady ? Object.entries(s.steady.sizes) : [];
  const mem = s.memory ? Object.entries(s.memory.sizes) : [];
  const panels = [
    [
      'Convergence: seconds to all Ready',
      's',
      [
        { name: 'orkestra', points: conv.map(([n, r]) => [Number(n), r.orkestraSeconds.median]) },
        { name: 'floor (same writes, direct)', points: conv.map(([n, r]) => [Number(n), r.floorSeconds.median]) },
      ],
    ],
    [
      'Steady state: CPU per reconcile',
      'µs',
      ['orkestra', 'createOrUpdate', 'ssaAlways'].map((k) => ({
        name: k,
        points: steady.map(([n, r]) => [Number(n), r[k].cpu.median]),
      })),
    ],
    [
      'Steady state: API requests per reconcile',
      'requests',
      ['orkestra', 'createOrUpdate', 'ssaAlways'].map((k) => ({
        name: k,
        points: steady.map(([n, r]) => [Number(n), r[k].requests.median]),
      })),
    ],
    [
      'Memory after convergence (1 CRD)',
      'MB',
      [
        { name: 'RSS', points: mem.map(([n, r]) => [Number(n), r.after.rssMB]) },
        { name: 'heapUsed', points: mem.map(([n, r]) => [Number(n), r.after.heapUsedMB]) },
      ],
    ],
  ];
  let body = '';
  panels.forEach(([t, y, series], i) => (body += panel((i % 2) * W, 30 + Math.floor(i / 2) * H, W, H, t, y, series)));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${2 * W}" height="${2 * H + 40}" font-family="sans-serif">` +
    `<rect width="100%" height="100%" fill="white"/><text x="10" y="18" font-size="12">${esc(`Orkestra bench ${results.startedAt} — ${describeMachine(results.machine)}`)}</text>${body}</svg>\n`
  );
}

export function writeReports(results, dir) {
  const stamp = results.startedAt.replace(/[:]/g, '-').replace(/\.\d+Z$/, 'Z');
  results.files = { json: `${stamp}.json`, md: `${stamp}.md`, svg: `${stamp}.svg` };
  results.table = rows(results);
  writeFileSync(join(dir, results.files.json), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(dir, results.files.svg), svg(results));
  writeFileSync(join(dir, results.files.md), markdown(results));
  return Object.values(results.files).map((f) => join(dir, f));
}
