/** What the webhooks need of RBAC: the certificate Secret and the CA injection, on exactly those objects. */
import type { Permission } from '../permission-check.js';

/**
 * The permissions of an operator's webhooks in its `namespace`, given which webhook configurations named `name`
 * exist (`kinds`): get and update on them (the CA injection) and, with a self-managed certificate (`secretName`
 * set), get and update on its Secret by name, and create on Secrets there (RBAC cannot restrict a create by
 * name); and get and patch on the CRDs `conversionCrds` (by name: those whose versions convert by code), whose
 * conversion webhook gets the CA bundle too, with create on Events in `default` (a Warning on such a CRD when its
 * conversion cannot be reached). With cert-manager (no `secretName`) the files are mounted and the CA
 * injected by its cainjector: nothing.
 */
export function webhookPermissions(
  serving: { name: string; secretName: string | undefined },
  namespace: string,
  kinds: readonly ('ValidatingWebhookConfiguration' | 'MutatingWebhookConfiguration')[],
  conversionCrds: readonly string[] = [],
): Permission[] {
  const { secretName } = serving;
  if (secretName === undefined) return [];
  const out: Permission[] = [
    {
      group: '',
      resource: 'secrets',
      verbs: ['get', 'update'],
      namespace,
      resourceNames: [secretName],
      why: 'the webhook serving CA and certificate (self-managed, rotated before expiry)',
    },
    {
      group: '',
      resource: 'secrets',
      verbs: ['create'],
      namespace,
      why: `the first start creates the webhook certificate Secret ${secretName} (RBAC cannot restrict create by name)`,
    },
  ];
  for (const kind of kinds)
    out.push({
      group: 'admissionregistration.k8s.io',
      resource: `${kind.toLowerCase()}s`,
      verbs: ['get', 'update'],
      resourceNames: [serving.name],
      why: 'writes the webhook CA bundle into the configuration (caBundle)',
    });
  if (conversionCrds.length)
    out.push({
      group: 'apiextensions.k8s.io',
      resource: 'customresourcedefinitions',
      verbs: ['get', 'patch'],
      resourceNames: [...conversionCrds],
      why:
        'writes the webhook CA bundle into the conversion webhook of the CRD ' +
        '(spec.conversion.webhook.clientConfig.caBundle)',
    });
  if (conversionCrds.length)
    out.push({
      group: '',
      resource: 'events',
      verbs: ['create'],
      namespace: 'default',
      why:
        'a Warning Event on a CRD whose conversion webhook the API server cannot reach (Events of cluster-scoped ' +
        'objects live in default)',
    });
  return out;
}
