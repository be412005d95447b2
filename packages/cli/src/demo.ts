/**
 * `orkestra demo`: the whole life of an operator, with no cluster to set up. Unless `--kubeconfig` names one,
 * it starts an embedded control plane with `@orkestra/testenv` (etcd, kube-apiserver, kube-controller-manager
 * with the workload controllers and garbage collection, and two simulated nodes: kube-scheduler and KWOK),
 * installs the example `Website` CRD, runs the operator of the example katalog in this process (the same
 * {@link Manager} as `run`: leader election, metrics), and then shows, step by step: a Website applied and its
 * children created, its pods scheduled, `Ready` turning True once 2 of 2 replicas are available, a drift made by
 * hand and corrected, a change of the Website rolled out pod by pod with `Ready` following, the Website deleted
 * and its children gone. It stops everything it started before it returns.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildResult, KubeObject, OwnerObject } from '@orkestra/core';
import { Kubeclient } from '@orkestra/core/kube';
import { Manager } from '@orkestra/operator';
import { CliError, ExitCode } from './exit-codes.js';
import { type AnyHandler, importPackage } from './handlers.js';
import { readInputFile, readKatalog } from './katalog-file.js';
import { connect } from './kube.js';
import { createLogger, type LogLevel } from './logger.js';
import { reconcilerConfigs } from './manager-config.js';
import { json, line, marks, type Output, paint } from './output.js';
import { yaml } from './yaml-module.js';

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

/** One step of the demo, as `--output json` reports it. */
export interface DemoStep {
  step: string;
  ok: boolean;
  ms: number;
  details: string[];
}

const STEP_TIMEOUT_MS = 60_000;
/** Simulated nodes of the embedded control plane, and how long a pod takes to start on them. */
const NODES = { count: 2, podStartDelayMs: 1_000 };
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

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

async function waitUntil<T>(
  what: string,
  check: () => Promise<T | undefined | false>,
  timeoutMs = STEP_TIMEOUT_MS,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (e) {
      lastError = e;
    }
    if (Date.now() > deadline)
      throw new Error(
        `timed out after ${timeoutMs / 1000} s waiting for ${what}${lastError ? ` (last error: ${(lastError as Error).message})` : ''}`,
      );
    await sleep(50);
  }
}

type Ready = { status: string; reason: string; message: string } | undefined;
const readyOf = (cr: KubeObject | undefined): Ready =>
  (
    (cr?.status as { conditions?: { type: string; status: string; reason: string; message: string }[] } | undefined)
      ?.conditions ?? []
  ).find((c) => c.type === 'Ready');

function show(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? 'nothing');
}

/**
 * Plays the demo; returns the exit code (0 when every step passed). Whatever happens, everything it started
 * (operator, control plane, or its namespace on a given cluster) is stopped or deleted before it returns.
 */
