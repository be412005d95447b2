#!/usr/bin/env node
// Checks every workspace package.json for the published shape, and internal dependency ranges for consistency.
//
//   node scripts/check-packages.mjs [workspace-root]
//
// Every publishable package (not "private") must have: a name in the @orkestra scope, its own semver
// `version`, `engines.node`, `files` (with dist, without src or tests), `exports` whose "." entry opens with
// the `@orkestra/source` condition pointing at an existing src/index.ts and has `types` first in both its
// `import` and `require` branches, `sideEffects: false`, `license` Apache-2.0 with a LICENSE file, a git
// `repository` whose `directory` is the package's folder, and a `homepage` naming that folder. A package of
// built files only (no main, module, types or "." export: @orkestra/console) exports "./dist/*" instead.
// Every package, private or not: each `@orkestra/x` dependency (dependencies, devDependencies,
// peerDependencies, optionalDependencies) exists in the workspace, and its range is a caret range `^M.m.p`
// that the current version of x satisfies — so npm links the workspace's x, and the range says which
// version of x the package was last released against. (Not always `^<current version>`: after a patch of
// x, changesets rightly leaves dependents that are not released at `^<older version>`, which still holds;
// scripts/check-changeset-version.mjs proves this check passes after every kind of release.)
// A file that `files` lists but that is missing (a README) is a warning. Exit code 1 on any error.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { workspacePackages, workspaceRoot } from './check-workspace-copy.mjs';

const DEP_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'];
const SEMVER = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;
const REPOSITORY = 'git+https://github.com/orkestra-ts/orkestra.git';

/** Problems of one publishable package's manifest: `{ errors: string[], warnings: string[] }`. */
export function checkManifest(pkg) {
  const { json, path, dir } = pkg;
  const errors = [];
  const warnings = [];
  const need = (ok, message) => {
    if (!ok) errors.push(message);
  };
  need(
    typeof json.name === 'string' && json.name.startsWith('@orkestra/'),
    `name must be in the @orkestra scope, got ${JSON.stringify(json.name)}`,
  );
  need(
    typeof json.version === 'string' && SEMVER.test(json.version),
    `version must be semver, got ${JSON.stringify(json.version)}`,
  );
  need(typeof json.engines?.node === 'string' && json.engines.node.length > 0, 'engines.node is missing');
  need(json.type === 'module', `type must be "module", got ${JSON.stringify(json.type)}`);
  need(json.sideEffects === false, `sideEffects must be false, got ${JSON.stringify(json.sideEffects)}`);
  need(json.license === 'Apache-2.0', `license must be Apache-2.0, got ${JSON.stringify(json.license)}`);
  need(existsSync(join(dir, 'LICENSE')), 'LICENSE file is missing');
  need(
    json.repository?.type === 'git' && json.repository?.url === REPOSITORY,
    `repository must be { type: git, url: ${REPOSITORY} }`,
  );
  need(
    json.repository?.directory === path,
    `repository.directory must be ${JSON.stringify(path)}, got ${JSON.stringify(json.repository?.directory)}`,
  );
  need(
    typeof json.homepage === 'string' && json.homepage.includes(`/${path}`),
    `homepage must name ${path}, got ${JSON.stringify(json.homepage)}`,
  );

  const files = json.files;
  if (!Array.isArray(files) || files.length === 0) errors.push('files is missing');
  else {
    need(files.includes('dist'), 'files must include dist');
    for (const f of files) {
      if (/^(\.\/)?(src|test|tests|out-tsc)(\/|$)|\.(test|spec)\./.test(f))
        errors.push(`files must not publish sources or tests: ${JSON.stringify(f)}`);
      else if (!f.includes('*') && f !== 'dist' && !existsSync(join(dir, f)))
        warnings.push(`files lists ${f}, which does not exist`);
    }
  }

  const dot = json.exports?.['.'];
  // A package of built files only (the console's web pages): no code entry at all, its dist/ exported as files.
  const assetsOnly = !dot && !json.main && !json.module && !json.types;
  if (assetsOnly)
    need(
      json.exports?.['./dist/*'] === './dist/*',
      'a package without exports["."] must export "./dist/*" (its files)',
    );
  else if (!dot || typeof dot !== 'object') errors.push('exports["."] is missing');
  else {
    const keys = Object.keys(dot);
    need(
      keys[0] === '@orkestra/source',
      `exports["."] must open with the @orkestra/source condition, got ${JSON.stringify(keys)}`,
    );
    need(
      dot['@orkestra/source'] === './src/index.ts' && existsSync(join(dir, 'src/index.ts')),
      'exports["."]["@orkestra/source"] must be ./src/index.ts, and the file must exist',
    );
    for (const branch of ['import', 'require']) {
      const b = dot[branch];
      if (!b || typeof b !== 'object') {
        errors.push(`exports["."].${branch} is missing`);
        continue;
      }
      need(
        Object.keys(b)[0] === 'types',
        `exports["."].${branch} must list types first, got ${JSON.stringify(Object.keys(b))}`,
      );
      need(
        typeof b.types === 'string' &&
          b.types.startsWith('./dist/') &&
          typeof b.default === 'string' &&
          b.default.startsWith('./dist/'),
        `exports["."].${branch} must point into ./dist`,
      );
    }
    need(dot.require?.types?.endsWith('.d.cts'), 'exports["."].require.types must be a .d.cts file');
  }
  need(json.exports?.['./package.json'] === './package.json', 'exports["./package.json"] must be ./package.json');
  return { errors, warnings };
}

