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
// 3. `nx run-many -t build typecheck check-package` for both (tsup ESM+CJS+d.ts, tsc, publint, attw);
// 4. scripts/check-packages.mjs on the copy (the new packages have the published shape and ranges);
// 5. the generated unit tests run and fail — every one, each with "fill in: …", none skipped;
// 6. the generated package's build-time schema check (src/schema-check.generated.ts, the handler's `check`) is
//    current: the contract suite's freshness test passes (and its fixtures test fails with "fill in: …"); for
//    pdbs, a field added to src/types.ts makes it fail saying how to regenerate, and UPDATE_SCHEMA_CHECKS=1
//    regenerates it. These run the integration project, so one control plane starts per run.
// The generator loads the built @orkestra/core and @orkestra/testenv: they are built first.
// The checkout is never touched; the copy is removed at the end unless --keep.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkWorkspace } from './check-packages.mjs';
import { copyWorkspace, linkWorkspacePackages, run, runOk, seconds } from './check-workspace-copy.mjs';

const keep = process.argv.includes('--keep');
const GENERATED = [
  {
    key: 'pdbs',
    args: ['--kind', 'PodDisruptionBudget', '--api-version', 'policy/v1'],
    fileName: 'poddisruptionbudget',
  },
  {
    key: 'clusterroles',
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
/** The contract suite's freshness case and its fixtures case, as the generated package runs them. */
const FRESH = 'is the current code of the schema';
const schemaCheckCases = (key, extraEnv) =>
  jest(key, 'integration', ['test/contract.int.test.ts', '-t', 'compiled ahead of time'], extraEnv).then((r) => ({
    fresh: r.cases.find((c) => c.title.startsWith(FRESH)),
    others: r.cases.filter((c) => c.status !== 'pending' && !c.title.startsWith(FRESH)),
  }));
try {
  await step('build core+testenv', () =>
    nx(['run-many', '-t', 'build', '-p', '@orkestra/core,@orkestra/testenv', '--output-style=static'], 900_000),
  );
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
  await step('build+typecheck+check-package', () =>
    nx(['run-many', '-t', 'build', 'typecheck', 'check-package', '-p', projects, '--output-style=static'], 900_000),
  );

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

  for (const g of GENERATED) {
    const { fresh, others } = await step(`schema check of ${g.key}`, () => schemaCheckCases(g.key));
    if (fresh?.status !== 'passed')
      problems.push(
        `${g.key}: the generated schema check is not current: ${fresh?.failureMessages.join('\n') ?? 'no such test'}`,
      );
    const unexplained = others.filter(
      (c) => c.status !== 'failed' || !c.failureMessages.join('\n').includes('fill in: '),
    );
    if (others.length !== 1 || unexplained.length)
      problems.push(
        `${g.key}: the schema check's fixtures case must fail with "fill in:" until filled: ${others.map((c) => `${c.status}: ${c.title}`).join('; ')}`,
      );
    console.log(`  ${g.key}: src/schema-check.generated.ts current (${fresh?.status ?? 'missing'})`);
  }

  // A schema edited after generation: the freshness test fails and says how to regenerate; regenerating fixes it.
  const [first] = GENERATED;
  const types = join(copy.dir, 'packages', first.key, 'src', 'types.ts');
  const source = readFileSync(types, 'utf8');
  const edited = source.replace(
    '// FILL IN: the kind',
    'extra: Type.Optional(Type.String()),\n    // FILL IN: the kind',
  );
  if (edited === source) problems.push(`${first.key}: could not add a field to src/types.ts`);
  writeFileSync(types, edited);
  const stale = await step(`stale schema check of ${first.key}`, () => schemaCheckCases(first.key));
  const message = stale.fresh?.failureMessages.join('\n') ?? '';
  if (
    stale.fresh?.status !== 'failed' ||
    !message.includes('StaleSchemaCheckError') ||
    !message.includes('UPDATE_SCHEMA_CHECKS=1')
  )
    problems.push(
      `${first.key}: after a schema change, the freshness test must fail saying how to regenerate: ${stale.fresh?.status}: ${message}`,
    );
  const updated = await step(`regenerated schema check of ${first.key}`, () =>
    schemaCheckCases(first.key, { UPDATE_SCHEMA_CHECKS: '1' }),
  );
  const again = await schemaCheckCases(first.key);
  if (updated.fresh?.status !== 'passed' || again.fresh?.status !== 'passed')
    problems.push(`${first.key}: UPDATE_SCHEMA_CHECKS=1 did not make the schema check current`);
  console.log(
    `  ${first.key}: a field added to src/types.ts → freshness test ${stale.fresh?.status}; after UPDATE_SCHEMA_CHECKS=1 → ${again.fresh?.status}`,
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
