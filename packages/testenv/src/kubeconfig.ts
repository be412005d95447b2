import { stringify } from 'yaml';

/** What goes into a client-certificate kubeconfig. */
export interface KubeconfigInputs {
  server: string;
  caPem: string;
  certPem: string;
  keyPem: string;
  /** Names of the cluster, user and context entries. Default `orkestra-testenv`. */
  name?: string;
  user?: string;
}

const b64 = (text: string) => Buffer.from(text).toString('base64');

/**
 * A self-contained kubeconfig (all credentials inline, so the file still works when copied) for one
 * cluster, one client-certificate user and one current context.
 */
export function kubeconfigYaml({
  server,
  caPem,
  certPem,
  keyPem,
  name = 'orkestra-testenv',
  user = 'admin',
}: KubeconfigInputs): string {
  return stringify({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name, cluster: { server, 'certificate-authority-data': b64(caPem) } }],
    users: [{ name: user, user: { 'client-certificate-data': b64(certPem), 'client-key-data': b64(keyPem) } }],
    contexts: [{ name, context: { cluster: name, user } }],
    'current-context': name,
    preferences: {},
  });
}
