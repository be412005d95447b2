/**
 * `FakeClient`: an in-memory {@link ControllerClient} for unit tests of reconcile logic and users' hooks, as
 * controller-runtime's fake client is for Go operators — no process, no port, milliseconds per test. It keeps
 * objects with resourceVersions, uids and generations, refuses stale writes (Conflict) and duplicate creates
 * (AlreadyExists), applies as far as a controller needs (see `field-ownership.ts`), runs finalizers and
 * collects dependents by owner reference, streams watches, and counts requests. Errors are core's typed errors,
 * built from Status answers as the real clients build them.
 *
 * It is not Kubernetes: no defaulting, no validation (schemas, CEL, immutable fields), no admission, no RBAC
 * unless a test passes `authorize`, no namespaces required, lists are atomic in applies, a strategic merge
 * patch is a merge patch. Kubernetes behaviour is tested on the real API server (`start()`); the shared
 * checks in `test/fake-client*.test.ts` run the same cases on both.
 */
import type {
  ApplyOptions,
  CallOptions,
  ControllerClient,
  DeleteOptions,
  FieldStructure,
  Impersonation,
  KindRegistry,
  KubeObject,
  ListOptions,
  ObjectList,
  ObjectRef,
  PatchOptions,
  PeekAnswer,
  ReadCache,
  ResourceInfo,
  WatchEvent,
  WatchOptions,
  WriteOptions,
} from '@orkestra/core';
import type { OpenApiDocument } from '@orkestra/core/internal';
import { errorFromStatus, RequestCounter, ResourceRegistry } from '@orkestra/core/kube';
import jsonPatch from 'fast-json-patch';
import { FakeCluster, refOf } from './fake-cluster.js';
import { applyAs, recordWrite } from './field-ownership.js';

/** A request as `authorize` sees it. */
export interface FakeRequest {
  verb: 'get' | 'list' | 'watch' | 'create' | 'update' | 'patch' | 'delete';
  apiVersion: string;
  kind: string;
  namespace?: string | undefined;
  name?: string | undefined;
  /** The identity the client acts as (`impersonate`), undefined for the client it was made as. */
  user: string | undefined;
}

/** Options of {@link FakeClient}. */
export interface FakeClientOptions {
  /** Objects there from the start (stored as created: uid, resourceVersion and generation are given). */
  objects?: readonly KubeObject[];
  /** Kinds besides Kubernetes' built-in ones (custom resources): their plural and scope. */
  kinds?: readonly ResourceInfo[];
  /** Field structures for the drift matcher by `apiVersion/kind` (default none: the matcher's strict reading). */
  structures?: Readonly<Record<string, FieldStructure>>;
  /** The context's namespace (default `default`). */
  namespace?: string;
  /** Return false to refuse a request with 403 Forbidden (default: everything is allowed). */
  authorize?: (request: FakeRequest) => boolean;
}

type Json = Record<string, unknown>;

function mergePatch(target: unknown, patch: unknown): unknown {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) return structuredClone(patch);
  const out: Json =
    typeof target === 'object' && target !== null && !Array.isArray(target) ? { ...(target as Json) } : {};
  for (const [k, v] of Object.entries(patch as Json)) {
    if (v === null) delete out[k];
    else out[k] = mergePatch(out[k], v);
  }
  return out;
}

/** An in-memory client. Several clients over one {@link FakeCluster} (see {@link FakeClient.sharing}) share state. */
export class FakeClient implements ControllerClient {
  readonly resources: KindRegistry;
  readonly requests: RequestCounter;
  readonly contextNamespace: string | undefined;
  private readonly caches = new Set<ReadCache>();

  constructor(
    options: FakeClientOptions = {},
    private readonly cluster: FakeCluster = new FakeCluster(),
    private readonly identity: Impersonation | undefined = undefined,
    shared?: { resources: KindRegistry; requests: RequestCounter },
  ) {
    this.options = options;
    this.contextNamespace = options.namespace ?? 'default';
    this.requests = shared?.requests ?? new RequestCounter();
    const registry = shared?.resources ?? new ResourceRegistry();
    if (!shared) for (const k of options.kinds ?? []) registry.register(k);
    this.resources = registry;
    if (!shared) for (const o of options.objects ?? []) this.cluster.insert(o);
  }

  private readonly options: FakeClientOptions;

  /** A second client over the same objects (another controller, or the test's own writer). */
  sharing(options: Omit<FakeClientOptions, 'objects'> = {}): FakeClient {
    return new FakeClient({ ...this.options, ...options, objects: [] }, this.cluster);
  }

  private fail(code: number, reason: string, message: string, verb: string, ref: Partial<ObjectRef>): never {
    const status = { kind: 'Status', apiVersion: 'v1', status: 'Failure', code, reason, message };
    throw errorFromStatus(code, JSON.stringify(status), {
      verb,
      kind: ref.kind,
      namespace: ref.namespace,
      name: ref.name,
      sensitive: ref.kind === 'Secret',
    });
  }

