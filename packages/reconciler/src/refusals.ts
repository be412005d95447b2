/**
 * Remembered ownership refusals: a child whose name is taken by an object someone else controls (or nobody
 * does) is refused by core with an `OwnershipError`, at the price of requests (a create-only apply the server
 * answers 409, a read). While neither that object nor the CR changes, the answer cannot change either, so the
 * reconciler asks again only when one of them does: each refusal watches the object in the way with a
 * field-selected informer (one list and one watch, then nothing), and a change of it re-queues the owner.
 */

import type { ControllerClient } from '@orkestra/core';
import { isControlledBy, type Logger, type OwnerObject, type OwnershipError } from '@orkestra/core';
import { deepEqual } from '@orkestra/core/internal';
import { annotationsBesidesInventory } from './inventory/annotation.js';
import { Informer } from './machinery/informer.js';

/** The object a child would be. */
export interface ChildRef {
  apiVersion: string;
  kind: string;
  namespace: string | undefined;
  name: string;
}

interface Refusal {
  error: OwnershipError;
  /** The CR as it was refused: uid, generation, labels and annotations (what templates may read to name a child). */
  crVersion: unknown;
  informer: Informer;
  /** The object in the way, as first seen synced; undefined until then. */
  seenVersion: string | undefined;
}

/** A child's identity as a string: `apiVersion/kind/namespace/name`. */
export const refKey = (ref: ChildRef) => `${ref.apiVersion}/${ref.kind}/${ref.namespace ?? ''}/${ref.name}`;

/** What of a CR may change the children it asks for: not its status, nor our own status writes. */
function crVersionOf(cr: OwnerObject): unknown {
  return [cr.metadata.uid, cr.metadata.generation, cr.metadata.labels ?? {}, annotationsBesidesInventory(cr)];
}

/**
 * The ownership refusals of every CR of one reconciler, keyed by the CR's queue key.
 *
 * @example
 * const refusals = new OwnershipRefusals(kube, logger, (key) => queue.add(key));
 * const known = refusals.current(key, cr, ref);          // an OwnershipError while nothing changed: no request
 * if (!known)
 *   try {
 *     await handler.update(…);
 *   } catch (e) {
 *     if (e instanceof OwnershipError) refusals.remember(key, cr, ref, e);
 *   }
 */
export class OwnershipRefusals {
  private readonly byOwner = new Map<string, Map<string, Refusal>>();

  /** `changed(key)` is called when an object in the way of a child of the CR `key` changes (or goes). */
  constructor(
    private readonly kube: ControllerClient,
    private readonly logger: Logger,
    private readonly changed: (key: string) => void,
  ) {}

  /** Refusals remembered now (for tests and metrics). */
  get size(): number {
    let n = 0;
    for (const m of this.byOwner.values()) n += m.size;
    return n;
  }

  /**
   * The refusal of `ref` if it still holds without asking the server: same CR (generation, labels,
   * annotations), and the object in the way unchanged since it was first seen — still there, still not the
   * CR's. Undefined when the child must be tried again (and the stale refusal is dropped).
   */
  current(key: string, cr: OwnerObject, ref: ChildRef): OwnershipError | undefined {
    const refusal = this.byOwner.get(key)?.get(refKey(ref));
    if (!refusal) return undefined;
    if (!deepEqual(refusal.crVersion, crVersionOf(cr))) return this.drop(key, ref);
    if (!refusal.informer.hasSynced) return refusal.error; // refused a moment ago; the first list re-queues the CR
    const live = refusal.informer.get(ref.namespace, ref.name);
    if (!live || isControlledBy(live, cr)) return this.drop(key, ref);
    refusal.seenVersion ??= live.metadata.resourceVersion;
    return refusal.seenVersion === live.metadata.resourceVersion ? refusal.error : this.drop(key, ref);
  }

  /** Remembers that `ref` was refused for `cr`, and starts watching the object in the way (once per child). */
  remember(key: string, cr: OwnerObject, ref: ChildRef, error: OwnershipError): void {
    let refusals = this.byOwner.get(key);
    if (!refusals) this.byOwner.set(key, (refusals = new Map()));
    const existing = refusals.get(refKey(ref));
    if (existing) {
      Object.assign(existing, { error, crVersion: crVersionOf(cr), seenVersion: undefined });
      return;
    }
    const informer = new Informer(this.kube, {
      apiVersion: ref.apiVersion,
      kind: ref.kind,
      namespace: ref.namespace,
      fieldSelector: `metadata.name=${ref.name}`,
      logger: this.logger,
    });
    // A list (the first one too: it shows the object as it is now), an update or a deletion: compare again.
    // An object added later cannot matter: one seen absent has already ended the refusal.
    informer.on((e) => {
      if (e.type !== 'added') this.changed(key);
    });
    informer.start().catch(() => undefined); // stopped before its first list: the refusal was dropped meanwhile
    refusals.set(refKey(ref), { error, crVersion: crVersionOf(cr), informer, seenVersion: undefined });
    this.logger.debug({ key, kind: ref.kind, name: ref.name }, 'child refused: watching the object in its way');
  }

  /** Drops the refusals of `key` except those of `keep` (children still desired): all of them without `keep`. */
  forget(key: string, keep?: readonly ChildRef[]): void {
    const refusals = this.byOwner.get(key);
    if (!refusals) return;
    const kept = new Set((keep ?? []).map(refKey));
    for (const [k, refusal] of refusals) {
      if (kept.has(k)) continue;
      void refusal.informer.stop();
      refusals.delete(k);
    }
    if (refusals.size === 0) this.byOwner.delete(key);
  }

  /** Stops every watch. */
  async stop(): Promise<void> {
    const all = [...this.byOwner.values()].flatMap((m) => [...m.values()]);
    this.byOwner.clear();
    await Promise.all(all.map((r) => r.informer.stop()));
  }

  private drop(key: string, ref: ChildRef): undefined {
    const refusals = this.byOwner.get(key);
    const refusal = refusals?.get(refKey(ref));
    if (refusal) {
      void refusal.informer.stop();
      refusals!.delete(refKey(ref));
      if (refusals!.size === 0) this.byOwner.delete(key);
    }
    return undefined;
  }
}