export async function runDemo(options: DemoOptions): Promise<number> {
  const { output } = options;
  const m = marks(output.color);
  const text = output.format === 'text';
  const started = performance.now();
  const steps: DemoStep[] = [];
  const dir = options.dir ?? findExampleDir();
  if (!dir || !existsSync(join(dir, 'katalog.yaml'))) {
    throw new CliError(
      ExitCode.Usage,
      `no example folder${options.dir ? ` at ${options.dir}` : ''}: it holds crd.yaml, katalog.yaml and website.yaml`,
      { hint: 'pass --dir examples/website (from the repository root)' },
    );
  }
  const rel = (f: string) => relative(process.cwd(), join(dir, f)) || f;
  const crdFile = join(dir, 'crd.yaml');
  const crFile = join(dir, 'website.yaml');
  const { parse } = yaml();
  const crd = parse(readInputFile(crdFile, '--dir')) as KubeObject;
  const website = parse(readInputFile(crFile, '--dir')) as KubeObject;

  let current: DemoStep | undefined;
  const begin = (title: string) => {
    current = { step: title, ok: false, ms: performance.now(), details: [] };
    steps.push(current);
  };
  const detail = (textLine: string) => {
    current?.details.push(textLine);
    if (text) line(output, `    ${textLine}`);
  };
  const finish = (summary?: string) => {
    if (!current) return;
    current.ok = true;
    current.ms = Math.round(performance.now() - current.ms);
    if (text)
      line(
        output,
        `${m.ok} ${summary ?? current.step} ${paint(output.color, 'dim', `(${(current.ms / 1000).toFixed(1)} s)`)}`,
      );
    current = undefined;
  };
  const say = (textLine: string) => {
    current?.details.push(textLine);
    if (text) line(output, `${m.step} ${textLine}`);
  };

  if (text)
    line(
      output,
      paint(
        output.color,
        'bold',
        `Orkestra demo: the Website operator of ${rel('katalog.yaml')}, from start to finish`,
      ),
    );

  // Every child write, as the handlers report it: what the demo prints about creations and drift.
  const writes: { handler: string; kind: string; name: string; result: ChildResult }[] = [];
  const onWrite = (kind: string, handler: string) => (name: string, result: ChildResult) => {
    if (result.action === 'unchanged' || result.action === 'absent') return;
    writes.push({ handler, kind, name, result });
  };

  let env: { stop(): Promise<void>; kubeConfig: unknown } | undefined;
  let controlPlanePids: number[] = [];
  let kube: Kubeclient | undefined;
  let user: Kubeclient | undefined;
  let leaseKube: Kubeclient | undefined;
  let operator: Manager | undefined;
  let namespace = 'demo';
  let ownNamespace = false;
  let failed: unknown;
  try {
    begin('load the katalog and its resource packages');
    const loaded = await readKatalog(join(dir, 'katalog.yaml'), {
      ...(options.packages ? { packages: options.packages } : {}),
    });
    for (const [key, h] of loaded.handlers) loaded.handlers.set(key, watchWrites(h, onWrite(h.kind, key)));
    finish(
      `katalog ${loaded.katalog.name}: ${loaded.katalog.entries.map((e) => e.owner.kind).join(', ')} with ${loaded.katalog.keys.map((k) => `@orkestra/${k}`).join(', ')}`,
    );

    if (options.kubeconfig) {
      begin('connect to the cluster');
      const connected = connect({ kubeconfig: options.kubeconfig, context: options.context });
      kube = connected.kube;
      user = new Kubeclient(kube.kubeConfig);
      leaseKube = new Kubeclient(kube.kubeConfig, { retry: { retries: 0 } });
      namespace = `orkestra-demo-${randomBytes(3).toString('hex')}`;
      finish(`connected to ${kube.server} (${connected.from})`);
      begin('install the Website CRD');
      await user.apply(crd, { fieldManager: 'orkestra-demo' });
      await waitUntil('the CRD to be Established', async () => {
        const live = await user!.get({
          apiVersion: 'apiextensions.k8s.io/v1',
          kind: 'CustomResourceDefinition',
          name: crd.metadata.name ?? '',
        });
        return (
          (live?.status as { conditions?: { type: string; status: string }[] } | undefined)?.conditions ?? []
        ).some((c) => c.type === 'Established' && c.status === 'True');
      });
      finish(`CRD ${crd.metadata.name} installed from ${rel('crd.yaml')}`);
    } else {
      begin('start an embedded control plane');
      const testenv = await importPackage('@orkestra/testenv', process.cwd());
      if (!testenv || typeof testenv.start !== 'function') {
        throw new CliError(
          ExitCode.PackageMissing,
          'the demo starts its control plane with @orkestra/testenv, which is not installed',
          { hint: 'npm install @orkestra/testenv, or pass --kubeconfig to play the demo on a cluster of yours' },
        );
      }
      try {
        env = await (
          testenv.start as (o: unknown) => Promise<{
            stop(): Promise<void>;
            kubeConfig: never;
            version: { gitVersion: string };
            timings: { totalMs: number };
          }>
        )({ crds: [crdFile], nodes: NODES });
      } catch (e) {
        throw new CliError(ExitCode.Unreachable, `cannot start the embedded control plane: ${(e as Error).message}`, {
          hint: 'run `. scripts/setup.sh` (it builds kube-apiserver, etcd and kube-controller-manager), set KUBEBUILDER_ASSETS, or pass --kubeconfig',
          cause: e,
        });
      }
      const started = env as unknown as {
        kubeConfig: never;
        version: { gitVersion: string };
        pids: Record<string, number | undefined>;
      };
      controlPlanePids = Object.values(started.pids).filter((p): p is number => typeof p === 'number');
      kube = new Kubeclient(started.kubeConfig);
      user = new Kubeclient(started.kubeConfig);
      leaseKube = new Kubeclient(started.kubeConfig, { retry: { retries: 0 } });
      finish(
        `control plane ${started.version.gitVersion} started: etcd, kube-apiserver, kube-controller-manager (workload controllers, garbage collector), kube-scheduler and KWOK with ${NODES.count} simulated nodes; CRD ${crd.metadata.name} installed`,
      );
    }
    await user.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } }).catch((e: unknown) => {
      if (!(e instanceof Error && /already exists/i.test(e.message))) throw e;
    });
    ownNamespace = true;

    begin('start the reconciler');
    const logger = createLogger(output.err, {
      level: options.logLevel ?? 'error',
      format: 'text',
      color: output.errColor,
    });
    operator = new Manager({
      kube,
      logger,
      reconcilers: reconcilerConfigs(loaded, [namespace]),
      permissions: false, // the demo's own control plane, as its admin
      httpAddress: '127.0.0.1:0',
      stopTimeoutMs: 5_000,
      leaderElection: { kube: leaseKube, namespace, name: `orkestra-${loaded.katalog.name}` },
      observer: {
        childChanged: (c) =>
          c.action === 'pruned' &&
          writes.push({ handler: '', kind: c.kind, name: c.name, result: { action: 'deleted' } }),
      },
    });
    await operator.start();
    finish(
      `reconciler running in namespace ${namespace}: Lease ${namespace}/orkestra-${loaded.katalog.name} acquired, caches synced, metrics on ${operator.url}/metrics`,
    );

    const ref = {
      apiVersion: website.apiVersion,
      kind: website.kind,
      namespace,
      name: website.metadata.name ?? 'shop',
    };
    const get = (kind: string, apiVersion: string, name: string) => user!.get({ apiVersion, kind, namespace, name });
    const takeWrites = () => writes.splice(0);
    const describeWrite = (w: (typeof writes)[number]) => `${w.result.action} ${w.kind} ${namespace}/${w.name}`;

    begin('apply a Website');
    say(
      `kubectl apply -f ${rel('website.yaml')}   (image ${String((website.spec as Record<string, unknown>)?.image)}, replicas ${String((website.spec as Record<string, unknown>)?.replicas ?? 1)})`,
    );
    await user.create({ ...website, metadata: { ...website.metadata, namespace } });
    const t0 = performance.now();
    const seen = new Set<string>();
    /** The Website once Ready=True, recording each `Ready=False` message on the way. */
    const untilReady = (what: string, more: (cr: KubeObject) => Promise<boolean> = async () => true) =>
      waitUntil(what, async () => {
        const cr = await user!.get(ref);
        const r = readyOf(cr);
        if (r?.status === 'False') seen.add(r.message);
        return cr && r?.status === 'True' && (await more(cr)) && cr;
      });
    const waited = () => {
      for (const message of seen) detail(`status: Ready=False (${message})`);
      seen.clear();
    };
    const ready = await untilReady('the Website to be Ready');
    for (const w of takeWrites()) detail(`${m.add} ${describeWrite(w)}`);
    waited();
    for (const pod of await podsOf(user, namespace, `${ref.name}-web`)) detail(pod);
    const status = ready.status as Record<string, unknown>;
    detail(`status: Ready=True (${readyOf(ready)?.message}), image ${show(status.image)}, url ${show(status.url)}`);
    const secret = await get('Secret', 'v1', `${ref.name}-admin`);
    const password = (secret?.data as Record<string, string> | undefined)?.password;
    if (password)
      detail(
        `Secret ${ref.name}-admin: password generated once (${Buffer.from(password, 'base64').length} characters, never printed)`,
      );
    finish(
      `Website ${namespace}/${ref.name} is Ready ${((performance.now() - t0) / 1000).toFixed(1)} s after it was applied`,
    );

    begin('introduce a drift by hand');
    const deploymentName = `${ref.name}-web`;
    say(`kubectl scale deployment ${deploymentName} --replicas=5   (as someone else: field manager kubectl)`);
    const t1 = performance.now();
    await user.patch(
      { apiVersion: 'apps/v1', kind: 'Deployment', namespace, name: deploymentName },
      { spec: { replicas: 5 } },
      { type: 'merge', fieldManager: 'kubectl' },
    );
    await waitUntil(
      'the drift to be corrected',
      async () =>
        ((await get('Deployment', 'apps/v1', deploymentName))?.spec as { replicas?: number } | undefined)?.replicas ===
        (website.spec as { replicas?: number }).replicas,
    );
    const corrected = takeWrites();
    for (const w of corrected)
      detail(
        `${m.change} ${describeWrite(w)}: ${(w.result.drifted ?? []).map((d) => `${d.path} ${show(d.live)} → ${show(d.desired)}`).join(', ')}`,
      );
    const ms = Math.round(performance.now() - t1);
    say(`kubectl delete configmap ${ref.name}-page`);
    await user.delete({ apiVersion: 'v1', kind: 'ConfigMap', namespace, name: `${ref.name}-page` });
    await waitUntil(
      'the deleted ConfigMap to come back',
      async () => (await get('ConfigMap', 'v1', `${ref.name}-page`)) !== undefined,
    );
    for (const w of takeWrites()) detail(`${m.add} ${describeWrite(w)} again`);
    finish(`drift corrected in ${ms} ms, and the deleted ConfigMap recreated`);

    begin('change the Website');
    const change = { image: 'nginx:1.28', replicas: 3, greeting: 'Now with a sale', expose: false };
    say(`kubectl patch website ${ref.name} --type merge -p '${JSON.stringify({ spec: change })}'`);
    const t2 = performance.now();
    await user.patch(ref, { spec: change }, { type: 'merge', fieldManager: 'kubectl' });
    const rolled = await untilReady(
      'the change to be rolled out',
      async (cr) =>
        (cr.status as { observedGeneration?: number }).observedGeneration === cr.metadata.generation &&
        (await get('Service', 'v1', `${ref.name}-web`)) === undefined,
    );
    await operator.reconcilers[0]?.whenIdle();
    for (const w of takeWrites()) {
      const fields = (w.result.drifted ?? [])
        .filter((d) => !d.path.includes('applied-fields'))
        .map((d) => `${d.path} ${show(d.live)} → ${show(d.desired)}`);
      detail(
        w.result.action === 'deleted'
          ? `${m.remove} pruned ${w.kind} ${namespace}/${w.name} (its when, spec.expose != false, no longer holds)`
          : `${m.change} ${describeWrite(w)}${fields.length ? `: ${fields.join(', ')}` : ''}`,
      );
    }
    waited();
    for (const pod of await podsOf(user, namespace, `${ref.name}-web`)) detail(pod);
    detail(
      `status: Ready=True (${readyOf(rolled)?.message}), observedGeneration ${String((rolled.status as Record<string, unknown>).observedGeneration)}, image ${show((rolled.status as Record<string, unknown>).image)}`,
    );
    finish(`change rolled out in ${Math.round(performance.now() - t2)} ms`);

    begin('delete the Website');
    say(`kubectl delete website ${ref.name}`);
    const before = await Promise.all(
      [
        ['Deployment', 'apps/v1', deploymentName],
        ['ConfigMap', 'v1', `${ref.name}-page`],
        ['Secret', 'v1', `${ref.name}-admin`],
      ].map(async ([kind, apiVersion, name]) => ({
        kind: kind!,
        apiVersion: apiVersion!,
        name: name!,
        uid: (await get(kind!, apiVersion!, name!))?.metadata.uid,
      })),
    );
    const t3 = performance.now();
    await user.delete(ref);
    for (const child of before) {
      await waitUntil(
        `${child.kind} ${child.name} to be garbage-collected`,
        async () => (await get(child.kind, child.apiVersion, child.name))?.metadata.uid !== child.uid,
      );
      detail(`${m.remove} ${child.kind} ${namespace}/${child.name} garbage-collected (owner reference → Website)`);
    }
    finish(`Website deleted; its children were garbage-collected ${Math.round(performance.now() - t3)} ms later`);

    begin('read the metrics');
    const metrics = await (await fetch(`${operator.url}/metrics`)).text();
    const sum = (name: string, filter = '') =>
      metrics
        .split('\n')
        .filter((l) => l.startsWith(name) && l.includes(filter))
        .reduce((n, l) => n + Number(l.split(' ').pop()), 0);
    detail(
      `orkestra_reconcile_total{result="success"} ${sum('orkestra_reconcile_total', 'result="success"')}, orkestra_drift_corrections_total ${sum('orkestra_drift_corrections_total')}, orkestra_pruned_children_total ${sum('orkestra_pruned_children_total')}, orkestra_api_requests_total ${sum('orkestra_api_requests_total')}`,
    );
    finish(`metrics served at ${operator.url}/metrics`);
  } catch (e) {
    failed = e;
    if (current) {
      current.ms = Math.round(performance.now() - current.ms);
      current.details.push(`failed: ${(e as Error).message}`);
      if (text) line(output, `${m.fail} ${current.step}: ${(e as Error).message}`);
    }
  } finally {
    begin('stop everything');
    const stopped: string[] = [];
    await operator?.stop().then(() => stopped.push('reconciler stopped, Lease released'));
    if (ownNamespace && !env && user)
      await user.delete({ apiVersion: 'v1', kind: 'Namespace', name: namespace }).then(
        () => stopped.push(`namespace ${namespace} deleted`),
        () => undefined,
      );
    await Promise.all([kube?.close(), user?.close(), leaseKube?.close()]);
    if (env) await env.stop().then(() => stopped.push('control plane stopped'));
    finish(stopped.join('; ') || 'nothing was running');
  }
  const totalMs = Math.round(performance.now() - started);
  if (output.format === 'json') json(output, { ok: !failed, totalMs, steps, controlPlanePids });
  else
    line(
      output,
      failed
        ? `${m.fail} demo failed after ${(totalMs / 1000).toFixed(1)} s`
        : paint(
            output.color,
            'bold',
            `${m.ok} demo finished in ${(totalMs / 1000).toFixed(1)} s; nothing is left running`,
          ),
    );
  if (failed instanceof CliError) throw failed;
  return failed ? ExitCode.Problems : ExitCode.Ok;
}

/** The running pods of a Deployment (by the name prefix its ReplicaSets give them): where each runs, and its image. */
async function podsOf(kube: Kubeclient, namespace: string, deployment: string): Promise<string[]> {
  type Pod = KubeObject & {
    spec: { nodeName?: string; containers: { image: string }[] };
    status?: { phase?: string; conditions?: { type: string; status: string }[] };
  };
  const pods = ((await kube.list('v1', 'Pod', { namespace })).items as Pod[]).filter(
    (p) => p.metadata.name?.startsWith(`${deployment}-`) && !p.metadata.deletionTimestamp,
  );
  return pods.map((p) => {
    const ready = p.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True');
    return `pod ${p.metadata.name} on ${p.spec.nodeName ?? '(not scheduled)'}: ${p.status?.phase ?? 'Pending'}${ready ? ', Ready' : ''} (${p.spec.containers.map((c) => c.image).join(', ')})`;
  });
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
