import { expect, test } from '@jest/globals';
import * as api from '../src/index.js';

// The value exports of `@orkestra/operator`, pinned: adding or removing one is a deliberate change to the public
// face (update this list and say so in a changeset; see CONTRIBUTING). What only this repository's other packages
// need goes in src/internal.ts (`@orkestra/operator/internal`), which is not public.
const PUBLIC_VALUES = [
  'AdmissionWebhookConfigError',
  'CertificateSecretError',
  'SelfManagedCertificates',
  'webhookConfigurations',
  'webhookPath',
  'webhookPermissions',
  'CertificateFilesError',
  'ConfigurationMismatchError',
  'ConversionServingError',
  'CrdInstallError',
  'FileCertificates',
  'HeapRelease',
  'HttpAddressError',
  'KATALOG_WEBHOOK_PATH',
  'katalogAdmissionHandler',
  'katalogCrd',
  'katalogWebhookConfiguration',
  'katalogRuntimePermissions',
  'Manager',
  'OwnerKindNotServedError',
  'PermissionsDeniedError',
  'ReviewError',
  'UnknownKindsError',
  'WebhookRouteError',
  'WebhookServer',
  'Webhooks',
  'discoverChildKinds',
  'operatorNamespace',
  'operatorPermissions',
  'rbacObjects',
  'releaseHeapPages',
  'requiredPermissions',
  'shutdownSignal',
  'tunedExec',
];

test('the public entry exports exactly the listed values', () => {
  expect(Object.keys(api).sort()).toEqual([...PUBLIC_VALUES].sort());
});
