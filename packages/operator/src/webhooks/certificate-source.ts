/**
 * Where the webhook server's certificate comes from: a {@link CertificateSource}. Two ship: the operator's own
 * CA and certificate in a Secret (`self-managed.ts`, the default), and files a Secret mounts, as cert-manager
 * writes them ({@link FileCertificates}).
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** A serving certificate (PEM, leaf first, then any intermediates) and its private key (PEM). */
export interface ServingCertificate {
  certPem: string;
  keyPem: string;
}

/**
 * A source of serving certificates. {@link start} resolves the first one; each later one (a rotation) goes to
 * `onCertificate`, which the webhook server swaps in without closing a connection.
 */
export interface CertificateSource {
  /**
   * Resolves the first certificate; then calls `onCertificate` with each new one until `signal` aborts. Throws
   * when no certificate can be had (a missing file, a Secret that cannot be read or written), naming it.
   */
  start(onCertificate: (certificate: ServingCertificate) => void, signal: AbortSignal): Promise<ServingCertificate>;
  /**
   * The CA bundle (PEM, one or more CAs) the API server must trust to call the webhooks, once {@link start}
   * resolved; `undefined` when something else injects it (cert-manager's `inject-ca-from` annotation). During a
   * CA rotation it holds the old and the new CA. `onCaBundle` hears each change.
   */
  caBundle(): string | undefined;
  /** Calls `listener` with each new CA bundle (not the first: read {@link caBundle} for it). */
  onCaBundle(listener: (pem: string) => void): void;
}

/** The certificate files are missing or unreadable: names the file and what to mount. */
export class CertificateFilesError extends Error {
  constructor(
    readonly file: string,
    cause: unknown,
  ) {
    super(
      `webhook serving certificate: cannot read ${file}: ${(cause as Error).message ?? String(cause)} — mount the ` +
        `Secret of the Certificate (cert-manager writes tls.crt and tls.key) at that folder`,
      { cause },
    );
    this.name = 'CertificateFilesError';
  }
}

/** Options of {@link FileCertificates}. */
export interface FileCertificatesOptions {
  /** The folder a Secret is mounted at, holding `tls.crt` and `tls.key`. */
  dir: string;
  /**
   * How often the files are looked at for a change; default 10000 ms (kubelet updates a mounted Secret within ~a
   * minute).
   */
  pollMs?: number;
}

/**
 * cert-manager mode: the certificate and key are files (`tls.crt`, `tls.key`) of a mounted Secret, read at start
 * and read again when they change (kubelet swaps the folder's `..data` link on an update; cert-manager renews
 * before expiry). The CA bundle is cert-manager's to inject (`cert-manager.io/inject-ca-from` on the webhook
 * configurations and the CRD): {@link caBundle} is `undefined`.
 */
export class FileCertificates implements CertificateSource {
  constructor(private readonly options: FileCertificatesOptions) {}

  async start(onCertificate: (c: ServingCertificate) => void, signal: AbortSignal): Promise<ServingCertificate> {
    let [first, stamp] = await this.read();
    const timer = setInterval(() => {
      this.read().then(
        ([next, nextStamp]) => {
          if (nextStamp === stamp) return;
          stamp = nextStamp;
          if (next.certPem !== first.certPem || next.keyPem !== first.keyPem) onCertificate((first = next));
        },
        () => undefined, // mid-swap, or gone for a moment: the next look tries again; the old certificate serves on
      );
    }, this.options.pollMs ?? 10_000);
    timer.unref();
    signal.addEventListener('abort', () => clearInterval(timer), { once: true });
    return first;
  }

  caBundle(): undefined {
    return undefined;
  }

  onCaBundle(): void {}

  private async read(): Promise<[ServingCertificate, string]> {
    const file = (name: string) => join(this.options.dir, name);
    const get = async (name: string) => {
      try {
        const [text, info] = await Promise.all([readFile(file(name), 'utf8'), stat(file(name))]);
        return [text, `${info.mtimeMs}:${info.size}`] as const;
      } catch (e) {
        throw new CertificateFilesError(file(name), e);
      }
    };
    const [[certPem, a], [keyPem, b]] = await Promise.all([get('tls.crt'), get('tls.key')]);
    return [{ certPem, keyPem }, `${a}|${b}`];
  }
}
