// The Deployment template both template benchmarks measure (packages/template/bench/resolve.bench.mjs and the
// workspace suite's bench/scenarios/template.mjs): the template source two ways, a hand-written function
// building the same object (the floor), the CRs, and the two naive Handlebars baselines.
import Handlebars from 'handlebars';

export { Handlebars };

/** 13 templated fields, text and paths only. */
export const textAndPaths = {
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

/** The same with helpers and one block: `default`, a checksum annotation, `{{#if}}`. */
export const withHelpers = {
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

export function handWritten(cr) {
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

export const crs = Array.from({ length: 64 }, (_, i) => ({
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
}));

export function mapStrings(source, fn) {
  if (typeof source === 'string') return fn(source);
  if (Array.isArray(source)) return source.map((s) => mapStrings(s, fn));
  if (source && typeof source === 'object')
    return Object.fromEntries(Object.entries(source).map(([k, v]) => [k, mapStrings(v, fn)]));
  return source;
}

export function handlebarsEnv() {
  const hb = Handlebars.create();
  hb.registerHelper('default', (v, d) => (v == null ? d : v));
  hb.registerHelper('upper', (s) => String(s).toUpperCase());
  hb.registerHelper('toJson', (v) => JSON.stringify(v));
  hb.registerHelper('sha256', (s) => s); // cheaper than the real one: favours Handlebars
  return hb;
}

export function cachedHandlebars(source) {
  const hb = handlebarsEnv();
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

export function compilePerCall(source) {
  const hb = handlebarsEnv();
  return (cr) => mapStrings(source, (s) => (s.includes('{{') ? hb.compile(s, { noEscape: true })(cr) : s));
}
