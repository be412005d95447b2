/**
 * The conversion webhooks of the Manager's owner kinds: for each reconciler whose `api` has a version that
 * converts by code, a route at `/convert/<group>/<plural>` answering ConversionReviews (v1) with the kind's
 * converter (`ownerConverter`: hub-and-spoke through the reconciler's version, round trips kept in an annotation).
 * Every replica serves them, leader or not: the API server calls whichever it reaches.
 */
import { type OwnerKind, ownerConverter, type ReconcilerConfig } from '@orkestra/reconciler';
import {
  type ConversionClientConfig,
  type ConversionReview,
  conversionPath,
  convertsByCode,
  reviewConversion,
} from '@orkestra/reconciler/internal';
import type { WebhookClientConfig } from './webhooks/configurations.js';

/** One conversion route: its path, and the answer to a ConversionReview's parsed JSON body. */
export interface ConversionRoute {
  /** `/convert/example.com/websites`. */
  path: string;
  /** The CRD's name, `websites.example.com`. */
  crd: string;
  /** The owner kind converted. */
  owner: OwnerKind;
  /** Never throws: a review that cannot be answered is a `Failure` with its reason. */
  review(body: unknown): ConversionReview;
}

/**
 * The conversion routes of `configs`: one per owner kind with a version that converts by code (none for the
 * others). Builds each converter once; throws the reconciler's `ConversionError` when a version's conversion
 * module was not loaded.
 */
export function conversionRoutes(configs: readonly Pick<ReconcilerConfig, 'owner' | 'api'>[]): ConversionRoute[] {
  return configs.flatMap(({ owner, api }) => {
    if (!api || !convertsByCode(api)) return [];
    const converter = ownerConverter(owner, api);
    return [
      {
        path: conversionPath(owner),
        crd: `${owner.plural}.${owner.group}`,
        owner,
        review: (body: unknown) => reviewConversion(body, converter),
      },
    ];
  });
}

/** An owner kind converts by code, and the Manager has no webhook server to serve its conversion webhook. */
export class ConversionServingError extends Error {
  constructor(
    /** The CRDs whose versions convert by code. */
    readonly crds: readonly string[],
    /** What is missing. */
    readonly missing: 'webhooks',
  ) {
    super(
      `${crds.join(', ')}: a version converts by code, and the API server calls the conversion webhook for it; give ` +
        `the Manager webhooks (the server, its clientConfig and certificate) to serve it`,
    );
    this.name = 'ConversionServingError';
  }
}

/**
 * The conversion clientConfig of `owner` from the webhook server's: its Service with the path
 * `/convert/<group>/<plural>` (port 443 unless given), or its base URL with the path appended.
 */
export function conversionClientConfig(
  server: WebhookClientConfig,
  owner: Pick<OwnerKind, 'group' | 'plural'>,
): ConversionClientConfig {
  const path = conversionPath(owner);
  if ('url' in server) return { url: `${server.url.replace(/\/$/, '')}${path}` };
  return { service: { ...server.service, port: server.service.port ?? 443, path } };
}

/**
 * The clientConfig the installed CRDs call: `clientConfig` with the webhook server's CA bundle (base64, as the
 * CRD holds it) when the Manager manages its certificate; as given when the bundle is injected by someone else
 * (cert-manager).
 */
export function withCaBundle(
  clientConfig: ConversionClientConfig,
  caBundlePem: string | undefined,
): ConversionClientConfig {
  if (caBundlePem === undefined) return clientConfig;
  return { ...clientConfig, caBundle: Buffer.from(caBundlePem, 'utf8').toString('base64') };
}
