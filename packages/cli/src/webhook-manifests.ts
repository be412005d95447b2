/**
 * What the admission webhooks of a katalog (its entries' `webhooks:`) or of a code operator need in a cluster:
 * for `generate manifests`, a Service in front of the webhook port and the Validating/MutatingWebhookConfiguration
 * (made by the operator's `webhookConfigurations`, the function the tests install from); for `generate rbac`, the
 * permissions on exactly those objects and the certificate Secret; for `run`, the Manager's `webhooks` option.
 */
import type { KubeObject } from '@orkestra/core';
import { type Permission, type WebhookServing, webhookConfigurations, webhookPermissions } from '@orkestra/operator';
import type { ReconcilerConfig } from '@orkestra/reconciler';
import { convertsByCode } from '@orkestra/reconciler/internal';

/** The container port of the webhook server (kubebuilder's). */
export const WEBHOOK_PORT = 9443;

type WebhookConfig = Pick<ReconcilerConfig, 'owner' | 'webhooks' | 'namespaces' | 'api'>;

/** Whether any configuration serves a hook at admission, or converts between its versions by code. */
export function servesWebhooks(configs: readonly WebhookConfig[]): boolean {
  return configs.some((c) => c.webhooks?.validate || c.webhooks?.default || (c.api && convertsByCode(c.api)));
}

/** The Service in front of the webhook port: `<name>-webhook`. */
export const webhookServiceName = (name: string) => `${name}-webhook`;

/** The webhook configurations of `configs`, calling the Service `<name>-webhook` in `namespace` (port 443). */
export function clusterWebhookConfigurations(
  configs: readonly WebhookConfig[],
  name: string,
  namespace: string,
): KubeObject[] {
  return webhookConfigurations(configs, {
    name,
    clientConfig: { service: { name: webhookServiceName(name), namespace } },
  });
}

/**
 * The Service (443 → the pods' `webhook` port) and the webhook configurations; nothing when no configuration
 * serves a hook at admission.
 */
export function webhookManifests(
  configs: readonly WebhookConfig[],
  options: { name: string; namespace: string; labels: Record<string, string>; selector: Record<string, string> },
): KubeObject[] {
  if (!servesWebhooks(configs)) return [];
  const { name, namespace } = options;
  return [
    {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: webhookServiceName(name), namespace, labels: options.labels },
      spec: {
        selector: options.selector,
        ports: [{ name: 'webhook', port: 443, targetPort: 'webhook', protocol: 'TCP' }],
      },
    },
    ...clusterWebhookConfigurations(configs, name, namespace),
  ];
}

/**
 * What the webhooks need of RBAC, run as `name` in `namespace` with a self-managed certificate: with get and
 * patch on the CRDs whose versions convert by code (their conversion webhook's CA bundle).
 */
export function webhookRbac(configs: readonly WebhookConfig[], name: string, namespace: string): Permission[] {
  if (!servesWebhooks(configs)) return [];
  const kinds = clusterWebhookConfigurations(configs, name, namespace).map(
    (o) => o.kind as 'ValidatingWebhookConfiguration' | 'MutatingWebhookConfiguration',
  );
  const conversionCrds = configs.flatMap((c) =>
    c.api && convertsByCode(c.api) ? [`${c.owner.plural}.${c.owner.group}`] : [],
  );
  return webhookPermissions({ name, secretName: `${name}-webhook-cert` }, namespace, kinds, conversionCrds);
}

/**
 * The Manager's `webhooks` option for `orkestra run`: the Service's names (or `url`, `--webhook-url`) for the
 * clientConfig and the certificate, the address, and cert-manager's folder when given; `false` when no
 * configuration serves a hook at admission or converts by code.
 */
export function runWebhooks(
  configs: readonly WebhookConfig[],
  options: { name: string; namespace: string; address: string; certDir?: string | undefined; url?: string | undefined },
): WebhookServing | false {
  if (!servesWebhooks(configs)) return false;
  return {
    name: options.name,
    clientConfig: options.url
      ? { url: options.url }
      : { service: { name: webhookServiceName(options.name), namespace: options.namespace } },
    address: options.address,
    ...(options.certDir ? { certificates: { mode: 'cert-manager' as const, certDir: options.certDir } } : {}),
  };
}
