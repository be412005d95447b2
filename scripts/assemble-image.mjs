#!/usr/bin/env node
import { spawn } from 'node:child_process';
// The application folder of the operator image, assembled exactly as deploy/Containerfile assembles it (its
// build stage runs this script): no container engine is needed to build or test what the image holds.
//
//   node scripts/assemble-image.mjs --katalog k.yaml [--package <npm spec>]... [--out <dir>] [--cache-dir <dir>]
//                                   [-- <orkestra args>...]
//
// 1. `npm pack`s @orkestra/cli, the workspace packages it depends on (core, template, reconciler, operator) and
//    the resource package of every key of the katalog (`deployments` → @orkestra/deployments), from their built
//    dist/ (run `npx nx run-many -t build` first). `--package` adds a package from the registry (a resource
//    package of another scope).
// 2. Writes a package.json depending on exactly those tarballs and runs `npm install --omit=dev` in the folder:
//    production dependencies only, third-party packages from the registry (or npm's cache).
// 3. Prints the folder's path (stdout, last line). With `-- <args>`, runs the image's entrypoint there
//    (`node node_modules/@orkestra/cli/dist/bin.js <args>`) and exits with its code.
//
// Without --out, the folder lives in --cache-dir (default ~/.cache/orkestra/image), named by a hash of the
// tarballs and the extra packages: an unchanged workspace reuses it (the integration test runs in seconds).
// The three most recent folders are kept, and any used in the last hour.
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { runOk, workspacePackages, workspaceRoot } from './check-workspace-copy.mjs';

/** The image's entrypoint, relative to its application folder (deploy/Containerfile's ENTRYPOINT). */
export const ENTRYPOINT = 'node_modules/@orkestra/cli/dist/bin.js';
const KEEP = 3;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function parseArgs(argv) {
  const dash = argv.indexOf('--');
  const own = dash < 0 ? argv : argv.slice(0, dash);
  const opts = { packages: [], run: dash < 0 ? undefined : argv.slice(dash + 1) };
  for (let i = 0; i < own.length; i++) {
    const [flag, value] = [own[i], own[i + 1]];
    if (!['--katalog', '--package', '--out', '--cache-dir'].includes(flag) || value === undefined)
      throw new Error(
        `usage: assemble-image.mjs --katalog <file> [--package <spec>]... [--out <dir>] [--cache-dir <dir>] [-- <args>] (got ${flag})`,
      );
    i++;
    if (flag === '--package') opts.packages.push(value);
    else opts[flag.slice(2).replace(/-(.)/g, (_, c) => c.toUpperCase())] = value;
  }
  if (!opts.katalog) throw new Error('--katalog <file> is required (its keys name the resource packages)');
  return opts;
}

/** The resource-package keys of a katalog (`spec.crds[].resources`). */
function katalogKeys(file) {
  const doc = parse(readFileSync(file, 'utf8'));
  const keys = new Set();
  for (const entry of doc?.spec?.crds ?? []) for (const key of Object.keys(entry?.resources ?? {})) keys.add(key);
  if (!keys.size) throw new Error(`${file}: no spec.crds[].resources keys — is it a katalog?`);
  return [...keys].sort();
}

/** @orkestra/cli, its workspace dependencies (transitively) and the resource packages of `keys`. */
function workspaceClosure(keys) {
  const byName = new Map(workspacePackages().map((p) => [p.json.name, p]));
  const wanted = ['@orkestra/cli', ...keys.map((k) => `@orkestra/${k}`)];
  const out = new Map();
  while (wanted.length) {
    const name = wanted.pop();
    if (out.has(name)) continue;
    const pkg = byName.get(name);
    if (!pkg) throw new Error(`${name} is not a package of this workspace: add it with --package <npm spec>`);
    if (!existsSync(join(pkg.dir, 'dist'))) throw new Error(`${name} has no dist/: run npx nx run-many -t build first`);
    out.set(name, pkg);
    for (const dep of Object.keys(pkg.json.dependencies ?? {})) if (byName.has(dep)) wanted.push(dep);
  }
  return [...out.values()];
}

/**
 * Keeps the `KEEP` most recently used folders of the cache, and any used within the last hour: a test of
 * another checkout may be running from one right now.
 */
