/**
 * The Katalog validating webhook's review handler (pure): a Katalog that compiles is allowed, a broken one refused
 * with every problem (what `kubectl apply` prints), deletes pass, and what is not a review is a ReviewError.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from '@jest/globals';
import * as configmaps from '@orkestra/configmaps';
import { ResourceRegistry } from '@orkestra/core/kube';
import * as deployments from '@orkestra/deployments';
import * as services from '@orkestra/services';
import { load } from 'js-yaml';
import {
  KATALOG_WEBHOOK_PATH,
  katalogAdmissionHandler,
  katalogWebhookConfiguration,
  ReviewError,
} from '../src/index.js';

const example = load(readFileSync(new URL('../../../examples/platform/katalog.yaml', import.meta.url), 'utf8')) as {
  metadata: Record<string, unknown>;
  spec: { crds: Record<string, unknown>[] };
};
const handler = katalogAdmissionHandler(
  [configmaps.handler, deployments.handler, services.handler] as never[],
  new ResourceRegistry(),
);
const review = (object: unknown, operation = 'CREATE') => ({
  apiVersion: 'admission.k8s.io/v1',
  kind: 'AdmissionReview',
  request: { uid: 'u-1', operation, object },
});
type Answer = { response: { uid: string; allowed: boolean; status?: { code: number; message: string } } };

it('allows the example Katalog', async () => {
  const answer = (await handler(review(example))) as Answer;
  expect(answer.response).toEqual({ uid: 'u-1', allowed: true });
});

it('refuses a broken Katalog with every problem, and lets deletes pass', async () => {
  const [entry] = example.spec.crds;
  const broken = {
    ...example,
    spec: { ...example.spec, crds: [{ ...entry, hooks: './hooks.ts', namespaces: ['x'] }] },
  };
  const answer = (await handler(review(broken))) as Answer;
  expect(answer.response.allowed).toBe(false);
  expect(answer.response.status?.code).toBe(422);
  expect(answer.response.status?.message).toContain('Katalog team-web/website is refused: spec.crds[0].hooks');
  expect(answer.response.status?.message).toContain('spec.crds[0].namespaces');
  expect(((await handler(review(broken, 'DELETE'))) as Answer).response.allowed).toBe(true);
  await expect(handler({ kind: 'ConversionReview' })).rejects.toBeInstanceOf(ReviewError);
});

it('makes the ValidatingWebhookConfiguration calling the path of the review handler', () => {
  const config = katalogWebhookConfiguration('orkestra-katalogs', { url: 'https://127.0.0.1:9443/' }) as {
    webhooks: { clientConfig: { url: string }; failurePolicy: string }[];
  };
  expect(config.webhooks[0]?.clientConfig.url).toBe(`https://127.0.0.1:9443${KATALOG_WEBHOOK_PATH}`);
  expect(config.webhooks[0]?.failurePolicy).toBe('Ignore');
});
