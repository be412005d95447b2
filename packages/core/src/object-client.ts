/**
 * `ObjectClient`: what the contract and the child lifecycle need from a Kubernetes client — read, peek at a
 * cache, list, apply, patch, delete, watch, how a kind is served and how its fields merge — and nothing of how
 * requests travel.
 * `@orkestra/core/kube`'s `Kubeclient` implements it; a read-only decorator (`orkestra diff`), a recording
 * client in tests, or a client backed by another library can too.
 *
 * Errors are part of the contract: an implementation throws core's typed errors ({@link NotFoundError},
 * {@link AlreadyExistsError}, {@link ConflictError}, {@link InvalidError}, …), because the lifecycle branches on
 * their classes (a Conflict is retried from a fresh read, an AlreadyExists on create is an existing object).
 */
import type { AlreadyExistsError, ConflictError, InvalidError, NotFoundError } from './errors.js';
import type { FieldStructure } from './field-structure.js';
import type { KubeObject, ObjectRef } from './objects.js';

/** Options shared by every call. */
export interface CallOptions {
  signal?: AbortSignal | undefined;
}

/** Options of writes. */
export interface WriteOptions extends CallOptions {
  fieldManager?: string;
  /** `true` sends `dryRun=All`: the server validates and defaults but stores nothing. */
  dryRun?: boolean;
  /**
   * The server's `fieldValidation`: `Strict` refuses unknown and duplicate fields (naming their paths), `Warn`
   * accepts them with a warning, `Ignore` drops them. Unset: the server's default.
   */
  fieldValidation?: 'Strict' | 'Warn' | 'Ignore';
}

/** Options of {@link ObjectClient.apply}. */
export interface ApplyOptions extends WriteOptions {
  fieldManager: string;
  /** Take fields over from other managers (default true), as a controller must. */
  force?: boolean;
  /** A create: when an object of that name exists, nothing is written and it throws {@link AlreadyExistsError}. */
  createOnly?: boolean;
}

/** Options of {@link ObjectClient.patch}. */
export interface PatchOptions extends WriteOptions {
  /** `merge` (RFC 7386, default), `json` (RFC 6902) or `strategic`. */
  type?: 'merge' | 'json' | 'strategic';
  /** Patch the status subresource instead of the object. */
  subresource?: 'status';
}

/** Options of {@link ObjectClient.list}. */
export interface ListOptions extends CallOptions {
  namespace?: string | undefined;
  labelSelector?: string | undefined;
  fieldSelector?: string | undefined;
  /**
   * Only the objects of these hash ranges (alpha, API servers with the `ShardedListAndWatch` gate): a CEL
   * expression such as `shardRange(object.metadata.namespace, '0x0000000000000000', '0x8000000000000000')`
   * (see `shardSelector` of `@orkestra/core/internal`). A server without the gate ignores it and sends every
   * object: a list answer says which happened in {@link ObjectList.shardInfo}; a watch cannot tell.
   */
  shardSelector?: string | undefined;
  /** At most this many items per answer; the rest is fetched with the answer's {@link ObjectList.continue} token. */
  limit?: number | undefined;
  /** The token of the previous page's answer: the next page of the same list. */
  continue?: string | undefined;
}

/** A list answer. */
export interface ObjectList<T extends KubeObject = KubeObject> {
  items: T[];
  resourceVersion: string;
  /**
   * Present when the server has more items than `limit` let through: pass it as {@link ListOptions.continue}
   * (with the same selectors) for the next page. Absent on the last page.
   */
  continue?: string | undefined;
  /**
   * The server's echo of {@link ListOptions.shardSelector} when it filtered the list to those shards; absent when
   * it did not (no selector asked, or a server without the `ShardedListAndWatch` gate, which ignores it).
   */
  shardInfo?: { selector: string } | undefined;
}

/** One event of a watch stream. `BOOKMARK` carries only a resourceVersion; `ERROR` a Status (410: Gone). */
export interface WatchEvent<T extends KubeObject = KubeObject> {
  type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';
  object: T;
}

/** Options of {@link ObjectClient.watch}. */
export interface WatchOptions extends ListOptions {
  /** Start after this resourceVersion (from a list). */
  resourceVersion?: string | undefined;
  /** Server-side end of the watch after this many seconds (the server closes it; default 300). */
  timeoutSeconds?: number | undefined;
  /**
   * A stream with no data for this long is taken for dead (a silently stalled connection) and fails with
   * UnavailableError; default 180000. Bookmarks keep healthy quiet streams alive.
   */
  idleTimeoutMs?: number | undefined;
}

