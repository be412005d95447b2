/**
 * The REST requests behind each `ObjectClient` call, and how their answers read — whatever library sends them.
 * `Kubeclient` sends them over its own transport, `@orkestra/core/client-node`'s client through client-node;
 * both build them here, so the two speak to the API server alike (same paths, queries, bodies, errors).
 */
import {
  AlreadyExistsError,
  ConflictError,
  describeObject,
  NotFoundError,
  OrkestraError,
  type RequestDescription,
} from '../errors.js';
import type {
  ApplyOptions,
  CallOptions,
  DeleteOptions,
  ListOptions,
  ObjectList,
  PatchOptions,
  ResourceInfo,
  WatchEvent,
  WatchOptions,
  WriteOptions,
} from '../object-client.js';
import type { KubeObject, ObjectRef } from '../objects.js';
import { errorFromStatus } from './api-errors.js';
import type { Verb } from './request-counter.js';
import { groupVersionPath, type ResourceRegistry, resourcePath } from './resources.js';

/** One request: what it is (counted by `verb` and `resource`, described in errors) and what goes on the wire. */
export interface ObjectRequest extends CallOptions {
  verb: Verb;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** From the API root (`/api/v1/...`), without the server's own path prefix. */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  contentType?: string;
  describe: RequestDescription;
  resource: string;
}

const SENSITIVE_KINDS = new Set(['Secret']);
/** The largest resourceVersion etcd could ever give (2^64 − 1): as a precondition, no stored object meets it. */
const UNMATCHABLE_RESOURCE_VERSION = '18446744073709551615';

const PATCH_TYPES = {
  merge: 'application/merge-patch+json',
  json: 'application/json-patch+json',
  strategic: 'application/strategic-merge-patch+json',
} as const;

/** What a request is about, for errors: the verb and the object; a Secret's answers are redacted. */
export function describeRequest(verb: string, obj: ObjectRef | KubeObject): RequestDescription {
  const name = 'metadata' in obj ? obj.metadata.name : obj.name;
  const namespace = 'metadata' in obj ? obj.metadata.namespace : obj.namespace;
  return { verb, kind: obj.kind, namespace, name, sensitive: SENSITIVE_KINDS.has(obj.kind) };
}

/** The query every write sends: its field manager, `dryRun=All` when asked, the server's field validation. */
export function writeQuery(options: WriteOptions): Record<string, string | undefined> {
  return {
    fieldManager: options.fieldManager,
    dryRun: options.dryRun ? 'All' : undefined,
    fieldValidation: options.fieldValidation,
  };
}

/**
 * The path of one object. Refuses a reference without a name (`Validation`, nothing sent): its path would be the
 * collection's, and a DELETE there deletes every object of the kind — say an object was passed where a reference
 * (`{ apiVersion, kind, namespace, name }`) was wanted, its name being in `metadata.name`.
 */
export function objectPath(
  info: ResourceInfo,
  verb: string,
  ref: { kind: string; namespace?: string | undefined; name?: string | undefined },
  subresource?: string,
): string {
  if (!ref.name)
    throw new OrkestraError(
      'Validation',
      `${verb} ${ref.kind}: the reference names no object (name is empty); nothing was sent — pass ` +
        "{ apiVersion, kind, namespace, name } (an object's name is its metadata.name): without a name the " +
        `request would address every ${ref.kind}`,
    );
  return resourcePath(info, ref.namespace, ref.name, subresource);
}

/** `GET` of one object. */
export function getRequest(info: ResourceInfo, ref: ObjectRef, options: CallOptions): ObjectRequest {
  return {
    verb: 'get',
    method: 'GET',
    path: objectPath(info, 'get', ref),
    resource: info.plural,
    describe: describeRequest('get', ref),
    signal: options.signal,
  };
}

/** `GET` of a collection, one page with `limit`. */
export function listRequest(info: ResourceInfo, options: ListOptions): ObjectRequest {
  return {
    verb: 'list',
    method: 'GET',
    path: resourcePath(info, options.namespace),
    resource: info.plural,
    query: {
      labelSelector: options.labelSelector,
      fieldSelector: options.fieldSelector,
      shardSelector: options.shardSelector,
      limit: options.limit,
      continue: options.continue,
    },
    describe: { verb: 'list', kind: info.kind, namespace: options.namespace },
    signal: options.signal,
  };
}

