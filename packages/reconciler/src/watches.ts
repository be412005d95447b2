/**
 * The informers one reconciler watches, and which CR each event queues: the CRs themselves (a change that needs
 * a reconcile), every Orkestra child of the served kinds (a change that is not this reconciler's own echo
 * queues its owner), and the kinds the hooks read (a change queues the CRs that read it). The informers are
 * shared with the other reconcilers of the client; {@link release} gives them back.
 */

import type { ControllerClient } from '@orkestra/core';
import {
  childSelector,
  type KubeObject,
  type Logger,
  NotFoundError,
  OrkestraError,
  type OwnerObject,
  type ResourceInfo,
} from '@orkestra/core';
import { deepEqual } from '@orkestra/core/internal';
import { kindKey } from './child-kinds.js';
import type { ReconcilerConfig } from './config.js';
import type { HookReads, ReadKind } from './hook-context.js';
import { annotationsBesidesInventory } from './inventory/annotation.js';
import { type Informer, type InformerEvent, objectKey } from './machinery/informer.js';
import type { InformerLease, SharedInformerFactory, SharedInformerOptions } from './machinery/shared-informers.js';
import type { WorkPriority } from './machinery/work-queue.js';
import type { OwnWrites } from './own-writes.js';
import { indexByOwner } from './prune-sources.js';
import { looksSettled } from './status.js';

/** A kind the hooks read, and how it is served. */
export type ServedRead = ReadKind & { namespaced: boolean };

/** What the watches need of the reconciler. */
export interface WatchParts {
  kube: ControllerClient;
  config: ReconcilerConfig;
  informers: SharedInformerFactory;
  logger: Logger;
  signal: AbortSignal;
  ownWrites: OwnWrites;
  /** Keys of CRs that changed since their last successful reconcile. */
  changedCRs: Set<string>;
  hookReads: () => HookReads;
  /** Queues a CR's key. */
  enqueue(key: string, priority?: WorkPriority): void;
  /** Whether the CR's reconcile runs now (a child's change meanwhile is held, see {@link OwnWrites.hold}). */
  isProcessing(key: string): boolean;
}

/**
 * The reconciler's informers.
 *
 * @example
 * const watches = new Watches(parts);
 * watches.watchOwners(namespaces); watches.watchChildren(served, namespaces);
 * await watches.synced();
 */
export class Watches {
  readonly owners: Informer[] = [];
  readonly children: Informer[] = [];
  /** Informers of the kinds the hooks read (`config.reads`), by kind key, and whether the kind is namespaced. */
  readonly reads = new Map<string, { informers: Informer[]; namespaced: boolean }>();
  private readonly leases: InformerLease[] = [];
  private readonly ownerApiVersion: string;

  constructor(private readonly w: WatchParts) {
    this.ownerApiVersion = `${w.config.owner.group}/${w.config.owner.version}`;
  }

  /**
   * Watches the CRs: a change that needs a reconcile queues it (see {@link needsReconcile}); a relist, all. The
   * CRs of the first list are queued low when their status says they are settled (see {@link looksSettled}):
   * after a start, the re-check of thousands of converged CRs waits behind anything that happened.
   */
  watchOwners(namespaces: readonly (string | undefined)[]): void {
    const owner = this.w.config.owner;
    for (const namespace of namespaces) {
      const lease = this.acquire({
        apiVersion: this.ownerApiVersion,
        kind: owner.kind,
        namespace: owner.namespaced === false ? undefined : namespace,
        shard: this.w.config.shard,
        logger: this.w.logger,
      });
      lease.on((e) => this.onOwnerEvent(e));
      this.owners.push(lease.informer);
      if (owner.namespaced === false) break;
    }
  }

