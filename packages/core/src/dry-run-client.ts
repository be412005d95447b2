/**
 * A client that reads from the cluster and writes nothing: a decorator over any {@link ObjectClient}. Reads,
 * peeks, lists, watches, discovery and schemas go to the client it wraps; every write is recorded and answered
 * as if the server had taken it. `orkestra diff` and the console's
 * desired-versus-live view run the handlers' own `create`/`update` against it, so what they report is what `run`
 * would do — same reads, same drift matcher and its options, same `prepare` hooks (a generated Secret value the live
 * Secret has is kept, not reported as drift) — without a single write.
 *
 * With `serverValidation`, each apply is also sent to the API server as a dry run (`dryRun=All`,
 * `fieldValidation=Strict`): the server checks the object against its kind's schema and admission, stores
 * nothing, and a refusal is thrown as the {@link InvalidError} it is, the object kept for {@link refusedObject}.
 *
 * Every Secret it reads or is asked to write has its values recorded in {@link secrets}, so whoever prints what
 * the handlers answered can hide any value that came from a Secret (core's `SecretValues`).
 */
import { InvalidError } from './errors.js';
import type { FieldStructure } from './field-structure.js';
import type {
  ApplyOptions,
  CallOptions,
  ListOptions,
  ObjectClient,
  ObjectList,
  PeekAnswer,
  ResourceInfo,
  WatchEvent,
  WatchOptions,
} from './object-client.js';
import type { KubeObject, ObjectRef } from './objects.js';
import { SecretValues } from './redaction.js';

/** A write that was not sent. */
interface InterceptedWrite {
  verb: 'apply' | 'patch' | 'delete';
  kind: string;
  namespace?: string | undefined;
  name?: string | undefined;
}

/** Options of {@link DryRunClient}. */
export interface DryRunOptions {
  /** Send each apply as a server-side dry run with strict field validation (a write verb, stored nowhere). */
  serverValidation?: boolean;
}

/** Reads go to the wrapped client; writes are recorded in {@link intercepted} and never stored. */
export class DryRunClient implements ObjectClient {
  readonly intercepted: InterceptedWrite[] = [];
  /** How many applies went to the server as dry runs (with `serverValidation`). */
  serverValidations = 0;
  /** The values of every Secret read or written through this client. */
  readonly secrets = new SecretValues();
  private readonly refusals = new WeakMap<InvalidError, KubeObject>();
  private readonly deleted = new Set<string>();

  constructor(
    private readonly reader: ObjectClient,
    private readonly options: DryRunOptions = {},
  ) {}

  /** The object whose server-side dry run `error` refused, if it was one. */
  refusedObject(error: InvalidError): KubeObject | undefined {
    return this.refusals.get(error);
  }

  resourceFor(apiVersion: string, kind: string, options?: CallOptions): Promise<ResourceInfo> {
    return this.reader.resourceFor(apiVersion, kind, options);
  }

  schemaFor(apiVersion: string, kind: string, options?: CallOptions): Promise<FieldStructure | undefined> {
    return this.reader.schemaFor(apiVersion, kind, options);
  }

  async get<T extends KubeObject = KubeObject>(ref: ObjectRef, options?: CallOptions): Promise<T | undefined> {
    const obj = await this.reader.get<T>(ref, options);
    this.secrets.addSecret(obj);
    return obj;
  }

  peek<T extends KubeObject = KubeObject>(
    ref: ObjectRef,
    options?: { labelSelector?: string },
  ): PeekAnswer<T> | undefined {
    const answer = this.reader.peek<T>(ref, options);
    this.secrets.addSecret(answer?.object);
    return answer;
  }

  async list<T extends KubeObject = KubeObject>(
    apiVersion: string,
    kind: string,
    options?: ListOptions,
  ): Promise<ObjectList<T>> {
    const list = await this.reader.list<T>(apiVersion, kind, options);
    for (const item of list.items) this.secrets.addSecret(item);
    return list;
  }

  watch<T extends KubeObject = KubeObject>(
    apiVersion: string,
    kind: string,
    options: WatchOptions,
    onEvent: (event: WatchEvent<T>) => void,
  ): Promise<void> {
    return this.reader.watch<T>(apiVersion, kind, options, (event) => {
      this.secrets.addSecret(event.object);
      onEvent(event);
    });
  }

  /**
   * Recorded; answers `obj` as given (the server's defaults are not applied). With `serverValidation`, sent as
   * a dry run first — except the create after an intercepted delete of the same object (a recreate), which
   * the server would refuse as existing.
   */
  async apply<T extends KubeObject>(obj: T, options: ApplyOptions): Promise<T> {
    this.record('apply', obj.kind, obj.metadata);
    this.secrets.addSecret(obj);
    if (!this.options.serverValidation || this.deleted.has(keyOf(obj, obj.metadata))) return obj;
    this.serverValidations++;
    try {
      await this.reader.apply(obj, { ...options, dryRun: true, fieldValidation: 'Strict' });
    } catch (e) {
      if (e instanceof InvalidError) this.refusals.set(e, obj);
      throw e;
    }
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
    this.deleted.add(keyOf(ref, ref));
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

function keyOf(
  kind: { apiVersion: string; kind: string },
  where: { namespace?: string | undefined; name?: string | undefined },
): string {
  return `${kind.apiVersion}/${kind.kind}/${where.namespace ?? ''}/${where.name ?? ''}`;
}
