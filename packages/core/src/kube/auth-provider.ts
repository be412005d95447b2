/**
 * Users with an `auth-provider` (oidc, gcp, azure): handed to `@kubernetes/client-node`, which implements them,
 * imported lazily at the first request — the one place core's client loads it, so only such users pay for its
 * import. It is an optional peer dependency: when it is not installed, the request fails saying so.
 */
import { KubeconfigError } from './kubeconfig-error.js';
import type { KubeconfigCluster, UserEntry } from './kubeconfig-files.js';

/** What the provider is given and where it comes from, for messages. */
export interface AuthProviderUser {
  user: UserEntry;
  cluster: KubeconfigCluster;
  contextName: string;
  /** The user, for messages: `user "x" of context "y" (file)`. */
  where: () => string;
}

/** The headers of one auth-provider user, from a client-node `KubeConfig` made of that user alone. */
export class AuthProviderHeaders {
  #kubeConfig: Promise<{ applyToHTTPSOptions(opts: object): Promise<void> }> | undefined;

  constructor(private readonly of: AuthProviderUser) {}

  /** The request headers (lower-case names) client-node's provider gives; it refreshes tokens itself. */
  async headers(): Promise<Record<string, string>> {
    this.#kubeConfig ??= this.#load();
    this.#kubeConfig.catch(() => (this.#kubeConfig = undefined));
    const kc = await this.#kubeConfig;
    const opts: { headers: Record<string, string> } = { headers: {} };
    try {
      await kc.applyToHTTPSOptions(opts);
    } catch (e) {
      throw new KubeconfigError(
        'Unsupported',
        `the auth-provider "${this.of.user.authProvider?.name}" of ${this.of.where()} failed in ` +
          `@kubernetes/client-node: ${(e as Error).message} — refresh the login, or switch the user to an exec ` +
          `plugin (e.g. kubelogin)`,
        { file: this.of.user.file, cause: e },
      );
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(opts.headers)) headers[k.toLowerCase()] = v;
    return headers;
  }

  async #load(): Promise<{ applyToHTTPSOptions(opts: object): Promise<void> }> {
    const { user: u, cluster: c, contextName } = this.of;
    const { KubeConfig } = await importClientNode().catch((e: unknown) => {
      const code = (e as { code?: unknown }).code;
      if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') throw e;
      throw new KubeconfigError(
        'Unsupported',
        `the user of ${this.of.where()} has an auth-provider ("${u.authProvider?.name}"), which needs ` +
          `@kubernetes/client-node, an optional peer dependency of @orkestra/core that is not installed — run \`npm ` +
          `install @kubernetes/client-node\`, or switch the user to an exec plugin (e.g. kubelogin)`,
        { file: u.file, cause: e },
      );
    });
    const kc = new KubeConfig();
    kc.loadFromString(
      JSON.stringify({
        apiVersion: 'v1',
        kind: 'Config',
        'current-context': contextName,
        clusters: [
          { name: c.name, cluster: { server: c.server, 'insecure-skip-tls-verify': c.insecureSkipTlsVerify } },
        ],
        users: [{ name: u.name, user: u.raw }],
        contexts: [{ name: contextName, context: { cluster: c.name, user: u.name } }],
      }),
    );
    return kc;
  }
}

/**
 * Loads `@kubernetes/client-node`, an optional peer dependency: only auth-provider users need it, so a project
 * that installs a resource package does not get its ~70-package closure. Rejects when it is not installed.
 */
function importClientNode(): Promise<typeof import('@kubernetes/client-node')> {
  return import('@kubernetes/client-node');
}