  /** Watches every Orkestra child of the served kinds: a change not our own queues its owner. */
  watchChildren(served: Iterable<ResourceInfo>, namespaces: readonly (string | undefined)[]): void {
    for (const { apiVersion, kind, namespaced } of served) {
      for (const namespace of namespaces) {
        // Every Orkestra child of the kind, whoever owns it: the same informer serves every reconciler of
        // this client, and events are filtered by owner kind in ownerKeyOf.
        const lease = this.acquire({
          apiVersion,
          kind,
          namespace: namespaced ? namespace : undefined,
          labelSelector: childSelector(),
          shard: namespaced ? this.w.config.shard : undefined,
          logger: this.w.logger,
          // Pruning asks for one owner's children on every reconcile: index them, instead of scanning the cache.
          indexBy: indexByOwner,
        });
        lease.on((e) => this.onChildEvent(e));
        this.children.push(lease.informer);
        if (!namespaced) break;
      }
    }
  }

  /** A CR's event: queues it when something happened to it, and the CRs whose hooks read it. */
  private onOwnerEvent(e: InformerEvent): void {
    if (e.type === 'relisted') return e.initial ? undefined : this.enqueueAll(); // the first list queued each CR
    const key = objectKey(e.object.metadata.namespace, e.object.metadata.name ?? '');
    this.enqueueReaders(e.object, key);
    if (e.type === 'updated' && !needsReconcile(e.old, e.object)) return;
    if (e.type === 'updated' && !e.initial) this.w.changedCRs.add(key);
    this.w.enqueue(key, e.initial ? startPriority(e.object) : 'normal');
  }

  /**
   * A child's event: a change that is not our own queues its owner (a child leaving an owner, that one too).
   * The children of the first list queue nothing: they were there before the start, and every CR is queued by
   * its own list.
   */
  private onChildEvent(e: InformerEvent): void {
    if (e.type === 'relisted' || e.initial) return;
    const key = this.ownerKeyOf(e.object);
    const oldKey = e.type === 'updated' ? this.ownerKeyOf(e.old) : undefined;
    if (oldKey !== undefined && oldKey !== key) this.w.enqueue(oldKey); // the child left that owner
    if (key === undefined) return;
    if (e.type === 'deleted') {
      this.w.ownWrites.forget(e.object);
      this.w.enqueue(key);
    } else if (!this.w.ownWrites.isEcho(e.object)) {
      if (this.w.isProcessing(key)) this.w.ownWrites.hold(key, e.object);
      else this.w.enqueue(key);
    }
  }

  /** How each kind of `config.reads` is served; rejects, naming it, when one is not. */
  async resolveReads(): Promise<ServedRead[]> {
    return Promise.all(
      (this.w.config.reads ?? []).map(async ({ apiVersion, kind }, i) => {
        try {
          const info = await this.w.kube.resourceFor(apiVersion, kind, { signal: this.w.signal });
          return { apiVersion, kind, namespaced: info.namespaced };
        } catch (e) {
          if (!(e instanceof NotFoundError)) throw e;
          throw new OrkestraError(
            'Config',
            `reads[${i}]: the API server does not serve kind ${kind} in ${apiVersion} — fix apiVersion and kind, ` +
              'or install its CustomResourceDefinition',
          );
        }
      }),
    );
  }

  /** Starts the informers of the kinds the hooks read: every object of the kind, no label selector. */
  watchReads(reads: readonly ServedRead[], namespaces: readonly (string | undefined)[]): void {
    for (const { apiVersion, kind, namespaced } of reads) {
      const key = kindKey({ apiVersion, kind });
      if (this.reads.has(key)) continue;
      const entry = { informers: [] as Informer[], namespaced };
      this.reads.set(key, entry);
      for (const namespace of namespaced ? namespaces : [undefined]) {
        const shard = namespaced ? this.w.config.shard : undefined;
        const lease = this.acquire({ apiVersion, kind, namespace, shard, logger: this.w.logger });
        lease.on((e) => {
          if (e.type !== 'relisted') this.enqueueReaders(e.object);
        });
        entry.informers.push(lease.informer);
      }
    }
  }

