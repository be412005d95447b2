/**
 * The Manager's webhooks: the {@link WebhookServer} (its routes: the admission hooks of the reconcilers, and
 * whatever else is added, e.g. CRD conversion), its {@link CertificateSource}, and the CA bundle written into the
 * operator's webhook configurations. Every replica runs one, leader or not.
 */
import type { ControllerClient, Logger } from '@orkestra/core';
import type { ReconcilerConfig } from '@orkestra/reconciler';
import { EventRecorder } from '@orkestra/reconciler/internal';
import type { Permission } from '../permission-check.js';
import { admissionHandler, checkAdmissionHooks } from './admission.js';
import {
  type ConversionInjection,
  type ConversionTarget,
  type InjectionTarget,
  injectCaBundle,
  injectConversionCaBundle,
} from './ca-injection.js';
import { type CertificateSource, FileCertificates, type ServingCertificate } from './certificate-source.js';
import { admissionConfigs, type WebhookClientConfig, webhookConfigurations, webhookPath } from './configurations.js';
import { webhookPermissions } from './permissions.js';
import type { WebhookLimits } from './request-limits.js';
import { SelfManagedCertificates, type SelfManagedCertificatesOptions } from './self-managed.js';
import { type ReviewHandler, WebhookServer } from './server.js';

/** The operator's own CA and certificate in a Secret (the default): see {@link SelfManagedCertificates}. */
export interface SelfManagedMode {
  mode: 'self-managed';
  /** Default `<name>-webhook-cert`. */
  secretName?: string;
  /** Default 365 days. */
  caLifetimeMs?: number;
  /** Default 90 days. */
  certLifetimeMs?: number;
}

/**
 * cert-manager's certificate, from the folder its Secret is mounted at (`tls.crt`, `tls.key`); see {@link
 * FileCertificates}.
 */
export interface CertManagerMode {
  mode: 'cert-manager';
  certDir: string;
}

/** The webhook server's part of the Manager's options. */
export interface WebhookServing {
  /**
   * The operator's name: of its ValidatingWebhookConfiguration and MutatingWebhookConfiguration (see
   * `webhookConfigurations`) and, self-managed, of its certificate Secret (`<name>-webhook-cert`).
   */
  name: string;
  /**
   * How the API server reaches this server: the operator's Service in a cluster (`{ service: { name,
   * namespace } }`), or a URL outside one (`{ url: 'https://127.0.0.1:9443' }`). It names the hosts of the
   * self-managed certificate.
   */
  clientConfig: WebhookClientConfig;
  /** `host:port` of the HTTPS server; port 0 picks one. Default `:9443`. */
  address?: string;
  /**
   * Where the serving certificate comes from; default self-managed. A {@link CertificateSource} of your own works too.
   */
  certificates?: SelfManagedMode | CertManagerMode | CertificateSource;
  /** Bounds on request bodies and requests at once (see {@link WebhookLimits}); defaults fit a 256 MiB pod. */
  limits?: WebhookLimits;
}

/** Told whether the API server can reach the conversion webhook of a CRD (`reason` says why not). */
export type ConversionStateListener = (crd: string, reachable: boolean, reason?: string) => void;

/** Where a CA bundle goes: a webhook configuration, or a CRD's conversion webhook. */
type Target = InjectionTarget | ConversionTarget;

