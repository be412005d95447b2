/**
 * The reconcilers of the shards a replica holds: one `GenericReconciler` per configuration and held shard, its
 * informers limited to that shard (`ReconcilerConfig.shard`), started when the shard is taken and stopped when it
 * is given back or lost. They are kept in the Manager's `reconcilers` list while they run, so its readiness,
 * metrics and heap release see them.
 */
import type { Logger } from '@orkestra/core';
import type { GenericReconciler } from '@orkestra/reconciler';
import type { ShardLeaseEvents } from './shard-leases.js';

/** Builds the reconciler of one configuration (by index) for one shard. */
export type ShardReconcilerFactory = (configIndex: number, shard: number) => GenericReconciler;

/** The shard events of a Manager: start, drain or abort the reconcilers of a shard. */
export class ShardedReconcilers implements ShardLeaseEvents {
  private readonly byShard = new Map<number, GenericReconciler[]>();

  constructor(
    private readonly configCount: number,
    private readonly make: ShardReconcilerFactory,
    /** The Manager's list: reconcilers are added while their shard is held. */
    private readonly running: GenericReconciler[],
    private readonly logger: Logger,
  ) {}

  async acquired(shard: number): Promise<void> {
    const reconcilers = Array.from({ length: this.configCount }, (_, i) => this.make(i, shard));
    this.byShard.set(shard, reconcilers);
    this.running.push(...reconcilers);
    await Promise.all(reconcilers.map((r) => r.start()));
    this.logger.info({ shard }, 'shards: caches of the shard synced: reconciling it');
  }

  /** Drains the shard's reconcilers (in-flight reconciles finish; none starts), before its Lease is released. */
  async releasing(shard: number): Promise<void> {
    await Promise.all(this.take(shard).map((r) => r.stop()));
  }

  /** Aborts the shard's reconciles now: another replica may take the Lease once it expires. */
  lost(shard: number): void {
    for (const r of this.take(shard)) {
      r.abortInFlight();
      void r.stop();
    }
  }

  private take(shard: number): GenericReconciler[] {
    const reconcilers = this.byShard.get(shard) ?? [];
    this.byShard.delete(shard);
    for (const r of reconcilers) {
      const at = this.running.indexOf(r);
      if (at >= 0) this.running.splice(at, 1);
    }
    return reconcilers;
  }
}
