#!/usr/bin/env node
// Orkestra benchmarks: figures only, never a pass or fail on time. See bench/README.md.
//   node bench/run.mjs [--only template,steady,convergence,drift,memory] [--sizes 100,500] [--reps 3]
//                      [--resyncs 5] [--edits 60] [--full] [--no-multi-crd] [--crds 15] [--crd-size 100]
//                      [--node-defaults]   (without the memory settings of `orkestra run`)
//                      [--steady-resyncs 3] [--resync <seconds>]   (versus: orkestra run vs controller-runtime)
//                      [--operators orkestra,createOrUpdate,apply]   (versus: which operators; these three by default;
//                       orkestraHttp1,orkestraHttp2: orkestra run over HTTP/1.1 and HTTP/2)
//   node bench/run.mjs --quick   (versus only, N = 20, one repetition: a few minutes)
//   node bench/run.mjs --scale   (versus only, N = 10,000, one repetition, orkestra and CreateOrUpdate: about an hour)
//   node bench/run.mjs --report bench/results/<date>.json   (rewrites that run's .md and .svg) [--out bench/results]
import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Kubeclient } from '@orkestra/core/kube';
import { MALLOC_ARENA_MAX, SEMI_SPACE_FLAG, TUNED_MARKER } from '@orkestra/operator/runtime-tuning';
import { startControlPlane } from './lib/control-plane.mjs';
import { describeMachine, machineInfo } from './lib/machine.mjs';
import { writeReports } from './lib/report.mjs';

const SCENARIOS = ['template', 'steady', 'convergence', 'drift', 'memory', 'versus'];
const USAGE = `usage: node bench/run.mjs [--only ${SCENARIOS.join(',')}] [--sizes 100,500] [--reps 3]
       [--resyncs 5] [--edits 60] [--full] [--no-multi-crd] [--crds 15] [--crd-size 100] [--node-defaults]
       [--steady-resyncs 3] [--resync <seconds>] [--operators orkestra,createOrUpdate,apply,orkestraHttp1,orkestraHttp2]
       [--template-seconds 0.5] [--out <folder>]
       node bench/run.mjs --quick           (versus only, N = 20, one repetition)
       node bench/run.mjs --scale           (versus only, N = 10000, one repetition, orkestra and createOrUpdate)
       node bench/run.mjs --report <run.json>  (rewrites that run's .md and .svg)
See bench/README.md for what each scenario measures.`;
const OPTIONS = {
  help: { type: 'boolean', short: 'h', default: false },
  only: { type: 'string' },
  sizes: { type: 'string' },
  reps: { type: 'string', default: '3' },
  resyncs: { type: 'string', default: '5' },
  edits: { type: 'string', default: '60' },
  full: { type: 'boolean', default: false },
  'no-multi-crd': { type: 'boolean', default: false },
  out: { type: 'string', default: new URL('./results/', import.meta.url).pathname },
  crds: { type: 'string', default: '15' },
  'crd-size': { type: 'string', default: '100' },
  report: { type: 'string' },
  'template-seconds': { type: 'string', default: '0.5' },
  'node-defaults': { type: 'boolean', default: false },
  quick: { type: 'boolean', default: false },
  scale: { type: 'boolean', default: false },
  'steady-resyncs': { type: 'string', default: '3' },
  resync: { type: 'string' },
  operators: { type: 'string' },
};
const { values: args } = parseArgs({
  options: OPTIONS,
  strict: false, // unknown options are reported below in one line, with the usage, not as a stack trace
});
const unknown = Object.keys(args).filter((k) => !(k in OPTIONS));
if (args.help || unknown.length > 0) {
  if (unknown.length > 0) console.error(`bench: unknown option ${unknown.map((k) => `--${k}`).join(', ')}`);
  console.error(USAGE);
  process.exit(args.help && unknown.length === 0 ? 0 : 2);
}
// The figures are the operator's: the bench runs with the memory settings `orkestra run` gives itself
// (@orkestra/operator, runtime-tuning.ts), re-executing itself once as `orkestra run` does, unless --node-defaults.
if (!args['node-defaults'] && !process.env[TUNED_MARKER] && typeof process.execve === 'function') {
  process.execve(process.execPath, [process.execPath, SEMI_SPACE_FLAG, ...process.execArgv, ...process.argv.slice(1)], {
    ...process.env,
    MALLOC_ARENA_MAX,
    [TUNED_MARKER]: '1',
  });
}
if (args.report) {
  // rewrite the Markdown and SVG of an existing results JSON (after a change to the report writers)
  const { readFileSync } = await import('node:fs');
  const { dirname } = await import('node:path');
  console.log(writeReports(JSON.parse(readFileSync(args.report, 'utf8')), dirname(args.report)).join(', '));
  process.exit(0);
}
const only = args.only ? args.only.split(',') : args.quick || args.scale ? ['versus'] : SCENARIOS;
for (const s of only)
  if (!SCENARIOS.includes(s)) throw new Error(`unknown scenario ${s}; known: ${SCENARIOS.join(', ')}`);