  /** Counts the request and checks it against `authorize` and the kind registry; returns the kind's info. */
  private begin(
    verb: FakeRequest['verb'] | 'apply',
    ref: Partial<ObjectRef> & { apiVersion: string; kind: string },
    options?: CallOptions,
  ): ResourceInfo {
    options?.signal?.throwIfAborted();
    const info = this.resources.lookup(ref.apiVersion, ref.kind);
    this.requests.record(verb, info?.plural ?? ref.kind.toLowerCase());
    if (!info)
      this.fail(
        404,
        'NotFound',
        `the server could not find the requested resource (${ref.apiVersion} ${ref.kind})`,
        verb,
        ref,
      );
    const rbacVerb = verb === 'apply' ? 'patch' : verb; // an apply is a PATCH, as RBAC sees it
    const allowed = this.options.authorize?.({ verb: rbacVerb, ...ref, user: this.identity?.user }) ?? true;
    if (!allowed) {
      const who = this.identity?.user ?? 'the client';
      this.fail(403, 'Forbidden', `${who} cannot ${verb} ${info.plural}`, verb, ref);
    }
    return info;
  }

  async resourceFor(apiVersion: string, kind: string, _options?: CallOptions): Promise<ResourceInfo> {
    const info = this.resources.lookup(apiVersion, kind);
    if (!info) this.fail(404, 'NotFound', `the server does not serve ${kind} in ${apiVersion}`, 'discovery', { kind });
    return info;
  }

  async schemaFor(apiVersion: string, kind: string): Promise<FieldStructure | undefined> {
    return this.options.structures?.[`${apiVersion}/${kind}`];
  }

  async openApiDocument(_apiVersion: string): Promise<OpenApiDocument | undefined> {
    return undefined;
  }

  peek<T extends KubeObject = KubeObject>(
    ref: ObjectRef,
    options?: { labelSelector?: string },
  ): PeekAnswer<T> | undefined {
    for (const cache of this.caches) {
      const answer = cache.get(ref, options);
      if (answer) return answer as PeekAnswer<T>;
    }
    return undefined;
  }

  async get<T extends KubeObject = KubeObject>(ref: ObjectRef, options?: CallOptions): Promise<T | undefined> {
    const cached = this.peek<T>(ref);
    if (cached) return cached.object;
    this.begin('get', ref, options);
    return this.cluster.read(ref) as T | undefined;
  }

  async list<T extends KubeObject = KubeObject>(
    apiVersion: string,
    kind: string,
    options: ListOptions = {},
  ): Promise<ObjectList<T>> {
    this.begin('list', { apiVersion, kind, namespace: options.namespace }, options);
    const name = /(?:^|,)metadata\.name=([^,]+)/.exec(options.fieldSelector ?? '')?.[1];
    const all = this.cluster.list(apiVersion, kind, { ...options, ...(name ? { name } : {}) });
    const from = Number(options.continue ?? 0);
    const to = options.limit ? from + options.limit : all.length;
    const page = { items: all.slice(from, to) as T[], resourceVersion: this.cluster.resourceVersion };
    return to < all.length ? { ...page, continue: String(to) } : page;
  }

  async create<T extends KubeObject>(obj: T, options: WriteOptions = {}): Promise<T> {
    const ref = refOf(obj);
    this.begin('create', ref, options);
    if (this.cluster.read(ref))
      this.fail(409, 'AlreadyExists', `${ref.kind} "${ref.name}" already exists`, 'create', ref);
    if (options.dryRun) return structuredClone(obj);
    const stored = structuredClone(obj) as KubeObject;
    recordWrite(options.fieldManager, stored);
    return this.written(this.cluster.insert(stored)) as T;
  }

  async update<T extends KubeObject>(obj: T, options: WriteOptions = {}): Promise<T> {
    const ref = refOf(obj);
    this.begin('update', ref, options);
    const live = this.current(ref, 'update');
    this.checkVersion(live, obj.metadata.resourceVersion, 'update');
    const next = structuredClone(obj) as KubeObject;
    next.status = (live as Json).status; // the main resource's PUT leaves status alone
    recordWrite(options.fieldManager, next);
    return options.dryRun ? (next as T) : (this.written(this.cluster.replace(live, next)) as T);
  }

  async apply<T extends KubeObject>(obj: T, options: ApplyOptions): Promise<T> {
    const ref = refOf(obj);
    this.begin('apply', ref, options);
    const live = this.cluster.read(ref);
    if (live && options.createOnly)
      this.fail(409, 'AlreadyExists', `${ref.kind} "${ref.name}" already exists`, 'apply', ref);
    if (live) this.checkVersion(live, obj.metadata.resourceVersion, 'apply');
    const { status: _status, ...body } = obj as T & { status?: unknown };
    const next = applyAs(options.fieldManager, live, body as unknown as KubeObject);
    if (options.dryRun) return next as T;
    return this.written(live ? this.cluster.replace(live, next) : this.cluster.insert(next)) as T;
  }

