/**
 * Writes the CA bundle into the operator's webhook configurations (`webhooks[].clientConfig.caBundle`), so the
 * API server trusts the serving certificate: at start and after each CA change, on every replica (the same
 * bundle: the writes agree). A configuration already holding the bundle costs one GET and no write.
 *
 * Likewise into the conversion webhook of a CRD whose versions convert by code
 * (`spec.conversion.webhook.clientConfig.caBundle`), so the API server trusts the server when it converts an
 * object read at another version than the one stored. Only a CRD whose conversion webhook already calls this
 * operator (the same Service, port and path, or the same URL) is written, and only its `caBundle`: a CRD that
 * calls something else is someone else's, and is reported, never changed.
 */
import { ConflictError, type ControllerClient, type KubeObject } from '@orkestra/core';
import type { ConversionClientConfig } from '@orkestra/reconciler/internal';

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
  kube: ControllerClient,
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

const CRD_API = 'apiextensions.k8s.io/v1';

/** A CRD to keep the bundle of, and the clientConfig through which it must call this operator. */
export interface ConversionTarget {
  kind: 'CustomResourceDefinition';
  /** The CRD's name, `websites.example.com`. */
  name: string;
  /** Where its conversion webhook must call: this operator's Service or URL with the conversion path. */
  clientConfig: ConversionClientConfig;
}

/**
 * What an injection found: the CRD `missing` (not installed yet), the bundle `unchanged` or `written`, or the CRD
 * converting `elsewhere` (with why: another strategy, another Service or URL), so the API server cannot reach
 * this operator's conversion (with the CRD's uid, to put an Event on it).
 */
export type ConversionInjection = 'missing' | 'unchanged' | 'written' | { elsewhere: string; uid?: string | undefined };

interface LiveCrd extends KubeObject {
  spec?: { conversion?: { strategy?: string; webhook?: { clientConfig?: ConversionClientConfig } } };
}

/** `service ns/name:port/path` or the URL, for messages. */
export function describeClientConfig(config: ConversionClientConfig | undefined): string {
  if (!config) return 'no clientConfig';
  if ('url' in config) return config.url;
  const { name, namespace, port, path } = config.service;
  return `service ${namespace}/${name}:${port ?? 443}${path ?? ''}`;
}

/** Whether `live` calls where `wanted` says (a Service's port defaults to 443, as the API server's does). */
function callsSame(live: ConversionClientConfig | undefined, wanted: ConversionClientConfig): boolean {
  if (!live) return false;
  if ('url' in wanted) return 'url' in live && live.url === wanted.url;
  if (!('service' in live)) return false;
  const a = live.service;
  const b = wanted.service;
  return a.name === b.name && a.namespace === b.namespace && (a.port ?? 443) === (b.port ?? 443) && a.path === b.path;
}

/** Why the API server, converting the CRD `live`, does not call `wanted`; undefined when it does. */
function elsewhere(live: LiveCrd, wanted: ConversionClientConfig): string | undefined {
  const conversion = live.spec?.conversion;
  if (conversion?.strategy !== 'Webhook')
    return (
      `its spec.conversion.strategy is ${conversion?.strategy ?? 'None'}, so the API server converts without ` +
      `calling this operator`
    );
  const theirs = conversion.webhook?.clientConfig;
  if (!callsSame(theirs, wanted))
    return (
      `its conversion webhook calls ${describeClientConfig(theirs)}, and this operator serves ` +
      `${describeClientConfig(wanted)}`
    );
  return undefined;
}

/**
 * Sets `pem` (PEM; stored base64) as the caBundle of the conversion webhook of `target`, when the CRD calls this
 * operator; a write that lost a race (the CRD changed since it was read) is tried again. Throws the client's
 * errors (a Forbidden among them: the identity needs get and patch on the CRD).
 */
export async function injectConversionCaBundle(
  kube: ControllerClient,
  target: ConversionTarget,
  pem: string,
  signal?: AbortSignal,
): Promise<ConversionInjection> {
  kube.resources.register({
    apiVersion: CRD_API,
    kind: 'CustomResourceDefinition',
    plural: 'customresourcedefinitions',
    namespaced: false,
  });
  const caBundle = Buffer.from(pem, 'utf8').toString('base64');
  const ref = { apiVersion: CRD_API, kind: 'CustomResourceDefinition', name: target.name };
  for (let attempt = 0; ; attempt++) {
    const live = await kube.get<LiveCrd>(ref, { signal });
    if (!live) return 'missing';
    const why = elsewhere(live, target.clientConfig);
    if (why) return { elsewhere: why, uid: live.metadata.uid };
    if (live.spec?.conversion?.webhook?.clientConfig?.caBundle === caBundle) return 'unchanged';
    // The resourceVersion makes the merge patch conditional: a CRD changed meanwhile is read and checked again.
    const patch = {
      metadata: { resourceVersion: live.metadata.resourceVersion },
      spec: { conversion: { webhook: { clientConfig: { caBundle } } } },
    };
    try {
      await kube.patch(ref, patch, { type: 'merge', signal });
      return 'written';
    } catch (e) {
      if (!(e instanceof ConflictError) || attempt >= 4) throw e;
    }
  }
}
