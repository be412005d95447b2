// 1. Template resolution: a realistic Deployment template (13 templated fields) against a CR, four ways.
// In-process; needs no cluster. The template and the baselines are packages/template/bench/deployment-template.mjs.
import { ChildPlanner } from '@orkestra/reconciler/internal';
import { createTemplateEngine } from '@orkestra/template';
import {
  cachedHandlebars,
  compilePerCall,
  crs,
  Handlebars,
  handWritten,
  textAndPaths,
  withHelpers,
} from '../../packages/template/bench/deployment-template.mjs';
import { summarize } from '../lib/stats.mjs';
import { handlers, resources, website } from '../lib/workload.mjs';

let sink = 0;
/** Microseconds per call, over `seconds` of calls after a warm-up. */
function measure(fn, seconds) {
  for (let i = 0; i < 500; i++) sink += JSON.stringify(fn(crs[i % crs.length])).length;
  let iterations = 0;
  const start = process.hrtime.bigint();
  const deadline = start + BigInt(Math.round(seconds * 1e9));
  let now = start;
  while (now < deadline) {
    for (let i = 0; i < 100; i++) sink += fn(crs[(iterations + i) % crs.length]) === undefined ? 0 : 1;
    iterations += 100;
    now = process.hrtime.bigint();
  }
  return Number(now - start) / 1000 / iterations;
}

export async function run({ reps, log, seconds = 0.5 }) {
  const out = { handlebars: Handlebars.VERSION, secondsPerMeasurement: seconds, cases: {} };
  for (const [label, source] of [
    ['textAndPaths', textAndPaths],
    ['withHelpers', withHelpers],
  ]) {
    const engine = createTemplateEngine();
    const compiled = engine.compile(source);
    const ways = {
      resolver: (cr) => compiled.resolve(cr),
      compilePerCall: compilePerCall(source),
      cachedHandlebars: cachedHandlebars(source),
    };
    if (source === textAndPaths) ways.handWritten = handWritten;
    const samples = Object.fromEntries(Object.keys(ways).map((k) => [k, []]));
    for (let r = 0; r < reps; r++) for (const [k, fn] of Object.entries(ways)) samples[k].push(measure(fn, seconds));
    const us = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, summarize(v)]));
    const c = {
      templatedFields: label === 'textAndPaths' ? 13 : 15,
      usPerResolve: us,
      resolvesPerSecond: Object.fromEntries(Object.entries(us).map(([k, s]) => [k, 1e6 / s.median])),
      engineStats: engine.stats,
    };
    c.speedupVsCompilePerCall = us.compilePerCall.median / us.resolver.median;
    c.speedupVsCachedHandlebars = us.cachedHandlebars.median / us.resolver.median;
    if (us.handWritten) c.slowdownVsHandWritten = us.resolver.median / us.handWritten.median;
    out.cases[label] = c;
    log(
      `  ${label}: resolver ${us.resolver.median.toFixed(3)} µs, compile-per-call ${us.compilePerCall.median.toFixed(1)} µs (${c.speedupVsCompilePerCall.toFixed(0)}×), cached Handlebars ${us.cachedHandlebars.median.toFixed(2)} µs` +
        (us.handWritten
          ? `, hand-written ${us.handWritten.median.toFixed(3)} µs (resolver ${c.slowdownVsHandWritten.toFixed(2)}× slower)`
          : ''),
    );
  }
  out.firstResolve = firstResolve(reps, seconds);
  log(
    `  first resolve of a new CR's Deployment (planner: when, template, handler.resolve, memo): ${out.firstResolve.median.toFixed(2)} µs CPU`,
  );
  if (sink === 42) log('');
  return out;
}

/**
 * CPU microseconds to plan the Deployment child of a CR the planner has never seen (a new uid): the reconciler's
 * ChildPlanner over the workload's Deployment template, compiled once beforehand, memo included (the plan is kept
 * for the CR's later resyncs). A population of 1000 CR names whose CRs keep being replaced by new ones, as a
 * cluster where CRs come and go; each CR is planned once. CRs are made before the clock starts. Process CPU
 * time (user + system) rather than wall time, so a busy shared machine distorts it less.
 */
function firstResolve(reps, seconds) {
  const planner = new ChildPlanner(
    { deployments: resources.deployments },
    new Map(handlers.map((h) => [h.key, h])),
    createTemplateEngine(),
  );
  let serial = 0;
  const batch = () =>
    Array.from({ length: 2000 }, () => {
      const i = serial++;
      const cr = website('bench', `site-${i % 1000}`, i);
      cr.metadata.uid = `00000000-0000-0000-0000-${String(i).padStart(12, '0')}`;
      cr.metadata.resourceVersion = String(1000 + i);
      return cr;
    });
  for (const cr of batch()) sink += planner.resolve(cr).children.length; // warm-up
  const samples = [];
  for (let r = 0; r < reps; r++) {
    let micros = 0;
    let n = 0;
    const start = performance.now();
    while (performance.now() - start < seconds * 1000) {
      const crs = batch();
      const before = process.cpuUsage();
      for (const cr of crs) sink += planner.resolve(cr).children.length;
      const used = process.cpuUsage(before);
      micros += used.user + used.system;
      n += crs.length;
    }
    samples.push(micros / n);
  }
  return summarize(samples);
}
