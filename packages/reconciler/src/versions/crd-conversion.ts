/** The CRD's `spec.conversion`: when versions convert by code, the API server calls the conversion webhook. */

import type { OwnerKind } from '../config.js';
import type { ConversionClientConfig, OwnerApi } from '../owner-api.js';

/** A CRD's `spec.conversion` when versions convert by code. */
export interface CrdConversion {
  strategy: 'Webhook';
  webhook: { conversionReviewVersions: ['v1']; clientConfig: ConversionClientConfig };
}

/** A CRD whose versions convert by code, made without saying where its conversion webhook is. */
export class ConversionWebhookError extends Error {
  constructor(
    /** The CRD's name, `websites.example.com`. */
    readonly crd: string,
  ) {
    super(
      `the CRD ${crd} needs a conversion webhook (a version has toHub/fromHub or a conversion module), but no ` +
        `clientConfig was given; give the Service or URL the operator's webhook server is reached at (generate crd ` +
        `--webhook-service <namespace>/<name> or --webhook-url <url>)`,
    );
    this.name = 'ConversionWebhookError';
  }
}

/** Whether some version of `api` converts by code (and so needs the conversion webhook). */
export function convertsByCode(api: OwnerApi): boolean {
  return (api.versions ?? []).some((v) => v.toHub || v.fromHub || v.conversion);
}

/**
 * The path the operator's webhook server serves the conversion of `owner` at: `/convert/<group>/<plural>` (as
 * the admission webhooks' `/validate/<group>/<version>/<plural>`; conversion is per kind, not per version).
 */
export function conversionPath(owner: Pick<OwnerKind, 'plural' | 'group'>): string {
  return `/convert/${owner.group}/${owner.plural}`;
}

/**
 * `spec.conversion` of the CRD of `owner` (strategy Webhook, ConversionReview v1), or undefined when no version
 * converts by code (the API server then only rewrites apiVersion). A Service without a path is given
 * {@link conversionPath}. Throws {@link ConversionWebhookError} when conversion is needed and `clientConfig` is
 * missing.
 */
export function conversionOf(
  owner: OwnerKind,
  api: OwnerApi,
  clientConfig: ConversionClientConfig | undefined,
): CrdConversion | undefined {
  if (!convertsByCode(api)) return undefined;
  if (!clientConfig) throw new ConversionWebhookError(`${owner.plural}.${owner.group}`);
  const config: ConversionClientConfig =
    'service' in clientConfig
      ? {
          ...clientConfig,
          service: { ...clientConfig.service, path: clientConfig.service.path ?? conversionPath(owner) },
        }
      : clientConfig;
  return { strategy: 'Webhook', webhook: { conversionReviewVersions: ['v1'], clientConfig: config } };
}
