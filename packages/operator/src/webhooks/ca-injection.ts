/**
 * Writes the CA bundle into the operator's webhook configurations (`webhooks[].clientConfig.caBundle`), so the
 * API server trusts the serving certificate: at start and after each CA change, on every replica (the same
 * bundle: the writes agree). A configuration already holding the bundle costs one GET and no write.
 */
import { ConflictError, type KubeObject } from '@orkestra/core';
import type { Kubeclient } from '@orkestra/core/kube';

/** A webhook configuration to inject into. */
export interface InjectionTarget {
  kind: 'ValidatingWebhookConfiguration' | 'MutatingWebhookConfiguration';
  name: string;
}

interface WebhookConfigurationObject extends KubeObject {
  webhooks?: { name: string; clientConfig?: { caBundle?: string } }[];
}

/**
 * Sets `pem` as the caBundle of every webhook of `target`; resolves `missing` when the configuration does not
 * exist (not applied yet), `unchanged` or `written`. Retries a write that lost a race.
 */
export async function injectCaBundle(
  kube: Kubeclient,
  target: InjectionTarget,
  pem: string,
  signal?: AbortSignal,
): Promise<'missing' | 'unchanged' | 'written'> {
  const caBundle = Buffer.from(pem, 'utf8').toString('base64');
  const ref = { apiVersion: 'admissionregistration.k8s.io/v1', kind: target.kind, name: target.name };
  for (let attempt = 0; ; attempt++) {
    const live = await kube.get<WebhookConfigurationObject>(ref, { signal });
    if (!live) return 'missing';
    const webhooks = live.webhooks ?? [];
    if (webhooks.every((w) => w.clientConfig?.caBundle === caBundle)) return 'unchanged';
    try {
      await kube.update(
        { ...live, webhooks: webhooks.map((w) => ({ ...w, clientConfig: { ...w.clientConfig, caBundle } })) },
        { signal },
      );
      return 'written';
    } catch (e) {
      if (!(e instanceof ConflictError) || attempt >= 4) throw e;
    }
  }
}
