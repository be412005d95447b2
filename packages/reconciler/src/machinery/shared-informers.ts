/**
 * Shared informers: client-go's `SharedInformerFactory` for Orkestra. Every reconciler of one client
 * ({@link ControllerClient}) takes its informers from the same factory, so N reconcilers watching Deployments
 * labelled `managed-by=orkestra` in one namespace hold one list-watch and one cache, not N:
 *
 * - Informers are keyed by apiVersion, kind, namespace, label selector and shards. The first
 *   {@link SharedInformerFactory.acquire} creates and starts one; later ones get the same informer and wait
 *   for its first list (even while that list is still in flight).
 * - Each {@link InformerLease} holds a reference. {@link InformerLease.release} removes the listeners added
 *   through the lease, and the last release stops the informer (its watch closes).
 * - One read cache per factory is plugged into the client while any informer runs, so reads are answered from
 *   memory and each of our writes is recorded once per informer, however many reconcilers share it.
 *
 * {@link SharedInformerFactory.for} returns the factory of a client (one per client, created on first use);
 * `GenericReconciler` uses it unless its configuration passes `informers`.
 */

import type { CacheAnswer, ControllerClient, ReadCache } from '@orkestra/core';
import { type KubeObject, type Logger, type ObjectRef, OrkestraError, silentLogger } from '@orkestra/core';
import { Informer, type InformerEvent, type InformerOptions } from './informer.js';
import { type ShardFilter, shardKey } from './shard-filter.js';

/** What {@link SharedInformerFactory.acquire} takes: an informer's options; the logger defaults to the factory's. */
export type SharedInformerOptions = Omit<InformerOptions, 'logger'> & { logger?: Logger | undefined };

/** Options of a {@link SharedInformerFactory}. */
export interface SharedInformerFactoryOptions {
  /** The logger of informers whose acquirer passes none; default silent. */
  logger?: Logger;
}

/** One holder's use of a shared informer. */
export interface InformerLease {
  /** The shared informer. Read from it freely; subscribe through {@link on}, so that release unsubscribes. */
  readonly informer: Informer;
  /** Resolves after the informer's first list (at once when it had already synced); rejects if it is stopped first. */
  readonly synced: Promise<void>;
  /** Subscribes to the informer's changes until this lease is released; returns an unsubscribe function. */
  on(listener: (event: InformerEvent) => void): () => void;
  /** Drops this holder's listeners and reference; the last release stops the informer. Idempotent. */
  release(): Promise<void>;
}

interface Entry {
  readonly key: string;
  readonly informer: Informer;
  readonly selector: string;
  readonly synced: Promise<void>;
  refs: number;
}

/** A label selector with its whitespace removed, so `a = b` and `a=b` share one informer. */
function normalizeSelector(selector: string | undefined): string {
  return (selector ?? '').replace(/\s+/g, '');
}

function informerKey(o: {
  apiVersion: string;
  kind: string;
  namespace?: string | undefined;
  labelSelector?: string | undefined;
  shard?: ShardFilter | undefined;
}): string {
  return JSON.stringify([
    o.apiVersion,
    o.kind,
    o.namespace ?? '',
    normalizeSelector(o.labelSelector),
    shardKey(o.shard),
  ]);
}

const factories = new WeakMap<ControllerClient, SharedInformerFactory>();

/**
 * Reference-counted informers shared by everything that uses one client.
 *
 * @example
 * const informers = SharedInformerFactory.for(kube);       // the client's factory, as reconcilers use it
 * const deployments = { apiVersion: 'apps/v1', kind: 'Deployment' };
 * const lease = informers.acquire({ ...deployments, namespace: 'shop', labelSelector: 'managed-by=orkestra' });
 * lease.on((e) => { if (e.type !== 'relisted') console.log(e.type, e.object.metadata.name); });
 * await lease.synced;
 * lease.informer.get('shop', 'web');
 * await lease.release();                                   // the watch closes when nobody else holds it
 *
 * // Two reconcilers on one client share their child informers without any configuration; to keep a
 * // reconciler's informers apart, give it a factory of its own:
 * new GenericReconciler(kube, { ...config, informers: new SharedInformerFactory(kube) });
 */
export class SharedInformerFactory {
  private readonly entries = new Map<string, Entry>();
  private removeCache: (() => void) | undefined;
  private readonly logger: Logger;

  /** The factory of `kube`, created on first use and shared by every reconciler of that client. */
  static for(kube: ControllerClient): SharedInformerFactory {
    let factory = factories.get(kube);
    if (!factory) factories.set(kube, (factory = new SharedInformerFactory(kube)));
    return factory;
  }

  /**
   * A factory of its own (informers shared only among its users); most callers want
   * {@link SharedInformerFactory.for}.
   */
  constructor(
    readonly kube: ControllerClient,
    options: SharedInformerFactoryOptions = {},
  ) {
    this.logger = options.logger ?? silentLogger;
  }