/** The hosts a certificate must hold for `clientConfig`. */
function hostsOf(clientConfig: WebhookClientConfig): string[] {
  if ('url' in clientConfig) return [new URL(clientConfig.url).hostname.replace(/^\[|\]$/g, '')];
  const { name, namespace } = clientConfig.service;
  return [`${name}.${namespace}.svc`, `${name}.${namespace}.svc.cluster.local`];
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
  readonly server: WebhookServer;
  private readonly abort = new AbortController();
  private readonly certificates: CertificateSource;
  private readonly targets: InjectionTarget[];
  private readonly conversionTargets: ConversionTarget[] = [];
  /** The last problem logged per CRD, so a problem that lasts is logged once, not every 10 s. */
  private readonly reported = new Map<string, string>();
  private started = false;
  /** Events on a CRD whose conversion the API server cannot reach (created lazily: most operators have none). */
  private events: EventRecorder | undefined;

  /**
   * Routes the admission hooks of `reconcilers` (see `ReconcilerConfig.webhooks`); throws
   * `AdmissionWebhookConfigError` when one is opted in without its hook, or a `default` hook is not opted in.
   */
  constructor(
    private readonly options: WebhookServing,
    private readonly context: {
      kube: ControllerClient;
      namespace: string;
      logger: Logger;
      reconcilers: readonly Pick<ReconcilerConfig, 'owner' | 'hooks' | 'webhooks' | 'namespaces'>[];
      /** Told each time a CRD's conversion webhook is found reachable or not (a metric's gauge). */
      onConversionState?: ConversionStateListener;
      /** A ValidatingWebhookConfiguration `name` exists besides the reconcilers' (the Katalogs'): inject its CA too. */
      validatesKatalogs?: boolean;
    },
  ) {
    this.server = new WebhookServer(options.limits);
    const certs = options.certificates ?? { mode: 'self-managed' };
    this.certificates = !('mode' in certs)
      ? certs
      : certs.mode === 'cert-manager'
        ? new FileCertificates({ dir: certs.certDir })
        : new SelfManagedCertificates(this.selfManaged(certs));
    for (const config of context.reconcilers) checkAdmissionHooks(config);
    for (const hook of ['validate', 'default'] as const)
      for (const config of admissionConfigs(context.reconcilers, hook))
        this.route(webhookPath(hook, config.owner), admissionHandler(config, hook, context.logger));
    this.targets = webhookConfigurations(context.reconcilers, {
      name: options.name,
      clientConfig: options.clientConfig,
    }).map((o) => ({ kind: o.kind as InjectionTarget['kind'], name: options.name }));
    if (context.validatesKatalogs && !this.targets.some((t) => t.kind === 'ValidatingWebhookConfiguration'))
      this.targets.push({ kind: 'ValidatingWebhookConfiguration', name: options.name });
  }

  private selfManaged(mode: SelfManagedMode): SelfManagedCertificatesOptions {
    return {
      kube: this.context.kube,
      namespace: this.context.namespace,
      secretName: mode.secretName ?? `${this.options.name}-webhook-cert`,
      hosts: hostsOf(this.options.clientConfig),
      logger: this.context.logger,
      ...(mode.caLifetimeMs !== undefined ? { caLifetimeMs: mode.caLifetimeMs } : {}),
      ...(mode.certLifetimeMs !== undefined ? { certLifetimeMs: mode.certLifetimeMs } : {}),
    };
  }

  /**
   * What these webhooks need of RBAC (see {@link webhookPermissions}), with the CRDs `conversionCrds` whose
   * conversion webhook gets the CA bundle.
   */
  permissions(conversionCrds: readonly string[] = []): Permission[] {
    const certs = this.options.certificates ?? { mode: 'self-managed' };
    const secretName =
      'mode' in certs && certs.mode === 'self-managed'
        ? (certs.secretName ?? `${this.options.name}-webhook-cert`)
        : undefined;
    return webhookPermissions(
      { name: this.options.name, secretName },
      this.context.namespace,
      [...new Set(this.targets.map((t) => t.kind))],
      conversionCrds,
    );
  }

  /** Serves `handler` at `path` on every replica: see {@link WebhookServer.route}. */
  route(path: string, handler: ReviewHandler): void {
    this.server.route(path, handler);
  }

  /** The CA bundle (PEM) to trust the server by, once started; `undefined` when cert-manager injects it. */
  caBundle(): string | undefined {
    return this.certificates.caBundle();
  }

  /** Calls `listener` with each new CA bundle after start (a CA rotation), never the first (read {@link caBundle}). */
  onCaBundle(listener: (pem: string) => void): void {
    this.certificates.onCaBundle(listener);
  }

  /**
   * Keeps the CA bundle of each CRD of `targets` current, as for the webhook configurations: at once when
   * started (else at start), and after each CA change. A CRD not installed yet is tried again every 10 s; one
   * whose conversion calls something else is never written, and is logged as an error (again every 10 s
   * checked, logged when the reason changes). Nothing to do when the bundle is injected by someone else
   * (cert-manager).
   */
  keepConversionCaBundles(targets: readonly ConversionTarget[]): void {
    this.conversionTargets.push(...targets);
    const bundle = this.certificates.caBundle();
    if (this.started && bundle !== undefined) void this.inject(bundle, [...targets]);
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
   * Gets the first certificate, listens, and writes the CA bundle into the webhook configurations (again after
   * each CA change). Throws what the certificate source throws, or `HttpAddressError`.
   */
  async start(): Promise<void> {
    const rotated = (certificate: ServingCertificate) => {
      this.server.setCertificate(certificate);
      this.context.logger.info({}, 'webhook serving certificate rotated');
    };
    this.server.setCertificate(await this.certificates.start(rotated, this.abort.signal));
    await this.server.listen({ address: this.options.address });
    this.context.logger.info(
      { url: this.server.url, paths: this.server.paths },
      `serving webhooks on ${this.server.url}`,
    );
    this.started = true;
    const bundle = this.certificates.caBundle();
    if (bundle !== undefined) await this.inject(bundle, [...this.targets, ...this.conversionTargets]);
    this.certificates.onCaBundle((pem) => void this.inject(pem, [...this.targets, ...this.conversionTargets]));
  }

  /** Writes `pem` into one target; resolves whether it must be tried again (not there yet, or a failure). */
  private async injectInto(target: Target, pem: string): Promise<boolean> {
    const { kube, logger } = this.context;
    try {
      if (target.kind !== 'CustomResourceDefinition') {
        const done = await injectCaBundle(kube, target, pem, this.abort.signal);
        if (done !== 'missing') logger.info({ target }, `CA bundle ${done} in ${target.kind} ${target.name}`);
        return done === 'missing';
      }
      const done = await injectConversionCaBundle(kube, target, pem, this.abort.signal);
      this.conversionState(target, done);
      return typeof done !== 'string' || done === 'missing';
    } catch (e) {
      if (this.abort.signal.aborted) return false;
      const error = (e as Error).message;
      if (target.kind === 'CustomResourceDefinition')
        this.conversionState(target, { elsewhere: `its CA bundle cannot be written: ${error}` });
      else logger.warn({ target, error }, 'could not write the webhook CA bundle');
      return true;
    }
  }

  /** Reports what an injection into a CRD found: logged (a problem once per reason) and told the listener. */
  private conversionState(target: ConversionTarget, done: ConversionInjection): void {
    const { logger, onConversionState } = this.context;
    if (done === 'written' || done === 'unchanged') {
      this.reported.delete(target.name);
      onConversionState?.(target.name, true);
      if (done === 'written')
        logger.info({ crd: target.name }, `CA bundle written in the conversion webhook of CRD ${target.name}`);
      return;
    }
    const reason =
      done === 'missing'
        ? 'it is not installed (apply the output of orkestra generate crd, or run with --install-crds)'
        : done.elsewhere;
    onConversionState?.(target.name, false, reason);
    if (this.reported.get(target.name) === reason) return;
    this.reported.set(target.name, reason);
    if (typeof done !== 'string' && done.uid) this.warnOn(target.name, done.uid, reason);
    logger.error(
      { crd: target.name, reason, serves: target.clientConfig },
      `the API server cannot call the conversion webhook of CRD ${target.name}: ${reason}; reading an object at ` +
        `another version than the one it is stored as fails until then; checking again every 10s`,
    );
  }

  /**
   * A Warning Event on the CRD `name` (`kubectl describe crd` shows it): its conversion cannot be reached. An
   * Event of a cluster-scoped object lives in `default`; sending never throws (a failure is logged).
   */
  private warnOn(name: string, uid: string, reason: string): void {
    this.events ??= new EventRecorder(this.context.kube, { logger: this.context.logger, component: 'orkestra' });
    const crd = { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name, uid } };
    void this.events.record(
      crd,
      'Warning',
      'ConversionWebhookUnreachable',
      `the API server cannot call this operator's conversion webhook: ${reason}`,
    );
  }

  /** Writes `pem` into every target; one not there yet (or whose write failed) is tried again every 10 s. */
  private async inject(pem: string, targets: readonly Target[]): Promise<void> {
    const missing: Target[] = [];
    for (const target of targets) if (await this.injectInto(target, pem)) missing.push(target);
    if (missing.length === 0 || this.abort.signal.aborted) return;
    const configurations = missing.filter((t) => t.kind !== 'CustomResourceDefinition');
    if (configurations.length)
      this.context.logger.warn(
        { missing: configurations.map((t) => `${t.kind}/${t.name}`) },
        'webhook configuration not found: apply the output of orkestra generate manifests; trying again in 10s',
      );
    const timer = setTimeout(() => {
      if (this.certificates.caBundle() === pem) void this.inject(pem, missing);
    }, 10_000);
    timer.unref();
    this.abort.signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  }

  /** Stops the certificate source and the server. */
  async stop(): Promise<void> {
    this.abort.abort();
    await this.server.close();
  }
}
