/**
 * `RequestClient`: the one request core of both clients — `Kubeclient` (core's transport) and
 * `@orkestra/core/client-node`'s `ClientNodeObjectClient` (client-node's). Every {@link ControllerClient} call
 * is built here from the requests of `object-requests.ts` (paths, queries, bodies, how answers read), with the
 * kind registry and discovery, the OpenAPI schema cache, the read caches and request counting; a subclass only
 * sends a request ({@link RequestClient.send}), streams a watch, and makes an impersonating copy of itself.
 * Internal: not exported from the package.
 */
import type { CacheAnswer, ControllerClient, Impersonation, ReadCache } from '../controller-client.js';
import { type FieldProblem, NotFoundError, ValidationError } from '../errors.js';
import type { FieldStructure, OpenApiDocument } from '../field-structure.js';
import { matchesLabelSelector } from '../labels.js';
import type {
  ApplyOptions,
  CallOptions,
  DeleteOptions,
  ListOptions,
  ObjectList,
  PatchOptions,
  PeekAnswer,
  ResourceInfo,
  WatchEvent,
  WatchOptions,
  WriteOptions,
} from '../object-client.js';
import type { KubeObject, ObjectRef } from '../objects.js';
import {
  applyFailure,
  applyRequest,
  createRequest,
  Discovery,
  deleteRequest,
  describeRequest,
  getRequest,
  listRequest,
  listResult,
  type ObjectRequest,
  objectPath,
  openApiRequest,
  patchRequest,
  remainingAfterDelete,
} from './object-requests.js';
import { openApiPath, SchemaCache } from './openapi-schemas.js';
import { RequestCounter } from './request-counter.js';
import { ResourceRegistry } from './resources.js';

/**
 * What a client and the clients {@link RequestClient.impersonate} makes from it share: the request tally, the
 * kind registry, and the discovery and OpenAPI schema caches (both read as the first client's identity: what a
 * cluster serves is the same for every identity).
 */
export interface SharedState {
  requests: RequestCounter;
  resources: ResourceRegistry;
  discovery: Discovery;
  schemas: SchemaCache;
}

/** The headers of an impersonation: `Impersonate-User`, and `Impersonate-Group` once per group. */
export function impersonationHeaders(identity: Impersonation | undefined): Record<string, string | string[]> {
  if (!identity) return {};
  const groups = identity.groups ?? [];
  return {
    'impersonate-user': identity.user,
    ...(groups.length ? { 'impersonate-group': [...groups] } : {}),
  };
}

/** A copy of `identity`; a {@link ValidationError} naming the field when the user or a group is empty. */
export function checkedIdentity(identity: Impersonation): Impersonation {
  const problems: FieldProblem[] = [];
  const hint = 'a user name such as system:serviceaccount:<namespace>:<name>, and group names, are non-empty strings';
  if (typeof identity?.user !== 'string' || !identity.user.trim())
    problems.push({ path: 'impersonate.user', message: 'must be a non-empty string', hint });
  const groups = identity?.groups ?? [];
  groups.forEach((group, i) => {
    if (typeof group !== 'string' || !group.trim())
      problems.push({ path: `impersonate.groups[${i}]`, message: 'must be a non-empty string', hint });
  });
  if (problems.length) throw new ValidationError(problems);
  return { user: identity.user, ...(identity.groups ? { groups: [...groups] } : {}) };
}

export abstract class RequestClient implements ControllerClient {
  abstract readonly contextNamespace: string | undefined;
  private shared: SharedState;
  private acting: Impersonation | undefined;
  private caches: ReadCache[] = [];

  protected constructor() {
    const resources = new ResourceRegistry();
    this.shared = {
      requests: new RequestCounter(),
      resources,
      discovery: new Discovery(resources, (request) => this.send(request)),
      schemas: new SchemaCache((path, signal) => this.readOpenApi(path, signal)),
    };
  }

  /** Every request this client sent, by verb and resource (each retry is one more); shared with its impersonations. */
  get requests(): RequestCounter {
    return this.shared.requests;
  }

  /** Plurals and scopes of kinds; register a kind here to spare its discovery request. */
  get resources(): ResourceRegistry {
    return this.shared.resources;
  }

  /** The identity this client acts as (see {@link impersonate}); `undefined`: its own. */
  get identity(): Impersonation | undefined {
    return this.acting;
  }

  /**
   * Makes `this`, a client just made, act as `identity` for `parent`: it takes the parent's {@link SharedState}.
   * For a subclass's {@link impersonate}.
   */
  protected actAs(parent: RequestClient, identity: Impersonation): this {
    this.acting = checkedIdentity(identity);
    this.shared = parent.shared;
    return this;
  }

