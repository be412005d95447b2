// The webhook port under abuse (issue 37): C concurrent requests of B bytes each to the admission route of a
// webhook server in a process of its own, on loopback only, R rounds; prints the answers by status and the
// server process's peak RSS (VmHWM) beside its RSS at start, once with Content-Length (refused before reading)
// and once chunked (no length: cut while streaming, bytes in flight bounded).
//   node bench/webhook-abuse.mjs [--concurrency 50] [--mib 10] [--rounds 1] [--mode length,chunked] [--unbounded]
// --unbounded lifts the server's concurrency and bytes-in-flight bounds, to compare (body limit kept).
// Needs the packages built (npm run build, or npx nx build @orkestra/operator).
import { spawn } from 'node:child_process';
import { request } from 'node:https';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    concurrency: { type: 'string', default: '50' },
    mib: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '1' },
    mode: { type: 'string', default: 'length,chunked' },
    unbounded: { type: 'boolean', default: false },
  },
});
const concurrency = Number(values.concurrency);
const bytes = Math.round(Number(values.mib) * 1_000_000);
const rounds = Number(values.rounds);
const CHILD = fileURLToPath(new URL('./lib/webhook-abuse-child.mjs', import.meta.url));
const CHUNK = Buffer.alloc(64 * 1024, 0x20); // spaces: valid JSON whitespace, never parsed whole anyway

/** Starts the server process; resolves its address, CA and a function asking it for its memory. */
async function startServer() {
  const child = spawn(process.execPath, [CHILD], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, ...(values.unbounded ? { LIMITS: 'unbounded' } : {}) },
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const first = JSON.parse((await lines.next()).value);
  const report = async () => {
    child.stdin.write('report\n');
    return JSON.parse((await lines.next()).value);
  };
  return { ...first, report, stop: () => child.stdin.end() };
}

/** One abusive request: `bytes` of body, with or without Content-Length; resolves the status (0: cut off). */
function abuse(server, chunked) {
  return new Promise((resolve) => {
    const headers = chunked ? {} : { 'content-length': String(bytes) };
    const req = request(
      `${server.url}${server.path}`,
      { method: 'POST', ca: server.ca, agent: false, headers },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    req.on('error', () => resolve(0));
    let left = bytes;
    const write = () => {
      while (left > 0) {
        const n = Math.min(left, CHUNK.length);
        left -= n;
        if (!req.write(n === CHUNK.length ? CHUNK : CHUNK.subarray(0, n))) return void req.once('drain', write);
      }
      req.end();
    };
    write();
  });
}

console.log(
  `webhook abuse: ${concurrency} concurrent × ${(bytes / 1e6).toFixed(1)} MB, ${rounds} round(s), limits ${values.unbounded ? 'unbounded' : 'default'}; load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
for (const mode of values.mode.split(',')) {
  const server = await startServer();
  const statuses = {};
  const started = performance.now();
  for (let r = 0; r < rounds; r++)
    for (const status of await Promise.all(
      Array.from({ length: concurrency }, () => abuse(server, mode === 'chunked')),
    ))
      statuses[status] = (statuses[status] ?? 0) + 1;
  const seconds = (performance.now() - started) / 1000;
  const after = await server.report();
  server.stop();
  console.log(
    `${mode.padEnd(8)} answers ${JSON.stringify(statuses)} in ${seconds.toFixed(1)} s; server RSS at start ${server.rssMiB.toFixed(1)} MiB, peak ${after.peakRssMiB.toFixed(1)} MiB, after ${after.rssMiB.toFixed(1)} MiB; refused ${JSON.stringify(after.refused)}`,
  );
}
console.log(
  `load after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
