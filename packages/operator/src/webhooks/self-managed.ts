/**
 * The default {@link CertificateSource}: the operator's own serving CA and certificate, kept in one Secret in its
 * namespace and shared by every replica. Certificates are made by `@orkestra/core/x509` (node-forge).
 *
 * The Secret (`kubernetes.io/tls`) holds `tls.crt`/`tls.key` (the serving certificate), `ca.crt`/`ca.key` (the CA
 * that signs it) and, during a CA rotation, `next-ca.crt`/`next-ca.key` or `previous-ca.crt`. The CA bundle the
 * API server trusts is every CA in it. The schedule follows the certificates' own expiry, so every replica
 * reaches the same decision at the same time and, between rotations, no request is sent:
 * - the serving certificate is renewed when a third of its lifetime is left, signed by the same CA (already
 *   trusted: no admission fails);
 * - a third of the CA's lifetime before it expires, a next CA is added to the bundle (still signing nothing);
 * - a sixth before, the next CA becomes the CA and signs a new serving certificate; the old one stays in the
 *   bundle as `previous-ca.crt` until it expires, so a connection made with the old certificate still verifies.
 * Every write is conditional (the Secret's resourceVersion): of replicas deciding together one wins, the others
 * get a conflict, read the winner's Secret and use it.
 */
import { createPrivateKey, createPublicKey, X509Certificate } from 'node:crypto';
import type { ControllerClient } from '@orkestra/core';
import { AlreadyExistsError, ConflictError, type KubeObject, type Logger, silentLogger } from '@orkestra/core';
import { createCertificate, type KeyPairWithCert } from '@orkestra/core/x509';
import type { CertificateSource, ServingCertificate } from './certificate-source.js';

const DAY = 24 * 60 * 60 * 1000;
/** setTimeout's largest delay (~24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Options of {@link SelfManagedCertificates}. */
export interface SelfManagedCertificatesOptions {
  kube: ControllerClient;
  /** The operator's namespace: where the Secret is. */
  namespace: string;
  /** The Secret's name (e.g. `website-operator-webhook-cert`). */
  secretName: string;
  /**
   * The names the serving certificate is valid for: the Service's (`<service>.<namespace>.svc`), or the host of
   * a `url` webhook (`127.0.0.1`). A certificate lacking one is replaced.
   */
  hosts: readonly string[];
  /** The CA's lifetime; default 365 days. */
  caLifetimeMs?: number;
  /** The serving certificate's lifetime; default 90 days. */
  certLifetimeMs?: number;
  logger?: Logger;
}

/** The Secret could not be read or written: names it and the permission to grant. */
export class CertificateSecretError extends Error {
  constructor(
    readonly secret: string,
    cause: unknown,
  ) {
    super(
      `webhook serving certificate: Secret ${secret}: ${(cause as Error).message ?? String(cause)} — the operator ` +
        `needs get, create and update on it (orkestra generate rbac grants them)`,
      { cause },
    );
    this.name = 'CertificateSecretError';
  }
}

interface SecretObject extends KubeObject {
  type?: string;
  data?: Record<string, string>;
}

/** The certificates of the Secret, decoded. */
interface State {
  ca: PemPair;
  next?: PemPair | undefined;
  previousCaPem?: string | undefined;
  serving: PemPair;
}
interface PemPair {
  certPem: string;
  keyPem: string;
}

const decode = (v: string | undefined) => (v === undefined ? undefined : Buffer.from(v, 'base64').toString('utf8'));
const encode = (v: string) => Buffer.from(v, 'utf8').toString('base64');
const expiry = (pem: string) => new Date(new X509Certificate(pem).validTo).getTime();

/** The operator's own CA and serving certificate in a Secret, rotated before expiry; see the file's comment. */
export class SelfManagedCertificates implements CertificateSource {
  private state: State | undefined;
  private readonly listeners: ((pem: string) => void)[] = [];
  private timer: NodeJS.Timeout | undefined;
  private readonly caLifetimeMs: number;
  private readonly certLifetimeMs: number;
  private readonly logger: Logger;

  constructor(private readonly options: SelfManagedCertificatesOptions) {
    this.caLifetimeMs = options.caLifetimeMs ?? 365 * DAY;
    this.certLifetimeMs = options.certLifetimeMs ?? 90 * DAY;
    this.logger = options.logger ?? silentLogger;
  }

  async start(onCertificate: (c: ServingCertificate) => void, signal: AbortSignal): Promise<ServingCertificate> {
    await this.converge();
    const tick = () => {
      if (signal.aborted) return;
      const served = this.state?.serving.certPem;
      const bundle = this.caBundle();
      this.converge().then(
        () => {
          if (this.state && this.state.serving.certPem !== served) onCertificate(this.state.serving);
          const now = this.caBundle();
          if (now !== undefined && now !== bundle) for (const l of this.listeners) l(now);
          schedule();
        },
        (e: unknown) => {
          this.logger.warn({ error: (e as Error).message }, 'webhook certificate rotation failed: retrying in 10s');
          schedule(10_000);
        },
      );
    };
    const schedule = (ms = this.nextCheckMs()) => {
      this.timer = setTimeout(tick, Math.min(Math.max(ms, 0), MAX_TIMER_MS));
      this.timer.unref();
    };
    signal.addEventListener('abort', () => clearTimeout(this.timer), { once: true });
    schedule();
    return this.state!.serving;
  }

  caBundle(): string | undefined {
    const s = this.state;
    if (!s) return undefined;
    return [s.ca.certPem, s.next?.certPem, s.previousCaPem].filter((p): p is string => !!p).join('');
  }

  onCaBundle(listener: (pem: string) => void): void {
    this.listeners.push(listener);
  }

