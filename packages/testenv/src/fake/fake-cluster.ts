/**
 * The state behind {@link FakeClient}s: objects by key, one resourceVersion counter (as etcd's revision), the
 * event log watches read from, garbage collection of dependents and finalizers. Every client made from one
 * cluster (and every impersonating client) sees the same objects.
 */
import { randomUUID } from 'node:crypto';
import type { KubeObject, ObjectRef, WatchEvent } from '@orkestra/core';
import { matchesLabelSelector } from '@orkestra/core/internal';

/** One watch: its filter and where its events go. */
interface Watcher {
  apiVersion: string;
  kind: string;
  namespace: string | undefined;
  labelSelector: string | undefined;
  onEvent: (event: WatchEvent) => void;
}

/** An event of the log, with the revision it was written at. */
interface LoggedEvent {
  revision: number;
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  object: KubeObject;
}

/** How many events watches can start behind the newest; older starts get `410 Gone`, as from the API server. */
const LOG_CAPACITY = 10_000;

/** `apiVersion/kind/namespace/name`. */
export const objectKey = (r: { apiVersion: string; kind: string; namespace?: string | undefined; name: string }) =>
  `${r.apiVersion}/${r.kind}/${r.namespace ?? ''}/${r.name}`;

/** Whether a spec-like part changed: what bumps `metadata.generation` (anything but metadata and status). */
function bodyChanged(before: KubeObject, after: KubeObject): boolean {
  const body = (o: KubeObject) => {
    const { metadata: _m, status: _s, ...rest } = o as KubeObject & { status?: unknown };
    return JSON.stringify(rest);
  };
  return body(before) !== body(after);
}

/** The in-memory store of a fake cluster. */
export class FakeCluster {
  private readonly objects = new Map<string, KubeObject>();
  private readonly watchers = new Set<Watcher>();
  private readonly log: LoggedEvent[] = [];
  private revision = 0;

  /** The revision of the last write: a list's resourceVersion. */
  get resourceVersion(): string {
    return String(this.revision);
  }

  /** A copy of the object at `ref`, or undefined. */
  read(ref: ObjectRef): KubeObject | undefined {
    const found = this.objects.get(objectKey(ref));
    return found && structuredClone(found);
  }

  /** Copies of the objects of a kind, filtered. */
  list(
    apiVersion: string,
    kind: string,
    filter: { namespace?: string | undefined; labelSelector?: string | undefined; name?: string },
  ): KubeObject[] {
    const out: KubeObject[] = [];
    for (const o of this.objects.values()) {
      if (o.apiVersion !== apiVersion || o.kind !== kind) continue;
      if (filter.namespace !== undefined && o.metadata.namespace !== filter.namespace) continue;
      if (filter.name !== undefined && o.metadata.name !== filter.name) continue;
      if (filter.labelSelector && !matchesLabelSelector(o.metadata.labels, filter.labelSelector)) continue;
      out.push(structuredClone(o));
    }
    return out.sort((a, b) => objectKey(refOf(a)).localeCompare(objectKey(refOf(b))));
  }

  /** Stores a new object: server-set metadata filled in. Returns a copy. */
  insert(obj: KubeObject): KubeObject {
    const stored = structuredClone(obj);
    stored.metadata.uid = randomUUID();
    stored.metadata.creationTimestamp = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    stored.metadata.generation = 1;
    stored.metadata.resourceVersion = String(++this.revision);
    this.objects.set(objectKey(refOf(stored)), stored);
    this.emit('ADDED', stored);
    return structuredClone(stored);
  }

  /**
   * Stores `next` in place of `current` (same key): server-set metadata kept, generation bumped when the body
   * changed. An object being deleted whose last finalizer went is removed instead. Returns a copy.
   */
  replace(current: KubeObject, next: KubeObject): KubeObject {
    const stored = structuredClone(next);
    const { uid, creationTimestamp, deletionTimestamp, generation = 1 } = current.metadata;
    Object.assign(stored.metadata, { uid, creationTimestamp, generation });
    if (deletionTimestamp) stored.metadata.deletionTimestamp = deletionTimestamp;
    if (bodyChanged(current, stored)) stored.metadata.generation = generation + 1;
    stored.metadata.resourceVersion = String(++this.revision);
    if (deletionTimestamp && !(stored.metadata.finalizers ?? []).length) {
      this.remove(stored);
      this.collectDependents(uid);
      return structuredClone(stored);
    }
    this.objects.set(objectKey(refOf(stored)), stored);
    this.emit('MODIFIED', stored);
    return structuredClone(stored);
  }

  /**
   * Deletes the object: at once when it has no finalizers, else marks it (deletionTimestamp) until they are gone.
   * Dependents (owner references to its uid) go too unless `orphan`, as the garbage collector would.
   */
  delete(obj: KubeObject, orphan: boolean): void {
    if ((obj.metadata.finalizers ?? []).length) {
      if (obj.metadata.deletionTimestamp) return;
      const marked = structuredClone(obj);
      marked.metadata.deletionTimestamp = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
      marked.metadata.resourceVersion = String(++this.revision);
      this.objects.set(objectKey(refOf(marked)), marked);
      this.emit('MODIFIED', marked);
      return;
    }
    this.remove(obj);
    if (!orphan) this.collectDependents(obj.metadata.uid);
  }

  private remove(obj: KubeObject): void {
    this.objects.delete(objectKey(refOf(obj)));
    const gone = structuredClone(obj);
    gone.metadata.resourceVersion = String(++this.revision);
    this.emit('DELETED', gone);
  }

  private collectDependents(uid: string | undefined): void {
    if (!uid) return;
    for (const o of [...this.objects.values()])
      if ((o.metadata.ownerReferences ?? []).some((r) => r.uid === uid)) this.delete(o, false);
  }

  /**
   * Registers a watch from `resourceVersion` (events after it are replayed first) and returns the function that
   * ends it; `undefined` when that revision is older than the log holds (the caller answers 410 Gone).
   */
  watch(watcher: Watcher, resourceVersion: string | undefined): (() => void) | undefined {
    if (resourceVersion !== undefined && resourceVersion !== '' && resourceVersion !== '0') {
      const from = Number(resourceVersion);
      const oldest = this.log[0]?.revision ?? this.revision + 1;
      if (this.log.length >= LOG_CAPACITY && from < oldest - 1) return undefined;
      for (const e of this.log) if (e.revision > from) this.deliver(watcher, e);
    }
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }

  private emit(type: LoggedEvent['type'], object: KubeObject): void {
    const event = { revision: this.revision, type, object: structuredClone(object) };
    this.log.push(event);
    if (this.log.length > LOG_CAPACITY) this.log.shift();
    for (const w of this.watchers) this.deliver(w, event);
  }

  private deliver(w: Watcher, e: LoggedEvent): void {
    const o = e.object;
    if (o.apiVersion !== w.apiVersion || o.kind !== w.kind) return;
    if (w.namespace !== undefined && o.metadata.namespace !== w.namespace) return;
    if (w.labelSelector && !matchesLabelSelector(o.metadata.labels, w.labelSelector)) return;
    const object = structuredClone(o);
    // Delivered after the write returns, as events reach a real watch after the response.
    queueMicrotask(() => w.onEvent({ type: e.type, object }));
  }
}

/** The ref of an object. */
export function refOf(o: KubeObject): ObjectRef & { apiVersion: string; kind: string } {
  return {
    apiVersion: o.apiVersion,
    kind: o.kind,
    name: o.metadata.name ?? '',
    ...(o.metadata.namespace ? { namespace: o.metadata.namespace } : {}),
  };
}
