import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isIP } from 'node:net';

/*
 * Just enough X.509 to run a test control plane: a DER encoder for one fixed certificate profile
 * (ECDSA P-256 keys, ecdsa-with-SHA256 signatures, v3 extensions), signed with node:crypto.
 * node:crypto can make keys and signatures but not certificates; this file fills that gap without a
 * dependency or an `openssl` binary. It is test tooling, not a general-purpose PKI library.
 */

// ---------------------------------------------------------------- DER ----

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

function tlv(tag: number, value: Buffer): Buffer {
  return Buffer.concat([Buffer.from([tag]), length(value.length), value]);
}

const sequence = (...items: Buffer[]) => tlv(0x30, Buffer.concat(items));
const set = (...items: Buffer[]) => tlv(0x31, Buffer.concat(items));
const octetString = (value: Buffer) => tlv(0x04, value);
const utf8String = (value: string) => tlv(0x0c, Buffer.from(value, 'utf8'));
const explicit = (n: number, value: Buffer) => tlv(0xa0 + n, value);
const booleanTrue = () => tlv(0x01, Buffer.from([0xff]));

/** A non-negative INTEGER from big-endian bytes (leading zeros stripped, a 0x00 added when the top bit is set). */
function unsignedInteger(bytes: Buffer): Buffer {
  let i = 0;
  while (i < bytes.length - 1 && bytes[i] === 0) i++;
  let value = bytes.subarray(i);
  if ((value[0] ?? 0) & 0x80) value = Buffer.concat([Buffer.from([0]), value]);
  return tlv(0x02, value);
}

function bitString(value: Buffer, unusedBits = 0): Buffer {
  return tlv(0x03, Buffer.concat([Buffer.from([unusedBits]), value]));
}

function oid(dotted: string): Buffer {
  const parts = dotted.split('.').map(Number);
  const [first = 0, second = 0, ...rest] = parts;
  const out: number[] = [first * 40 + second];
  for (const part of rest) {
    const chunk: number[] = [part & 0x7f];
    for (let v = Math.floor(part / 128); v > 0; v = Math.floor(v / 128)) chunk.unshift((v & 0x7f) | 0x80);
    out.push(...chunk);
  }
  return tlv(0x06, Buffer.from(out));
}

function time(date: Date): Buffer {
  const iso = date.toISOString(); // YYYY-MM-DDTHH:MM:SS.sssZ
  const digits = iso.slice(0, 19).replace(/[-T:]/g, ''); // YYYYMMDDHHMMSS
  // RFC 5280 §4.1.2.5: UTCTime through 2049, GeneralizedTime from 2050.
  return date.getUTCFullYear() < 2050
    ? tlv(0x17, Buffer.from(`${digits.slice(2)}Z`, 'ascii'))
    : tlv(0x18, Buffer.from(`${digits}Z`, 'ascii'));
}

// ---------------------------------------------------------- profile ----

const OID = {
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  commonName: '2.5.4.3',
  organization: '2.5.4.10',
  subjectKeyIdentifier: '2.5.29.14',
  keyUsage: '2.5.29.15',
  subjectAltName: '2.5.29.17',
  basicConstraints: '2.5.29.19',
  authorityKeyIdentifier: '2.5.29.35',
  extKeyUsage: '2.5.29.37',
  serverAuth: '1.3.6.1.5.5.7.3.1',
  clientAuth: '1.3.6.1.5.5.7.3.2',
} as const;

/** The distinguished name of a certificate: a common name and any number of organizations (groups). */
export interface Subject {
  commonName: string;
  organizations?: string[];
}

function name(subject: Subject): Buffer {
  const rdns = (subject.organizations ?? []).map((o) => set(sequence(oid(OID.organization), utf8String(o))));
  rdns.push(set(sequence(oid(OID.commonName), utf8String(subject.commonName))));
  return sequence(...rdns);
}

function extension(id: string, critical: boolean, value: Buffer): Buffer {
  return sequence(oid(id), ...(critical ? [booleanTrue()] : []), octetString(value));
}

/** KeyUsage bits, numbered as in RFC 5280 (bit 0 = the most significant bit of the first byte). */
function keyUsage(bits: number[]): Buffer {
  let mask = 0;
  for (const bit of bits) mask |= 0x80 >> bit;
  let unused = 0;
  while (unused < 7 && !(mask & (1 << unused))) unused++;
  return bitString(Buffer.from([mask]), unused);
}

