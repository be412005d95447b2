// Microseconds per resolve of a realistic Deployment template against a CR, four ways:
//   the resolver (@orkestra/template, compiled once), Handlebars compile-per-call, Handlebars compiled and
//   cached, and a hand-written function. Prints figures only; it never asserts on time.
//
// Run after a build:  npx nx run @orkestra/template:build && node packages/template/bench/resolve.bench.mjs
// Options: --seconds=<per case, default 1>
import { createTemplateEngine } from '../dist/index.js';
import {
  cachedHandlebars,
  compilePerCall,
  crs,
  Handlebars,
  handWritten,
  textAndPaths,
  withHelpers,
} from './deployment-template.mjs';

const seconds = Number(process.argv.find((a) => a.startsWith('--seconds='))?.split('=')[1] ?? 1);

let sink = 0;
function measure(fn) {
  for (let i = 0; i < 200; i++) sink += JSON.stringify(fn(crs[i % crs.length])).length;
  let iterations = 0;
  const deadline = process.hrtime.bigint() + BigInt(Math.round(seconds * 1e9));
  const start = process.hrtime.bigint();
  let now = start;
  while (now < deadline) {
    for (let i = 0; i < 100; i++) sink += fn(crs[(iterations + i) % crs.length]) === undefined ? 0 : 1;
    iterations += 100;
    now = process.hrtime.bigint();
  }
  return Number(now - start) / 1000 / iterations;
}

function fmt(us) {
  return us < 1 ? us.toFixed(3) : us < 100 ? us.toFixed(2) : us.toFixed(0);
}

console.log(`node ${process.version}, handlebars ${Handlebars.VERSION}, ${seconds}s per case\n`);
for (const [label, source] of [
  ['text and paths only (13 templated fields)', textAndPaths],
  ['with helpers and one #if (15 templated fields)', withHelpers],
]) {
  const engine = createTemplateEngine();
  const compiled = engine.compile(source);
  const rows = [
    ['resolver (compiled once)', (cr) => compiled.resolve(cr)],
    ['handlebars, compile per call', compilePerCall(source)],
    ['handlebars, compiled and cached', cachedHandlebars(source)],
  ];
  if (source === textAndPaths) rows.push(['hand-written function', handWritten]);
  console.log(label);
  const results = rows.map(([name, fn]) => [name, measure(fn)]);
  const resolver = results[0][1];
  for (const [name, us] of results) {
    const ratio = name.startsWith('resolver')
      ? ''
      : us > resolver
        ? `  (resolver ${fmt(us / resolver)}× faster)`
        : `  (resolver ${fmt(resolver / us)}× slower)`;
    console.log(`  ${name.padEnd(34)} ${fmt(us).padStart(9)} µs${ratio}`);
  }
  console.log(`  engine stats: ${JSON.stringify(engine.stats)}\n`);
}

const engine = createTemplateEngine();
const strings = Array.from({ length: 2000 }, (_, i) => `{{metadata.name}}-${i}-{{spec.version}}`);
const t0 = process.hrtime.bigint();
for (const s of strings) engine.resolveString(s, crs[0]);
console.log(
  `compiling a new template string (first resolveString): ${fmt(Number(process.hrtime.bigint() - t0) / 1000 / strings.length)} µs`,
);
console.log(
  `resolveString of a cached string:                       ${fmt(measure((cr) => engine.resolveString('{{metadata.name}}-web', cr)))} µs`,
);
if (sink === 42) console.log('');
