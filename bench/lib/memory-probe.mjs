// Preloaded into `orkestra run` by `bench/run-memory.mjs --probe` (NODE_OPTIONS="--import <this file>"), never by
// the product: records every module the process loads (a synchronous module hook: URL, format and source size) and,
// on SIGUSR2, runs one memory-reducing collection (what the Manager's heap release runs) and writes to
// MEMORY_PROBE_OUT a JSON report: V8's heap spaces, `process.memoryUsage()`, the builtin
// modules (`process.moduleLoadList`) and the loaded module files; with MEMORY_PROBE_SNAPSHOT=<file>, a heap snapshot
// (summarised by `node bench/heap-summary.mjs <file>`). The hook only observes; it adds a few KB per module.

import { writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { getHeapSpaceStatistics, getHeapStatistics, setFlagsFromString, writeHeapSnapshot } from 'node:v8';
import { runInNewContext } from 'node:vm';

const loaded = [];
registerHooks({
  load(url, context, nextLoad) {
    const result = nextLoad(url, context);
    const size = typeof result.source === 'string' ? result.source.length : (result.source?.byteLength ?? 0);
    loaded.push({ url, format: result.format, size });
    return result;
  },
});

process.on('SIGUSR2', () => {
  // First one memory-reducing collection, as the Manager's heap release runs one (once a minute at most, so its
  // timing varies from run to run): figures after it do not depend on when it last ran.
  setFlagsFromString('--expose-gc');
  runInNewContext('gc')({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  const mb = (b) => Math.round((b / 2 ** 20) * 100) / 100;
  const report = {
    memoryUsage: Object.fromEntries(Object.entries(process.memoryUsage()).map(([k, v]) => [k, mb(v)])),
    heap: Object.fromEntries(Object.entries(getHeapStatistics()).map(([k, v]) => [k, mb(v)])),
    spaces: getHeapSpaceStatistics().map((s) => ({
      space: s.space_name,
      size: mb(s.space_size),
      used: mb(s.space_used_size),
      physical: mb(s.physical_space_size),
    })),
    builtins: process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice(13)),
    modules: loaded,
  };
  writeFileSync(process.env.MEMORY_PROBE_OUT ?? 'memory-probe.json', JSON.stringify(report, null, 1));
  if (process.env.MEMORY_PROBE_SNAPSHOT) writeHeapSnapshot(process.env.MEMORY_PROBE_SNAPSHOT);
});