  async patch<T extends KubeObject = KubeObject>(
    ref: ObjectRef,
    patch: unknown,
    options: PatchOptions = {},
  ): Promise<T> {
    this.begin('patch', ref, options);
    const live = this.current(ref, 'patch');
    let next: KubeObject;
    if (options.type === 'json') {
      try {
        next = jsonPatch.applyPatch(structuredClone(live), patch as jsonPatch.Operation[], true, false).newDocument;
      } catch (e) {
        this.fail(422, 'Invalid', `the JSON patch cannot be applied: ${(e as Error).message}`, 'patch', ref);
      }
    } else {
      this.checkVersion(
        live,
        (patch as { metadata?: { resourceVersion?: string } })?.metadata?.resourceVersion,
        'patch',
      );
      next = mergePatch(live, patch) as KubeObject;
    }
    if (options.subresource === 'status') next = { ...live, status: (next as Json).status } as KubeObject;
    else next = { ...next, status: (live as Json).status } as KubeObject;
    return options.dryRun ? (next as T) : (this.written(this.cluster.replace(live, next)) as T);
  }

  patchStatus<T extends KubeObject = KubeObject>(
    ref: ObjectRef,
    status: Record<string, unknown>,
    options: WriteOptions = {},
  ): Promise<T> {
    return this.patch<T>(ref, { status }, { ...options, type: 'merge', subresource: 'status' });
  }

  async delete(ref: ObjectRef, options: DeleteOptions = {}): Promise<boolean> {
    this.begin('delete', ref, options);
    const live = this.cluster.read(ref);
    if (!live) return false;
    const { uid, resourceVersion } = options.preconditions ?? {};
    if ((uid && uid !== live.metadata.uid) || (resourceVersion && resourceVersion !== live.metadata.resourceVersion))
      this.fail(409, 'Conflict', `Precondition failed for ${ref.kind} ${ref.name}`, 'delete', ref);
    this.cluster.delete(live, options.propagationPolicy === 'Orphan');
    const gone = this.cluster.read(ref);
    for (const cache of this.caches)
      cache.observe?.(gone ? { type: 'written', object: gone } : { type: 'deleted', ref });
    return true;
  }

  async watch<T extends KubeObject = KubeObject>(
    apiVersion: string,
    kind: string,
    options: WatchOptions,
    onEvent: (event: WatchEvent<T>) => void,
  ): Promise<void> {
    this.begin('watch', { apiVersion, kind, namespace: options.namespace }, options);
    const stop = this.cluster.watch(
      {
        apiVersion,
        kind,
        namespace: options.namespace,
        labelSelector: options.labelSelector,
        onEvent: onEvent as (e: WatchEvent) => void,
      },
      options.resourceVersion,
    );
    if (!stop) {
      const status = {
        kind: 'Status',
        apiVersion: 'v1',
        status: 'Failure',
        code: 410,
        reason: 'Expired',
        message: 'too old resource version',
      };
      onEvent({ type: 'ERROR', object: status as unknown as T });
      return;
    }
    // Ends when the caller aborts (a real server would also end it after timeoutSeconds; the caller then watches
    // again).
    await new Promise<void>((resolve) => {
      if (options.signal?.aborted) resolve();
      options.signal?.addEventListener('abort', () => resolve(), { once: true });
    });
    stop();
  }

  addReadCache(cache: ReadCache): () => void {
    this.caches.add(cache);
    return () => this.caches.delete(cache);
  }

  impersonate(identity: Impersonation): ControllerClient {
    return new FakeClient(this.options, this.cluster, identity, { resources: this.resources, requests: this.requests });
  }

  /** Closes nothing: a fake holds no connection. For symmetry with the real clients. */
  async close(): Promise<void> {}

  private current(ref: ObjectRef, verb: string): KubeObject {
    const live = this.cluster.read(ref);
    if (!live) this.fail(404, 'NotFound', `${ref.kind.toLowerCase()} "${ref.name}" not found`, verb, ref);
    return live;
  }

  private checkVersion(live: KubeObject, resourceVersion: string | undefined, verb: string): void {
    if (resourceVersion !== undefined && resourceVersion !== live.metadata.resourceVersion)
      this.fail(
        409,
        'Conflict',
        `Operation cannot be fulfilled on ${live.kind} "${live.metadata.name}": the object has been modified; please ` +
          `apply your changes to the latest version and try again`,
        verb,
        refOf(live),
      );
  }

  /** Tells the read caches of a write, as the real clients do (read-your-writes). */
  private written(object: KubeObject): KubeObject {
    for (const cache of this.caches) cache.observe?.({ type: 'written', object });
    return object;
  }
}
