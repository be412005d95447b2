/**
 * Reducing merged kubeconfig files to one context, as kubectl does: the asked context or `current-context`, its
 * cluster (a URL, no `proxy-url`) and its user (one way to authenticate; an exec plugin kubectl would run).
 * Every refusal is a `KubeconfigError` naming the file and the context, cluster or user.
 */
import { invalid, KubeconfigError } from './kubeconfig-error.js';
import {
  type ClusterEntry,
  type ContextEntry,
  describeOrigin,
  type KubeconfigCluster,
  type KubeconfigOrigin,
  type Merged,
  type UserEntry,
} from './kubeconfig-files.js';

const EXEC_API_VERSIONS = new Set(['client.authentication.k8s.io/v1', 'client.authentication.k8s.io/v1beta1']);

/** What a `Kubeconfig` is made of: one context, its cluster and user, and where they came from. */
export interface KubeconfigInit {
  contextName: string;
  namespace: string | undefined;
  origin: KubeconfigOrigin;
  cluster: KubeconfigCluster & { extensions?: unknown };
  user: UserEntry | undefined;
  contexts: readonly string[];
  env: NodeJS.ProcessEnv;
  tokenFileRefreshMs: number;
}

function contextList(names: readonly string[]): string {
  return names.length ? names.join(', ') : 'none';
}

function checkUser(user: UserEntry, contextName: string): void {
  const where = `user "${user.name}" (${user.file})`;
  const bad = (m: string) => invalid(`${where}: ${m}`, user.file);
  if ((user.token || user.tokenFile) && (user.username || user.password))
    throw bad('sets both a token and username/password; keep one');
  if (user.exec && user.authProvider) throw bad('sets both exec and auth-provider; keep one');
  if (Boolean(user.clientCertificate || user.clientCertificateData) !== Boolean(user.clientKey || user.clientKeyData)) {
    throw bad('needs both a client certificate and a client key (client-certificate(-data) and client-key(-data))');
  }
  const exec = user.exec;
  if (exec) {
    if (!EXEC_API_VERSIONS.has(exec.apiVersion)) {
      throw new KubeconfigError(
        'Unsupported',
        `${where}: exec apiVersion "${exec.apiVersion}" is not supported; use client.authentication.k8s.io/v1 (or ` +
          `v1beta1) — update the plugin's kubeconfig entry`,
        { file: user.file },
      );
    }
    if (exec.apiVersion === 'client.authentication.k8s.io/v1' && !exec.interactiveMode) {
      throw bad(
        'exec of client.authentication.k8s.io/v1 must set interactiveMode (Never for a controller), as kubectl ' +
          'requires',
      );
    }
    if (exec.interactiveMode === 'Always') {
      throw new KubeconfigError(
        'Unsupported',
        `${where}: the exec plugin asks for interactiveMode Always, but an operator has no terminal for context ` +
          `"${contextName}" — use a non-interactive login (a service account token, or a plugin mode that needs no ` +
          `prompt)`,
        { file: user.file },
      );
    }
  }
}

/**
 * The context to use: `asked`, else the files' `current-context`; a `NoCurrentContext` or `NoContext` error otherwise.
 */
function contextOf(merged: Merged, source: string, asked: string | undefined): ContextEntry {
  const names = [...merged.contexts.keys()];
  const contextName = asked ?? merged.currentContext;
  if (!contextName) {
    throw new KubeconfigError(
      'NoCurrentContext',
      `the kubeconfig (${source}) sets no current-context and no context was asked for; it has: ` +
        `${contextList(names)} — run \`kubectl config use-context <name>\`, or pass a context`,
      { contexts: names },
    );
  }
  const context = merged.contexts.get(contextName);
  if (!context) {
    const which = asked
      ? `has no context "${contextName}"`
      : `names current-context "${contextName}", which it does not define`;
    throw new KubeconfigError(
      'NoContext',
      `the kubeconfig (${source}) ${which}; it has: ${contextList(names)} — pick one of those`,
      { contexts: names },
    );
  }
  return context;
}

/** The context's cluster, with a server URL (https:// or http://) and without `proxy-url`. */
function clusterOf(merged: Merged, context: ContextEntry): ClusterEntry {
  if (!context.cluster) throw invalid(`${context.file}: context "${context.name}" names no cluster`, context.file);
  const cluster = merged.clusters.get(context.cluster);
  if (!cluster) {
    throw new KubeconfigError(
      'MissingReference',
      `context "${context.name}" (${context.file}) names cluster "${context.cluster}", which no kubeconfig file ` +
        `defines (read: ${merged.files.join(', ')}) — add it, or fix the context`,
      { file: context.file },
    );
  }
  if (!cluster.server) throw invalid(`${cluster.file}: cluster "${cluster.name}" has no server`, cluster.file);
  let url: URL;
  try {
    url = new URL(cluster.server);
  } catch {
    throw invalid(
      `${cluster.file}: cluster "${cluster.name}" has a server that is not a URL: "${cluster.server}"`,
      cluster.file,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw invalid(
      `${cluster.file}: cluster "${cluster.name}": server must be an https:// URL, got "${cluster.server}"`,
      cluster.file,
    );
  if (cluster.proxyUrl) {
    throw new KubeconfigError(
      'Unsupported',
      `cluster "${cluster.name}" (${cluster.file}) sets proxy-url, which Orkestra's Kubeclient does not support — ` +
        `reach the API server directly (run the operator in the cluster), or remove proxy-url`,
      { file: cluster.file },
    );
  }
  return cluster;
}

/** The context's user (`undefined`: anonymous), checked. */
function userOf(merged: Merged, context: ContextEntry): UserEntry | undefined {
  if (!context.user) return undefined;
  const user = merged.users.get(context.user);
  if (!user) {
    throw new KubeconfigError(
      'MissingReference',
      `context "${context.name}" (${context.file}) names user "${context.user}", which no kubeconfig file defines ` +
        `(read: ${merged.files.join(', ')}) — add it, or fix the context`,
      { file: context.file },
    );
  }
  checkUser(user, context.name);
  return user;
}

/** The context `options.context` (or the current one) of `merged`, with its cluster and user, checked. */
export function selectContext(
  merged: Merged,
  origin: KubeconfigOrigin,
  options: {
    context?: string | undefined;
    env?: NodeJS.ProcessEnv | undefined;
    tokenFileRefreshMs?: number | undefined;
  },
): KubeconfigInit {
  const context = contextOf(merged, describeOrigin(origin), options.context);
  const cluster = clusterOf(merged, context);
  const user = userOf(merged, context);
  return {
    contextName: context.name,
    namespace: context.namespace,
    origin,
    cluster,
    user,
    contexts: [...merged.contexts.keys()],
    env: options.env ?? process.env,
    tokenFileRefreshMs: options.tokenFileRefreshMs ?? 60_000,
  };
}