function prune(cacheDir) {
  const hourAgo = Date.now() - 3_600_000;
  const entries = readdirSync(cacheDir)
    .filter((n) => !n.startsWith('.'))
    .map((n) => ({ n, at: statSync(join(cacheDir, n)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const { n, at } of entries.slice(KEEP))
    if (at < hourAgo) rmSync(join(cacheDir, n), { recursive: true, force: true });
  // Work folders of assemblies that were killed.
  for (const n of readdirSync(cacheDir).filter((n) => n.startsWith('.assemble-')))
    if (statSync(join(cacheDir, n)).mtimeMs < hourAgo) rmSync(join(cacheDir, n), { recursive: true, force: true });
}

/**
 * Assembles the application folder; resolves to its path. Exported for tests: the in-cluster integration
 * test calls it (through this script, as a process) to get the folder a pod would run.
 */
export async function assemble(opts) {
  const keys = katalogKeys(opts.katalog);
  const pkgs = workspaceClosure(keys);
  const cacheDir = resolve(opts.cacheDir ?? join(homedir(), '.cache', 'orkestra', 'image'));
  mkdirSync(cacheDir, { recursive: true });
  const work = mkdtempSync(join(cacheDir, '.assemble-'));
  try {
    const tarballs = join(work, 'tarballs');
    mkdirSync(tarballs);
    const { stdout } = await runOk(
      npm,
      ['pack', '--json', '--pack-destination', tarballs, ...pkgs.flatMap((p) => ['-w', p.path])],
      { cwd: workspaceRoot },
    );
    const packed = JSON.parse(stdout);
    const hash = createHash('sha256');
    for (const t of [...packed].sort((a, b) => a.name.localeCompare(b.name))) hash.update(`${t.name} ${t.integrity}\n`);
    for (const p of [...opts.packages].sort()) hash.update(`registry ${p}\n`);
    const key = hash.digest('hex').slice(0, 20);
    const target = opts.out ? resolve(opts.out) : join(cacheDir, key);
    if (opts.out && existsSync(target) && readdirSync(target).length)
      throw new Error(`--out ${opts.out} exists and is not empty: give a new or empty folder`);
    if (!opts.out && existsSync(join(target, ENTRYPOINT))) {
      utimesSync(target, new Date(), new Date()); // most recently used: pruned last
      return { dir: target, cached: true, key };
    }
    // The folder the image copies: package.json with the tarballs (kept in the folder, as in the image) and
    // the registry packages as its only dependencies, installed without dev dependencies.
    const app = join(work, 'app');
    mkdirSync(app);
    renameSync(tarballs, join(app, 'tarballs'));
    const dependencies = Object.fromEntries(packed.map((t) => [t.name, `file:tarballs/${t.filename}`]));
    for (const spec of opts.packages) {
      const at = spec.lastIndexOf('@');
      const [name, range] = at > 0 ? [spec.slice(0, at), spec.slice(at + 1)] : [spec, '*'];
      dependencies[name] = range;
    }
    writeFileSync(
      join(app, 'package.json'),
      `${JSON.stringify({ name: 'orkestra-operator-image', private: true, version: '0.0.0', type: 'module', dependencies }, null, 2)}\n`,
    );
    await runOk(npm, ['install', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], {
      cwd: app,
      env: { ...process.env, NODE_ENV: 'production' },
      timeoutMs: 600_000,
    });
    if (!existsSync(join(app, ENTRYPOINT))) throw new Error(`npm install in ${app} produced no ${ENTRYPOINT}`);
    // Installed: the tarballs are not part of the image (package-lock.json keeps their integrity).
    rmSync(join(app, 'tarballs'), { recursive: true, force: true });
    if (opts.out) {
      rmSync(target, { recursive: true, force: true });
      mkdirSync(resolve(target, '..'), { recursive: true });
      cpSync(app, target, { recursive: true }); // --out may be on another filesystem than the cache
    } else {
      try {
        renameSync(app, target); // atomic: a concurrent assembly of the same key finds it whole or not at all
      } catch (e) {
        if (!existsSync(join(target, ENTRYPOINT))) throw e;
      }
      prune(cacheDir);
    }
    return { dir: target, cached: false, key };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const isMain = process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname);
if (isMain) {
  try {
    const opts = parseArgs(process.argv.slice(2));
    const started = Date.now();
    const { dir, cached, key } = await assemble(opts);
    console.error(
      `assemble-image: ${cached ? 'reused' : 'assembled'} ${dir} (key ${key}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    if (opts.run) {
      const child = spawn(process.execPath, [join(dir, ENTRYPOINT), ...opts.run], {
        cwd: dir,
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production' },
      });
      for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
      child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + 15 : 1)));
    } else {
      console.log(dir);
    }
  } catch (e) {
    console.error(`assemble-image: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  }
}
