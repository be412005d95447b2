#!/usr/bin/env node
// Smoke check of the bench (bench/), run by `npm test` after the packages are built: the bench is no test and
// nothing else imports it, so a moved export (the runtime settings that went to @orkestra/operator) broke it
// unnoticed once. No figure is checked, and nothing is timed:
//   1. every module of bench/ is imported (the entry scripts only have their imports resolved), so a missing
//      package or export fails here;
//   2. `bench/run.mjs` runs the template and steady scenarios at their smallest (N = 2, one repetition, one
//      resync) on a control plane of its own, and must exit 0 with both scenarios in its JSON and no errors.
//
//   node scripts/check-bench.mjs
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bench = join(root, 'bench');
/**
 * Scripts that do their work when loaded (every file at the top of bench/, and the `*-child.mjs` processes the
 * scenarios spawn): their imports are resolved, not run. Modules of bench/lib and bench/scenarios are imported.
 */
const isEntryScript = (file) => !file.includes(sep) || file.endsWith('-child.mjs');

const problems = [];
const modules = readdirSync(bench, { recursive: true })
  .filter((f) => f.endsWith('.mjs') && !f.startsWith('results'))
  .sort();
for (const file of modules) {
  const url = pathToFileURL(join(bench, file)).href;
  try {
    if (!isEntryScript(file)) {
      await import(url);
      continue;
    }
    const source = readFileSync(join(bench, file), 'utf8');
    for (const [, specifier] of source.matchAll(/(?:from\s+|import\(\s*)'([^']+)'/g))
      import.meta.resolve(specifier, url);
  } catch (e) {
    problems.push(`bench/${file}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

const out = mkdtempSync(join(tmpdir(), 'orkestra-bench-check-'));
try {
  const args = ['--only', 'template,steady', '--sizes', '2', '--reps', '1', '--resyncs', '1'];
  const run = spawnSync(
    process.execPath,
    [join(bench, 'run.mjs'), ...args, '--template-seconds', '0.01', '--out', out],
    {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  if (run.status !== 0) {
    problems.push(
      `node bench/run.mjs ${args.join(' ')} exited with ${run.status ?? run.signal}:\n${run.stderr || run.stdout}`,
    );
  } else {
    const json = readdirSync(out).find((f) => f.endsWith('.json'));
    const results = json ? JSON.parse(readFileSync(join(out, json), 'utf8')) : undefined;
    for (const name of ['template', 'steady']) {
      const scenario = results?.scenarios?.[name];
      if (!scenario) problems.push(`bench/run.mjs wrote no ${name} results to ${relative(root, out) || out}`);
      else if (scenario.errors?.length) problems.push(`bench ${name}: ${JSON.stringify(scenario.errors)}`);
    }
    if (!results?.scenarios?.steady?.sizes?.[2]) problems.push('bench steady: no figures for N = 2');
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}

if (problems.length > 0) {
  console.error(`bench check failed:\n  - ${problems.join('\n  - ')}`);
  process.exit(1);
}
console.log(`bench check: ${modules.length} modules load; template and steady ran at N = 2`);
process.exit(0);