/**
 * A list answer as `ObjectList`: items of a list carry no apiVersion/kind, so they get theirs (to be written back or
 * compared).
 */
export function listResult<T extends KubeObject>(
  answer: {
    items?: T[] | null;
    metadata?: { resourceVersion?: string; continue?: string; shardInfo?: { selector?: string } };
  },
  apiVersion: string,
  kind: string,
): ObjectList<T> {
  const items = (answer.items ?? []).map((item) => ({ ...item, apiVersion, kind }));
  const next = answer.metadata?.continue;
  const shardInfo = answer.metadata?.shardInfo;
  return {
    items,
    resourceVersion: answer.metadata?.resourceVersion ?? '',
    ...(next ? { continue: next } : {}),
    ...(shardInfo ? { shardInfo: { selector: shardInfo.selector ?? '' } } : {}),
  };
}

/** `POST` of a new object. */
export function createRequest(info: ResourceInfo, obj: KubeObject, options: WriteOptions): ObjectRequest {
  return {
    verb: 'create',
    method: 'POST',
    path: resourcePath(info, obj.metadata.namespace),
    resource: info.plural,
    body: obj,
    query: writeQuery(options),
    describe: describeRequest('create', obj),
    signal: options.signal,
  };
}

/**
 * Server-side apply (`PATCH`, `application/apply-patch+yaml`; JSON is YAML), `force` by default. Create-only: a
 * resourceVersion precondition that no stored object can meet — the server checks it against an existing object
 * (Conflict, see {@link applyFailure}) and has nothing to check it against when it creates one.
 */
export function applyRequest(info: ResourceInfo, obj: KubeObject, options: ApplyOptions): ObjectRequest {
  const body = options.createOnly
    ? { ...obj, metadata: { ...obj.metadata, resourceVersion: UNMATCHABLE_RESOURCE_VERSION } }
    : obj;
  return {
    verb: 'apply',
    method: 'PATCH',
    path: objectPath(info, 'apply', { kind: obj.kind, ...obj.metadata }),
    resource: info.plural,
    body,
    contentType: 'application/apply-patch+yaml',
    query: { ...writeQuery(options), force: options.force ?? true },
    describe: describeRequest('apply', obj),
    signal: options.signal,
  };
}

/** What a failed apply throws: a create-only apply's Conflict is an `AlreadyExistsError` (the name is taken). */
export function applyFailure(e: unknown, request: ObjectRequest, options: ApplyOptions): unknown {
  if (!options.createOnly || !(e instanceof ConflictError)) return e;
  return new AlreadyExistsError(
    'AlreadyExists',
    409,
    `apply (create only) ${describeObject(request.describe)} failed: an object of that name exists already`,
    request.describe,
    e.status,
    e,
  );
}

/** `PATCH` of an object or its status; merge patch by default. */
export function patchRequest(info: ResourceInfo, ref: ObjectRef, patch: unknown, options: PatchOptions): ObjectRequest {
  return {
    verb: 'patch',
    method: 'PATCH',
    path: objectPath(info, 'patch', ref, options.subresource),
    resource: options.subresource ? `${info.plural}/${options.subresource}` : info.plural,
    body: patch,
    contentType: PATCH_TYPES[options.type ?? 'merge'],
    query: writeQuery(options),
    describe: describeRequest('patch', ref),
    signal: options.signal,
  };
}

/** `DELETE` with a DeleteOptions body: background propagation by default, preconditions when given. */
export function deleteRequest(info: ResourceInfo, ref: ObjectRef, options: DeleteOptions): ObjectRequest {
  const body: Record<string, unknown> = {
    apiVersion: 'v1',
    kind: 'DeleteOptions',
    propagationPolicy: options.propagationPolicy ?? 'Background',
  };
  if (options.preconditions) body.preconditions = options.preconditions;
  return {
    verb: 'delete',
    method: 'DELETE',
    path: objectPath(info, 'delete', ref),
    resource: info.plural,
    body,
    describe: describeRequest('delete', ref),
    signal: options.signal,
  };
}

/**
 * What a DELETE's answer says is left: the object, when finalizers hold it (answered with its
 * deletionTimestamp: it still exists, and caches must say so); `undefined` when it is gone.
 */
export function remainingAfterDelete(ref: ObjectRef, answer: unknown): KubeObject | undefined {
  const remaining = answer as Partial<KubeObject> | undefined;
  return remaining?.kind === ref.kind && remaining.metadata?.deletionTimestamp ? (remaining as KubeObject) : undefined;
}

