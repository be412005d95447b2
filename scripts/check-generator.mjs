#!/usr/bin/env node
// A real run of the resource generator, in a throwaway copy of the workspace (see check-workspace-copy.mjs):
//
//   node scripts/check-generator.mjs [--keep]
//
// 1. `npx nx g @orkestra/nx-plugin:resource` for a namespaced kind (pdbs: PodDisruptionBudget, policy/v1)
//    and a cluster-scoped one (clusterroles: ClusterRole, rbac.authorization.k8s.io/v1, --cluster-scoped),
//    exactly as CONTRIBUTING.md says to run it;
// 2. links the new packages as `npm install` would (node_modules/@orkestra/<key>), then `nx sync:check`:
//    the generator already wrote the tsconfig references nx sync would;
// 3. `nx run-many -t lint build typecheck check-package` for both (Biome as generated, tsup ESM+CJS+d.ts, tsc,
//    publint, attw); each depends on the package's `generate` target, which writes generated/schema-check.ts
//    (the handler's `check`) from src/types.ts; the generator itself writes only hand-written files;
// 4. scripts/check-packages.mjs on the copy (the new packages have the published shape and ranges);
// 5. the generated unit tests run and fail — every one, each with "fill in: …", none skipped;
// 6. the build-time schema check follows its schema: the built check refuses a field src/types.ts does not list;
//    once the field is added, `nx run … :generate` writes it again (not from the cache) and the check accepts it.
// No control plane is started. The checkout is never touched; the copy is removed at the end unless --keep.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkWorkspace } from './check-packages.mjs';
import { copyWorkspace, linkWorkspacePackages, run, runOk, seconds } from './check-workspace-copy.mjs';