const sizes = args.sizes
  ? args.sizes.split(',').map(Number)
  : args.quick
    ? [20]
    : args.scale
      ? [10_000]
      : args.full
        ? [100, 500, 1000]
        : [100, 500];
const reps = args.quick || (args.scale && !process.argv.includes('--reps')) ? 1 : Number(args.reps);
const log = (...a) => console.log(...a);

const results = {
  startedAt: new Date().toISOString(),
  options: {
    only,
    sizes,
    reps,
    resyncs: Number(args.resyncs),
    edits: Number(args.edits),
    full: args.full,
    quick: args.quick,
    scale: args.scale,
  },
  scenarios: {},
};
const needsCluster = only.some((s) => s !== 'template' && s !== 'versus'); // versus starts control planes of its own
let env, kube, user;
if (needsCluster) {
  env = await startControlPlane();
  for (const sig of ['SIGINT', 'SIGTERM'])
    process.once(sig, () => {
      void env.stop().finally(() => process.exit(130));
    });
  kube = new Kubeclient(env.kubeConfig); // the reconciler's (and reference strategies') client: its requests are counted
  user = new Kubeclient(env.kubeConfig); // someone else: creates CRs, edits children
}
results.machine = machineInfo(env);
log(`machine: ${describeMachine(results.machine)}`);
log(`sizes ${sizes.join(', ')}; ${reps} repetitions; scenarios ${only.join(', ')}\n`);

try {
  for (const name of only) {
    const t0 = performance.now();
    const loadBefore = machineInfo(env).load;
    log(`${name}:`);
    const mod = await import(`./scenarios/${name}.mjs`);
    const opts = {
      env,
      kube,
      user,
      reps,
      log,
      resyncs: Number(args.resyncs),
      edits: Number(args.edits),
      seconds: Number(args['template-seconds']),
    };
    if (name === 'steady' || name === 'convergence') opts.sizes = sizes;
    if (name === 'versus')
      Object.assign(opts, {
        sizes,
        steadyResyncs: Number(args['steady-resyncs']),
        resync: args.resync ? Number(args.resync) : undefined,
        operators: args.operators
          ? args.operators.split(',')
          : args.scale
            ? ['orkestra', 'createOrUpdate'] // the apply style adds an hour and nothing the other two do not show
            : undefined,
      });
    if (name === 'memory') {
      opts.sizes = [1, ...sizes];
      opts.crdCount = args['no-multi-crd'] ? 0 : Number(args.crds);
      opts.crdSize = Number(args['crd-size']);
    }
    results.scenarios[name] = {
      ...(await mod.run(opts)),
      wallSeconds: (performance.now() - t0) / 1000,
      loadBefore,
      loadAfter: machineInfo(env).load,
    };
    log(
      `  (${((performance.now() - t0) / 1000).toFixed(1)} s, load ${loadBefore.join('/')} → ${results.scenarios[name].loadAfter.join('/')})\n`,
    );
  }
} finally {
  await kube?.close();
  await user?.close();
  await env?.stop();
}
results.finishedAt = new Date().toISOString();
mkdirSync(args.out, { recursive: true });
const files = writeReports(results, args.out);
log(`wrote ${files.join(', ')}`);
