import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import forge from 'node-forge';

/*
 * `@orkestra/core/x509`: X.509 certificates — a test control plane's (@orkestra/testenv) and the webhook serving
 * CA and certificate the operator manages. node-forge (an optional peer of core: install it to use this entry)
 * builds and encodes them; node:crypto makes the keys and the signature (natively: forge's pure-JS RSA is ten times
 * slower). RSA 2048
 * and sha256WithRSAEncryption, the profile every TLS stack accepts, since node-forge's certificates are RSA only.
 */

/** forge's TBSCertificate encoder (public in node-forge, missing from its type definitions). */
const tbsOf = (cert: forge.pki.Certificate): forge.asn1.Asn1 =>
  (forge.pki as unknown as { getTBSCertificate(c: forge.pki.Certificate): forge.asn1.Asn1 }).getTBSCertificate(cert);

/** Signs `cert` with `key` (sha256WithRSAEncryption) as forge's `cert.sign` does, the RSA operation done natively. */
function signNatively(cert: forge.pki.Certificate, key: KeyObject): void {
  cert.signatureOid = forge.pki.oids.sha256WithRSAEncryption!;
  cert.siginfo.algorithmOid = cert.signatureOid;
  cert.tbsCertificate = tbsOf(cert);
  const tbs = Buffer.from(forge.asn1.toDer(cert.tbsCertificate).getBytes(), 'binary');
  cert.signature = sign('sha256', tbs, key).toString('binary');
}

/** The distinguished name of a certificate: a common name and any number of organizations (groups). */
export interface Subject {
  commonName: string;
  organizations?: string[];
}

/** A PEM certificate with its PEM (PKCS#8) private key, and the key objects for signing further certificates. */
export interface KeyPairWithCert {
  subject: Subject;
  certPem: string;
  keyPem: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

/** What goes into one certificate. */
export interface CertificateRequest {
  subject: Subject;
  /** A CA certificate (basicConstraints CA:TRUE, keyCertSign). */
  isCA?: boolean;
  /** serverAuth, clientAuth or both; ignored for a CA. */
  usages?: Array<'server' | 'client'>;
  /** DNS names and IP addresses for subjectAltName. */
  hosts?: string[];
  /** Validity in days, from one hour ago (clock skew). Default 365. */
  days?: number;
  /** Validity in milliseconds from now, instead of `days` (short-lived certificates; rotation tests). */
  lifetimeMs?: number;
}

/** A new ECDSA P-256 key pair (the service-account token signing key: no certificate needed). */
export function generateKeyPair(): { privateKey: KeyObject; publicKey: KeyObject } {
  return generateKeyPairSync('ec', { namedCurve: 'P-256' });
}

/** PEM (PKCS#8) text of a private key. */
export function privateKeyPem(key: KeyObject): string {
  return key.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/** PEM (SPKI, "PUBLIC KEY") text of a public key. */
export function publicKeyPem(key: KeyObject): string {
  return key.export({ type: 'spki', format: 'pem' }).toString();
}

const IP = /^[0-9.]+$|:/;

function attributes(subject: Subject): forge.pki.CertificateField[] {
  return [
    ...(subject.organizations ?? []).map((value) => ({ name: 'organizationName', value })),
    { name: 'commonName', value: subject.commonName },
  ];
}

function extensions(request: CertificateRequest, issuer: forge.pki.Certificate | undefined): object[] {
  const out: object[] = request.isCA
    ? [
        { name: 'basicConstraints', cA: true, critical: true },
        { name: 'keyUsage', digitalSignature: true, keyCertSign: true, cRLSign: true, critical: true },
      ]
    : [
        { name: 'basicConstraints', cA: false, critical: true },
        { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
        {
          name: 'extKeyUsage',
          serverAuth: (request.usages ?? ['server']).includes('server'),
          clientAuth: (request.usages ?? []).includes('client'),
        },
      ];
  out.push({ name: 'subjectKeyIdentifier' });
  if (issuer)
    out.push({ name: 'authorityKeyIdentifier', keyIdentifier: issuer.generateSubjectKeyIdentifier().getBytes() });
  if (request.hosts?.length)
    out.push({
      name: 'subjectAltName',
      altNames: request.hosts.map((host) => (IP.test(host) ? { type: 7, ip: host } : { type: 2, value: host })),
    });
  return out;
}

/**
 * Creates an X.509 v3 certificate for a fresh RSA 2048 key, signed by `issuer` (or self-signed when `issuer` is
 * omitted, which is how a CA is made).
 *
 * @example
 * const ca = createCertificate({ subject: { commonName: 'test-ca' }, isCA: true });
 * const server = createCertificate({ subject: { commonName: 'kube-apiserver' }, usages: ['server'],
 *   hosts: ['localhost', '127.0.0.1'] }, ca);
 */
export function createCertificate(request: CertificateRequest, issuer?: KeyPairWithCert): KeyPairWithCert {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyPem = privateKeyPem(privateKey);
  const publicKey = createPublicKey(privateKey);
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKeyPem(publicKey));
  const serial = randomBytes(16);
  serial[0] = (serial[0] ?? 0) & 0x7f || 0x01; // positive, no leading zero
  cert.serialNumber = serial.toString('hex');
  const now = Date.now();
  cert.validity.notBefore = new Date(now - 60 * 60 * 1000);
  cert.validity.notAfter = new Date(now + (request.lifetimeMs ?? (request.days ?? 365) * 24 * 60 * 60 * 1000));
  cert.setSubject(attributes(request.subject));
  const issuerCert = issuer ? forge.pki.certificateFromPem(issuer.certPem) : undefined;
  cert.setIssuer(issuerCert ? issuerCert.subject.attributes : cert.subject.attributes);
  cert.setExtensions(extensions(request, issuerCert));
  signNatively(cert, issuer ? issuer.privateKey : privateKey);
  return {
    subject: request.subject,
    certPem: forge.pki.certificateToPem(cert),
    keyPem,
    privateKey: createPrivateKey(keyPem),
    publicKey,
  };
}
