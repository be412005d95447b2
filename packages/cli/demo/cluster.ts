/**
 * Where the demo plays: an embedded control plane it starts with `@orkestra/testenv` (the example CRD installed
 * before kube-controller-manager starts, two simulated nodes), or a cluster of the user's (`--kubeconfig`), where
 * it installs the CRD and plays in a namespace of its own that it deletes afterwards.
 */
import { randomBytes } from 'node:crypto';
import type { KubeObject } from '@orkestra/core';
import { Kubeclient } from '@orkestra/core/kube';
import { CliError, ExitCode } from '../src/exit-codes.js';
import { importPackage } from '../src/handlers.js';
import { connect } from '../src/kube.js';
import type { DemoSteps } from './steps.js';
import { waitUntil } from './wait.js';

/** Simulated nodes of the embedded control plane, and how long a pod takes to start on them. */
const NODES = { count: 2, podStartDelayMs: 1_000 };

/** What the demo needs of a started `@orkestra/testenv` environment. */
interface Environment {
  stop(): Promise<void>;
  kubeConfig: never;
  version: { gitVersion: string };
  pids: Record<string, number | undefined>;
}

/** Options of a {@link DemoCluster}. */
interface DemoClusterOptions {
  kubeconfig?: string | undefined;
  context?: string | undefined;
  /** The examples' CRDs and their files (installed in the embedded control plane before it starts, or applied). */
  crds: { object: KubeObject; file: string }[];
  /** A file of the example folder as the demo shows it (relative to the working directory). */
  rel: (file: string) => string;
}

/** See the module comment. */
export class DemoCluster {
  /** The operator's client. */
  kube: Kubeclient | undefined;
  /** The client of the person at the keyboard (kubectl's part). */
  user: Kubeclient | undefined;
  /** The leader election's client (no retries: a renewal that fails must fail fast). */
  leaseKube: Kubeclient | undefined;
  namespace = 'demo';
  /** The processes of the embedded control plane (the JSON report lists them: a test checks they are gone). */
  controlPlanePids: number[] = [];
  private env: Environment | undefined;
  private ownNamespace = false;

  constructor(
    private readonly steps: DemoSteps,
    private readonly options: DemoClusterOptions,
  ) {}

  /** Starts the control plane or connects to the cluster, then creates the demo's namespace. */
  async start(): Promise<void> {
    if (this.options.kubeconfig) await this.connect(this.options.kubeconfig);
    else await this.embedded();
    await this.user!.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: this.namespace } }).catch(
      (e: unknown) => {
        if (!(e instanceof Error && /already exists/i.test(e.message))) throw e;
      },
    );
    this.ownNamespace = true;
  }

  /** The user's cluster: connect, pick a namespace of the demo's own, install the CRD and wait until served. */
  private async connect(kubeconfig: string): Promise<void> {
    const { crds, rel } = this.options;
    this.steps.begin('connect to the cluster');
    const connected = connect({ kubeconfig, context: this.options.context });
    this.kube = connected.kube;
    const user = new Kubeclient(this.kube.kubeConfig);
    this.user = user;
    this.leaseKube = new Kubeclient(this.kube.kubeConfig, { retry: { retries: 0 } });
    this.namespace = `orkestra-demo-${randomBytes(3).toString('hex')}`;
    this.steps.finish(`connected to ${this.kube.server} (${connected.from})`);
    this.steps.begin("install the examples' CRDs");
    for (const { object: crd, file } of crds) {
      await user.apply(crd, { fieldManager: 'orkestra-demo' });
      await waitUntil(`the CRD ${crd.metadata.name} to be Established`, async () => {
        const live = await user.get({
          apiVersion: 'apiextensions.k8s.io/v1',
          kind: 'CustomResourceDefinition',
          name: crd.metadata.name ?? '',
        });
        return (
          (live?.status as { conditions?: { type: string; status: string }[] } | undefined)?.conditions ?? []
        ).some((c) => c.type === 'Established' && c.status === 'True');
      });
      this.steps.detail(`CRD ${crd.metadata.name} installed from ${rel(file)}`);
    }
    this.steps.finish(
      `${crds.length === 1 ? 'CRD' : 'CRDs'} ${crds.map((c) => c.object.metadata.name).join(', ')} installed`,
    );
  }

  /** An embedded control plane by `@orkestra/testenv`, with the CRD and two simulated nodes. */
  private async embedded(): Promise<void> {
    this.steps.begin('start an embedded control plane');
    const testenv = await importPackage('@orkestra/testenv', process.cwd());
    if (!testenv || typeof testenv.start !== 'function') {
      throw new CliError(
        ExitCode.PackageMissing,
        'the demo starts its control plane with @orkestra/testenv, which is not installed',
        { hint: 'npm install @orkestra/testenv, or pass --kubeconfig to play the demo on a cluster of yours' },
      );
    }
    const start = testenv.start as (o: unknown) => Promise<Environment>;
    try {
      this.env = await start({ crds: this.options.crds.map((c) => c.file), nodes: NODES });
    } catch (e) {
      throw new CliError(ExitCode.Unreachable, `cannot start the embedded control plane: ${(e as Error).message}`, {
        hint:
          'run `. scripts/setup.sh` (it builds kube-apiserver, etcd and kube-controller-manager), ' +
          'set KUBEBUILDER_ASSETS, or pass --kubeconfig',
        cause: e,
      });
    }
    const env = this.env;
    this.controlPlanePids = Object.values(env.pids).filter((p): p is number => typeof p === 'number');
    this.kube = new Kubeclient(env.kubeConfig);
    this.user = new Kubeclient(env.kubeConfig);
    this.leaseKube = new Kubeclient(env.kubeConfig, { retry: { retries: 0 } });
    this.steps.finish(
      `control plane ${env.version.gitVersion} started: etcd, kube-apiserver, kube-controller-manager ` +
        `(workload controllers, garbage collector), kube-scheduler and KWOK with ${NODES.count} simulated nodes ` +
        `and storage; CRDs ${this.options.crds.map((c) => c.object.metadata.name).join(', ')} installed`,
    );
  }

  /**
   * Deletes the demo's namespace on a user's cluster, closes the clients, stops the control plane; says what it
   * did.
   */
  async stop(): Promise<string[]> {
    const stopped: string[] = [];
    if (this.ownNamespace && !this.env && this.user)
      await this.user.delete({ apiVersion: 'v1', kind: 'Namespace', name: this.namespace }).then(
        () => stopped.push(`namespace ${this.namespace} deleted`),
        () => undefined,
      );
    await Promise.all([this.kube?.close(), this.user?.close(), this.leaseKube?.close()]);
    if (this.env) await this.env.stop().then(() => stopped.push('control plane stopped'));
    return stopped;
  }
}
