import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { compareVersions, controlPlaneCacheRoot, findBinaries } from '../src/binaries.js';
import { start } from '../src/environment.js';
import { BinariesNotFoundError, type BinaryName } from '../src/errors.js';

const ALL: BinaryName[] = ['etcd', 'kube-apiserver', 'kube-controller-manager'];
const root = mkdtempSync(join(tmpdir(), 'testenv-binaries-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let n = 0;
/** A folder holding fake executables with the given names. */
function folder(names: BinaryName[], parent = root, name = `f${n++}`): string {
  const dir = join(parent, name);
  mkdirSync(dir, { recursive: true });
  for (const b of names) {
    writeFileSync(join(dir, b), '#!/bin/sh\n');
    chmodSync(join(dir, b), 0o755);
  }
  return dir;
}

/** An environment with nothing set except an (empty) cache root. */
function cleanEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { HOME: join(root, 'no-home'), ORKESTRA_CONTROLPLANE_CACHE: join(root, `no-cache-${n++}`), ...extra };
}

describe('controlPlaneCacheRoot', () => {
  it('follows build.sh: ORKESTRA_CONTROLPLANE_CACHE, else XDG_CACHE_HOME, else ~/.cache', () => {
    expect(controlPlaneCacheRoot({ ORKESTRA_CONTROLPLANE_CACHE: '/c', XDG_CACHE_HOME: '/x', HOME: '/h' })).toBe('/c');
    expect(controlPlaneCacheRoot({ XDG_CACHE_HOME: '/x', HOME: '/h' })).toBe('/x/orkestra/controlplane');
    expect(controlPlaneCacheRoot({ HOME: '/h' })).toBe('/h/.cache/orkestra/controlplane');
  });
});

describe('compareVersions', () => {
  it('orders numerically, releases after pre-releases', () => {
    const sorted = ['v1.9.0', 'v1.37.2', 'v1.37.10', 'v1.37.2-rc.1', 'v1.4.1'].sort(compareVersions);
    expect(sorted).toEqual(['v1.4.1', 'v1.9.0', 'v1.37.2-rc.1', 'v1.37.2', 'v1.37.10']);
  });
});

describe('findBinaries lookup order', () => {
  it('per-binary option > binaryAssetsDirectory > TEST_ASSET_* > KUBEBUILDER_ASSETS > cache', () => {
    const explicit = folder(['etcd']);
    const assetsDir = folder(ALL);
    const testAsset = folder(['kube-apiserver']);
    const kubebuilder = folder(ALL);
    const cache = join(root, 'cache-order');
    folder(ALL, cache, 'v1.37.2');

    const env = cleanEnv({
      ORKESTRA_CONTROLPLANE_CACHE: cache,
      KUBEBUILDER_ASSETS: kubebuilder,
      TEST_ASSET_KUBE_APISERVER: join(testAsset, 'kube-apiserver'),
    });
    const all = findBinaries(
      ALL,
      { binaries: { etcd: join(explicit, 'etcd') }, binaryAssetsDirectory: assetsDir },
      env,
    );
    expect(all.paths).toEqual({
      etcd: join(explicit, 'etcd'),
      'kube-apiserver': join(assetsDir, 'kube-apiserver'),
      'kube-controller-manager': join(assetsDir, 'kube-controller-manager'),
    });
    expect(all.sources.etcd).toBe("options.binaries['etcd']");

    const noOptions = findBinaries(ALL, {}, env);
    expect(noOptions.paths['kube-apiserver']).toBe(join(testAsset, 'kube-apiserver'));
    expect(noOptions.paths.etcd).toBe(join(kubebuilder, 'etcd'));
    expect(noOptions.sources['kube-apiserver']).toBe('TEST_ASSET_KUBE_APISERVER');

    const cacheOnly = findBinaries(ALL, {}, { ORKESTRA_CONTROLPLANE_CACHE: cache });
    expect(cacheOnly.paths.etcd).toBe(join(cache, 'v1.37.2', 'etcd'));
  });

  it('takes what a folder lacks from the next place (setup-envtest assets have no kube-controller-manager)', () => {
    const envtest = folder(['etcd', 'kube-apiserver']);
    const cache = join(root, 'cache-fallthrough');
    folder(ALL, cache, 'v1.37.2');
    const found = findBinaries(ALL, {}, { KUBEBUILDER_ASSETS: envtest, ORKESTRA_CONTROLPLANE_CACHE: cache });
    expect(found.paths.etcd).toBe(join(envtest, 'etcd'));
    expect(found.paths['kube-controller-manager']).toBe(join(cache, 'v1.37.2', 'kube-controller-manager'));
  });

  it('picks the highest cache version that has every needed binary, or ORKESTRA_CONTROLPLANE_VERSION', () => {
    const cache = join(root, 'cache-versions');
    folder(ALL, cache, 'v1.9.0');
    folder(ALL, cache, 'v1.36.1');
    folder(['etcd', 'kube-apiserver'], cache, 'v1.38.0'); // incomplete for controllers
    mkdirSync(join(cache, '.build-v1.39.0.abc'), { recursive: true }); // build.sh's temp folder
    const env = { ORKESTRA_CONTROLPLANE_CACHE: cache };
    expect(findBinaries(ALL, {}, env).paths.etcd).toBe(join(cache, 'v1.36.1', 'etcd'));
    expect(findBinaries(['etcd', 'kube-apiserver'], {}, env).paths.etcd).toBe(join(cache, 'v1.38.0', 'etcd'));
    expect(findBinaries(ALL, {}, { ...env, ORKESTRA_CONTROLPLANE_VERSION: 'v1.9.0' }).paths.etcd).toBe(
      join(cache, 'v1.9.0', 'etcd'),
    );
  });

  it('does not fall through past an explicit file that is unusable', () => {
    const good = folder(ALL);
    const notExecutable = join(good, 'plain-file');
    writeFileSync(notExecutable, 'x');
    expect(() =>
      findBinaries(['etcd'], { binaries: { etcd: notExecutable } }, cleanEnv({ KUBEBUILDER_ASSETS: good })),
    ).toThrow(/options.binaries\['etcd'\]: .*plain-file \(not executable\)/);
    expect(() =>
      findBinaries(['etcd'], {}, cleanEnv({ TEST_ASSET_ETCD: join(good, 'nope'), KUBEBUILDER_ASSETS: good })),
    ).toThrow(/TEST_ASSET_ETCD: .*nope \(does not exist\)/);
  });
});

describe('missing binaries', () => {
  it('throws BinariesNotFoundError listing every place and how to get the binaries', () => {
    const partial = folder(['etcd']);
    const env = cleanEnv({ KUBEBUILDER_ASSETS: partial, TEST_ASSET_KUBE_APISERVER: '/nonexistent/kube-apiserver' });
    let error: unknown;
    try {
      findBinaries(ALL, { binaryAssetsDirectory: join(root, 'missing-dir') }, env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BinariesNotFoundError);
    const e = error as BinariesNotFoundError;
    expect(e.missing).toEqual(['kube-apiserver', 'kube-controller-manager']);
    expect(e.searched.map((s) => s.source)).toEqual([
      'options.binaryAssetsDirectory',
      'TEST_ASSET_KUBE_APISERVER',
      'KUBEBUILDER_ASSETS',
      'build cache (ORKESTRA_CONTROLPLANE_CACHE)',
    ]);
    expect(e.message).toContain('could not find kube-apiserver, kube-controller-manager');
    expect(e.message).toContain(`options.binaryAssetsDirectory: ${join(root, 'missing-dir')} (does not exist)`);
    expect(e.message).toContain(`KUBEBUILDER_ASSETS: ${partial} (missing kube-controller-manager)`);
    expect(e.message).toContain('bash tools/controlplane/build.sh');
    expect(e.message).toContain('(needs Go');
    expect(e.message).toContain('setup-envtest use -p path');
    expect(e.message).toContain('setup-envtest has no kube-controller-manager');
  });

  it('start() rejects with it before creating anything', async () => {
    const parent = mkdtempSync(join(root, 'tmp-'));
    const saved = { ...process.env };
    try {
      for (const v of [
        'KUBEBUILDER_ASSETS',
        'TEST_ASSET_ETCD',
        'TEST_ASSET_KUBE_APISERVER',
        'ORKESTRA_CONTROLPLANE_VERSION',
      ]) {
        delete process.env[v];
      }
      process.env.ORKESTRA_CONTROLPLANE_CACHE = join(root, 'empty-cache');
      await expect(start({ tempDirParent: parent })).rejects.toThrow(BinariesNotFoundError);
      await expect(start({ tempDirParent: parent })).rejects.toThrow(/could not find etcd, kube-apiserver\./);
      expect(readdirSync(parent)).toEqual([]);
    } finally {
      process.env = saved;
    }
  });
});
