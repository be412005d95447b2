/**
 * A client that reads from the cluster and writes nothing: a decorator over any {@link ObjectClient}. Reads,
 * peeks, lists, watches, discovery and schemas go to the client it wraps; every write is recorded and answered
 * as if the server had taken it. `diff` runs the handlers' own `create`/`update` against it, so what it reports is what `run` would
 * do — same reads, same drift matcher and its options, same `prepare` hooks (a generated Secret value the live
 * Secret has is kept, not reported as drift) — without a single write.
 */
import type {
  ApplyOptions,
  CallOptions,
  FieldStructure,
  KubeObject,
  ListOptions,
  ObjectClient,
  ObjectList,
  ObjectRef,
  PeekAnswer,
  ResourceInfo,
  WatchEvent,
  WatchOptions,
} from '@orkestra/core';

/** A write that was not sent. */
export interface InterceptedWrite {
  verb: 'apply' | 'patch' | 'delete';
  kind: string;
  namespace?: string | undefined;
  name?: string | undefined;
}

/** Reads go to the wrapped client; writes are recorded in {@link intercepted} and never sent. */
export class DryRunClient implements ObjectClient {
  readonly intercepted: InterceptedWrite[] = [];

  constructor(private readonly reader: ObjectClient) {}

  resourceFor(apiVersion: string, kind: string, options?: CallOptions): Promise<ResourceInfo> {
    return this.reader.resourceFor(apiVersion, kind, options);
  }

  schemaFor(apiVersion: string, kind: string, options?: CallOptions): Promise<FieldStructure | undefined> {
    return this.reader.schemaFor(apiVersion, kind, options);
  }

  get<T extends KubeObject = KubeObject>(ref: ObjectRef, options?: CallOptions): Promise<T | undefined> {
    return this.reader.get<T>(ref, options);
  }

  peek<T extends KubeObject = KubeObject>(
    ref: ObjectRef,
    options?: { labelSelector?: string },
  ): PeekAnswer<T> | undefined {
    return this.reader.peek<T>(ref, options);
  }

  list<T extends KubeObject = KubeObject>(
    apiVersion: string,
    kind: string,
    options?: ListOptions,
  ): Promise<ObjectList<T>> {
    return this.reader.list<T>(apiVersion, kind, options);
  }

  watch<T extends KubeObject = KubeObject>(
    apiVersion: string,
    kind: string,
    options: WatchOptions,
    onEvent: (event: WatchEvent<T>) => void,
  ): Promise<void> {
    return this.reader.watch<T>(apiVersion, kind, options, onEvent);
  }

  /** Recorded; answers `obj` as given (the server's defaults are not applied). */
  async apply<T extends KubeObject>(obj: T, _options: ApplyOptions): Promise<T> {
    this.record('apply', obj.kind, obj.metadata);
    return obj;
  }

  /** Recorded; answers an object of `ref`'s name with nothing else in it. */
  async patch<T extends KubeObject = KubeObject>(ref: ObjectRef): Promise<T> {
    this.record('patch', ref.kind, ref);
    return { apiVersion: ref.apiVersion, kind: ref.kind, metadata: { name: ref.name, namespace: ref.namespace } } as T;
  }

  /** Recorded; answers `true`, as if the deletion had begun. */
  async delete(ref: ObjectRef): Promise<boolean> {
    this.record('delete', ref.kind, ref);
    return true;
  }

  private record(
    verb: InterceptedWrite['verb'],
    kind: string,
    where: { name?: string | undefined; namespace?: string | undefined },
  ): void {
    this.intercepted.push({ verb, kind, namespace: where.namespace, name: where.name });
  }
}