/** Options of {@link ObjectClient.delete}. */
export interface DeleteOptions extends CallOptions {
  /** `Background` (default): the object goes at once, its dependents after it. */
  propagationPolicy?: 'Background' | 'Foreground' | 'Orphan';
  /** Delete only if the object still has this UID (and resourceVersion): never delete a successor of the same name. */
  preconditions?: { uid?: string; resourceVersion?: string };
}

/** How a kind is served: its REST plural and scope. */
export interface ResourceInfo {
  apiVersion: string;
  kind: string;
  /** The plural used in URLs: `deployments`. */
  plural: string;
  namespaced: boolean;
}

/** What a cache knows of an object: `{ object }` (`undefined`: known absent). */
export interface PeekAnswer<T extends KubeObject = KubeObject> {
  object: T | undefined;
}

/**
 * The client the contract ({@link ResourceHandler}) and the lifecycle (`createChild`, `updateChild`,
 * `deleteChild`) work with. Objects are plain JSON as the API server sends them (timestamps stay strings).
 */
export interface ObjectClient {
  /**
   * How `apiVersion`/`kind` is served (plural, namespaced), from what the client knows or by discovery; a kind the
   * server does not serve is a {@link NotFoundError}. For handlers of any kind, which learn a kind's scope here.
   */
  resourceFor(apiVersion: string, kind: string, options?: CallOptions): Promise<ResourceInfo>;
  /**
   * How the fields of `apiVersion`/`kind` merge (list keys, sets, atomic maps…), from the API server's OpenAPI v3
   * schema: what the drift matcher needs. `undefined` when the server publishes none for the kind. Expected to be
   * cached, so a converged child's update costs no request.
   */
  schemaFor(apiVersion: string, kind: string, options?: CallOptions): Promise<FieldStructure | undefined>;
  /** One object, or `undefined` when it does not exist (never a {@link NotFoundError}). May answer from a cache. */
  get<T extends KubeObject = KubeObject>(ref: ObjectRef, options?: CallOptions): Promise<T | undefined>;
  /**
   * What a cache knows of an object, without a request; `undefined` when nothing can tell (then ask with
   * {@link get}). With `labelSelector` the question is "the object, if it carries these labels".
   */
  peek<T extends KubeObject = KubeObject>(
    ref: ObjectRef,
    options?: { labelSelector?: string },
  ): PeekAnswer<T> | undefined;
  /** Objects of a kind, in one namespace or (no namespace) all; items carry `apiVersion` and `kind`. */
  list<T extends KubeObject = KubeObject>(
    apiVersion: string,
    kind: string,
    options?: ListOptions,
  ): Promise<ObjectList<T>>;
  /**
   * Server-side apply under `options.fieldManager`: creates or merges, and drops fields the manager set before
   * and `obj` no longer sets. `createOnly`: {@link AlreadyExistsError} when an object of that name exists.
   */
  apply<T extends KubeObject>(obj: T, options: ApplyOptions): Promise<T>;
  /**
   * Creates an object (POST) under `options.fieldManager`: {@link AlreadyExistsError} when one of that name exists.
   * Optional: without it the lifecycle creates with a create-only {@link apply}, which costs the API server more.
   */
  create?<T extends KubeObject>(obj: T, options?: WriteOptions): Promise<T>;
  /** Patches an object (or its status). A stale `metadata.resourceVersion` in the patch is a {@link ConflictError}. */
  patch<T extends KubeObject = KubeObject>(ref: ObjectRef, patch: unknown, options?: PatchOptions): Promise<T>;
  /**
   * Deletes an object: `true` when it was deleted or its deletion began, `false` when it did not exist. A failed
   * precondition is a {@link ConflictError}; a refused change an {@link InvalidError}.
   */
  delete(ref: ObjectRef, options?: DeleteOptions): Promise<boolean>;
  /** Streams changes of a kind until the server ends the watch (resolves), it fails (rejects) or `signal` aborts. */
  watch<T extends KubeObject = KubeObject>(
    apiVersion: string,
    kind: string,
    options: WatchOptions,
    onEvent: (event: WatchEvent<T>) => void,
  ): Promise<void>;
}
