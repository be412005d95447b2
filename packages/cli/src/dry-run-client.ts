/**
 * A Kubeclient that reads from the cluster and writes nothing: every write is recorded and answered as if the
 * server had taken it. `diff` runs the handlers' own `create`/`update` against it, so what it reports is what
 * `run` would do — same reads, same drift matcher and its options, same `prepare` hooks (a generated Secret
 * value the live Secret has is kept, not reported as drift) — without a single write.
 */
import { Kubeclient, type KubeObject, type ObjectRef } from '@orkestra/core';

/** A write that was not sent. */
export interface InterceptedWrite {
  verb: 'create' | 'apply' | 'update' | 'patch' | 'delete';
  kind: string;
  namespace?: string | undefined;
  name?: string | undefined;
}

/** Reads go to the API server; writes are recorded in {@link intercepted} and never sent. */
export class DryRunKubeclient extends Kubeclient {
  readonly intercepted: InterceptedWrite[] = [];

  private record(verb: InterceptedWrite['verb'], ref: ObjectRef | KubeObject): void {
    const meta = 'metadata' in ref ? ref.metadata : { name: ref.name, namespace: ref.namespace };
    this.intercepted.push({ verb, kind: ref.kind, namespace: meta.namespace, name: meta.name });
  }

  override async create<T extends KubeObject>(obj: T): Promise<T> {
    this.record('create', obj);
    return obj;
  }

  override async apply<T extends KubeObject>(obj: T): Promise<T> {
    this.record('apply', obj);
    return obj;
  }

  override async update<T extends KubeObject>(obj: T): Promise<T> {
    this.record('update', obj);
    return obj;
  }

  override async patch<T extends KubeObject = KubeObject>(ref: ObjectRef): Promise<T> {
    this.record('patch', ref);
    return { apiVersion: ref.apiVersion, kind: ref.kind, metadata: { name: ref.name, namespace: ref.namespace } } as T;
  }

  override async delete(ref: ObjectRef): Promise<boolean> {
    this.record('delete', ref);
    return true;
  }
}
