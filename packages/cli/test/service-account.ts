/** A ServiceAccount of the test control plane and a kubeconfig that authenticates as it (a TokenRequest token). */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import { Kubeclient } from '@orkestra/core/kube';
import type { TestCluster } from '@orkestra/testenv';
import { stringify } from 'yaml';

/**
 * Creates ServiceAccount `namespace/name` (testenv runs no ServiceAccount controller) and writes `<dir>/<name>.kubeconfig`
 * with a one-hour token for it. Returns the file and a client acting as the account; close the client.
 */
export async function serviceAccountClient(
  cluster: TestCluster,
  admin: Kubeclient,
  namespace: string,
  name: string,
  dir: string,
): Promise<{ kubeconfig: string; kube: Kubeclient }> {
  await admin.create({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name, namespace } });
  const token = await cluster.kubeConfig.makeApiClient(CoreV1Api).createNamespacedServiceAccountToken({
    name,
    namespace,
    body: { spec: { audiences: [], expirationSeconds: 3600 } },
  });
  const server = cluster.kubeConfig.getCurrentCluster()!;
  const kubeconfig = join(dir, `${name}.kubeconfig`);
  writeFileSync(
    kubeconfig,
    stringify({
      apiVersion: 'v1',
      kind: 'Config',
      'current-context': 'sa',
      clusters: [{ name: 'testenv', cluster: { server: server.server, 'certificate-authority-data': server.caData } }],
      users: [{ name, user: { token: token.status?.token } }],
      contexts: [{ name: 'sa', context: { cluster: 'testenv', user: name, namespace } }],
    }),
  );
  const kc = new KubeConfig();
  kc.loadFromFile(kubeconfig);
  return { kubeconfig, kube: new Kubeclient(kc) };
}

/** Deletes ClusterRole `name` and its ClusterRoleBinding of the same name (cluster-scoped: namespaces do not take them along), if there. */
export async function deleteClusterRole(admin: Kubeclient, name: string): Promise<void> {
  for (const kind of ['ClusterRoleBinding', 'ClusterRole'])
    await admin.delete({ apiVersion: 'rbac.authorization.k8s.io/v1', kind, name }).catch(() => undefined);
}
