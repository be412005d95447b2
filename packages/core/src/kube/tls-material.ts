/**
 * The TLS material of a connection to the API server, from a kubeconfig's cluster and user: the CA, the client
 * certificate and key (inline base64 `-data` fields win over file paths), the server name to verify. Read once
 * by `Kubeconfig.tlsOptions`.
 */
import { readFileSync } from 'node:fs';
import { KubeconfigError } from './kubeconfig-error.js';
import type { KubeconfigCluster, UserEntry } from './kubeconfig-files.js';

/** TLS options for a connection to the API server (PEM strings). */
export interface KubeTlsOptions {
  ca?: string | undefined;
  cert?: string | undefined;
  key?: string | undefined;
  rejectUnauthorized: boolean;
  servername?: string | undefined;
}

/**
 * Reads a file a kubeconfig names (`what` of `owner`, e.g. the certificate-authority of cluster "x"); an
 * `Unreadable` error naming the path and the kubeconfig `file` when it cannot.
 */
export function readKubeconfigFile(path: string, what: string, owner: string, file: string | undefined): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    throw new KubeconfigError(
      'Unreadable',
      `cannot read ${what} ${path} of ${owner}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message} — check ` +
        `the path in the kubeconfig and the file's permissions`,
      { file, cause: e },
    );
  }
}

/**
 * The TLS options of `cluster` for `user`: `source` names the kubeconfig for messages (a cluster without a file),
 * `userWhere` the user (`user "x" of context "y" (file)`).
 */
export function readTlsMaterial(
  cluster: KubeconfigCluster,
  user: UserEntry | undefined,
  source: string,
  userWhere: string,
): KubeTlsOptions {
  const c = cluster;
  const clusterWhere = `cluster "${c.name}" (${c.file ?? source})`;
  const tls: KubeTlsOptions = { rejectUnauthorized: !c.insecureSkipTlsVerify };
  if (c.certificateAuthorityData) tls.ca = Buffer.from(c.certificateAuthorityData, 'base64').toString('utf8');
  else if (c.certificateAuthority)
    tls.ca = readKubeconfigFile(c.certificateAuthority, 'the certificate-authority', clusterWhere, c.file);
  if (c.tlsServerName) tls.servername = c.tlsServerName;
  const u = user;
  if (u && (u.clientCertificate || u.clientCertificateData)) {
    tls.cert = u.clientCertificateData
      ? Buffer.from(u.clientCertificateData, 'base64').toString('utf8')
      : readKubeconfigFile(u.clientCertificate!, 'the client-certificate', userWhere, u.file);
    tls.key = u.clientKeyData
      ? Buffer.from(u.clientKeyData, 'base64').toString('utf8')
      : readKubeconfigFile(u.clientKey!, 'the client-key', userWhere, u.file);
  }
  return tls;
}