  /**
   * Sends one request, retrying transient failures, counting each attempt in {@link requests}, with this
   * client's identity: the answer's JSON, or core's typed error.
   */
  protected abstract send<T>(request: ObjectRequest): Promise<T>;

  /** Streams changes of a kind (see {@link ObjectClient.watch}). */
  abstract watch<T extends KubeObject = KubeObject>(
    apiVersion: string,
    kind: string,
    options: WatchOptions,
    onEvent: (event: WatchEvent<T>) => void,
  ): Promise<void>;

  abstract impersonate(identity: Impersonation): RequestClient;

  /** The headers of this client's identity ({@link impersonationHeaders}), sent with every request and watch. */
  protected identityHeaders(): Record<string, string | string[]> {
    return impersonationHeaders(this.identity);
  }

  private async readOpenApi(path: string, signal: AbortSignal | undefined): Promise<OpenApiDocument | undefined> {
    try {
      return await this.send<OpenApiDocument>(openApiRequest(path, signal));
    } catch (e) {
      if (e instanceof NotFoundError) return undefined;
      throw e;
    }
  }

  /** Plugs in (or, with `undefined`, removes) the read cache `get` consults first, replacing any others. */
  setReadCache(cache: ReadCache | undefined): void {
    this.caches = cache ? [cache] : [];
  }

  /**
   * Adds a read cache beside those already plugged in (several reconcilers can share one client); `get`
   * asks each in turn, and each hears of every write. Returns a function that removes it again.
   */
  addReadCache(cache: ReadCache): () => void {
    this.caches = [...this.caches, cache];
    return () => {
      this.caches = this.caches.filter((c) => c !== cache);
    };
  }

  private cached(ref: ObjectRef, labelSelector?: string): CacheAnswer {
    for (const c of this.caches) {
      const answer = c.get(ref, labelSelector === undefined ? undefined : { labelSelector });
      if (answer) return answer;
    }
    return undefined;
  }

  private observe(event: { type: 'written'; object: KubeObject } | { type: 'deleted'; ref: ObjectRef }): void {
    for (const c of this.caches) c.observe?.(event);
  }

  /**
   * How `apiVersion`/`kind` is served: from the registry, or through one discovery request per apiVersion,
   * cached. A kind the cached answer lacks (a CRD installed since) discovers its apiVersion again, once per
   * call; a kind the server does not serve is a `NotFoundError`.
   */
  resourceFor(apiVersion: string, kind: string, options: CallOptions = {}): Promise<ResourceInfo> {
    return this.shared.discovery.resourceFor(apiVersion, kind, options);
  }

  /**
   * How the fields of `apiVersion`/`kind` merge, from the API server's OpenAPI v3 schema (built-in kinds and
   * CRDs alike): what the drift matcher needs. One request per group-version for the life of the client;
   * `undefined` when the server publishes no schema for the kind.
   */
  schemaFor(apiVersion: string, kind: string, options: CallOptions = {}): Promise<FieldStructure | undefined> {
    return this.shared.schemas.schemaFor(apiVersion, kind, options.signal);
  }

  /**
   * The API server's whole OpenAPI v3 document of `apiVersion` (`/openapi/v3/apis/apps/v1`), types and
   * validation included, or `undefined` when it publishes none. Not cached: one request per call (for tools
   * such as `orkestra validate`; the drift matcher uses {@link schemaFor}).
   */
  openApiDocument(apiVersion: string, options: CallOptions = {}): Promise<OpenApiDocument | undefined> {
    return this.readOpenApi(openApiPath(apiVersion), options.signal);
  }

  /**
   * Reads one object; `undefined` when it does not exist. Answered by the read cache when one is plugged
   * in and covers the object.
   */
  async get<T extends KubeObject = KubeObject>(ref: ObjectRef, options: CallOptions = {}): Promise<T | undefined> {
    const cached = this.cached(ref);
    if (cached) return cached.object as T | undefined;
    const info = await this.resourceFor(ref.apiVersion, ref.kind, options);
    try {
      return await this.send<T>(getRequest(info, ref, options));
    } catch (e) {
      if (e instanceof NotFoundError) return undefined;
      throw e;
    }
  }

  /**
   * What the plugged-in read caches know of an object, without a request: `{ object }` (undefined: known
   * absent), or `undefined` when no cache can tell. With `labelSelector` the question is "the object, if it
   * carries these labels": a cache that holds every object of that selector answers a miss as well.
   *
   * @example
   * kube.peek(ref, { labelSelector: childSelector() }); // { object: undefined }: no Orkestra child of that name
   */
  peek<T extends KubeObject = KubeObject>(
    ref: ObjectRef,
    options: { labelSelector?: string } = {},
  ): PeekAnswer<T> | undefined {
    const answer = this.cached(ref, options.labelSelector);
    if (!answer) return undefined;
    const { object } = answer;
    return {
      object:
        object &&
        (options.labelSelector === undefined || matchesLabelSelector(object.metadata.labels, options.labelSelector))
          ? (object as T)
          : undefined,
    };
  }