const keep = process.argv.includes('--keep');
const GENERATED = [
  {
    key: 'pdbs',
    kind: 'PodDisruptionBudget',
    args: ['--kind', 'PodDisruptionBudget', '--api-version', 'policy/v1'],
    fileName: 'poddisruptionbudget',
  },
  {
    key: 'clusterroles',
    kind: 'ClusterRole',
    args: ['--kind', 'ClusterRole', '--api-version', 'rbac.authorization.k8s.io/v1', '--cluster-scoped'],
    fileName: 'clusterrole',
  },
];
const started = Date.now();
const timings = {};
const step = async (label, fn) => {
  const t = Date.now();
  try {
    return await fn();
  } finally {
    timings[label] = Date.now() - t;
  }
};
const problems = [];
const copy = await step('copy', async () => copyWorkspace('orkestra-generator'));
// The copy's own Nx: no daemon, a cache of its own (inside the copy), nothing from the checkout's.
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };
const nx = (args, timeoutMs) => runOk('npx', ['nx', ...args], { cwd: copy.dir, env, timeoutMs });
const jest = (key, project, args, extraEnv = {}) => {
  const out = join(copy.dir, `jest-${key}-${project}-${Date.now()}.json`);
  return run(
    process.execPath,
    [
      '--experimental-vm-modules',
      '--no-warnings=ExperimentalWarning',
      join(copy.dir, 'node_modules/jest/bin/jest.js'),
      '--selectProjects',
      `${key}:${project}`,
      ...args,
      '--json',
      `--outputFile=${out}`,
    ],
    { cwd: join(copy.dir, 'packages', key), env: { ...env, ...extraEnv } },
  ).then((result) => {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    return { ...result, cases: report.testResults.flatMap((f) => f.assertionResults) };
  });
};
/** The check generated/schema-check.ts of a generated package exports, loaded afresh (Node strips its types). */
const loadCheck = async (g) => {
  const file = join(copy.dir, 'packages', g.key, 'generated', 'schema-check.ts');
  const module = await import(`${pathToFileURL(file).href}?t=${Date.now()}`);
  const name = `${g.kind.charAt(0).toLowerCase()}${g.kind.slice(1)}SourceAccepts`;
  if (typeof module[name] !== 'function') throw new Error(`${file} exports no ${name}`);
  return module[name];
};
try {
  await step('generate', async () => {
    for (const g of GENERATED) {
      const { stdout } = await nx(['g', '@orkestra/nx-plugin:resource', g.key, ...g.args]);
      // Check the file itself: Nx colours its CREATE lines when it thinks it writes to a terminal (CI=true runs).
      if (!existsSync(join(copy.dir, 'packages', g.key, 'src', `${g.fileName}.ts`)))
        problems.push(`generating ${g.key}: expected src/${g.fileName}.ts in:\n${stdout}`);
    }
  });
  linkWorkspacePackages(copy.dir);
  await step('sync:check', () => nx(['sync:check']));
  const projects = GENERATED.map((g) => `@orkestra/${g.key}`).join(',');
  await step('lint+build+typecheck+check-package', () =>
    nx(
      ['run-many', '-t', 'lint', 'build', 'typecheck', 'check-package', '-p', projects, '--output-style=static'],
      900_000,
    ),
  );
  for (const g of GENERATED) {
    const src = join(copy.dir, 'packages', g.key, 'src');
    if (
      existsSync(join(src, 'schema-check.generated.ts')) ||
      !existsSync(join(src, '..', 'generated', 'schema-check.ts'))
    )
      problems.push(`${g.key}: the schema check must be build output in generated/schema-check.ts, not in src/`);
  }

  const shape = checkWorkspace(copy.dir);
  problems.push(...shape.errors.map((e) => `check-packages on the copy: ${e}`));

  for (const g of GENERATED) {
    const result = await step(`unit tests of ${g.key}`, () => jest(g.key, 'unit', []));
    const cases = result.cases;
    const notFailing = cases.filter((c) => c.status !== 'failed').map((c) => `${c.status}: ${c.title}`);
    const unexplained = cases
      .filter((c) => c.status === 'failed' && !c.failureMessages.join('\n').includes('fill in: '))
      .map((c) => c.title);
    if (result.code === 0) problems.push(`${g.key}: the generated unit tests passed; they must fail until filled in`);
    if (cases.length < 8) problems.push(`${g.key}: only ${cases.length} generated unit tests`);
    if (notFailing.length) problems.push(`${g.key}: generated tests that do not fail: ${notFailing.join('; ')}`);
    if (unexplained.length)
      problems.push(`${g.key}: generated tests that fail without "fill in:": ${unexplained.join('; ')}`);
    console.log(
      `  ${g.key}: ${cases.length} generated unit tests, ${cases.length - notFailing.length} failing with "fill in: …", ${notFailing.length} not failing`,
    );
  }

  // A schema edited after generation: the next `generate` writes the check again, and it follows the schema.
  const [first] = GENERATED;
  const before = await loadCheck(first);
  if (!before({}) || before({ extra: 'x' }))
    problems.push(`${first.key}: the built check must accept {} and refuse an unknown field`);
  const types = join(copy.dir, 'packages', first.key, 'src', 'types.ts');
  const source = readFileSync(types, 'utf8');
  const edited = source.replace(
    '// FILL IN: the kind',
    'extra: Type.Optional(Type.String()),\n    // FILL IN: the kind',
  );
  if (edited === source) problems.push(`${first.key}: could not add a field to src/types.ts`);
  writeFileSync(types, edited);
  const { stdout } = await step(`regenerate ${first.key}`, () =>
    nx(['run', `@orkestra/${first.key}:generate`, '--output-style=static']),
  );
  const after = await loadCheck(first);
  if (/local cache|remote cache/.test(stdout) || !after({ extra: 'x' }) || after({ extra: 1 }))
    problems.push(`${first.key}: after a schema change, generate must write the check again:\n${stdout}`);
  console.log(
    `  ${first.key}: a field added to src/types.ts → generate → the check accepts it: ${after({ extra: 'x' })}`,
  );
} catch (e) {
  problems.push(e instanceof Error ? e.message : String(e));
} finally {
  if (keep) console.log(`check-generator: kept ${copy.dir}`);
  else copy.remove();
}
console.log(
  `check-generator: ${Object.entries(timings)
    .map(([k, ms]) => `${k} ${seconds(ms)}`)
    .join(', ')}`,
);
for (const p of problems) console.error(`error: ${p}`);
console.log(
  `check-generator: ${problems.length ? `${problems.length} problem(s)` : `generated ${GENERATED.map((g) => `packages/${g.key}`).join(' and ')}, built, type-checked, checked`} in ${seconds(Date.now() - started)}`,
);
process.exit(problems.length ? 1 : 0);