/** The query of a watch: bookmarks on, the server's timeout (default 300 s), where to start, the selectors. */
export function watchQuery(options: WatchOptions): Record<string, string> {
  const query: Record<string, string> = {
    allowWatchBookmarks: 'true',
    timeoutSeconds: String(options.timeoutSeconds ?? 300),
  };
  if (options.resourceVersion) query.resourceVersion = options.resourceVersion;
  if (options.labelSelector) query.labelSelector = options.labelSelector;
  if (options.fieldSelector) query.fieldSelector = options.fieldSelector;
  if (options.shardSelector) query.shardSelector = options.shardSelector;
  return query;
}

/**
 * One event of a watch stream as the caller gets it: an `ERROR` event is thrown as the typed error of its Status
 * (410: the resourceVersion is too old); objects get their apiVersion and kind.
 */
export function watchEvent<T extends KubeObject>(
  event: WatchEvent<T>,
  apiVersion: string,
  kind: string,
  describe: RequestDescription,
): WatchEvent<T> {
  if (event.type === 'ERROR') {
    const status = event.object as unknown as { code?: number };
    throw errorFromStatus(status.code ?? 500, status, describe);
  }
  if (event.object && event.type !== 'BOOKMARK') return { ...event, object: { ...event.object, apiVersion, kind } };
  return event;
}

/** The discovery document of a group-version (`APIResourceList`), as far as {@link Discovery} reads it. */
export interface DiscoveryAnswer {
  resources?: { name: string; kind: string; namespaced: boolean }[];
}

/**
 * How kinds are served, from a {@link ResourceRegistry} or through one discovery request per apiVersion, cached.
 * A kind the cached answer lacks (a CRD installed since) discovers its apiVersion again, once per call; a kind
 * the server does not serve is a `NotFoundError`.
 */
export class Discovery {
  private readonly pending = new Map<string, Promise<void>>();

  constructor(
    private readonly registry: ResourceRegistry,
    /** Sends the discovery request built by {@link discoveryRequest}. */
    private readonly send: (request: ObjectRequest) => Promise<DiscoveryAnswer>,
  ) {}

  async resourceFor(apiVersion: string, kind: string, options: CallOptions = {}): Promise<ResourceInfo> {
    const known = this.registry.lookup(apiVersion, kind);
    if (known) return known;
    const cached = this.pending.get(apiVersion);
    // A finished answer that lacks the kind is stale for it; one still in flight may yet bring it.
    if (
      cached &&
      !(await cached.then(
        () => this.registry.lookup(apiVersion, kind),
        () => undefined,
      )) &&
      this.pending.get(apiVersion) === cached
    )
      this.pending.delete(apiVersion);
    let pending = this.pending.get(apiVersion);
    if (!pending) {
      pending = this.send(discoveryRequest(apiVersion, options)).then((list) =>
        this.registry.registerDiscovery(apiVersion, list),
      );
      this.pending.set(apiVersion, pending);
      pending.catch(() => this.pending.delete(apiVersion));
    }
    // A group-version the server does not serve at all answers discovery with 404: the same answer for the kind.
    await pending.catch((e: unknown) => {
      if (!(e instanceof NotFoundError)) throw e;
    });
    const info = this.registry.lookup(apiVersion, kind);
    if (!info) {
      throw new NotFoundError(
        'NotFound',
        404,
        `the API server does not serve kind ${kind} in ${apiVersion} — install its CRD, or check apiVersion and kind`,
        { verb: 'discover', kind },
      );
    }
    return info;
  }
}

/** `GET /api/v1` or `/apis/<group>/<version>`: the kinds a group-version serves. */
export function discoveryRequest(apiVersion: string, options: CallOptions): ObjectRequest {
  return {
    verb: 'discovery',
    method: 'GET',
    path: groupVersionPath(apiVersion),
    resource: apiVersion,
    describe: { verb: 'discover', kind: `API group ${apiVersion}` },
    signal: options.signal,
  };
}

/** `GET` of an OpenAPI v3 document (`/openapi/v3/apis/apps/v1`). */
export function openApiRequest(path: string, signal: AbortSignal | undefined): ObjectRequest {
  return {
    verb: 'openapi',
    method: 'GET',
    path,
    resource: path,
    describe: { verb: 'read the OpenAPI schema', kind: path },
    signal,
  };
}
