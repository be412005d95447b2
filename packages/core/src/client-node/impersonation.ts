/**
 * Impersonation through `@kubernetes/client-node`: a `KubeConfig` that authenticates as the one it is made from
 * and adds `Impersonate-User` and `Impersonate-Group` to every request — the object API's and `Watch`'s alike,
 * since both take their headers and connection from `KubeConfig.applySecurityAuthentication`.
 *
 * Two or more groups need care: client-node hands `fetch` one value per header name, `fetch` joins repeated values
 * with commas, and so does undici over HTTP/2 — the API server would read one group named `a, b`. So the groups
 * travel in a private header, an interceptor on the request's undici dispatcher (`Dispatcher.compose`) turns it
 * into one `Impersonate-Group` line each, and such a client's connections speak HTTP/1.1 (`allowH2: false`).
 */
import type { KubeConfig, RequestContext } from '@kubernetes/client-node';
import type { Impersonation } from '../controller-client.js';
import { OrkestraError } from '../errors.js';

type Dispatcher = NonNullable<ReturnType<RequestContext['getDispatcher']>>;
type DispatchOptions = Parameters<Dispatcher['dispatch']>[0];
type Headers = DispatchOptions['headers'];

/** The private header the groups travel in as JSON, between the `KubeConfig` and the dispatcher's interceptor. */
const GROUPS_HEADER = 'x-orkestra-impersonate-groups';

/** `kubeConfig`, acting as `identity`: every other property and method is the original's. */
export function impersonatingKubeConfig(kubeConfig: KubeConfig, identity: Impersonation): KubeConfig {
  const config = Object.create(kubeConfig) as KubeConfig;
  const groups = identity.groups ?? [];
  if (groups.length > 1) {
    // Called by client-node's own dispatcher-making code (with `this` = config, below) for every request.
    config.createDispatcherOptions = (cluster, agentOptions) =>
      http1Only(kubeConfig.createDispatcherOptions.call(config, cluster, agentOptions));
  }
  config.applySecurityAuthentication = async (context: RequestContext) => {
    await kubeConfig.applySecurityAuthentication.call(config, context);
    context.setHeaderParam('Impersonate-User', identity.user);
    if (groups.length === 1) context.setHeaderParam('Impersonate-Group', groups[0]!);
    if (groups.length < 2) return;
    const dispatcher = context.getDispatcher();
    if (!dispatcher) {
      throw new OrkestraError(
        'Config',
        `cannot impersonate ${groups.length} groups through @kubernetes/client-node: this kubeconfig's cluster gives ` +
          'it no connection options (no CA, client certificate or proxy) to send repeated headers with — impersonate ' +
          'one ' +
          'group, or use Kubeclient from @orkestra/core/kube',
      );
    }
    context.setHeaderParam(GROUPS_HEADER, JSON.stringify(groups));
    context.setDispatcher(
      dispatcher.compose((dispatch) => (options, handler) => dispatch(withGroups(options), handler)),
    );
  };
  return config;
}

type DispatcherOptions = ReturnType<KubeConfig['createDispatcherOptions']>;

/** Connection options that offer only HTTP/1.1 in TLS's ALPN (undici's `allowH2: false`, read by its connector). */
function http1Only(options: DispatcherOptions): DispatcherOptions {
  const noH2 = { allowH2: false };
  if (options.type === 'agent') return { ...options, connect: { ...options.connect, ...noH2 } };
  if (options.type === 'proxy' || options.type === 'socks')
    return { ...options, requestTls: { ...options.requestTls, ...noH2 } };
  return options;
}

/** The request's options with the private groups header replaced by one `impersonate-group` line per group. */
function withGroups(options: DispatchOptions): DispatchOptions {
  const headers = headerPairs(options.headers);
  const out: string[] = [];
  for (const [name, value] of headers) {
    if (name.toLowerCase() !== GROUPS_HEADER) out.push(name, value);
    else for (const group of JSON.parse(value) as string[]) out.push('impersonate-group', group);
  }
  return { ...options, headers: out };
}

/** Header lines as [name, value] pairs, from any shape undici takes (object, flat array, iterable of pairs). */
function headerPairs(headers: Headers): [string, string][] {
  if (!headers) return [];
  const pairs: [string, string][] = [];
  if (Array.isArray(headers)) {
    for (let i = 0; i + 1 < headers.length; i += 2) pairs.push([String(headers[i]), String(headers[i + 1])]);
    return pairs;
  }
  const entries: Iterable<[string, unknown]> =
    Symbol.iterator in (headers as object)
      ? (headers as Iterable<[string, unknown]>)
      : Object.entries(headers as Record<string, unknown>);
  for (const [name, value] of entries) {
    if (value === undefined || value === null) continue;
    for (const v of Array.isArray(value) ? value : [value]) pairs.push([name, String(v)]);
  }
  return pairs;
}