function subjectAltName(hosts: string[]): Buffer {
  const names = hosts.map((host) => {
    const family = isIP(host);
    if (family === 4) return tlv(0x87, Buffer.from(host.split('.').map(Number)));
    if (family === 6) return tlv(0x87, ipv6Bytes(host));
    return tlv(0x82, Buffer.from(host, 'ascii'));
  });
  return sequence(...names);
}

function ipv6Bytes(address: string): Buffer {
  const [head = '', tail = ''] = address.split('::');
  const groups = (s: string) => (s ? s.split(':') : []);
  const h = groups(head);
  const t = groups(tail);
  const all = address.includes('::') ? [...h, ...Array(8 - h.length - t.length).fill('0'), ...t] : h;
  const out = Buffer.alloc(16);
  all.forEach((g, i) => out.writeUInt16BE(parseInt(g, 16), i * 2));
  return out;
}

/** SHA-1 of the subjectPublicKey bits (RFC 5280 §4.2.1.2, method 1). */
function keyIdentifier(spki: Buffer): Buffer {
  // The SPKI is SEQUENCE { AlgorithmIdentifier, BIT STRING }; for an uncompressed P-256 key the
  // BIT STRING is its last 66 bytes: tag, length, unused-bits byte and the 65-byte point.
  const point = spki.subarray(spki.length - 65);
  return createHash('sha1').update(point).digest();
}

// ------------------------------------------------------------ public ----

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
}

function pem(label: string, der: Buffer): string {
  const b64 = der
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .replace(/\n$/, '');
  return `-----BEGIN ${label}-----\n${b64}\n-----END ${label}-----\n`;
}

/** A new ECDSA P-256 key pair. */
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

/**
 * Creates an X.509 v3 certificate for a fresh P-256 key, signed by `issuer` (or self-signed when
 * `issuer` is omitted, which is how a CA is made).
 *
 * @example
 * const ca = createCertificate({ subject: { commonName: 'test-ca' }, isCA: true });
 * const server = createCertificate({ subject: { commonName: 'kube-apiserver' }, usages: ['server'],
 *   hosts: ['localhost', '127.0.0.1'] }, ca);
 */
export function createCertificate(request: CertificateRequest, issuer?: KeyPairWithCert): KeyPairWithCert {
  const { privateKey, publicKey } = generateKeyPair();
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  const signerKey = issuer?.privateKey ?? privateKey;
  const signerSpki = (issuer?.publicKey ?? publicKey).export({ type: 'spki', format: 'der' });
  const issuerName = name(issuer?.subject ?? request.subject);

  const now = Date.now();
  const notBefore = new Date(now - 60 * 60 * 1000);
  const notAfter = new Date(now + (request.days ?? 365) * 24 * 60 * 60 * 1000);

  const serial = randomBytes(16);
  serial[0] = (serial[0] ?? 0) & 0x7f || 0x01;

  const extensions: Buffer[] = [];
  if (request.isCA) {
    extensions.push(extension(OID.basicConstraints, true, sequence(booleanTrue())));
    extensions.push(extension(OID.keyUsage, true, keyUsage([0, 5, 6]))); // digitalSignature, keyCertSign, cRLSign
  } else {
    extensions.push(extension(OID.basicConstraints, true, sequence()));
    extensions.push(extension(OID.keyUsage, true, keyUsage([0]))); // digitalSignature (ECDSA)
    const usages = request.usages ?? ['server'];
    const ekus = usages.map((u) => oid(u === 'server' ? OID.serverAuth : OID.clientAuth));
    extensions.push(extension(OID.extKeyUsage, false, sequence(...ekus)));
  }
  extensions.push(extension(OID.subjectKeyIdentifier, false, octetString(keyIdentifier(spki))));
  if (issuer) {
    const aki = sequence(tlv(0x80, keyIdentifier(signerSpki)));
    extensions.push(extension(OID.authorityKeyIdentifier, false, aki));
  }
  if (request.hosts?.length) {
    extensions.push(extension(OID.subjectAltName, false, subjectAltName(request.hosts)));
  }

  const algorithm = sequence(oid(OID.ecdsaWithSha256));
  const tbs = sequence(
    explicit(0, tlv(0x02, Buffer.from([2]))), // v3
    unsignedInteger(serial),
    algorithm,
    issuerName,
    sequence(time(notBefore), time(notAfter)),
    name(request.subject),
    spki,
    tlv(0xa3, sequence(...extensions)),
  );
  const signature = sign('sha256', tbs, { key: signerKey, dsaEncoding: 'der' });
  const der = sequence(tbs, algorithm, bitString(signature));
  return {
    subject: request.subject,
    certPem: pem('CERTIFICATE', der),
    keyPem: privateKeyPem(privateKey),
    privateKey,
    publicKey,
  };
}
