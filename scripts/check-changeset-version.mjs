#!/usr/bin/env node
// Proves independent versioning on a throwaway copy of the workspace: with the pending changesets removed, one
// changeset for one package plus `changeset version` bumps exactly that package and the dependents whose
// ranges it leaves — nothing else — and that every internal range still passes scripts/check-packages.mjs.
//
//   node scripts/check-changeset-version.mjs
//
// Scenarios (each on a fresh copy):
//   1. minor @orkestra/core: in 0.x a minor leaves the caret range, so every package that depends on core at
//      run time gets a patch bump (changesets 3: peer dependents too); devDependency ranges are rewritten
//      without a bump.
//   2. patch @orkestra/core: the new version satisfies every ^ range, so only core bumps.
//   3. patch @orkestra/configmaps (a leaf: only dev-dependents): only configmaps bumps.
//   4. minor @orkestra/testenv (a devDependency of every package): only testenv bumps; ranges are rewritten.
// The expected set is derived from the dependency graph with the caret rule, then compared with what
// `changeset version` wrote; scenario 1 and 2 also pin the figures by hand. The checkout is never touched.
import { readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkInternalRanges, satisfiesCaret } from './check-packages.mjs';
import { copyWorkspace, runOk, seconds, workspacePackages, workspaceRoot } from './check-workspace-copy.mjs';

const RUNTIME_FIELDS = ['dependencies', 'peerDependencies', 'optionalDependencies'];
const ORDER = { none: 0, patch: 1, minor: 2, major: 3 };

function parse(v) {
  const [major, minor, patch] = v.split('-')[0].split('.').map(Number);
  return { major, minor, patch };
}

export function bump(version, type) {
  const v = parse(version);
  if (type === 'major') return `${v.major + 1}.0.0`;
  if (type === 'minor') return `${v.major}.${v.minor + 1}.0`;
  if (type === 'patch') return `${v.major}.${v.minor}.${v.patch + 1}`;
  return version;
}

/**
 * The versions changesets should write for `changes` (`{ name: bumpType }`): a released package's new version
 * leaving a dependent's runtime range gives the dependent (if not private) at least a patch, to a fixpoint.
 */
export function expectedVersions(packages, changes) {
  const byName = new Map(packages.map((p) => [p.json.name, p.json]));
  const release = new Map(Object.entries(changes));
  for (let changed = true; changed; ) {
    changed = false;
    for (const [name, type] of [...release]) {
      const next = bump(byName.get(name).version, type);
      for (const dependent of packages) {
        if (dependent.json.private) continue;
        const leaves = RUNTIME_FIELDS.some(
          (f) => dependent.json[f]?.[name] && !satisfiesCaret(next, dependent.json[f][name]),
        );
        const current = release.get(dependent.json.name) ?? 'none';
        if (leaves && ORDER[current] < ORDER.patch) {
          release.set(dependent.json.name, 'patch');
          changed = true;
        }
      }
    }
  }
  return new Map([...release].map(([name, type]) => [name, bump(byName.get(name).version, type)]));
}

async function scenario({ title, changes, pinned = {} }) {
  const started = Date.now();
  const copy = copyWorkspace('orkestra-changeset', { linkNodeModules: false });
  try {
    symlinkSync(join(workspaceRoot, 'node_modules'), join(copy.dir, 'node_modules'));
    const changesetDir = join(copy.dir, '.changeset');
    for (const f of readdirSync(changesetDir))
      if (f.endsWith('.md') && f !== 'README.md') rmSync(join(changesetDir, f));
    const front = Object.entries(changes)
      .map(([name, type]) => `"${name}": ${type}`)
      .join('\n');
    writeFileSync(join(changesetDir, 'check-release.md'), `---\n${front}\n---\n\n${title}\n`);

    const before = workspacePackages(copy.dir);
    const expected = expectedVersions(before, changes);
    await runOk(process.execPath, [join(workspaceRoot, 'node_modules/@changesets/cli/bin.js'), 'version'], {
      cwd: copy.dir,
    });
    const after = workspacePackages(copy.dir);

    const problems = [];
    const lines = [];
    for (const pkg of after) {
      const old = before.find((p) => p.json.name === pkg.json.name).json.version;
      const want = expected.get(pkg.json.name) ?? old;
      if (pkg.json.version !== want)
        problems.push(`${pkg.json.name}: expected ${want}, changeset version wrote ${pkg.json.version}`);
      if (pkg.json.name in pinned && pkg.json.version !== pinned[pkg.json.name])
        problems.push(`${pkg.json.name}: pinned ${pinned[pkg.json.name]}, got ${pkg.json.version}`);
      if (pkg.json.version !== old) lines.push(`    ${pkg.json.name} ${old} → ${pkg.json.version}`);
    }
    const rangeProblems = checkInternalRanges(after);
    problems.push(...rangeProblems.map((p) => `after versioning, ${p}`));
    const unchanged = after.length - lines.length;
    console.log(
      `  ${title}: ${lines.length} bumped, ${unchanged} unchanged, internal ranges ${rangeProblems.length ? 'INCONSISTENT' : 'consistent'} (${seconds(Date.now() - started)})`,
    );
    console.log(lines.join('\n'));
    return problems;
  } finally {
    copy.remove();
  }
}

const started = Date.now();
const packages = workspacePackages();
const versionOf = (name) => packages.find((p) => p.json.name === name)?.json.version;
const dependsOnCore = packages
  .filter((p) => !p.json.private && RUNTIME_FIELDS.some((f) => p.json[f]?.['@orkestra/core']))
  .map((p) => p.json.name);
console.log(
  `check-changeset-version: ${packages.length} packages, @orkestra/core ${versionOf('@orkestra/core')} with ${dependsOnCore.length} run-time dependents`,
);

const problems = [
  ...(await scenario({
    title: 'minor @orkestra/core',
    changes: { '@orkestra/core': 'minor' },
    pinned: {
      '@orkestra/core': bump(versionOf('@orkestra/core'), 'minor'),
      ...Object.fromEntries(
        dependsOnCore.map((n) => [
          n,
          bump(versionOf(n), parse(versionOf('@orkestra/core')).major === 0 ? 'patch' : 'none'),
        ]),
      ),
    },
  })),
  ...(await scenario({
    title: 'patch @orkestra/core',
    changes: { '@orkestra/core': 'patch' },
    pinned: Object.fromEntries(dependsOnCore.map((n) => [n, versionOf(n)])),
  })),
  ...(await scenario({ title: 'patch @orkestra/configmaps (leaf)', changes: { '@orkestra/configmaps': 'patch' } })),
  ...(await scenario({
    title: 'minor @orkestra/testenv (devDependency of all)',
    changes: { '@orkestra/testenv': 'minor' },
  })),
];
for (const p of problems) console.error(`error: ${p}`);
console.log(
  `check-changeset-version: ${problems.length ? `${problems.length} problem(s)` : 'all good'} in ${seconds(Date.now() - started)}`,
);
process.exit(problems.length ? 1 : 0);
