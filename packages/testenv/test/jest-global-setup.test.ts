import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { controllersFromEnv, crdSourcesFor, sharedControllers } from '../src/jest-global-setup.js';

describe('controllersFromEnv', () => {
  it('defaults to garbagecollector and namespace', () => {
    expect(controllersFromEnv({})).toEqual(['garbagecollector', 'namespace']);
  });

  it('reads a comma-separated list; empty or `none` means no kube-controller-manager', () => {
    expect(controllersFromEnv({ ORKESTRA_TESTENV_CONTROLLERS: 'garbagecollector, serviceaccount-token' })).toEqual([
      'garbagecollector',
      'serviceaccount-token',
    ]);
    expect(controllersFromEnv({ ORKESTRA_TESTENV_CONTROLLERS: '' })).toEqual([]);
    expect(controllersFromEnv({ ORKESTRA_TESTENV_CONTROLLERS: 'none' })).toEqual([]);
  });
});

describe('crdSourcesFor', () => {
  const project = join(import.meta.dirname, 'fixtures', 'project');

  it('finds <rootDir>/test/crds and adds ORKESTRA_TESTENV_CRDS (relative to the working directory)', () => {
    expect(crdSourcesFor(project, {})).toEqual([join(project, 'test', 'crds')]);
    expect(crdSourcesFor(project, { ORKESTRA_TESTENV_CRDS: ['a.yaml', '/abs/dir'].join(delimiter) })).toEqual([
      join(project, 'test', 'crds'),
      resolve('a.yaml'),
      '/abs/dir',
    ]);
  });

  it('is empty for a project without CRDs', () => {
    expect(crdSourcesFor(import.meta.dirname, {})).toEqual([]);
  });
});

describe('sharedControllers', () => {
  const cache = mkdtempSync(join(tmpdir(), 'testenv-shared-controllers-'));
  afterAll(() => rmSync(cache, { recursive: true, force: true }));
  const noKcm = { ORKESTRA_CONTROLPLANE_CACHE: join(cache, 'empty'), HOME: cache };

  it('runs without controllers, with a warning, when the default asks for them and there is no binary', () => {
    const warnings: string[] = [];
    expect(sharedControllers(noKcm, (m) => warnings.push(m))).toEqual([]);
    expect(warnings[0]).toMatch(/no kube-controller-manager binary found.*ORKESTRA_TESTENV_CONTROLLERS=none/);
  });

  it('keeps the default controllers when the binary exists', () => {
    const dir = join(cache, 'with', 'v1.0.0');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'kube-controller-manager'), '#!/bin/sh\n');
    chmodSync(join(dir, 'kube-controller-manager'), 0o755);
    expect(sharedControllers({ ORKESTRA_CONTROLPLANE_CACHE: join(cache, 'with') }, () => {})).toEqual([
      'garbagecollector',
      'namespace',
    ]);
  });

  it('takes an explicit list as it is (a missing binary is then an error in start())', () => {
    expect(sharedControllers({ ...noKcm, ORKESTRA_TESTENV_CONTROLLERS: 'namespace' }, () => {})).toEqual(['namespace']);
  });
});