  /** Resolves once every informer has its first list. */
  synced(): Promise<unknown> {
    return Promise.all(this.leases.map((l) => l.synced));
  }

  /** Gives every informer back: those another reconciler still uses keep running, the others stop. */
  async release(): Promise<void> {
    await Promise.all(this.leases.splice(0).map((l) => l.release()));
  }

  /**
   * Queues every cached CR, at low priority: CRs queued because something happened (created, changed, a child
   * edited) run first, so a resync never delays a new CR's first reconcile. `due` leaves some out; `start` gives
   * each CR its priority after a start instead (see {@link startPriority}).
   */
  enqueueAll(due?: (key: string) => boolean, start = false): void {
    for (const informer of this.owners)
      for (const cr of informer.list()) {
        const key = objectKey(cr.metadata.namespace, cr.metadata.name ?? '');
        if (!due || due(key)) this.w.enqueue(key, start ? startPriority(cr) : 'low');
      }
  }

  /**
   * The live CR of a queue key, from the owner cache — also while its first list is still coming in, page by
   * page: a key is queued by its object's own event, so the object is there.
   */
  ownerFor(key: string): OwnerObject | undefined {
    const slash = key.indexOf('/');
    const namespace = slash >= 0 ? key.slice(0, slash) : undefined;
    const name = slash >= 0 ? key.slice(slash + 1) : key;
    const { kind } = this.w.config.owner;
    const informer = this.owners.find((i) => i.covers(this.ownerApiVersion, kind, namespace));
    return informer?.get(namespace, name) as OwnerObject | undefined;
  }

  /** A child in the child caches, undefined when not there (or no cache has synced). */
  liveChild(ref: { apiVersion: string; kind: string; namespace: string | undefined; name: string }) {
    return informerFor(this.children, ref.apiVersion, ref.kind, ref.namespace)?.get(ref.namespace, ref.name);
  }

  /**
   * Queues the CRs whose hooks read `object` in their last reconcile (not `self`: its own changes are filtered
   * apart).
   */
  private enqueueReaders(object: KubeObject, self?: string): void {
    for (const key of this.w.hookReads().dependents(object)) if (key !== self) this.w.enqueue(key);
  }

  /** The key of the child's controller when it is one of this reconciler's CRs. */
  private ownerKeyOf(child: KubeObject): string | undefined {
    const ref = child.metadata.ownerReferences?.find((r) => r.controller === true);
    const { owner } = this.w.config;
    if (!ref || ref.kind !== owner.kind || ref.apiVersion !== this.ownerApiVersion) return undefined;
    return objectKey(owner.namespaced === false ? undefined : child.metadata.namespace, ref.name);
  }

  private acquire(options: SharedInformerOptions): InformerLease {
    const lease = this.w.informers.acquire(options);
    this.leases.push(lease);
    return lease;
  }
}

/** After a start, a CR whose status says it is settled is re-checked behind everything else. */
function startPriority(cr: KubeObject): WorkPriority {
  return looksSettled(cr) ? 'low' : 'normal';
}

/** Status-only and metadata-only changes of a CR need no reconcile, except deletion and our finalizer. */
function needsReconcile(old: KubeObject, now: KubeObject): boolean {
  return (
    old.metadata.generation !== now.metadata.generation ||
    old.metadata.deletionTimestamp !== now.metadata.deletionTimestamp ||
    !deepEqual(old.metadata.labels, now.metadata.labels) ||
    // Our own inventory writes are no change of the CR.
    !deepEqual(annotationsBesidesInventory(old), annotationsBesidesInventory(now)) ||
    now.metadata.generation === undefined
  );
}

function informerFor(
  informers: readonly Informer[],
  apiVersion: string,
  kind: string,
  namespace: string | undefined,
): Informer | undefined {
  return informers.find((i) => i.hasSynced && i.covers(apiVersion, kind, namespace));
}
