import { existsSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';
import { findBinaries } from './binaries.js';
import { TEST_KUBECONFIG_VARIABLE } from './cluster.js';
import { installCRDs } from './crds.js';
import { start } from './environment.js';
import type { TestEnvironment } from './test-environment.js';

/** The variable naming the controllers of the shared control plane (comma-separated; `none` for none). */
export const CONTROLLERS_VARIABLE = 'ORKESTRA_TESTENV_CONTROLLERS';
/** The variable listing extra CRD files or folders (separated like PATH), relative to the working directory. */
export const CRDS_VARIABLE = 'ORKESTRA_TESTENV_CRDS';
/** The variable giving the shared control plane simulated nodes: their count (unset or `0`: none). */
export const NODES_VARIABLE = 'ORKESTRA_TESTENV_NODES';
/** Controllers the shared control plane runs unless {@link CONTROLLERS_VARIABLE} says otherwise. */
export const DEFAULT_CONTROLLERS = ['garbagecollector', 'namespace'] as const;

/** The part of Jest's project config the global setup reads. */
export interface JestProjectConfigLike {
  rootDir: string;
}

interface SharedState {
  /** The environment this process started (undefined when the caller provided the cluster). */
  env: TestEnvironment | undefined;
  /** Global setups that have run and whose teardown has not. */
  users: number;
}

const STATE_KEY = Symbol.for('@orkestra/testenv/jest-global-state');
type GlobalWithState = typeof globalThis & { [STATE_KEY]?: SharedState };

function state(): SharedState {
  const g = globalThis as GlobalWithState;
  return (g[STATE_KEY] ??= { env: undefined, users: 0 });
}

/** Controllers from `ORKESTRA_TESTENV_CONTROLLERS` (unset → the default two; `''`/`none` → none). */
export function controllersFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  const value = env[CONTROLLERS_VARIABLE];
  if (value === undefined) return [...DEFAULT_CONTROLLERS];
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return list.length === 1 && list[0] === 'none' ? [] : list;
}

/**
 * The controllers of the shared control plane. With `ORKESTRA_TESTENV_CONTROLLERS` unset and no
 * kube-controller-manager binary (setup-envtest ships none), it runs without one and says so,
 * rather than failing every package's tests; with the variable set, a missing binary is an error.
 */
export function sharedControllers(
  env: NodeJS.ProcessEnv = process.env,
  warn: (message: string) => void = (m) => process.stderr.write(`${m}\n`),
): string[] {
  const controllers = controllersFromEnv(env);
  if (env[CONTROLLERS_VARIABLE] !== undefined || !controllers.length) return controllers;
  try {
    findBinaries(['kube-controller-manager'], {}, env);
    return controllers;
  } catch {
    warn(
      '@orkestra/testenv: no kube-controller-manager binary found, so the shared control plane runs without ' +
        'garbage collection and namespace deletion. Build it with `bash tools/controlplane/build.sh`, or set ' +
        `${CONTROLLERS_VARIABLE}=none to silence this.`,
    );
    return [];
  }
}

/** CRD sources for a project: `<rootDir>/test/crds/` when it exists, plus `ORKESTRA_TESTENV_CRDS`. */
export function crdSourcesFor(rootDir: string, env: NodeJS.ProcessEnv = process.env): string[] {
  const sources: string[] = [];
  const conventional = join(rootDir, 'test', 'crds');
  if (existsSync(conventional)) sources.push(conventional);
  for (const entry of (env[CRDS_VARIABLE] ?? '').split(delimiter)) {
    if (entry.trim()) sources.push(resolve(entry.trim()));
  }
  return sources;
}

/** Simulated nodes from `ORKESTRA_TESTENV_NODES` (unset, empty or `0`: none); anything but a count is an error. */
export function nodesFromEnv(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const value = env[NODES_VARIABLE]?.trim();
  if (!value || value === '0') return undefined;
  if (!/^\d+$/.test(value)) {
    throw new Error(`@orkestra/testenv: ${NODES_VARIABLE} must be a count of simulated nodes (e.g. 2), got "${value}"`);
  }
  return Number(value);
}

/**
 * Jest `globalSetup`: one control plane per test run, shared by every worker.
 *
 * - If `ORKESTRA_TEST_KUBECONFIG` is already set (by you, pointing at a cluster you run), it starts
 *   nothing and uses that cluster.
 * - Otherwise it starts an environment with the controllers of `ORKESTRA_TESTENV_CONTROLLERS`
 *   (default `garbagecollector,namespace`, or none with a warning when there is no
 *   kube-controller-manager binary) and sets `ORKESTRA_TEST_KUBECONFIG` to its kubeconfig
 *   file. Jest starts its workers after the global setup, and they inherit the variable. With
 *   `ORKESTRA_TESTENV_NODES=<count>` it also runs simulated nodes (see `start()`'s `nodes` option).
 * - Either way it installs the project's CRDs: `<rootDir>/test/crds/*.{yaml,yml,json}` and those
 *   listed in `ORKESTRA_TESTENV_CRDS`.
 *
 * Several Jest projects in one run share the environment (the first setup starts it, the last
 * teardown stops it).
 *
 * @example
 * // jest/global-setup.mjs
 * export { globalSetup as default } from '@orkestra/testenv';
 */
export async function globalSetup(_globalConfig: unknown, projectConfig: JestProjectConfigLike): Promise<void> {
  const s = state();
  const crds = crdSourcesFor(projectConfig.rootDir);
  if (s.env) {
    s.users++;
    if (crds.length) await s.env.installCRDs(crds);
    return;
  }
  const external = process.env[TEST_KUBECONFIG_VARIABLE];
  if (external) {
    s.users++;
    if (crds.length) {
      const kc = new KubeConfig();
      kc.loadFromFile(external);
      await installCRDs(kc, crds);
    }
    return;
  }
  const nodes = nodesFromEnv();
  const env = await start({ controllers: sharedControllers(), crds, ...(nodes ? { nodes } : {}) });
  s.env = env;
  s.users++;
  process.env[TEST_KUBECONFIG_VARIABLE] = env.kubeconfigPath;
}

/**
 * Jest `globalTeardown`: stops the environment {@link globalSetup} started, after the last project
 * that uses it. A cluster the caller provided is left alone.
 *
 * @example
 * // jest/global-teardown.mjs
 * export { globalTeardown as default } from '@orkestra/testenv';
 */
export async function globalTeardown(): Promise<void> {
  const s = state();
  s.users = Math.max(0, s.users - 1);
  if (s.users > 0 || !s.env) return;
  const env = s.env;
  s.env = undefined;
  if (process.env[TEST_KUBECONFIG_VARIABLE] === env.kubeconfigPath) delete process.env[TEST_KUBECONFIG_VARIABLE];
  await env.stop();
}
