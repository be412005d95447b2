// Shared by the check-*.mjs scripts that must not touch the checkout: a throwaway copy of the workspace and
// a few process helpers. Node built-ins only.
//
// The copy holds the files git would see (tracked, plus untracked ones that .gitignore does not exclude), so
// it reflects the working tree, not the last commit. Its node_modules is a real folder of symlinks into the
// checkout's node_modules, except @orkestra/*, which point at the copy's own packages — as npm's workspace
// links would — so TypeScript, Nx and Jest resolve workspace packages inside the copy. Never run npm install
// in a copy: the symlinked folders are the checkout's.
import { execFileSync, spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The checkout these scripts belong to. */
export const workspaceRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Files of the working tree, relative to the workspace root, as git lists them (tracked + untracked, not ignored). */
export function workingTreeFiles(root = workspaceRoot) {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return out.split('\0').filter((f) => f && existsSync(join(root, f)) && statSync(join(root, f)).isFile());
}

/**
 * Copies the working tree into a new temporary folder and links node_modules (see the module comment).
 * Returns the folder and a `remove()` that deletes it.
 *
 * @param {string} prefix name prefix of the temporary folder
 * @param {{ linkNodeModules?: boolean }} [options]
 */
export function copyWorkspace(prefix, { linkNodeModules = true } = {}) {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  for (const file of workingTreeFiles()) {
    const target = join(dir, file);
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(join(workspaceRoot, file), target);
  }
  if (linkNodeModules) linkModules(dir);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** node_modules of `dir`: symlinks to the checkout's, with @orkestra/* pointing into `dir`. */
export function linkModules(dir) {
  const source = join(workspaceRoot, 'node_modules');
  const target = join(dir, 'node_modules');
  mkdirSync(target, { recursive: true });
  for (const entry of readdirSync(source)) {
    if (entry === '@orkestra') continue;
    symlinkSync(join(source, entry), join(target, entry));
  }
  linkWorkspacePackages(dir);
}

/** (Re)creates node_modules/@orkestra/<name> → the copy's package folder, for every workspace package of `dir`. */
export function linkWorkspacePackages(dir) {
  const scope = join(dir, 'node_modules', '@orkestra');
  rmSync(scope, { recursive: true, force: true });
  mkdirSync(scope, { recursive: true });
  for (const pkg of workspacePackages(dir)) {
    if (!pkg.json.name?.startsWith('@orkestra/')) continue;
    symlinkSync(relative(scope, pkg.dir), join(scope, pkg.json.name.slice('@orkestra/'.length)));
  }
}

/**
 * The workspace packages of `root` (the root package.json's `workspaces`, globs of the form `dir/*`), each as
 * `{ dir, path, json }`, `path` relative to the root; folders without a package.json (a Go module) are skipped.
 */
export function workspacePackages(root = workspaceRoot) {
  const rootJson = readJson(join(root, 'package.json'));
  const out = [];
  for (const pattern of rootJson.workspaces ?? []) {
    if (!pattern.endsWith('/*'))
      throw new Error(`workspace pattern ${pattern}: only "dir/*" patterns are supported here`);
    const base = join(root, pattern.slice(0, -2));
    if (!existsSync(base)) continue;
    for (const name of readdirSync(base).sort()) {
      const file = join(base, name, 'package.json');
      if (existsSync(file))
        out.push({ dir: join(base, name), path: relative(root, join(base, name)), json: readJson(file) });
    }
  }
  return out;
}

/** Parses a JSON file. */
export function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/**
 * Runs a command, streaming nothing; resolves with `{ code, stdout, stderr, ms }`. Rejects only when the
 * command cannot start or times out.
 *
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd: string, env?: NodeJS.ProcessEnv, timeoutMs?: number }} options
 */
export function run(command, args, { cwd, env = process.env, timeoutMs = 600_000 }) {
  const started = Date.now();
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`${command} ${args.join(' ')} timed out after ${timeoutMs} ms\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolvePromise({ code: code ?? 1, stdout, stderr, ms: Date.now() - started });
    });
  });
}

/** Like {@link run}, but a non-zero exit is an error showing the output. */
export async function runOk(command, args, options) {
  const result = await run(command, args, options);
  if (result.code !== 0)
    throw new Error(
      `\`${command} ${args.join(' ')}\` (in ${options.cwd}) exited ${result.code}\n${result.stdout}\n${result.stderr}`,
    );
  return result;
}

/** Seconds with one decimal, for reports. */
export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
