import type { Stats } from 'node:fs';
import { accessSync, constants, readdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { BinariesNotFoundError, type BinaryName, type SearchedLocation } from './errors.js';

/** Where to take the control-plane binaries from; see {@link findBinaries} for the search order. */
export interface BinaryOptions {
  /** A folder holding `etcd`, `kube-apiserver` and (for `controllers`) `kube-controller-manager`. */
  binaryAssetsDirectory?: string;
  /** Paths of single binaries; each wins over every folder. */
  binaries?: Partial<Record<BinaryName, string>>;
}

/** The binaries found, and for each the place it came from (for messages and the README's "which version" question). */
export interface FoundBinaries {
  paths: Partial<Record<BinaryName, string>>;
  sources: Partial<Record<BinaryName, string>>;
}

/**
 * envtest's per-binary variables, plus one each for kube-controller-manager, kube-scheduler and kwok (envtest has
 * none).
 */
export const TEST_ASSET_VARIABLES: Record<BinaryName, string> = {
  etcd: 'TEST_ASSET_ETCD',
  'kube-apiserver': 'TEST_ASSET_KUBE_APISERVER',
  'kube-controller-manager': 'TEST_ASSET_KUBE_CONTROLLER_MANAGER',
  'kube-scheduler': 'TEST_ASSET_KUBE_SCHEDULER',
  kwok: 'TEST_ASSET_KWOK',
};

/**
 * The build cache root that `tools/controlplane/build.sh` fills:
 * `${ORKESTRA_CONTROLPLANE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/orkestra/controlplane}`.
 */
export function controlPlaneCacheRoot(env: NodeJS.ProcessEnv = process.env): string {
  if (env.ORKESTRA_CONTROLPLANE_CACHE) return env.ORKESTRA_CONTROLPLANE_CACHE;
  const cacheHome = env.XDG_CACHE_HOME || join(env.HOME || homedir(), '.cache');
  return join(cacheHome, 'orkestra', 'controlplane');
}

/** Compares `v1.37.2`-style versions (pre-release suffixes sort before the release). */
export function compareVersions(a: string, b: string): number {
  const parse = (v: string) => {
    const m = /^v?(\d+)\.(\d+)\.(\d+)(.*)$/.exec(v);
    return m ? { nums: [Number(m[1]), Number(m[2]), Number(m[3])], rest: m[4] ?? '' } : { nums: [0, 0, 0], rest: v };
  };
  const pa = parse(a);
  const pb = parse(b);
  for (let i = 0; i < 3; i++) {
    const d = (pa.nums[i] ?? 0) - (pb.nums[i] ?? 0);
    if (d !== 0) return d;
  }
  if (pa.rest === pb.rest) return 0;
  if (pa.rest === '') return 1;
  if (pb.rest === '') return -1;
  return pa.rest < pb.rest ? -1 : 1;
}

type Check = { ok: true } | { ok: false; reason: string };

function checkExecutable(path: string): Check {
  let stats: Stats;
  try {
    stats = statSync(path);
  } catch {
    return { ok: false, reason: 'does not exist' };
  }
  if (!stats.isFile()) return { ok: false, reason: 'not a file' };
  try {
    accessSync(path, constants.X_OK);
  } catch {
    return { ok: false, reason: 'not executable' };
  }
  return { ok: true };
}

function checkFolder(path: string): Check {
  try {
    return statSync(path).isDirectory() ? { ok: true } : { ok: false, reason: 'not a folder' };
  } catch {
    return { ok: false, reason: 'does not exist' };
  }
}

/**
 * Finds the control-plane binaries. Each binary is looked up on its own, first hit wins:
 *
 * 1. `options.binaries[name]` (an explicit file; if it is unusable the search for that binary stops)
 * 2. `options.binaryAssetsDirectory/<name>`
 * 3. `TEST_ASSET_ETCD` / `TEST_ASSET_KUBE_APISERVER` / `TEST_ASSET_KUBE_CONTROLLER_MANAGER` (explicit files, as 1.)
 * 4. `$KUBEBUILDER_ASSETS/<name>` (e.g. from `setup-envtest use -p path`)
 * 5. the build cache ({@link controlPlaneCacheRoot}): the folder `ORKESTRA_CONTROLPLANE_VERSION` names, or else the
 *    highest version folder that holds every binary still missing.
 *
 * Throws {@link BinariesNotFoundError} listing every place looked at when any needed binary is missing.
 *
 * @example
 * const { paths } = findBinaries(['etcd', 'kube-apiserver']);
 */
export function findBinaries(
  needed: BinaryName[],
  options: BinaryOptions = {},
  env: NodeJS.ProcessEnv = process.env,
): FoundBinaries {
  const found: FoundBinaries = { paths: {}, sources: {} };
  const searched: SearchedLocation[] = [];
  const pinned = new Set<BinaryName>(); // an explicit file was given but is unusable: do not fall through
  const open = () => needed.filter((n) => !found.paths[n] && !pinned.has(n));

  const tryFile = (name: BinaryName, source: string, path: string, pin: boolean) => {
    const check = checkExecutable(path);
    if (check.ok) {
      found.paths[name] = path;
      found.sources[name] = source;
    } else {
      searched.push({ source, path, reason: check.reason });
      if (pin) pinned.add(name);
    }
  };

  const tryFolder = (source: string, folder: string) => {
    const check = checkFolder(folder);
    if (!check.ok) {
      searched.push({ source, path: folder, reason: check.reason });
      return;
    }
    const missing: BinaryName[] = [];
    for (const name of open()) {
      const path = join(folder, name);
      if (checkExecutable(path).ok) {
        found.paths[name] = path;
        found.sources[name] = `${source} (${folder})`;
      } else {
        missing.push(name);
      }
    }
    if (missing.length) searched.push({ source, path: folder, reason: `missing ${missing.join(', ')}` });
  };

  for (const name of open()) {
    const explicit = options.binaries?.[name];
    if (explicit) tryFile(name, `options.binaries['${name}']`, explicit, true);
  }
  if (open().length && options.binaryAssetsDirectory) {
    tryFolder('options.binaryAssetsDirectory', options.binaryAssetsDirectory);
  }
  for (const name of open()) {
    const variable = TEST_ASSET_VARIABLES[name];
    const value = env[variable];
    if (value) tryFile(name, variable, value, true);
  }
  if (open().length && env.KUBEBUILDER_ASSETS) tryFolder('KUBEBUILDER_ASSETS', env.KUBEBUILDER_ASSETS);
  if (open().length) searchCache(env, open(), tryFolder, searched);

  const missing = needed.filter((n) => !found.paths[n]);
  if (missing.length) throw new BinariesNotFoundError(missing, searched);
  return found;
}

function searchCache(
  env: NodeJS.ProcessEnv,
  stillNeeded: BinaryName[],
  tryFolder: (source: string, folder: string) => void,
  searched: SearchedLocation[],
): void {
  const root = controlPlaneCacheRoot(env);
  const source = env.ORKESTRA_CONTROLPLANE_CACHE ? 'build cache (ORKESTRA_CONTROLPLANE_CACHE)' : 'build cache';
  const pinnedVersion = env.ORKESTRA_CONTROLPLANE_VERSION;
  if (pinnedVersion) {
    tryFolder(`${source}, ORKESTRA_CONTROLPLANE_VERSION=${pinnedVersion}`, join(root, pinnedVersion));
    return;
  }
  let versions: string[];
  try {
    versions = readdirSync(root, { withFileTypes: true })
      .filter((d) => d.isDirectory() && /^v\d+\.\d+\.\d+/.test(d.name))
      .map((d) => d.name)
      .sort((a, b) => compareVersions(b, a));
  } catch {
    searched.push({ source, path: root, reason: 'does not exist' });
    return;
  }
  const complete = versions.find((v) => stillNeeded.every((name) => checkExecutable(join(root, v, name)).ok));
  if (complete) {
    tryFolder(source, join(root, complete));
    return;
  }
  if (!versions.length) {
    searched.push({ source, path: root, reason: 'no version folders' });
    return;
  }
  for (const v of versions) {
    const missing = stillNeeded.filter((name) => !checkExecutable(join(root, v, name)).ok);
    searched.push({ source, path: join(root, v), reason: `missing ${missing.join(', ')}` });
  }
}
