/** A ServiceAccount of the test control plane as `orkestra` sees it: a kubeconfig file, and a client. */
import { join } from 'node:path';
import { Kubeclient } from '@orkestra/core/kube';
import { serviceAccountIdentity, type TestCluster } from '@orkestra/testenv';

/**
 * Creates ServiceAccount `namespace/name` and writes `<dir>/<name>.kubeconfig` with a one-hour token for it
 * (testenv's {@link serviceAccountIdentity}). Returns the file and a client acting as the account; close the client.
 */
export async function serviceAccountClient(
  cluster: TestCluster,
  namespace: string,
  name: string,
  dir: string,
): Promise<{ kubeconfig: string; kube: Kubeclient }> {
  const sa = await serviceAccountIdentity(cluster, namespace, name);
  return { kubeconfig: sa.writeKubeconfig(join(dir, `${name}.kubeconfig`)), kube: new Kubeclient(sa.kubeConfig) };
}

/** Deletes ClusterRole `name` and its ClusterRoleBinding of the same name (cluster-scoped: namespaces do not take them along), if there. */
export async function deleteClusterRole(admin: Kubeclient, name: string): Promise<void> {
  for (const kind of ['ClusterRoleBinding', 'ClusterRole'])
    await admin.delete({ apiVersion: 'rbac.authorization.k8s.io/v1', kind, name }).catch(() => undefined);
}