  /**
   * Lists objects of a kind, in one namespace or (no namespace) all of them. With `limit`, one page: the answer's
   * `continue` token, when present, asks for the next (pass it back with the same selectors); without `limit`
   * the server sends everything at once.
   */
  async list<T extends KubeObject = KubeObject>(
    apiVersion: string,
    kind: string,
    options: ListOptions = {},
  ): Promise<ObjectList<T>> {
    const info = await this.resourceFor(apiVersion, kind, options);
    return listResult(await this.send<{ items?: T[] }>(listRequest(info, options)), apiVersion, kind);
  }

  /** Creates an object; `AlreadyExistsError` when one of that name exists. */
  async create<T extends KubeObject>(obj: T, options: WriteOptions = {}): Promise<T> {
    const info = await this.resourceFor(obj.apiVersion, obj.kind, options);
    return this.written(await this.send<T>(createRequest(info, obj, options)), options);
  }

  /**
   * Server-side apply: the server merges `obj` into the live object (creating it when missing), the field
   * manager owns every field `obj` sets, and fields it owned before and `obj` no longer sets are removed.
   * `force` (default true) takes fields over from other managers, as a controller must. `createOnly` makes
   * it a create: when an object of that name exists (whoever made it, whatever its labels) nothing is
   * written and it throws `AlreadyExistsError`; the fields still belong to the field manager as with any apply.
   *
   * @example
   * await kube.apply(configMap, { fieldManager: 'my-operator' });                     // create or update
   * await kube.apply(configMap, { fieldManager: 'my-operator', createOnly: true });   // create, or AlreadyExistsError
   */
  async apply<T extends KubeObject>(obj: T, options: ApplyOptions): Promise<T> {
    const info = await this.resourceFor(obj.apiVersion, obj.kind, options);
    const request = applyRequest(info, obj, options);
    let applied: T;
    try {
      applied = await this.send<T>(request);
    } catch (e) {
      throw applyFailure(e, request, options);
    }
    return this.written(applied, options);
  }

  /** Replaces an object (PUT); `obj.metadata.resourceVersion` makes it conditional (ConflictError when stale). */
  async update<T extends KubeObject>(obj: T, options: WriteOptions = {}): Promise<T> {
    const info = await this.resourceFor(obj.apiVersion, obj.kind, options);
    const updated = await this.send<T>({
      ...createRequest(info, obj, options),
      verb: 'update',
      method: 'PUT',
      path: objectPath(info, 'update', { kind: obj.kind, ...obj.metadata }),
      describe: describeRequest('update', obj),
    });
    return this.written(updated, options);
  }

  /**
   * Patches an object, or with `subresource: 'status'` its status. `type` is `merge` (RFC 7386, default),
   * `json` (RFC 6902) or `strategic`.
   */
  async patch<T extends KubeObject = KubeObject>(
    ref: ObjectRef,
    patch: unknown,
    options: PatchOptions = {},
  ): Promise<T> {
    const info = await this.resourceFor(ref.apiVersion, ref.kind, options);
    return this.written(await this.send<T>(patchRequest(info, ref, patch, options)), options);
  }

  /**
   * Merge-patches the status subresource: `patchStatus(cr, { conditions: [...] })`. Only what `status`
   * names changes.
   */
  patchStatus<T extends KubeObject = KubeObject>(
    ref: ObjectRef,
    status: Record<string, unknown>,
    options: WriteOptions = {},
  ): Promise<T> {
    return this.patch<T>(ref, { status }, { ...options, type: 'merge', subresource: 'status' });
  }

  /**
   * Deletes an object. Returns `true` when it was deleted (or its deletion began), `false` when it did not
   * exist. With `preconditions.uid`, an object of the same name but another UID is left alone (ConflictError).
   */
  async delete(ref: ObjectRef, options: DeleteOptions = {}): Promise<boolean> {
    const info = await this.resourceFor(ref.apiVersion, ref.kind, options);
    let answer: unknown;
    try {
      answer = await this.send(deleteRequest(info, ref, options));
    } catch (e) {
      if (e instanceof NotFoundError) {
        this.observe({ type: 'deleted', ref });
        return false;
      }
      throw e;
    }
    const remaining = remainingAfterDelete(ref, answer);
    this.observe(remaining ? { type: 'written', object: remaining } : { type: 'deleted', ref });
    return true;
  }

  /** What a write answered, after telling the read caches (a dry run tells them nothing: nothing was stored). */
  private written<T extends KubeObject>(object: T, options: WriteOptions): T {
    if (!options.dryRun) this.observe({ type: 'written', object });
    return object;
  }
}
