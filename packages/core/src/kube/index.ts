/**
 * `@orkestra/core/kube`: the Kubernetes client — kubeconfig loading, the kept-alive transport, request counting,
 * resource discovery, and the mapping of API answers to core's typed errors. The contract and the lifecycle in
 * `@orkestra/core` never import it: they take an `ObjectClient`, which {@link Kubeclient} implements.
 */

export { errorFromStatus, isNetworkError, toKubeError } from './api-errors.js';
export { BUILT_IN_KINDS, BUILT_IN_KINDS_VERSION } from './built-in-kinds.js';
export type { HttpVersion } from './http-version.js';
export type { ClientNodeKubeConfig, KubeclientConfig, KubeclientOptions, RetryOptions } from './kubeclient.js';
export { Kubeclient } from './kubeclient.js';
export type { KubeconfigAuthMethod, LoadKubeconfigOptions } from './kubeconfig.js';
/**
 * Kubeconfig loading without `@kubernetes/client-node`: `KUBECONFIG`
 * merged as kubectl does, `~/.kube/config`, the in-cluster service account; client certificates, tokens, token
 * files, basic auth and exec plugins. Hand the result to `new Kubeclient(config)`.
 *
 * @example
 * import { Kubeclient, loadKubeconfig, KubeconfigError } from '@orkestra/core/kube';
 * try {
 *   // KUBECONFIG, ~/.kube/config, or in-cluster
 *   const config = loadKubeconfig({ context: process.env.KUBE_CONTEXT });
 *   const kube = new Kubeclient(config);
 *   console.log(`context ${config.contextName} (${config.source}) → ${kube.server}`);
 * } catch (e) {
 *   if (e instanceof KubeconfigError && e.problem === 'NoConfig') console.error('no cluster configured');
 *   else throw e;
 * }
 */
export { Kubeconfig, loadInClusterConfig, loadKubeconfig, SERVICE_ACCOUNT_DIR } from './kubeconfig.js';
export type { KubeconfigProblem } from './kubeconfig-error.js';
export { KubeconfigError } from './kubeconfig-error.js';
export type { ExecPluginConfig, KubeconfigCluster, KubeconfigOrigin } from './kubeconfig-files.js';
export type { Verb } from './request-counter.js';
export { RequestCounter, WRITE_VERBS } from './request-counter.js';
export { groupVersionPath, ResourceRegistry, resourcePath } from './resources.js';
export type { KubeTlsOptions } from './tls-material.js';
