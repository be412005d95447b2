import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCertificate, generateKeyPair, privateKeyPem, publicKeyPem } from '@orkestra/core/x509';

/** Paths of the files {@link writeControlPlanePKI} made, and the admin credential as PEM text. */
export interface ControlPlanePKI {
  /** CA of the serving certificate (what clients trust). */
  servingCAFile: string;
  servingCAPem: string;
  servingCertFile: string;
  servingKeyFile: string;
  /** CA that signs client certificates (`--client-ca-file`). */
  clientCAFile: string;
  /** The admin client certificate: CN=admin, O=system:masters. */
  adminCertPem: string;
  adminKeyPem: string;
  /** Service-account token signing key pair. */
  serviceAccountKeyFile: string;
  serviceAccountPublicKeyFile: string;
}

/** Names the serving certificate is valid for: loopback, and the in-cluster names of the `kubernetes` Service. */
export const SERVING_HOSTS = [
  'localhost',
  '127.0.0.1',
  '::1',
  'kubernetes',
  'kubernetes.default',
  'kubernetes.default.svc',
  'kubernetes.default.svc.cluster.local',
  '10.0.0.1',
];

/**
 * Makes a fresh PKI for one control plane in `dir`, as envtest does: a serving CA and the
 * kube-apiserver serving certificate, a separate client CA and an admin client certificate in the
 * `system:masters` group, and a service-account signing key (ECDSA P-256). The certificates are RSA 2048,
 * made with node-forge (`x509.ts`).
 */
export function writeControlPlanePKI(dir: string): ControlPlanePKI {
  const servingCA = createCertificate({
    subject: { commonName: 'orkestra-testenv-serving-ca' },
    isCA: true,
    days: 3650,
  });
  const serving = createCertificate(
    { subject: { commonName: 'kube-apiserver' }, usages: ['server'], hosts: SERVING_HOSTS },
    servingCA,
  );
  const clientCA = createCertificate({ subject: { commonName: 'orkestra-testenv-client-ca' }, isCA: true, days: 3650 });
  const admin = createCertificate(
    { subject: { commonName: 'admin', organizations: ['system:masters'] }, usages: ['client'] },
    clientCA,
  );
  const sa = generateKeyPair();

  const file = (name: string, content: string) => {
    const path = join(dir, name);
    writeFileSync(path, content, { mode: 0o600 });
    return path;
  };
  return {
    servingCAFile: file('serving-ca.crt', servingCA.certPem),
    servingCAPem: servingCA.certPem,
    servingCertFile: file('apiserver.crt', serving.certPem),
    servingKeyFile: file('apiserver.key', serving.keyPem),
    clientCAFile: file('client-ca.crt', clientCA.certPem),
    adminCertPem: admin.certPem,
    adminKeyPem: admin.keyPem,
    serviceAccountKeyFile: file('sa.key', privateKeyPem(sa.privateKey)),
    serviceAccountPublicKeyFile: file('sa.pub', publicKeyPem(sa.publicKey)),
  };
}
