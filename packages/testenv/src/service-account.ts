/** Acting as a ServiceAccount of the test control plane: a TokenRequest token and the kubeconfig around it. */
import { writeFileSync } from 'node:fs';
import { CoreV1Api, KubeConfig, KubernetesObjectApi } from '@kubernetes/client-node';
import { stringify } from 'yaml';

/** Options of {@link serviceAccountIdentity}. */
export interface ServiceAccountIdentityOptions {
  /**
   * Create the ServiceAccount first (testenv runs no ServiceAccount controller, so none exists until made).
   * Default true; false when the account comes from manifests the test applied.
   */
  create?: boolean;
  /** Lifetime of the token. Default 3600 (one hour). */
  expirationSeconds?: number;
}

/** A ServiceAccount's credentials for the test cluster. */
export interface ServiceAccountIdentity {
  namespace: string;
  name: string;
  /** The user name the API server sees: `system:serviceaccount:<namespace>:<name>`. */
  username: string;
  /** A bound token of the account (TokenRequest API). */
  token: string;
  /** The API server URL. */
  server: string;
  /** The cluster CA, base64 PEM as in a kubeconfig's `certificate-authority-data`. */
  caData: string;
  /** A client-node configuration that authenticates as the account (namespace: the account's). */
  kubeConfig: KubeConfig;
  /** The same configuration as a self-contained kubeconfig (YAML). */
  kubeconfigYaml(): string;
  /** Writes {@link kubeconfigYaml} to `path` (mode 0600) and returns the path. */
  writeKubeconfig(path: string): string;
}

/**
 * Credentials of ServiceAccount `namespace/name` in the cluster `admin` points at: creates the account unless
 * told not to, asks the TokenRequest API for a token, and returns it with a kubeconfig that uses it. The token
 * expires (default one hour); the account is deleted with its namespace.
 *
 * @example
 * const sa = await serviceAccountIdentity(cluster, ns, 'operator');
 * const kube = new Kubeclient(sa.kubeConfig); // acts as system:serviceaccount:<ns>:operator
 */
export async function serviceAccountIdentity(
  admin: { readonly kubeConfig: KubeConfig },
  namespace: string,
  name: string,
  options: ServiceAccountIdentityOptions = {},
): Promise<ServiceAccountIdentity> {
  if (options.create !== false)
    await KubernetesObjectApi.makeApiClient(admin.kubeConfig).create({
      apiVersion: 'v1',
      kind: 'ServiceAccount',
      metadata: { name, namespace },
    });
  const request = await admin.kubeConfig.makeApiClient(CoreV1Api).createNamespacedServiceAccountToken({
    name,
    namespace,
    body: { spec: { audiences: [], expirationSeconds: options.expirationSeconds ?? 3600 } },
  });
  const token = request.status?.token;
  if (!token)
    throw new Error(`@orkestra/testenv: the TokenRequest for ServiceAccount ${namespace}/${name} returned no token`);
  const cluster = admin.kubeConfig.getCurrentCluster();
  const server = cluster?.server ?? '';
  const caData = cluster?.caData ?? '';
  const kubeConfig = new KubeConfig();
  kubeConfig.loadFromOptions({
    clusters: [{ name: 'testenv', server, caData }],
    users: [{ name, token }],
    contexts: [{ name: 'sa', cluster: 'testenv', user: name, namespace }],
    currentContext: 'sa',
  });
  const kubeconfigYaml = () =>
    stringify({
      apiVersion: 'v1',
      kind: 'Config',
      'current-context': 'sa',
      clusters: [{ name: 'testenv', cluster: { server, 'certificate-authority-data': caData } }],
      users: [{ name, user: { token } }],
      contexts: [{ name: 'sa', context: { cluster: 'testenv', user: name, namespace } }],
    });
  return {
    namespace,
    name,
    username: `system:serviceaccount:${namespace}:${name}`,
    token,
    server,
    caData,
    kubeConfig,
    kubeconfigYaml,
    writeKubeconfig(path) {
      writeFileSync(path, kubeconfigYaml(), { mode: 0o600 });
      return path;
    },
  };
}
