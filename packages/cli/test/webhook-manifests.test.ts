import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import type { KubeObject } from '@orkestra/core';
import { webhookConfigurations } from '@orkestra/operator';
import type { OwnerKind } from '@orkestra/reconciler';
import { parse, parseAllDocuments, stringify } from 'yaml';
import { ExitCode } from '../src/index.js';
import { cli, example } from './helpers.js';

// The Website katalog with its validate hook served at admission and a default hook (a module beside it): what
// generate manifests and generate rbac add for the webhooks.
const dir = mkdtempSync(join(tmpdir(), 'orkestra-webhook-manifests-'));
const katalog = parse(readFileSync(example('katalog.yaml'), 'utf8')) as {
  metadata: { name: string };
  spec: { crds: { owner: OwnerKind; webhooks?: unknown; hooks?: string }[] };
};
const webhooks = { validate: true, default: { failurePolicy: 'Ignore' as const, timeoutSeconds: 5 } };
katalog.spec.crds[0]!.webhooks = webhooks;
katalog.spec.crds[0]!.hooks = './hooks.ts';
const file = join(dir, 'katalog.yaml');
writeFileSync(file, stringify(katalog));
const owner = katalog.spec.crds[0]!.owner;
const name = `orkestra-${katalog.metadata.name}`;
const docs = (text: string) =>
  parseAllDocuments(text)
    .map((d) => d.toJS() as KubeObject)
    .filter(Boolean);

describe('generate manifests and rbac for admission webhooks', () => {
  it('adds the Service, the webhook port, and the configurations the tests install, calling the Service', async () => {
    const r = await cli(['generate', 'manifests', '--katalog', file, '--image', 'x:1', '--namespace', 'ops']);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: ExitCode.Ok, stderr: '' });
    const objects = docs(r.stdout);
    const service = objects.find((o) => o.kind === 'Service' && o.metadata.name === `${name}-webhook`) as KubeObject & {
      spec: { selector: Record<string, string>; ports: unknown[] };
    };
    const deployment = objects.find((o) => o.kind === 'Deployment') as KubeObject & {
      spec: {
        selector: { matchLabels: Record<string, string> };
        template: { spec: { containers: { ports: unknown[] }[] } };
      };
    };
    expect(service.spec.selector).toEqual(deployment.spec.selector.matchLabels);
    expect(service.spec.ports).toEqual([{ name: 'webhook', port: 443, targetPort: 'webhook', protocol: 'TCP' }]);
    expect(deployment.spec.template.spec.containers[0]!.ports).toContainEqual({
      name: 'webhook',
      containerPort: 9443,
      protocol: 'TCP',
    });
    const generated = objects.filter((o) => o.kind.endsWith('WebhookConfiguration'));
    expect(generated).toEqual(
      webhookConfigurations([{ owner, webhooks }], {
        name,
        clientConfig: { service: { name: `${name}-webhook`, namespace: 'ops' } },
      }),
    );
    // What admission-webhooks.int.test.ts installs (url mode) is the same object but for how the API server calls it.
    const installed = webhookConfigurations([{ owner, webhooks }], {
      name,
      clientConfig: { url: 'https://127.0.0.1:9443' },
    });
    const withoutClient = (o: KubeObject) => ({
      ...o,
      webhooks: (o as KubeObject & { webhooks: object[] }).webhooks.map((w) => ({ ...w, clientConfig: undefined })),
    });
    expect(generated.map(withoutClient)).toEqual(installed.map(withoutClient));
    expect(
      generated.map((o) => (o as KubeObject & { webhooks: { clientConfig: unknown }[] }).webhooks[0]!.clientConfig),
    ).toEqual([
      { service: { name: `${name}-webhook`, namespace: 'ops', path: '/validate/example.com/v1/websites', port: 443 } },
      { service: { name: `${name}-webhook`, namespace: 'ops', path: '/default/example.com/v1/websites', port: 443 } },
    ]);
    const mutating = generated[1] as KubeObject & { webhooks: Record<string, unknown>[] };
    expect(mutating.webhooks[0]).toMatchObject({ failurePolicy: 'Ignore', timeoutSeconds: 5, sideEffects: 'None' });
  });

  it('grants exactly the webhook objects by name, and the certificate Secret', async () => {
    const r = await cli([
      'generate',
      'rbac',
      '--katalog',
      file,
      '--service-account',
      'ops/website',
      '--output',
      'json',
    ]);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: ExitCode.Ok, stderr: '' });
    const items = (JSON.parse(r.stdout) as { items: (KubeObject & { rules: Record<string, unknown>[] })[] }).items;
    const clusterRules = items.find((o) => o.kind === 'ClusterRole')!.rules;
    expect(clusterRules).toContainEqual({
      apiGroups: ['admissionregistration.k8s.io'],
      resources: ['validatingwebhookconfigurations'],
      verbs: ['get', 'update'],
      resourceNames: [name],
    });
    expect(clusterRules).toContainEqual({
      apiGroups: ['admissionregistration.k8s.io'],
      resources: ['mutatingwebhookconfigurations'],
      verbs: ['get', 'update'],
      resourceNames: [name],
    });
    const role = items.find((o) => o.kind === 'Role' && o.metadata.namespace === 'ops')!;
    expect(role.rules).toContainEqual({
      apiGroups: [''],
      resources: ['secrets'],
      verbs: ['get', 'update'],
      resourceNames: [`${name}-webhook-cert`],
    });
  });
});
