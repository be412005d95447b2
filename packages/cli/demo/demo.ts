/**
 * `npm run demo`: the whole life of an operator, with no cluster to set up. Unless `--kubeconfig` names one,
 * it starts an embedded control plane with `@orkestra/testenv` (etcd, kube-apiserver, kube-controller-manager
 * with the workload controllers and garbage collection, and two simulated nodes: kube-scheduler and KWOK),
 * installs the example `Website` CRD, runs the operator of the example katalog in this process (the same
 * {@link Manager} as `orkestra run`: leader election, metrics), and then shows, step by step: a Website applied
 * and its children created, its pods scheduled, `Ready` turning True once 2 of 2 replicas are available, a drift
 * made by hand and corrected, a change of the Website rolled out pod by pod with `Ready` following, the Website
 * deleted and its children gone. It stops everything it started before it returns.
 */
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildResult, KubeObject, OwnerObject } from '@orkestra/core';
import { Manager } from '@orkestra/operator';
import { CliError, ExitCode } from '../src/exit-codes.js';
import type { AnyHandler } from '../src/handlers.js';
import { type LoadedKatalog, readInputFile, readKatalog } from '../src/katalog-file.js';
import { createLogger, type LogLevel } from '../src/logger.js';
import { reconcilerConfigs } from '../src/manager-config.js';
import type { Output } from '../src/output.js';
import { yaml } from '../src/yaml-module.js';
import { DemoCluster } from './cluster.js';
import { DemoSteps } from './steps.js';
import { type DemoWrite, WebsiteLife } from './website-life.js';

export type { DemoStep } from './steps.js';

/** Options of {@link runDemo}. */
export interface DemoOptions {
  /** The example folder (crd.yaml, katalog.yaml, website.yaml); default: `examples/website` found from here up. */
  dir?: string | undefined;
  /** A cluster to play the demo on instead of an embedded control plane. */
  kubeconfig?: string | undefined;
  context?: string | undefined;
  output: Output;
  /** The operator's log level (logs go to stderr); default `error`. */
  logLevel?: LogLevel;
  /** Resource package overrides, as for the other commands. */
  packages?: Record<string, string>;
}

/** `examples/website` of the repository: from the working directory up, then from this file up. */
export function findExampleDir(cwd = process.cwd()): string | undefined {
  const starts = [cwd, dirname(fileURLToPath(import.meta.url))];
  for (const start of starts) {
    for (let dir = resolve(start); ; dir = dirname(dir)) {
      const candidate = join(dir, 'examples', 'website');
      if (existsSync(join(candidate, 'katalog.yaml'))) return candidate;
      if (dirname(dir) === dir) break;
    }
  }
  return undefined;
}

/** The example folder of `options`, checked: it holds the katalog. */
function exampleDir(options: DemoOptions): string {
  const dir = options.dir ?? findExampleDir();
  if (!dir || !existsSync(join(dir, 'katalog.yaml'))) {
    throw new CliError(
      ExitCode.Usage,
      `no example folder${options.dir ? ` at ${options.dir}` : ''}: it holds crd.yaml, katalog.yaml and website.yaml`,
      { hint: 'pass --dir examples/website (from the repository root)' },
    );
  }
  return dir;
}

/**
 * Plays the demo; returns the exit code (0 when every step passed). Whatever happens, everything it started
 * (operator, control plane, or its namespace on a given cluster) is stopped or deleted before it returns.
 */
