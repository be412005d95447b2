/**
 * `npm run demo`: the whole life of an operator, with no cluster to set up. Unless `--kubeconfig` names one,
 * it starts an embedded control plane with `@orkestra/testenv` (etcd, kube-apiserver, kube-controller-manager
 * with the workload controllers and garbage collection, and two simulated nodes: kube-scheduler and KWOK),
 * installs the example `Website` CRD, runs the operator of the example katalog in this process (the same
 * {@link Manager} as `orkestra run`: leader election, metrics), and then shows, step by step: a Website applied
 * and its children created, its pods scheduled, `Ready` turning True once 2 of 2 replicas are available, a drift
 * made by hand and corrected, a change of the Website rolled out pod by pod with `Ready` following, the Website
 * deleted and its children gone; then a Database (examples/database) whose backup CronJob waits until its
 * StatefulSet, with volumes from the simulated storage, has every replica ready; then a team's Katalog
 * (examples/platform) served from the cluster by the Katalog runtime, an edit rolled out live and a broken edit
 * refused while the last good revision serves. It stops everything it started before it returns.
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
import type { DemoWrite } from './cr-life.js';
import { DatabaseLife } from './database-life.js';
import { KatalogLife } from './katalog-life.js';
import { DemoSteps } from './steps.js';
import { WebsiteLife } from './website-life.js';

export type { DemoStep } from './steps.js';

/** Options of {@link runDemo}. */
export interface DemoOptions {
  /** The example folder (crd.yaml, katalog.yaml, website.yaml); default: `examples/website` found from here up. */
  dir?: string | undefined;
  /**
   * The Database example (crd.yaml, katalog.yaml, database.yaml), played after the Website; default: the folder
   * `database` beside the Website's, if there is one (else that scene is left out, and the demo says so).
   */
  databaseDir?: string | undefined;
  /** A cluster to play the demo on instead of an embedded control plane. */
  kubeconfig?: string | undefined;
  context?: string | undefined;
  output: Output;
  /** The operator's log level (logs go to stderr); default `error`. */
  logLevel?: LogLevel;
  /** Resource package overrides, as for the other commands. */
  packages?: Record<string, string>;
}

