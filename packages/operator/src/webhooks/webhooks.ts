/**
 * The Manager's webhooks: the {@link WebhookServer} (its routes), its {@link CertificateSource}, and the CA
 * bundle for whoever must tell the API server to trust it. Every replica runs one, leader or not.
 */
import type { Logger } from '@orkestra/core';
import type { CertificateSource, ServingCertificate } from './certificate-source.js';
import { type ReviewHandler, WebhookServer } from './server.js';

/** The webhook server's part of the Manager's options. */
export interface WebhookServing {
  /** `host:port` of the HTTPS server; port 0 picks one. Default `:9443`. */
  address?: string;
  /** Where the serving certificate comes from (see {@link CertificateSource}). */
  certificates: CertificateSource;
}

/**
 * The webhook server of a Manager, with its certificate. Add routes with {@link route} (before or after
 * start); read the CA bundle the API server must trust with {@link caBundle}, and hear its changes (a CA
 * rotation) with {@link onCaBundle} — e.g. to write it into a CRD's `spec.conversion.webhook.clientConfig`.
 *
 * @example
 * manager.webhooks?.route('/convert/example.com/websites', (review) => convert(review));
 * manager.webhooks?.onCaBundle((pem) => patchCrdCaBundle(pem));
 */
export class Webhooks {
  readonly server = new WebhookServer();
  private readonly abort = new AbortController();

  constructor(
    private readonly options: WebhookServing,
    private readonly logger: Logger,
  ) {}

  /** Serves `handler` at `path` on every replica: see {@link WebhookServer.route}. */
  route(path: string, handler: ReviewHandler): void {
    this.server.route(path, handler);
  }

  /** The CA bundle (PEM) to trust the server by, once started; `undefined` when cert-manager injects it. */
  caBundle(): string | undefined {
    return this.options.certificates.caBundle();
  }

  /** Calls `listener` with each new CA bundle after start (a CA rotation), never the first (read {@link caBundle}). */
  onCaBundle(listener: (pem: string) => void): void {
    this.options.certificates.onCaBundle(listener);
  }

  /** True once the server listens with its certificate: `/readyz` waits for it. */
  get ready(): boolean {
    return this.server.ready;
  }

  /** `https://host:port`, once listening. */
  get url(): string | undefined {
    return this.server.url;
  }

  /**
   * Gets the first certificate, then listens; later certificates are swapped in as they come. Throws what the
   * certificate source throws, or `HttpAddressError`.
   */
  async start(): Promise<void> {
    const rotated = (certificate: ServingCertificate) => {
      this.server.setCertificate(certificate);
      this.logger.info({}, 'webhook serving certificate rotated');
    };
    this.server.setCertificate(await this.options.certificates.start(rotated, this.abort.signal));
    await this.server.listen({ address: this.options.address });
    this.logger.info({ url: this.server.url, paths: this.server.paths }, `serving webhooks on ${this.server.url}`);
  }

  /** Stops the certificate source and the server. */
  async stop(): Promise<void> {
    this.abort.abort();
    await this.server.close();
  }
}