export async function runDemo(options: DemoOptions): Promise<number> {
  const dir = exampleDir(options);
  const rel = (f: string) => relative(process.cwd(), join(dir, f)) || f;
  const { parse } = yaml();
  const crdFile = join(dir, 'crd.yaml');
  const crd = parse(readInputFile(crdFile, '--dir')) as KubeObject;
  const website = parse(readInputFile(join(dir, 'website.yaml'), '--dir')) as KubeObject;
  const steps = new DemoSteps(options.output);
  steps.title(`Orkestra demo: the Website operator of ${rel('katalog.yaml')}, from start to finish`);
  const writes: DemoWrite[] = [];
  const cluster = new DemoCluster(steps, { ...options, crd, crdFile, rel });
  let operator: Manager | undefined;
  let failed: unknown;
  try {
    const loaded = await loadKatalog(steps, join(dir, 'katalog.yaml'), options, writes);
    await cluster.start();
    operator = await startReconciler(steps, cluster, loaded, options, writes);
    await new WebsiteLife(steps, cluster, operator, website, rel, writes).play();
  } catch (e) {
    failed = e;
    steps.fail(e);
  } finally {
    steps.begin('stop everything');
    const stopped: string[] = [];
    await operator?.stop().then(() => stopped.push('reconciler stopped, Lease released'));
    stopped.push(...(await cluster.stop()));
    steps.finish(stopped.join('; ') || 'nothing was running');
  }
  steps.report(!failed, { controlPlanePids: cluster.controlPlanePids });
  if (failed instanceof CliError) throw failed;
  return failed ? ExitCode.Problems : ExitCode.Ok;
}

/** The first step: the katalog and its resource packages, each handler's writes recorded into `writes`. */
async function loadKatalog(
  steps: DemoSteps,
  file: string,
  options: DemoOptions,
  writes: DemoWrite[],
): Promise<LoadedKatalog> {
  steps.begin('load the katalog and its resource packages');
  const loaded = await readKatalog(file, { ...(options.packages ? { packages: options.packages } : {}) });
  for (const [key, h] of loaded.handlers)
    loaded.handlers.set(
      key,
      watchWrites(h, (name, result) => {
        if (result.action !== 'unchanged' && result.action !== 'absent') writes.push({ kind: h.kind, name, result });
      }),
    );
  const kinds = loaded.katalog.entries.map((e) => e.owner.kind).join(', ');
  steps.finish(
    `katalog ${loaded.katalog.name}: ${kinds} with ${loaded.katalog.keys.map((k) => `@orkestra/${k}`).join(', ')}`,
  );
  return loaded;
}

/** The operator of the katalog, as `orkestra run` makes it (leader election, metrics), in the demo's namespace. */
async function startReconciler(
  steps: DemoSteps,
  cluster: DemoCluster,
  loaded: LoadedKatalog,
  options: DemoOptions,
  writes: DemoWrite[],
): Promise<Manager> {
  steps.begin('start the reconciler');
  const { output } = options;
  const logger = createLogger(output.err, {
    level: options.logLevel ?? 'error',
    format: 'text',
    color: output.errColor,
  });
  const namespace = cluster.namespace;
  const operator = new Manager({
    kube: cluster.kube!,
    logger,
    reconcilers: reconcilerConfigs(loaded, [namespace]),
    permissions: false, // the demo's own control plane, as its admin
    httpAddress: '127.0.0.1:0',
    stopTimeoutMs: 5_000,
    leaderElection: { kube: cluster.leaseKube!, namespace, name: `orkestra-${loaded.katalog.name}` },
    observer: {
      childChanged: (c) =>
        c.action === 'pruned' && writes.push({ kind: c.kind, name: c.name, result: { action: 'deleted' } }),
    },
  });
  await operator.start();
  steps.finish(
    `reconciler running in namespace ${namespace}: Lease ${namespace}/orkestra-${loaded.katalog.name} acquired, caches synced, metrics on ${operator.url}/metrics`,
  );
  return operator;
}

/** A handler whose create and update results are also told to `onWrite` (the demo prints them). */
function watchWrites(handler: AnyHandler, onWrite: (name: string, result: ChildResult) => void): AnyHandler {
  return {
    ...handler,
    create: async (ctx, kube, owner: OwnerObject, spec) => {
      const result = await handler.create(ctx, kube, owner, spec);
      onWrite(spec.name, result);
      return result;
    },
    update: async (ctx, kube, owner: OwnerObject, spec) => {
      const result = await handler.update(ctx, kube, owner, spec);
      onWrite(spec.name, result);
      return result;
    },
  };
}
