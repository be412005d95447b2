/**
 * `ControllerClient`: what a controller — the reconciler and the Manager — needs from a Kubernetes client beyond
 * the {@link ObjectClient} of the contract and the lifecycle: the kind registry, a replace (PUT), the status
 * subresource, the informer read cache, the OpenAPI document of a group-version, request counting, the default
 * namespace, and a client per identity (impersonation). Nothing of how requests travel.
 *
 * `@orkestra/core/kube`'s `Kubeclient` and `@orkestra/core/client-node`'s `ClientNodeObjectClient` implement it
 * over one request core; the reconciler and the operator take this interface, and the program that starts them
 * (the CLI, an operator's `main`, a test) chooses the client.
 */
import type { AlreadyExistsError, ConflictError, ForbiddenError, NotFoundError } from './errors.js';
import type { OpenApiDocument } from './field-structure.js';
import type { CallOptions, ObjectClient, ResourceInfo, WriteOptions } from './object-client.js';
import type { KubeObject, ObjectRef } from './objects.js';

/** What a client knows of how kinds are served; seeded with Kubernetes' built-in kinds. */
export interface KindRegistry {
  /** Adds or replaces what is known of a kind (a handler registers its own, sparing a discovery request). */
  register(info: ResourceInfo): void;
  /** What is known of a kind (built in, registered or discovered); `undefined` when nothing is: never a guess. */
  lookup(apiVersion: string, kind: string): ResourceInfo | undefined;
}

/** The requests a client sent, by verb and resource (each retry is one more). */
export interface RequestTally {
  /** `{ 'get deployments': 2, 'apply services': 1 }`: a copy, sorted by key (for metrics and messages). */
  snapshot(): Record<string, number>;
}

/**
 * What a read cache answers: `{ object }` (undefined = known absent), or `undefined` = "not cached, ask the server".
 */
export type CacheAnswer = { object: KubeObject | undefined } | undefined;

/**
 * A read cache the reconciler plugs in (informer caches). `get` answers from memory when it covers the kind
 * and namespace; `observe` hears of every write this client makes, so reads after our own write never see
 * the older copy (read-your-writes).
 */
export interface ReadCache {
  /**
   * With `labelSelector`, the question is "the object if it carries these labels": a cache that holds every
   * object matching exactly that selector may answer a miss with `{ object: undefined }`. Without it, a cache
   * that holds only some objects of a kind must answer a miss with `undefined`.
   */
  get(ref: ObjectRef, options?: { labelSelector?: string }): CacheAnswer;
  observe?(event: { type: 'written'; object: KubeObject } | { type: 'deleted'; ref: ObjectRef }): void;
}

/** An identity to act as: what `kubectl --as <user> --as-group <group>` sends. */
export interface Impersonation {
  /** The user name: `jane`, or a ServiceAccount's `system:serviceaccount:<namespace>:<name>`. */
  user: string;
  /**
   * Groups to act as, in place of the user's. Absent: the API server gives an impersonated ServiceAccount its
   * own groups (`system:serviceaccounts`, `system:serviceaccounts:<namespace>`), any other user none.
   */
  groups?: readonly string[];
}

/**
 * The client of a controller. Errors are core's typed errors, as for {@link ObjectClient}.
 *
 * @example
 * async function configMapsIn(kube: ControllerClient, namespace: string) {
 *   const info = kube.resources.lookup('v1', 'ConfigMap');            // built in: known without a request
 *   return info && (await kube.list('v1', 'ConfigMap', { namespace })).items;
 * }
 */
export interface ControllerClient extends ObjectClient {
  /**
   * How kinds are served: {@link ObjectClient.resourceFor} answers from it (discovering a kind it lacks and
   * recording the answer); a handler registers its kind here to spare the discovery request.
   */
  readonly resources: KindRegistry;
  /** Every request this client (and each client {@link impersonate} made from it) sent. */
  readonly requests: RequestTally;
  /** The namespace of the client's kubeconfig context (the pod's, in-cluster), when it sets one. */
  readonly contextNamespace: string | undefined;
  /** Creates an object (POST); {@link AlreadyExistsError} when one of that name exists. */
  create<T extends KubeObject>(obj: T, options?: WriteOptions): Promise<T>;
  /**
   * Replaces an object (PUT): every field as `obj` has it. `obj.metadata.resourceVersion` makes it conditional:
   * a {@link ConflictError} when the object changed since; without it the last writer wins.
   */
  update<T extends KubeObject>(obj: T, options?: WriteOptions): Promise<T>;
  /**
   * Merge-patches the status subresource: only what `status` names changes; the object's spec and metadata are
   * left alone (the API server ignores them on `/status`). The kind must have the subresource ({@link NotFoundError}).
   */
  patchStatus<T extends KubeObject = KubeObject>(
    ref: ObjectRef,
    status: Record<string, unknown>,
    options?: WriteOptions,
  ): Promise<T>;
  /**
   * The API server's whole OpenAPI v3 document of `apiVersion` (`/openapi/v3/apis/apps/v1`), or `undefined`
   * when it publishes none. Not cached: one request per call.
   */
  openApiDocument(apiVersion: string, options?: CallOptions): Promise<OpenApiDocument | undefined>;
  /**
   * Adds a read cache: {@link get} and {@link peek} ask each cache in turn before the server, and each hears of
   * every write this client makes. Returns a function that removes it again.
   */
  addReadCache(cache: ReadCache): () => void;
  /**
   * A client acting as `identity`: every request it sends carries `Impersonate-User` (and one `Impersonate-Group`
   * per group), so the API server authorises it as that identity — a refusal is a {@link ForbiddenError}. The
   * identity this client authenticates as needs the `impersonate` verb on users (groups, serviceaccounts).
   * The new client shares this one's connection, kind registry and request tally, but none of its read caches
   * (what this client may read, the identity may not); it needs no closing of its own.
   */
  impersonate(identity: Impersonation): ControllerClient;
}