  /** Milliseconds until the next decision is due: the earliest of the thresholds of the current certificates. */
  private nextCheckMs(): number {
    const s = this.state!;
    const now = Date.now();
    const caEnd = expiry(s.ca.certPem);
    const due = [
      expiry(s.serving.certPem) - this.certLifetimeMs / 3,
      s.next ? caEnd - this.caLifetimeMs / 6 : caEnd - this.caLifetimeMs / 3,
      s.previousCaPem ? expiry(s.previousCaPem) : Number.POSITIVE_INFINITY,
    ];
    return Math.min(...due) - now + 50;
  }

  /** Reads the Secret, makes what is due, writes it back conditionally; on a conflict, reads again and adopts. */
  private async converge(): Promise<void> {
    const { kube, namespace, secretName } = this.options;
    const ref = { apiVersion: 'v1', kind: 'Secret', namespace, name: secretName };
    for (let attempt = 0; attempt < 5; attempt++) {
      let live: SecretObject | undefined;
      try {
        live = await kube.get<SecretObject>(ref);
      } catch (e) {
        throw new CertificateSecretError(`${namespace}/${secretName}`, e);
      }
      const current = live ? this.decode(live) : undefined;
      const wanted = this.due(current);
      if (current && wanted === current) {
        this.state = current;
        return;
      }
      try {
        const data = this.encode(wanted);
        if (live) await kube.update({ ...live, data } as SecretObject);
        else
          await kube.create<SecretObject>({
            apiVersion: 'v1',
            kind: 'Secret',
            type: 'kubernetes.io/tls',
            metadata: { name: secretName, namespace, labels: { 'app.kubernetes.io/managed-by': 'orkestra' } },
            data,
          });
        this.state = wanted;
        this.logger.info({ secret: `${namespace}/${secretName}` }, 'webhook certificates written');
        return;
      } catch (e) {
        if (e instanceof ConflictError || e instanceof AlreadyExistsError) continue; // another replica wrote first
        throw new CertificateSecretError(`${namespace}/${secretName}`, e);
      }
    }
    throw new CertificateSecretError(`${namespace}/${secretName}`, new Error('kept changing while being written'));
  }

  /** What the Secret should hold now: `current` itself when nothing is due. */
  private due(current: State | undefined): State {
    const now = Date.now();
    if (!current?.serving.certPem || expiry(current.ca.certPem) <= now) {
      const ca = this.newCa();
      return { ca, serving: this.newServing(ca) };
    }
    let state = current;
    const caEnd = expiry(state.ca.certPem);
    if (state.previousCaPem && expiry(state.previousCaPem) <= now) state = { ...state, previousCaPem: undefined };
    if (!state.next && caEnd - now <= this.caLifetimeMs / 3) state = { ...state, next: this.newCa() };
    if (state.next && caEnd - now <= this.caLifetimeMs / 6)
      state = { ca: state.next, previousCaPem: state.ca.certPem, serving: this.newServing(state.next) };
    else if (this.servingDue(state)) state = { ...state, serving: this.newServing(state.ca) };
    return state;
  }

  /** The serving certificate expires within a third of its lifetime, lacks a host, or is not signed by the CA. */
  private servingDue(state: State): boolean {
    const cert = new X509Certificate(state.serving.certPem);
    if (new Date(cert.validTo).getTime() - Date.now() <= this.certLifetimeMs / 3) return true;
    if (!cert.checkIssued(new X509Certificate(state.ca.certPem))) return true;
    return !this.options.hosts.every((h) => (/^[0-9.]+$|:/.test(h) ? cert.checkIP(h) : cert.checkHost(h)));
  }

  private newCa(): KeyPairWithCert {
    return createCertificate({
      subject: { commonName: `${this.options.secretName}-ca-${Date.now()}` },
      isCA: true,
      lifetimeMs: this.caLifetimeMs,
    });
  }

  private newServing(ca: PemPair): PemPair {
    const [first] = this.options.hosts;
    return createCertificate(
      {
        subject: { commonName: first ?? 'webhook' },
        usages: ['server'],
        hosts: [...this.options.hosts],
        lifetimeMs: this.certLifetimeMs,
      },
      issuerOf(ca),
    );
  }

  private decode(secret: SecretObject): State | undefined {
    const d = secret.data ?? {};
    const [caCert, caKey, tlsCert, tlsKey] = ['ca.crt', 'ca.key', 'tls.crt', 'tls.key'].map((k) => decode(d[k]));
    if (!caCert || !caKey || !tlsCert || !tlsKey) return undefined;
    const nextCert = decode(d['next-ca.crt']);
    const nextKey = decode(d['next-ca.key']);
    return {
      ca: { certPem: caCert, keyPem: caKey },
      next: nextCert && nextKey ? { certPem: nextCert, keyPem: nextKey } : undefined,
      previousCaPem: decode(d['previous-ca.crt']),
      serving: { certPem: tlsCert, keyPem: tlsKey },
    };
  }

  private encode(state: State): Record<string, string> {
    const data: Record<string, string> = {
      'ca.crt': encode(state.ca.certPem),
      'ca.key': encode(state.ca.keyPem),
      'tls.crt': encode(state.serving.certPem),
      'tls.key': encode(state.serving.keyPem),
    };
    if (state.next) {
      data['next-ca.crt'] = encode(state.next.certPem);
      data['next-ca.key'] = encode(state.next.keyPem);
    }
    if (state.previousCaPem) data['previous-ca.crt'] = encode(state.previousCaPem);
    return data;
  }
}

/** A CA read back from PEM, as `createCertificate` takes an issuer. */
function issuerOf(pair: PemPair): KeyPairWithCert {
  const privateKey = createPrivateKey(pair.keyPem);
  return { subject: { commonName: 'ca' }, ...pair, privateKey, publicKey: createPublicKey(privateKey) };
}
