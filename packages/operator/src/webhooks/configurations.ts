/**
 * The ValidatingWebhookConfiguration and MutatingWebhookConfiguration of an operator's admission webhooks, made
 * from its reconciler configurations: what `orkestra generate manifests` writes, what the tests install, and
 * the names the Manager injects its CA bundle into — one function, so the three cannot disagree.
 */
import type { KubeObject } from '@orkestra/core';
import type { OwnerKind, ReconcilerConfig } from '@orkestra/reconciler';
import type { WebhookSettings } from '@orkestra/reconciler/internal';

/** Which admission hook: `validate` (a validating webhook) or `default` (a mutating one). */
export type AdmissionHookName = 'validate' | 'default';

/** How the API server reaches the webhook server. */
export type WebhookClientConfig =
  /** In a cluster: the operator's Service (port default 443, forwarded to the webhook server's port). */
  | { service: { name: string; namespace: string; port?: number } }
  /** Outside one (a local control plane, tests): a base URL, `https://127.0.0.1:9443`. */
  | { url: string };

/** Options of {@link webhookConfigurations}. */
export interface WebhookConfigurationOptions {
  /** The configurations' name (both kinds): the operator's, e.g. `website-operator`. */
  name: string;
  clientConfig: WebhookClientConfig;
  /** The CA bundle (PEM) to write in; absent: left for the Manager (or cert-manager) to inject. */
  caBundle?: string;
  /** Annotations of both objects, e.g. cert-manager's `cert-manager.io/inject-ca-from`. */
  annotations?: Record<string, string>;
}

/** The path of a hook's webhook for an owner kind: `/validate/example.com/v1/websites`. */
export function webhookPath(hook: AdmissionHookName, owner: Pick<OwnerKind, 'group' | 'version' | 'plural'>): string {
  return `/${hook}/${owner.group}/${owner.version}/${owner.plural}`;
}

/** The settings of a hook opted in at admission, with the defaults; undefined when it is not. */
export function webhookSettings(
  config: Pick<ReconcilerConfig, 'webhooks'>,
  hook: AdmissionHookName,
): Required<WebhookSettings> | undefined {
  const opted = config.webhooks?.[hook];
  if (!opted) return undefined;
  const given = opted === true ? {} : opted;
  return { failurePolicy: given.failurePolicy ?? 'Fail', timeoutSeconds: given.timeoutSeconds ?? 10 };
}

/** The configurations that opt a hook in at admission. */
export function admissionConfigs<C extends Pick<ReconcilerConfig, 'webhooks' | 'owner'>>(
  configs: readonly C[],
  hook: AdmissionHookName,
): C[] {
  return configs.filter((c) => webhookSettings(c, hook) !== undefined);
}

/** One webhook entry of a configuration object. */
function webhook(
  config: Pick<ReconcilerConfig, 'webhooks' | 'owner' | 'namespaces'>,
  hook: AdmissionHookName,
  options: WebhookConfigurationOptions,
) {
  const { owner } = config;
  const settings = webhookSettings(config, hook)!;
  const path = webhookPath(hook, owner);
  const cc = options.clientConfig;
  const clientConfig: Record<string, unknown> =
    'url' in cc
      ? { url: `${cc.url.replace(/\/$/, '')}${path}` }
      : { service: { name: cc.service.name, namespace: cc.service.namespace, path, port: cc.service.port ?? 443 } };
  if (options.caBundle) clientConfig.caBundle = Buffer.from(options.caBundle, 'utf8').toString('base64');
  const namespaces = config.namespaces?.length ? [...config.namespaces] : undefined;
  return {
    name: `${hook}.${owner.plural}.${owner.group}`,
    clientConfig,
    rules: [
      {
        apiGroups: [owner.group],
        apiVersions: [owner.version],
        resources: [owner.plural],
        operations: ['CREATE', 'UPDATE'],
        scope: owner.namespaced === false ? 'Cluster' : 'Namespaced',
      },
    ],
    ...(namespaces
      ? {
          namespaceSelector: {
            matchExpressions: [{ key: 'kubernetes.io/metadata.name', operator: 'In', values: namespaces }],
          },
        }
      : {}),
    admissionReviewVersions: ['v1'],
    sideEffects: 'None',
    failurePolicy: settings.failurePolicy,
    timeoutSeconds: settings.timeoutSeconds,
    matchPolicy: 'Equivalent',
    ...(hook === 'default' ? { reinvocationPolicy: 'Never' } : {}),
  };
}

/**
 * The ValidatingWebhookConfiguration (the `validate` hooks opted in) and the MutatingWebhookConfiguration (the
 * `default` hooks), each only when some configuration opts in; one webhook per owner kind and hook, named
 * `<hook>.<plural>.<group>`, on CREATE and UPDATE of that kind, `sideEffects: None` (so server-side dry runs
 * are sent to it too), AdmissionReview v1.
 */
export function webhookConfigurations(
  configs: readonly Pick<ReconcilerConfig, 'webhooks' | 'owner' | 'namespaces'>[],
  options: WebhookConfigurationOptions,
): KubeObject[] {
  const out: KubeObject[] = [];
  const metadata = {
    name: options.name,
    labels: { 'app.kubernetes.io/managed-by': 'orkestra' },
    ...(options.annotations ? { annotations: options.annotations } : {}),
  };
  const validating = admissionConfigs(configs, 'validate');
  if (validating.length)
    out.push({
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'ValidatingWebhookConfiguration',
      metadata: { ...metadata },
      webhooks: validating.map((c) => webhook(c, 'validate', options)),
    } as KubeObject);
  const mutating = admissionConfigs(configs, 'default');
  if (mutating.length)
    out.push({
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'MutatingWebhookConfiguration',
      metadata: { ...metadata },
      webhooks: mutating.map((c) => webhook(c, 'default', options)),
    } as KubeObject);
  return out;
}
