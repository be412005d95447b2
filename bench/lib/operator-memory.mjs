// `orkestra run`'s memory over a bare Node process of the same binary (issue 28, "Memory": goal ≤ 30 MiB over bare
// at N = 100), measured from outside: VmRSS and its split by mapping (/proc/<pid>/smaps). Used by the memory scenario
// of bench/run.mjs and by bench/run-memory.mjs.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnOperator } from '../scenarios/versus.mjs';
import { cpuMsOf, memoryOf } from './process-stats.mjs';
import { summarize } from './stats.mjs';
import { CREATE_CONCURRENCY, website } from './workload.mjs';

/** The goal: `orkestra run` at N = 100 takes at most this many MiB of RSS more than a bare `node`. */
export const OVER_BARE_GOAL_MIB = 30;
/** The N of the goal. */
export const OVER_BARE_N = 100;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * RSS by mapping, in MiB: the node binary's pages (shared with every node process; its code, and its read-only data:
 * the builtin modules' sources, V8's snapshot, ICU's data), anonymous memory (`brk` heap: malloc; other anonymous
 * mappings: V8's pages and large malloc chunks; `anonymous` includes `brk`), the rest (shared libraries, files).
 */
export function rssSplit(pid) {
  const by = { binary: 0, binaryCode: 0, binaryData: 0, anonymous: 0, brk: 0, other: 0 };
  let kind = '';
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^[0-9a-f]+-[0-9a-f]+ (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const [, perms, name] = head;
      if (name === process.execPath) kind = perms.includes('x') ? 'binaryCode' : 'binaryData';
      else kind = name === '' ? 'anonymous' : name === '[heap]' ? 'brk' : 'other';
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (!rss) continue;
    by[kind] += Number(rss[1]) / 1024;
    if (kind.startsWith('binary')) by.binary += Number(rss[1]) / 1024;
    if (kind === 'brk') by.anonymous += Number(rss[1]) / 1024;
  }
  return by;
}

/** One line: RSS and its split. */
export function describeSplit(rssMiB, s) {
  const f = (x) => x.toFixed(1);
  return (
    `RSS ${f(rssMiB)} MiB: node binary ${f(s.binary)} (code ${f(s.binaryCode)}, data ${f(s.binaryData)}), ` +
    `anonymous ${f(s.anonymous)} (brk ${f(s.brk)}), other ${f(s.other)}`
  );
}

/**
 * A bare Node process of this binary (`node -e 'setTimeout(…)'`, Node's defaults), measured from outside as the
 * operator is once it is up (its first timer has run, so bootstrap is over) and its RSS has stopped moving (two
 * samples 500 ms apart within 0.1 MiB; on a loaded machine a process still starting would read low):
 * `{ rssMiB, split }`.
 */
export async function bareNodeMemory() {
  const env = { ...process.env };
  for (const k of ['NODE_OPTIONS', 'MALLOC_ARENA_MAX']) delete env[k];
  // fs.writeSync, not console.log: a console on a pipe loads the stream modules a bare process does not have
  const script = "setTimeout(() => require('fs').writeSync(1, 'up'), 100); setTimeout(() => {}, 600_000)";
  const child = spawn(process.execPath, ['-e', script], { env, stdio: ['ignore', 'pipe', 'ignore'] });
  try {
    await new Promise((resolve, reject) => {
      child.stdout.once('data', resolve);
      child.once('exit', (code) => reject(new Error(`bare node exited (${code}) before it was up`)));
    });
    let last = memoryOf(child.pid).rssMiB;
    for (let i = 0; i < 30; i++) {
      await sleep(500);
      const now = memoryOf(child.pid).rssMiB;
      if (Math.abs(now - last) < 0.1) break;
      last = now;
    }
    return { rssMiB: memoryOf(child.pid).rssMiB, split: rssSplit(child.pid) };
  } finally {
    child.kill('SIGKILL');
  }
}

/**
 * `orkestra run` (the bench workload's katalog, as in versus) on `ns` of a running control plane: N Websites created
 * 16 at a time, all Ready, then `waitS` seconds (the Manager's heap release runs once a burst of work is over), then
 * its RSS and split, and a bare node measured right then. Returns
 * `{ n, rssMiB, peakRssMiB, split, cpuMs, bare: { rssMiB, split }, overBareMiB, seconds }`.
 */
export async function orkestraRunMemory({ kubeconfigPath, user, ns, n = OVER_BARE_N, waitS = 15, resyncSeconds = 10 }) {
  const dir = mkdtempSync(join(tmpdir(), 'orkestra-memory-'));
  await user.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } });
  const op = await spawnOperator('orkestra', { kubeconfigPath, ns, resyncSeconds, dir });
  const exited = op.exited.then(({ code, signal }) => {
    throw new Error(`orkestra run exited (${code ?? signal}): ${readFileSync(op.logFile, 'utf8').slice(-2000)}`);
  });
  try {
    const t0 = performance.now();
    const ready = async () => {
      const { items } = await user.list('example.com/v1', 'Website', { namespace: ns });
      return items.filter((w) => w.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True')).length;
    };
    const work = (async () => {
      for (let i = 0; i < n; i += CREATE_CONCURRENCY)
        await Promise.all(
          Array.from({ length: Math.min(CREATE_CONCURRENCY, n - i) }, (_, j) =>
            user.create(website(ns, `m-${i + j}`, i + j)),
          ),
        );
      const deadline = Date.now() + 300_000;
      while ((await ready()) < n) {
        if (Date.now() > deadline) throw new Error(`${n} Websites not Ready after 300 s`);
        await sleep(500);
      }
    })();
    await Promise.race([work, exited]);
    const seconds = (performance.now() - t0) / 1000;
    await Promise.race([sleep(waitS * 1000), exited]);
    const { rssMiB, peakRssMiB } = memoryOf(op.pid);
    const split = rssSplit(op.pid);
    const cpuMs = cpuMsOf(op.pid);
    const bare = await bareNodeMemory();
    return { n, rssMiB, peakRssMiB, split, cpuMs, bare, overBareMiB: rssMiB - bare.rssMiB, seconds };
  } finally {
    exited.catch(() => {});
    await op.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `reps` measurements of {@link orkestraRunMemory}, each in a namespace of its own; medians with min–max. */
export async function orkestraRunOverBare({ env, user, reps, log }) {
  const runs = [];
  for (let i = 0; i < reps; i++) {
    const r = await orkestraRunMemory({
      kubeconfigPath: env.kubeconfigPath,
      user,
      ns: `mem-run-${Date.now().toString(36)}`,
    });
    log(
      `  orkestra run, N = ${r.n}: ${describeSplit(r.rssMiB, r.split)}; peak ${r.peakRssMiB.toFixed(1)}; ` +
        `bare node ${r.bare.rssMiB.toFixed(1)} MiB; over bare ${r.overBareMiB.toFixed(1)} MiB ` +
        `(goal ≤ ${OVER_BARE_GOAL_MIB}); operator CPU ${r.cpuMs} ms`,
    );
    runs.push(r);
  }
  const of = (f) => summarize(runs.map(f));
  return {
    n: OVER_BARE_N,
    goalMiB: OVER_BARE_GOAL_MIB,
    rssMiB: of((r) => r.rssMiB),
    bareRssMiB: of((r) => r.bare.rssMiB),
    overBareMiB: of((r) => r.overBareMiB),
    runs,
  };
}