const parse = (v) => v.split('-')[0].split('.').map(Number);

/** Does `version` satisfy the caret range `^base` (npm's rule, 0.x included)? */
export function satisfiesCaret(version, range) {
  if (!/^\^\d+\.\d+\.\d+$/.test(range)) return false;
  const [vM, vm, vp] = parse(version);
  const [bM, bm, bp] = parse(range.slice(1));
  const atLeast = vM > bM || (vM === bM && (vm > bm || (vm === bm && vp >= bp)));
  if (!atLeast) return false;
  if (bM > 0) return vM === bM;
  if (bm > 0) return vM === 0 && vm === bm;
  return vM === 0 && vm === 0 && vp === bp;
}

/** Problems of internal dependency ranges, over all packages (see the header). */
export function checkInternalRanges(packages) {
  const versions = new Map(packages.map((p) => [p.json.name, p.json.version]));
  const errors = [];
  for (const pkg of packages) {
    for (const field of DEP_FIELDS) {
      for (const [dep, range] of Object.entries(pkg.json[field] ?? {})) {
        if (!dep.startsWith('@orkestra/')) continue;
        if (!versions.has(dep)) {
          errors.push(`${pkg.json.name}: ${field}.${dep} is not a package of this workspace`);
          continue;
        }
        const current = versions.get(dep);
        if (!/^\^\d+\.\d+\.\d+$/.test(range))
          errors.push(
            `${pkg.json.name}: ${field}.${dep} is ${JSON.stringify(range)}, must be a caret range such as "^${current}"`,
          );
        else if (!satisfiesCaret(current, range))
          errors.push(
            `${pkg.json.name}: ${field}.${dep} is ${JSON.stringify(range)}, which the workspace's ${dep} ${current} does not satisfy: make it "^${current}"`,
          );
      }
    }
  }
  return errors;
}

/** Runs every check on the workspace at `root`; returns `{ errors, warnings, report }`. */
export function checkWorkspace(root = workspaceRoot) {
  const packages = workspacePackages(root);
  const errors = [];
  const warnings = [];
  const report = [];
  for (const pkg of packages) {
    if (pkg.json.private) {
      report.push(`  ${pkg.json.name.padEnd(24)} private, not published`);
      continue;
    }
    const r = checkManifest(pkg);
    errors.push(...r.errors.map((e) => `${pkg.json.name}: ${e}`));
    warnings.push(...r.warnings.map((w) => `${pkg.json.name}: ${w}`));
    report.push(
      `  ${pkg.json.name.padEnd(24)} ${pkg.json.version.padEnd(8)} engines ${pkg.json.engines?.node ?? '?'}  ${r.errors.length ? `${r.errors.length} problem(s)` : 'ok'}`,
    );
  }
  const engines = new Set(packages.filter((p) => !p.json.private).map((p) => p.json.engines?.node));
  if (engines.size > 1) warnings.push(`engines.node differs between packages: ${[...engines].join(', ')}`);
  errors.push(...checkInternalRanges(packages));
  return { errors, warnings, report, count: packages.length };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = Date.now();
  const root = resolve(process.argv[2] ?? workspaceRoot);
  const { errors, warnings, report, count } = checkWorkspace(root);
  console.log(`check-packages: ${count} workspace packages`);
  console.log(report.join('\n'));
  for (const w of warnings) console.log(`warning: ${w}`);
  for (const e of errors) console.error(`error: ${e}`);
  console.log(
    `check-packages: ${errors.length ? `${errors.length} error(s)` : 'all good'}, ${warnings.length} warning(s), ${Date.now() - started} ms`,
  );
  process.exit(errors.length ? 1 : 0);
}
