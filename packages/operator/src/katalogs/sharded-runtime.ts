/**
 * The Katalog runtime of a sharded Manager: a Katalog is a unit of work of the shard its namespace hashes to, so
 * different teams' Katalogs spread over the replicas before any one kind needs splitting. Each held shard runs a
 * {@link KatalogRuntime} limited to that shard (its Katalogs, their instances and reconcilers); a shard given
 * back or lost stops its runtime — the Katalogs' kinds, instances and children stay, and the replica that takes
 * the shard serves them again (a stop is not a deletion: no deletion policy runs).
 *
 * What is shared stays shared: the Katalog CRD is installed once by each replica at start (an idempotent apply),
 * and every replica answers the Katalog admission webhook. Two Katalogs in different shards claiming one kind are
 * told apart by the CRD's labels, as on one replica; two replicas loading them in the same instant may both pass
 * that check (a window of one CRD apply), where one replica serialises its loads.
 */
import type { ControllerClient } from '@orkestra/core';
import type { GenericReconciler } from '@orkestra/reconciler';
import { installCrd } from '../crd-install.js';
import type { ShardLeaseEvents } from '../shards/shard-leases.js';
import { katalogCrd } from './katalog-crd.js';
import { KatalogMetrics } from './metrics.js';
import { KatalogRuntime, type KatalogRuntimeContext, type KatalogRuntimeOptions } from './runtime.js';

/** What a Manager reads of the Katalogs it serves, sharded or not. */
export interface KatalogServing {
  /** Every reconciler running now, of every Katalog served here. */
  readonly reconcilers: GenericReconciler[];
  /** The revision each Katalog (`<namespace>/<name>`) served here serves. */
  revisions(): Map<string, number>;
  /** The Katalogs served here whose newest spec is not served, with their status's reason. */
  failing(): { katalog: string; reason: string }[];
  /** Resolves when every Katalog change seen so far has been handled (for tests). */
  idle(): Promise<void>;
}

/** One {@link KatalogRuntime} per held shard; see the module's comment. */
export class ShardedKatalogRuntime implements ShardLeaseEvents, KatalogServing {
  private readonly byShard = new Map<number, KatalogRuntime>();
  /** One set of per-Katalog series for every shard's runtime (a registry takes each metric name once). */
  private readonly metrics: KatalogMetrics | undefined;

  constructor(
    private readonly kube: ControllerClient,
    private readonly options: KatalogRuntimeOptions,
    private readonly context: KatalogRuntimeContext,
    /** How many shards the namespaces are split into (the Manager's `shards.count`). */
    private readonly count: number,
  ) {
    this.metrics = context.registry && new KatalogMetrics(context.registry);
  }

  get reconcilers(): GenericReconciler[] {
    return [...this.byShard.values()].flatMap((r) => r.reconcilers);
  }

  revisions(): Map<string, number> {
    return new Map([...this.byShard.values()].flatMap((r) => [...r.revisions()]));
  }

  failing(): { katalog: string; reason: string }[] {
    return [...this.byShard.values()].flatMap((r) => r.failing());
  }

  async idle(): Promise<void> {
    await Promise.all([...this.byShard.values()].map((r) => r.idle()));
  }

  /** Installs the Katalog CRD once (unless told not to); shards' runtimes then start without it. */
  async start(): Promise<void> {
    if (this.options.installCrd === false) return;
    await installCrd(this.kube, katalogCrd(), { fieldManager: this.options.fieldManager ?? 'orkestra' });
  }

  async acquired(shard: number): Promise<void> {
    const runtime = new KatalogRuntime(
      this.kube,
      { ...this.options, installCrd: false },
      { ...this.context, registry: undefined, metrics: this.metrics, shard: { count: this.count, shards: [shard] } },
    );
    this.byShard.set(shard, runtime);
    await runtime.start();
  }

  async releasing(shard: number): Promise<void> {
    await this.stopShard(shard);
  }

  lost(shard: number): void {
    void this.stopShard(shard);
  }

  /** Stops every shard's runtime (the Manager's stop; the shards' Leases are given back after). */
  async stop(): Promise<void> {
    await Promise.all([...this.byShard.keys()].map((shard) => this.stopShard(shard)));
  }

  /** Stops the runtime of `shard`; its Katalogs' series go (the replica that takes the shard reports them). */
  private async stopShard(shard: number): Promise<void> {
    const runtime = this.byShard.get(shard);
    if (!runtime) return;
    this.byShard.delete(shard);
    const served = [...runtime.revisions().keys()];
    await runtime.stop();
    for (const katalog of served) this.metrics?.remove(katalog);
  }
}