/** `examples/<name>` of the repository: from the working directory up, then from this file up. */
export function findExampleDir(cwd = process.cwd(), name = 'website'): string | undefined {
  const starts = [cwd, dirname(fileURLToPath(import.meta.url))];
  for (const start of starts) {
    for (let dir = resolve(start); ; dir = dirname(dir)) {
      const candidate = join(dir, 'examples', name);
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

/** The Database example beside the Website's, or the one `options` names (checked: it holds the katalog). */
function databaseDir(options: DemoOptions, websiteDir: string): string | undefined {
  if (options.databaseDir === undefined) {
    const beside = join(dirname(websiteDir), 'database');
    return existsSync(join(beside, 'katalog.yaml')) ? beside : undefined;
  }
  if (!existsSync(join(options.databaseDir, 'katalog.yaml')))
    throw new CliError(
      ExitCode.Usage,
      `no Database example at ${options.databaseDir}: it holds crd.yaml, katalog.yaml and database.yaml`,
      { hint: 'pass --database-dir examples/database (from the repository root)' },
    );
  return options.databaseDir;
}

/** One example the demo plays: its folder, CRD, katalog file and custom resource. */
interface Example {
  dir: string;
  crd: KubeObject;
  crdFile: string;
  katalogFile: string;
  cr: KubeObject;
}

function readExample(dir: string, crFile: string): Example {
  const { parse } = yaml();
  const crdFile = join(dir, 'crd.yaml');
  return {
    dir,
    crdFile,
    crd: parse(readInputFile(crdFile, '--dir')) as KubeObject,
    katalogFile: join(dir, 'katalog.yaml'),
    cr: parse(readInputFile(join(dir, crFile), '--dir')) as KubeObject,
  };
}

/**
 * Plays the demo; returns the exit code (0 when every step passed). Whatever happens, everything it started
 * (operator, control plane, or its namespace on a given cluster) is stopped or deleted before it returns.
 */
export async function runDemo(options: DemoOptions): Promise<number> {
  const dir = exampleDir(options);
  const dbDir = databaseDir(options, dir);
  const rel = (f: string) => relative(process.cwd(), f) || f;
  const website = readExample(dir, 'website.yaml');
  const database = dbDir ? readExample(dbDir, 'database.yaml') : undefined;
  const examples = [website, ...(database ? [database] : [])];
  const steps = new DemoSteps(options.output);
  steps.title(
    `Orkestra demo: the operators of ${examples.map((e) => rel(e.katalogFile)).join(' and ')}, from start to finish`,
  );
  const writes: DemoWrite[] = [];
  const cluster = new DemoCluster(steps, {
    ...options,
    crds: examples.map((e) => ({ object: e.crd, file: e.crdFile })),
    rel,
  });
  let operator: Manager | undefined;
  let katalogScene: KatalogLife | undefined;
  let failed: unknown;
  try {
    const loaded = await loadKatalogs(
      steps,
      examples.map((e) => e.katalogFile),
      options,
      writes,
    );
    if (!database) steps.detail(`no examples/database beside ${rel(dir)}: the Database scene is left out`);
    await cluster.start();
    operator = await startReconciler(steps, cluster, loaded, options, writes);
    const inDir = (e: Example) => (f: string) => rel(join(e.dir, f));
    await new WebsiteLife(steps, cluster, operator, website.cr, inDir(website), writes).play();
    if (database) await new DatabaseLife(steps, cluster, database.cr, inDir(database), writes).play();
    const platform = join(dirname(dir), 'platform');
    if (existsSync(join(platform, 'katalog.yaml'))) {
      katalogScene = new KatalogLife(steps, cluster, platform, rel, {
        logger: demoLogger(options),
        ...(options.packages ? { packages: options.packages } : {}),
        ownCluster: !options.kubeconfig,
      });
      await katalogScene.play();
    } else steps.detail(`no examples/platform beside ${rel(dir)}: the Katalog scene is left out`);
    await readMetrics(steps, operator);
  } catch (e) {
    failed = e;
    steps.fail(e);
  } finally {
    steps.begin('stop everything');
    const stopped: string[] = [];
    await operator?.stop().then(() => stopped.push('reconciler stopped, Lease released'));
    stopped.push(...((await katalogScene?.stop().catch(() => [])) ?? []));
    stopped.push(...(await cluster.stop()));
    steps.finish(stopped.join('; ') || 'nothing was running');
  }
  steps.report(!failed, { controlPlanePids: cluster.controlPlanePids });
  if (failed instanceof CliError) throw failed;
  return failed ? ExitCode.Problems : ExitCode.Ok;
}

/** The first step: the katalogs and their resource packages, each handler's writes recorded into `writes`. */
async function loadKatalogs(
  steps: DemoSteps,
  files: string[],
  options: DemoOptions,
  writes: DemoWrite[],
): Promise<LoadedKatalog[]> {
  steps.begin('load the katalog and its resource packages');
  const all: LoadedKatalog[] = [];
  for (const file of files) {
    const loaded = await readKatalog(file, { ...(options.packages ? { packages: options.packages } : {}) });
    for (const [key, h] of loaded.handlers)
      loaded.handlers.set(
        key,
        watchWrites(h, (kind, name, result) => {
          if (result.action !== 'unchanged' && result.action !== 'absent')
            writes.push({ kind, name, result, at: performance.now() });
        }),
      );
    all.push(loaded);
  }
  steps.finish(
    all
      .map((l) => {
        const kinds = l.katalog.entries.map((e) => e.owner.kind).join(', ');
        return `katalog ${l.katalog.name}: ${kinds} with ${l.katalog.keys.map((k) => `@orkestra/${k}`).join(', ')}`;
      })
      .join('; '),
  );
  return all;
}

/** The operator of the katalogs, as `orkestra run` makes it (leader election, metrics), in the demo's namespace. */
async function startReconciler(
  steps: DemoSteps,
  cluster: DemoCluster,
  katalogs: LoadedKatalog[],
  options: DemoOptions,
  writes: DemoWrite[],
): Promise<Manager> {
  steps.begin('start the reconciler');
  const logger = demoLogger(options);
  const namespace = cluster.namespace;
  const lease = 'orkestra-demo';
  const operator = new Manager({
    kube: cluster.kube!,
    logger,
    reconcilers: katalogs.flatMap((loaded) => reconcilerConfigs(loaded, [namespace])),
    permissions: false, // the demo's own control plane, as its admin
    httpAddress: '127.0.0.1:0',
    console: { address: '127.0.0.1:0' }, // its address is printed: watch the demo's Websites live while it runs
    stopTimeoutMs: 5_000,
    leaderElection: { kube: cluster.leaseKube!, namespace, name: lease },
    observer: {
      childChanged: (c) =>
        c.action === 'pruned' &&
        writes.push({ kind: c.kind, name: c.name, result: { action: 'deleted' }, at: performance.now() }),
    },
  });
  await operator.start();
  const kinds = katalogs.flatMap((l) => l.katalog.entries.map((e) => e.owner.kind)).join(' and ');
  steps.detail(`console on ${operator.console?.url}: open it to watch the custom resources live while the demo runs`);
  steps.finish(
    `reconciler of ${kinds} running in namespace ${namespace}: Lease ${namespace}/${lease} acquired, ` +
      `caches synced, metrics on ${operator.url}/metrics`,
  );
  return operator;
}

/** The operator's logger: text on stderr, at `options.logLevel` (default `error`). */
function demoLogger(options: DemoOptions) {
  const { output } = options;
  return createLogger(output.err, { level: options.logLevel ?? 'error', format: 'text', color: output.errColor });
}

/** The last scene: the operator's metrics endpoint, with the reconciles, drift corrections, prunes and requests. */
async function readMetrics(steps: DemoSteps, operator: Manager): Promise<void> {
  steps.begin('read the metrics');
  const metrics = await (await fetch(`${operator.url}/metrics`)).text();
  const sum = (name: string, filter = '') =>
    metrics
      .split('\n')
      .filter((l) => l.startsWith(name) && l.includes(filter))
      .reduce((n, l) => n + Number(l.split(' ').pop()), 0);
  steps.detail(
    [
      `orkestra_reconcile_total{result="success"} ${sum('orkestra_reconcile_total', 'result="success"')}`,
      `orkestra_drift_corrections_total ${sum('orkestra_drift_corrections_total')}`,
      `orkestra_pruned_children_total ${sum('orkestra_pruned_children_total')}`,
      `orkestra_api_requests_total ${sum('orkestra_api_requests_total')}`,
    ].join(', '),
  );
  steps.finish(`metrics served at ${operator.url}/metrics`);
}

/**
 * A handler whose create and update results are also told to `onWrite` (the demo prints them), with the child's
 * kind: the handler's, or for a handler of any kind (`@orkestra/manifests`) the one its resolved spec carries.
 */
function watchWrites(
  handler: AnyHandler,
  onWrite: (kind: string, name: string, result: ChildResult) => void,
): AnyHandler {
  const kindOf = (spec: { name: string }) =>
    handler.kindOf ? String((spec as { kind?: unknown }).kind) : handler.kind;
  return {
    ...handler,
    create: async (ctx, kube, owner: OwnerObject, spec) => {
      const result = await handler.create(ctx, kube, owner, spec);
      onWrite(kindOf(spec), spec.name, result);
      return result;
    },
    update: async (ctx, kube, owner: OwnerObject, spec) => {
      const result = await handler.update(ctx, kube, owner, spec);
      onWrite(kindOf(spec), spec.name, result);
      return result;
    },
  };
}