  /** The running informers (for tests and metrics). */
  get informers(): Informer[] {
    return [...this.entries.values()].map((e) => e.informer);
  }

  /** Holders of the informer of these options (0 when none runs). */
  refCount(
    options: Pick<SharedInformerOptions, 'apiVersion' | 'kind' | 'namespace' | 'labelSelector' | 'shard'>,
  ): number {
    return this.entries.get(informerKey(options))?.refs ?? 0;
  }

  /**
   * The informer of `options`, started if it is new. Options other than the key (timeouts, logger) are the
   * first acquirer's. `indexBy` must be the same function for every acquirer that passes one (share it as a
   * module-level constant): an informer has one index, and a different one is refused.
   */
  acquire(options: SharedInformerOptions): InformerLease {
    if (options.fieldSelector !== undefined) {
      throw new OrkestraError(
        'Config',
        `a shared informer cannot have a field selector (${options.fieldSelector}): its cache answers reads for ` +
          'everything it does not select — create an Informer of your own',
      );
    }
    const key = informerKey(options);
    let entry = this.entries.get(key);
    // Someone stopped the informer itself instead of releasing: it serves nobody any more.
    if (entry?.informer.stopped) {
      this.entries.delete(key);
      entry = undefined;
    }
    if (entry) {
      if (options.indexBy && entry.informer.options.indexBy !== options.indexBy) {
        throw new OrkestraError(
          'Config',
          `the shared informer for ${options.kind} (${options.apiVersion}) in ` +
            `${options.namespace ?? 'all namespaces'} with selector "${options.labelSelector ?? ''}" already has ` +
            `${entry.informer.options.indexBy ? 'another' : 'no'} indexBy function: pass the same function ` +
            'object, or use a SharedInformerFactory of your own',
        );
      }
    } else {
      const informer = new Informer(this.kube, { ...options, logger: options.logger ?? this.logger });
      const synced = informer.start();
      // Awaited through leases; an informer stopped before its first list is not an unhandled rejection.
      synced.catch(() => undefined);
      entry = { key, informer, selector: normalizeSelector(options.labelSelector), synced, refs: 0 };
      this.entries.set(key, entry);
      this.removeCache ??= this.kube.addReadCache(this.readCache());
    }
    entry.refs++;
    return this.lease(entry);
  }

  private lease(entry: Entry): InformerLease {
    const offs = new Set<() => void>();
    let released = false;
    return {
      informer: entry.informer,
      synced: entry.synced,
      on: (listener) => {
        if (released)
          throw new OrkestraError(
            'Config',
            `this lease of the ${entry.informer.options.kind} informer was released: acquire a new one`,
          );
        const off = entry.informer.on(listener);
        offs.add(off);
        return () => {
          off();
          offs.delete(off);
        };
      },
      release: async () => {
        if (released) return;
        released = true;
        for (const off of offs) off();
        offs.clear();
        if (--entry.refs > 0) return;
        if (this.entries.get(entry.key) === entry) this.entries.delete(entry.key);
        if (this.entries.size === 0) {
          this.removeCache?.();
          this.removeCache = undefined;
        }
        await entry.informer.stop();
      },
    };
  }

  /**
   * The read cache of every informer of this factory. `get(ref)` answers a hit and leaves a miss to the
   * server (a child informer holds only labelled objects: the object may exist without our labels). With
   * `{ labelSelector }` equal to the selector of a synced informer that covers the ref, a miss is an answer
   * too — "no object with these labels" — which is what a create-only apply needs to know. A selector no
   * informer has exactly gets no answer (the server is asked).
   */
  private readCache(): ReadCache {
    const get = (ref: ObjectRef, options?: { labelSelector?: string | undefined }): CacheAnswer => {
      const wanted = options?.labelSelector === undefined ? undefined : normalizeSelector(options.labelSelector);
      for (const { informer, selector } of this.entries.values()) {
        if (!informer.hasSynced || informer.stopped || !informer.covers(ref.apiVersion, ref.kind, ref.namespace))
          continue;
        const object = informer.get(ref.namespace, ref.name);
        // Without a selector only a hit answers. With one, only an informer of exactly that selector knows
        // the answer, hit or miss; another informer's copy may lack the labels (left to the server).
        if (wanted === undefined ? object : selector === wanted) return { object };
      }
      return undefined;
    };
    return {
      get,
      observe: (event: { type: 'written'; object: KubeObject } | { type: 'deleted'; ref: ObjectRef }) => {
        for (const { informer } of this.entries.values()) {
          if (event.type === 'written') informer.recordWrite(event.object);
          else if (informer.covers(event.ref.apiVersion, event.ref.kind, event.ref.namespace))
            informer.recordDelete(event.ref.namespace, event.ref.name);
        }
      },
    };
  }
}
