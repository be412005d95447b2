/**
 * The conversion webhooks of the Manager's owner kinds: for each reconciler whose `api` has a version that
 * converts by code, a route at `/convert/<plural>.<group>` answering ConversionReviews (v1) with the kind's
 * converter (`ownerConverter`: hub-and-spoke through the reconciler's version, round trips kept in an annotation).
 * Every replica serves them, leader or not: the API server calls whichever it reaches.
 */
import {
  type ConversionClientConfig,
  type ConversionReview,
  ownerConverter,
  type ReconcilerConfig,
  reviewConversion,
} from '@orkestra/reconciler';
import { conversionPath, convertsByCode } from '@orkestra/reconciler/internal';

/** One conversion route: its path, and the answer to a ConversionReview's parsed JSON body. */
export interface ConversionRoute {
  /** `/convert/websites.example.com`. */
  path: string;
  /** The CRD's name, `websites.example.com`. */
  crd: string;
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
        review: (body: unknown) => reviewConversion(body, converter),
      },
    ];
  });
}

/** Conversion routes are needed, and the Manager has no webhook server (or no clientConfig) to serve them by. */
export class ConversionServingError extends Error {
  constructor(
    /** The CRDs whose versions convert by code. */
    readonly crds: readonly string[],
    /** What is missing: `webhooks` or `conversionClientConfig`. */
    readonly missing: 'webhooks' | 'conversionClientConfig',
  ) {
    super(
      missing === 'webhooks'
        ? `${crds.join(', ')}: a version converts by code, and the API server calls the conversion webhook for it; give the Manager webhooks (the server and its certificate) to serve it`
        : `${crds.join(', ')}: a version converts by code; to install the CRD, give the Manager conversionClientConfig (the Service, or the URL, the API server reaches its webhook server at)`,
    );
    this.name = 'ConversionServingError';
  }
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
