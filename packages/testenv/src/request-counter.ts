import {
  type ApiConstructor,
  type ApiType,
  type Configuration,
  createConfiguration,
  type KubeConfig,
  KubernetesObjectApi,
  type RequestContext,
  ServerConfiguration,
} from '@kubernetes/client-node';

/** The verbs requests are counted by. GET on a collection is LIST; `?watch=true` is WATCH. */
export type Verb = 'GET' | 'LIST' | 'WATCH' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OTHER';

/** One request seen by a {@link RequestCounter}. */
export interface CountedRequest {
  verb: Verb;
  /** HTTP method as sent. */
  method: string;
  /** URL path without the query, e.g. `/api/v1/namespaces/ns-1/configmaps/cm`. */
  path: string;
  /** Query string without `?` ('' when none). */
  query: string;
}

/** Request counts and the clients that feed them. */
export interface RequestCounter {
  /** A KubernetesObjectApi whose requests are counted (default namespace from the kubeconfig context). */
  readonly objectApi: KubernetesObjectApi;
  /** A typed API client (CoreV1Api, AppsV1Api, …) whose requests are counted. */
  makeApiClient<T extends ApiType>(apiClass: ApiConstructor<T>): T;
  /** The client configuration with the counting middleware, for any other generated API class. */
  readonly configuration: Configuration;
  /** Every request since the last reset, in order. */
  readonly requests: readonly CountedRequest[];
  /** Number of requests since the last reset. */
  readonly total: number;
  /** Requests with this verb, optionally only those whose path contains `pathIncludes`. */
  count(verb?: Verb, pathIncludes?: string): number;
  /** Counts by verb (verbs with no request are left out). */
  byVerb(): Partial<Record<Verb, number>>;
  /** Requests that change state: POST, PUT, PATCH, DELETE. */
  readonly writes: number;
  /** Forgets every request counted so far. */
  reset(): void;
}

const WRITE_VERBS: ReadonlySet<Verb> = new Set<Verb>(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Classifies a request the way the API server's audit log does: GET of a single object is GET, of a
 * collection is LIST, with `watch=true` (or under `/watch/`) is WATCH. Discovery (`/api`, `/apis/…`,
 * `/version`, `/openapi/…`) counts as GET.
 */
export function classifyRequest(method: string, url: string): CountedRequest {
  const u = new URL(url, 'http://placeholder');
  const path = u.pathname.replace(/\/+$/, '') || '/';
  const query = u.search.replace(/^\?/, '');
  const m = method.toUpperCase();
  const base = { method: m, path, query };
  if (m !== 'GET') {
    const verb: Verb = (['POST', 'PUT', 'PATCH', 'DELETE'] as const).find((v) => v === m) ?? 'OTHER';
    return { ...base, verb };
  }
  const watchParam = u.searchParams.get('watch');
  if (watchParam === 'true' || watchParam === '1' || /^\/apis?\/(.+\/)?watch\//.test(path)) {
    return { ...base, verb: 'WATCH' };
  }
  return { ...base, verb: isCollection(path) ? 'LIST' : 'GET' };
}

function isCollection(path: string): boolean {
  const segments = path.split('/').filter(Boolean);
  let rest: string[];
  if (segments[0] === 'api' && segments.length >= 2) rest = segments.slice(2);
  else if (segments[0] === 'apis' && segments.length >= 3) rest = segments.slice(3);
  else return false; // /version, /openapi, /api, /apis, /apis/<group>: discovery
  if (rest.length === 0) return false; // /api/v1, /apis/<g>/<v>: discovery
  if (rest[0] === 'namespaces') {
    if (rest.length === 1) return true; // all namespaces
    if (rest.length === 2) return false; // one namespace
    // namespaces/<ns>/<resource>[/<name>[/<sub>]], except the namespace's own subresources
    if (rest.length === 3 && (rest[2] === 'status' || rest[2] === 'finalize')) return false;
    return rest.length === 3;
  }
  return rest.length === 1; // cluster-scoped <resource>[/<name>[/<sub>]]
}

/**
 * Clients whose every request is counted, for tests that assert how many API calls something makes
 * ("a steady-state reconcile writes nothing").
 *
 * The counter is a client-wide promise middleware on the clients it makes; requests from other
 * clients are not seen. Streams opened with `Watch`/`makeInformer`'s watch call bypass the generated
 * clients and are not counted either; the list calls you give `makeInformer` are, if they use these
 * clients.
 *
 * @example
 * const counter = countRequests(kubeConfig);
 * await counter.objectApi.read({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', namespace: ns } });
 * counter.total;         // 2: discovery of v1, then the GET
 * counter.count('GET');  // 2
 * counter.reset();
 */
export function countRequests(kubeConfig: KubeConfig): RequestCounter {
  const cluster = kubeConfig.getCurrentCluster();
  if (!cluster) throw new Error('countRequests: the kubeconfig has no current cluster');
  const requests: CountedRequest[] = [];
  const configuration = createConfiguration({
    baseServer: new ServerConfiguration(cluster.server, {}),
    authMethods: { default: kubeConfig },
    promiseMiddleware: [
      {
        pre: async (context: RequestContext) => {
          requests.push(classifyRequest(context.getHttpMethod(), context.getUrl()));
          return context;
        },
        post: async (context) => context,
      },
    ],
  });
  const objectApi = new KubernetesObjectApi(configuration);
  // What KubernetesObjectApi.makeApiClient does: take the default namespace from the context.
  (objectApi as unknown as { setDefaultNamespace(kc: KubeConfig): string }).setDefaultNamespace(kubeConfig);

  return {
    objectApi,
    configuration,
    makeApiClient: <T extends ApiType>(apiClass: ApiConstructor<T>) => new apiClass(configuration),
    get requests() {
      return requests;
    },
    get total() {
      return requests.length;
    },
    get writes() {
      return requests.filter((r) => WRITE_VERBS.has(r.verb)).length;
    },
    count(verb?: Verb, pathIncludes?: string) {
      return requests.filter((r) => (!verb || r.verb === verb) && (!pathIncludes || r.path.includes(pathIncludes)))
        .length;
    },
    byVerb() {
      const out: Partial<Record<Verb, number>> = {};
      for (const r of requests) out[r.verb] = (out[r.verb] ?? 0) + 1;
      return out;
    },
    reset() {
      requests.length = 0;
    },
  };
}
