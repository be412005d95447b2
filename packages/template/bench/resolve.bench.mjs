// Microseconds per resolve of a realistic Deployment template against a CR, four ways:
//   the resolver (@orkestra/template, compiled once), Handlebars compile-per-call, Handlebars compiled and
//   cached, and a hand-written function. Prints figures only; it never asserts on time.
//
// Run after a build:  npx nx run @orkestra/template:build && node packages/template/bench/resolve.bench.mjs
// Options: --seconds=<per case, default 1>
import Handlebars from 'handlebars';
import { createTemplateEngine } from '../dist/index.js';

const seconds = Number(process.argv.find((a) => a.startsWith('--seconds='))?.split('=')[1] ?? 1);

/** 13 templated fields, text and paths only: the fast path's home ground. */
const textAndPaths = {
  name: '{{metadata.name}}-web',
  namespace: '{{metadata.namespace}}',
  labels: { app: '{{metadata.name}}', tier: '{{spec.tier}}', 'app.kubernetes.io/version': '{{spec.version}}' },
  annotations: { 'orkestra.io/owner': '{{metadata.namespace}}/{{metadata.name}}' },
  replicas: '{{spec.replicas}}',
  image: '{{spec.image}}:{{spec.version}}',
  imagePullPolicy: 'IfNotPresent',
  ports: [{ name: 'http', containerPort: '{{spec.port}}' }],
  env: [
    { name: 'LOG_LEVEL', value: '{{spec.logLevel}}' },
    { name: 'DB_HOST', value: '{{spec.database.host}}' },
  ],
  resources: { requests: { cpu: '{{spec.resources.cpu}}', memory: '{{spec.resources.memory}}' } },
  serviceAccountName: 'default',
};

/** The same with helpers and one block: `default`, a checksum annotation, `{{#if}}` (through Handlebars). */
const withHelpers = {
  ...textAndPaths,
  annotations: {
    'orkestra.io/owner': '{{metadata.namespace}}/{{metadata.name}}',
    'orkestra.io/config-hash': '{{sha256 (toJson spec.config)}}',
  },
  replicas: '{{default spec.replicas 1}}',
  env: [
    { name: 'LOG_LEVEL', value: '{{upper (default spec.logLevel "info")}}' },
    { name: 'DB_HOST', value: '{{spec.database.host}}' },
    { name: 'SCHEME', value: '{{#if spec.tls}}https{{else}}http{{/if}}' },
  ],
};

function handWritten(cr) {
  const m = cr.metadata;
  const s = cr.spec;
  return {
    name: `${m.name}-web`,
    namespace: m.namespace,
    labels: { app: m.name, tier: s.tier, 'app.kubernetes.io/version': s.version },
    annotations: { 'orkestra.io/owner': `${m.namespace}/${m.name}` },
    replicas: s.replicas,
    image: `${s.image}:${s.version}`,
    imagePullPolicy: 'IfNotPresent',
    ports: [{ name: 'http', containerPort: s.port }],
    env: [
      { name: 'LOG_LEVEL', value: s.logLevel },
      { name: 'DB_HOST', value: s.database.host },
    ],
    resources: { requests: { cpu: s.resources.cpu, memory: s.resources.memory } },
    serviceAccountName: 'default',
  };
}

const crs = Array.from({ length: 64 }, (_, i) =>
  JSON.parse(
    JSON.stringify({
      apiVersion: 'shop.example.com/v1',
      kind: 'Storefront',
      metadata: { name: `shop-${i}`, namespace: 'retail', uid: `uid-${i}`, generation: 1 },
      spec: {
        tier: 'web',
        version: `1.${i}`,
        replicas: 3,
        image: 'registry.example.com/shop',
        port: 8080,
        logLevel: 'debug',
        tls: i % 2 === 0,
        database: { host: 'db.retail.svc' },
        resources: { cpu: '250m', memory: '256Mi' },
        config: { theme: 'dark', currency: 'EUR', items: i },
      },
    }),
  ),
);

/** Maps a source tree with `fn` applied to every string. */
function mapStrings(source, fn) {
  if (typeof source === 'string') return fn(source);
  if (Array.isArray(source)) return source.map((s) => mapStrings(s, fn));
  if (source && typeof source === 'object') return Object.fromEntries(Object.entries(source).map(([k, v]) => [k, mapStrings(v, fn)]));
  return source;
}

/** Handlebars, compiled once: a tree of template functions, called per resolve. */
function cachedHandlebars(source) {
  const hb = Handlebars.create();
  hb.registerHelper('default', (v, d) => (v == null ? d : v));
  hb.registerHelper('upper', (s) => String(s).toUpperCase());
  hb.registerHelper('toJson', (v) => JSON.stringify(v));
  hb.registerHelper('sha256', (s) => s);
  const tree = mapStrings(source, (s) => (s.includes('{{') ? hb.compile(s, { noEscape: true }) : s));
  const walk = (node, cr) => {
    if (typeof node === 'function') return node(cr);
    if (Array.isArray(node)) return node.map((n) => walk(n, cr));
    if (node && typeof node === 'object') {
      const out = {};
      for (const k in node) out[k] = walk(node[k], cr);
      return out;
    }
    return node;
  };
  return (cr) => walk(tree, cr);
}

/** Handlebars compiling every string on every resolve. */
function compilePerCall(source) {
  const hb = Handlebars.create();
  hb.registerHelper('default', (v, d) => (v == null ? d : v));
  hb.registerHelper('upper', (s) => String(s).toUpperCase());
  hb.registerHelper('toJson', (v) => JSON.stringify(v));
  hb.registerHelper('sha256', (s) => s);
  return (cr) => mapStrings(source, (s) => (s.includes('{{') ? hb.compile(s, { noEscape: true })(cr) : s));
}

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
    const ratio = name.startsWith('resolver') ? '' : us > resolver ? `  (resolver ${fmt(us / resolver)}× faster)` : `  (resolver ${fmt(resolver / us)}× slower)`;
    console.log(`  ${name.padEnd(34)} ${fmt(us).padStart(9)} µs${ratio}`);
  }
  console.log(`  engine stats: ${JSON.stringify(engine.stats)}\n`);
}

const engine = createTemplateEngine();
const strings = Array.from({ length: 2000 }, (_, i) => `{{metadata.name}}-${i}-{{spec.version}}`);
const t0 = process.hrtime.bigint();
for (const s of strings) engine.resolveString(s, crs[0]);
console.log(`compiling a new template string (first resolveString): ${fmt(Number(process.hrtime.bigint() - t0) / 1000 / strings.length)} µs`);
console.log(`resolveString of a cached string:                       ${fmt(measure((cr) => engine.resolveString('{{metadata.name}}-web', cr)))} µs`);
if (sink === 42) console.log('');
