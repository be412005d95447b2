// What holds the bytes of a heap snapshot (issue 18): `node bench/heap-summary.mjs <file.heapsnapshot> [top=30]`.
// Prints the self size by node type and constructor, the strings held in many copies, and the bytes reachable from
// each property of every Informer, GenericReconciler and SharedInformerFactory (each node counted once, in that
// order, so a reconciler's figure excludes what its informers hold). Snapshots: `SNAPDIR=… node bench/heap-probe.mjs`,
// or `v8.writeHeapSnapshot()` / `node --heapsnapshot-signal=SIGUSR2` in any process.
import { readFileSync } from 'node:fs';

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/heap-summary.mjs <file.heapsnapshot> [top]');
  process.exit(2);
}
const top = Number(topArg ?? 30);
const snap = JSON.parse(readFileSync(file, 'utf8'));
const { meta } = snap.snapshot;
const NF = meta.node_fields.length;
const EF = meta.edge_fields.length;
const nodeTypes = meta.node_types[0];
const edgeTypes = meta.edge_types[0];
const [iType, iName, iSize, iEdges] = ['type', 'name', 'self_size', 'edge_count'].map((f) =>
  meta.node_fields.indexOf(f),
);
const [eType, eName, eTo] = ['type', 'name_or_index', 'to_node'].map((f) => meta.edge_fields.indexOf(f));
const { nodes, edges, strings } = snap;
const count = nodes.length / NF;
const type = (i) => nodeTypes[nodes[i * NF + iType]];
const name = (i) => strings[nodes[i * NF + iName]];
const size = (i) => nodes[i * NF + iSize];
const firstEdge = new Uint32Array(count + 1);
for (let i = 0, e = 0; i < count; i++) {
  firstEdge[i] = e;
  e += nodes[i * NF + iEdges] * EF;
  firstEdge[i + 1] = e;
}
const kb = (bytes) => `${(bytes / 1024).toFixed(0).padStart(8)} KB`;

const byKind = new Map();
const copies = new Map();
let total = 0;
for (let i = 0; i < count; i++) {
  const t = type(i);
  total += size(i);
  const key = t.includes('string') ? t : `${t}:${name(i)}`;
  const a = byKind.get(key) ?? { bytes: 0, n: 0 };
  a.bytes += size(i);
  a.n++;
  byKind.set(key, a);
  if (t === 'string') {
    const c = copies.get(name(i)) ?? { bytes: 0, n: 0 };
    c.bytes += size(i);
    c.n++;
    copies.set(name(i), c);
  }
}
console.log(`${file}: ${(total / 2 ** 20).toFixed(2)} MB in ${count} nodes\n\nself size by type:constructor`);
for (const [k, { bytes, n }] of [...byKind].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, top))
  console.log(kb(bytes), String(n).padStart(8), k.slice(0, 90));

const repeated = [...copies]
  .filter(([, c]) => c.n > 1)
  .map(([s, c]) => ({ s, n: c.n, extra: (c.bytes * (c.n - 1)) / c.n }))
  .sort((a, b) => b.extra - a.extra);
console.log(`\nstrings in several copies: ${kb(repeated.reduce((t, r) => t + r.extra, 0))} beyond one copy each`);
for (const { s, n, extra } of repeated.slice(0, top))
  console.log(kb(extra), String(n).padStart(8), JSON.stringify(s.slice(0, 70)));

// Reachable bytes; code, closures and hidden V8 structures are not data, and weak edges hold nothing.
const seen = new Uint8Array(count);
function reach(start) {
  let bytes = 0;
  const stack = [start];
  while (stack.length) {
    const i = stack.pop();
    if (seen[i]) continue;
    seen[i] = 1;
    const t = type(i);
    if (t === 'code' || t === 'closure' || t === 'object shape') continue;
    bytes += size(i);
    for (let e = firstEdge[i]; e < firstEdge[i + 1]; e += EF) {
      const et = edgeTypes[edges[e + eType]];
      if (et === 'weak' || et === 'shortcut') continue;
      const en = et === 'element' || et === 'hidden' ? '' : strings[edges[e + eName]];
      if (en === '__proto__' || en === 'map') continue;
      stack.push(edges[e + eTo] / NF);
    }
  }
  return bytes;
}
console.log('\nreachable from (each node counted once, in this order)');
for (const holder of ['Informer', 'GenericReconciler', 'SharedInformerFactory']) {
  const sums = new Map();
  for (let i = 0; i < count; i++) {
    if (type(i) !== 'object' || name(i) !== holder) continue;
    for (let e = firstEdge[i]; e < firstEdge[i + 1]; e += EF) {
      if (edgeTypes[edges[e + eType]] !== 'property') continue;
      const prop = strings[edges[e + eName]];
      if (['options', 'kube', 'listeners', 'abort', 'logger'].includes(prop)) continue;
      const s = sums.get(prop) ?? { bytes: 0, n: 0 };
      s.bytes += reach(edges[e + eTo] / NF);
      s.n++;
      sums.set(prop, s);
    }
  }
  for (const [prop, { bytes, n }] of [...sums].sort((a, b) => b[1].bytes - a[1].bytes))
    if (bytes > 1024) console.log(kb(bytes), `${holder}.${prop} (${n} ${holder}${n === 1 ? '' : 's'})`);
}
