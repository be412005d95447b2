/**
 * The validating webhook of Katalogs: the runtime's compile step (the analysis `orkestra validate` runs, and what
 * a Katalog from the cluster may not do) at `kubectl apply`, so a broken Katalog is refused with every problem
 * before it is stored. Served by every replica's webhook server when the Manager has both `katalogs` and
 * `webhooks`. Its `failurePolicy` is `Ignore`: with the runtime down a Katalog is still stored, and the runtime
 * refuses it in its status when it is back (the same check), so the webhook only moves the refusal earlier.
 */

import type { ControllerClient, ResolvedSpec, ResourceHandler } from '@orkestra/core';
import type { ReviewHandler } from '../webhooks/server.js';
import { ReviewError } from '../webhooks/server.js';
import { compileKatalog, type KatalogObject } from './compile.js';
import { KATALOG_KIND } from './katalog-crd.js';
import { problemLines } from './status.js';

/** Where the webhook server answers Katalog reviews. */
export const KATALOG_WEBHOOK_PATH = `/validate/${KATALOG_KIND.group}/${KATALOG_KIND.version}/${KATALOG_KIND.plural}`;

interface KatalogAdmissionRequest {
  uid: string;
  operation?: string;
  object?: KatalogObject;
}

const answer = (uid: string, response: Record<string, unknown>) => ({
  apiVersion: 'admission.k8s.io/v1',
  kind: 'AdmissionReview',
  response: { uid, ...response },
});

/**
 * The review handler of Katalogs with the runtime's `handlers`: allows a Katalog that compiles, refuses one that
 * does not (HTTP 422 in the answer, every problem in the message, which `kubectl apply` prints). Throws
 * {@link ReviewError} (answered 400) for what is not an AdmissionReview v1 with a request.
 */
export function katalogAdmissionHandler(
  handlers: readonly ResourceHandler<unknown, ResolvedSpec>[],
  scopes: ControllerClient['resources'],
): ReviewHandler {
  return async (review) => {
    const r = review as { apiVersion?: unknown; kind?: unknown; request?: KatalogAdmissionRequest } | null;
    if (r?.kind !== 'AdmissionReview' || r.apiVersion !== 'admission.k8s.io/v1' || typeof r.request?.uid !== 'string')
      throw new ReviewError('expected an admission.k8s.io/v1 AdmissionReview with a request');
    const { uid, operation, object } = r.request;
    if (operation === 'DELETE' || !object) return answer(uid, { allowed: true });
    const { problems } = compileKatalog(object, handlers, scopes);
    if (problems.length === 0) return answer(uid, { allowed: true });
    const { namespace, name } = object.metadata;
    const message = `Katalog ${namespace}/${name} is refused: ${problemLines(problems)}`;
    return answer(uid, { allowed: false, status: { code: 422, reason: 'Invalid', message } });
  };
}

/**
 * The ValidatingWebhookConfiguration `name` that sends Katalog creates and updates to the runtime's webhook server
 * at `clientConfig` (a URL, or a Service); its CA bundle is injected by the webhook server (self-managed
 * certificates) or by cert-manager.
 */
export function katalogWebhookConfiguration(
  name: string,
  clientConfig: { url: string } | { service: { name: string; namespace: string; port?: number } },
): Record<string, unknown> {
  const path = KATALOG_WEBHOOK_PATH;
  return {
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind: 'ValidatingWebhookConfiguration',
    metadata: { name },
    webhooks: [
      {
        name: `katalogs.${KATALOG_KIND.group}`,
        admissionReviewVersions: ['v1'],
        sideEffects: 'None',
        failurePolicy: 'Ignore',
        timeoutSeconds: 10,
        clientConfig:
          'url' in clientConfig
            ? { url: `${clientConfig.url.replace(/\/$/, '')}${path}` }
            : { service: { ...clientConfig.service, port: clientConfig.service.port ?? 443, path } },
        rules: [
          {
            apiGroups: [KATALOG_KIND.group],
            apiVersions: [KATALOG_KIND.version],
            operations: ['CREATE', 'UPDATE'],
            resources: [KATALOG_KIND.plural],
          },
        ],
      },
    ],
  };
}
