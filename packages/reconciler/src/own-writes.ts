import type { KubeObject } from '@orkestra/core';

/**
 * The echoes of a reconciler's own writes. A child it writes comes back through its informer a moment later;
 * an event carrying exactly the resourceVersion the write returned shows the state that reconcile produced, so
 * it needs no reconcile of its own (without this, every new CR is reconciled twice: the events of the children
 * it just created arrive while it is still being reconciled, and queue it again).
 *
 * Events of a CR that is being reconciled are held until its reconcile ends — a watch may deliver a write
 * before the write's response arrives — and then queue it again only if one of them is not an echo. Any
 * version the reconciler did not write (someone else's change, a deletion) still queues the CR.
 */
export class OwnWrites {
  /** uid → the resourceVersion of the last write, until its event arrives. */
  private readonly written = new Map<string, string>();
  /** CR key → child events that arrived while the CR was being reconciled. */
  private readonly held = new Map<string, KubeObject[]>();

  /** Records a child this reconciler wrote: the object the server answered with. */
  record(child: KubeObject | undefined): void {
    const { uid, resourceVersion } = child?.metadata ?? {};
    if (uid && resourceVersion) this.written.set(uid, resourceVersion);
  }

  /** True, once, for the event of a child at the version this reconciler wrote. */
  isEcho(child: KubeObject): boolean {
    const { uid, resourceVersion } = child.metadata;
    if (!uid || !resourceVersion || this.written.get(uid) !== resourceVersion) return false;
    this.written.delete(uid);
    return true;
  }

  /** Keeps a child event of a CR being reconciled, for {@link release}. */
  hold(key: string, child: KubeObject): void {
    const events = this.held.get(key);
    if (events) events.push(child);
    else this.held.set(key, [child]);
  }

  /** At the end of a CR's reconcile: whether an event held for it was not an echo (it must run again). */
  release(key: string): boolean {
    const events = this.held.get(key);
    if (!events) return false;
    this.held.delete(key);
    return events.filter((child) => !this.isEcho(child)).length > 0;
  }

  /** Forgets a child (deleted: no echo will come). */
  forget(child: KubeObject): void {
    if (child.metadata.uid) this.written.delete(child.metadata.uid);
  }
}
