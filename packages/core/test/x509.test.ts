import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { createCertificate } from '../src/x509/index.js';

const SERVING_HOSTS = ['localhost', '127.0.0.1', '::1', 'kubernetes.default.svc', '10.0.0.1'];

const ca = createCertificate({ subject: { commonName: 'test-ca' }, isCA: true, days: 3650 });
const server = createCertificate(
  { subject: { commonName: 'kube-apiserver' }, usages: ['server'], hosts: SERVING_HOSTS },
  ca,
);
const client = createCertificate(
  { subject: { commonName: 'admin', organizations: ['system:masters'] }, usages: ['client'] },
  ca,
);

function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('createCertificate', () => {
  it('makes a CA that signs certificates node:crypto accepts', () => {
    const caCert = new X509Certificate(ca.certPem);
    const serverCert = new X509Certificate(server.certPem);
    expect(caCert.ca).toBe(true);
    expect(serverCert.ca).toBe(false);
    expect(caCert.verify(ca.publicKey)).toBe(true);
    expect(serverCert.verify(ca.publicKey)).toBe(true);
    expect(serverCert.checkIssued(caCert)).toBe(true);
    expect(serverCert.checkPrivateKey(server.privateKey)).toBe(true);
    expect(serverCert.issuer).toBe('CN=test-ca');
  });

  it('puts DNS names and IP addresses in subjectAltName', () => {
    const cert = new X509Certificate(server.certPem);
    expect(cert.checkHost('localhost')).toBe('localhost');
    expect(cert.checkHost('kubernetes.default.svc')).toBe('kubernetes.default.svc');
    expect(cert.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(cert.checkIP('::1')).toBe('::1');
    expect(cert.checkIP('10.0.0.1')).toBe('10.0.0.1');
    expect(cert.checkHost('example.com')).toBeUndefined();
  });

  it('puts organizations (Kubernetes groups) and the common name (user) in the subject', () => {
    expect(new X509Certificate(client.certPem).subject.split('\n')).toEqual(['O=system:masters', 'CN=admin']);
  });

  it('is valid now and for the requested days', () => {
    const cert = new X509Certificate(server.certPem);
    const now = Date.now();
    expect(new Date(cert.validFrom).getTime()).toBeLessThan(now);
    expect(new Date(cert.validTo).getTime()).toBeGreaterThan(now + 364 * 24 * 3600 * 1000);
    const long = new X509Certificate(createCertificate({ subject: { commonName: 'x' }, days: 365 * 40 }, ca).certPem);
    expect(new Date(long.validTo).getUTCFullYear()).toBeGreaterThanOrEqual(2060); // GeneralizedTime from 2050
  });

  // openssl is on every machine this project builds on (Debian images); without it this fails, it is never skipped.
  it('is valid for lifetimeMs when given instead of days', () => {
    const before = Date.now();
    const short = createCertificate({ subject: { commonName: 'short' }, lifetimeMs: 30_000 }, ca);
    const validTo = new Date(new X509Certificate(short.certPem).validTo).getTime();
    expect(validTo).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 29_000);
    expect(validTo).toBeLessThanOrEqual(Date.now() + 31_000);
  });

  it('passes `openssl verify` with the server and client purposes', () => {
    expect(hasOpenssl()).toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'testenv-x509-'));
    try {
      writeFileSync(join(dir, 'ca.crt'), ca.certPem);
      writeFileSync(join(dir, 'server.crt'), server.certPem);
      writeFileSync(join(dir, 'client.crt'), client.certPem);
      const verify = (purpose: string, file: string) =>
        execFileSync('openssl', ['verify', '-CAfile', join(dir, 'ca.crt'), '-purpose', purpose, join(dir, file)], {
          encoding: 'utf8',
        });
      expect(verify('sslserver', 'server.crt')).toContain('OK');
      expect(verify('sslclient', 'client.crt')).toContain('OK');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
