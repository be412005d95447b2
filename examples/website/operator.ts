/**
 * The Website operator of katalog.yaml, written against the TypeScript API instead: the same owner, the same
 * children, the same status fields, with the resource packages imported rather than loaded by key, run by the
 * Manager of @orkestra/operator (leader election, /healthz, /readyz and /metrics, graceful stop on SIGTERM) as
 * `orkestra run` runs the katalog.
 *
 *   node examples/website/operator.ts           # Node ≥ 22.18 runs TypeScript as it is; KUBECONFIG picks the cluster
 *
 * Environment: HTTP_ADDRESS (default :8080), LEASE_NAMESPACE (default `default`; the Lease is
 * website-operator), WATCH_NAMESPACE (default: all namespaces).
 *
 * `websiteConfig` is exported so the CLI's tests can check that it is the katalog's configuration, and
 * `websiteManager` so the operator package's tests run this operator.
 */
import { pathToFileURL } from 'node:url';
import * as configmaps from '@orkestra/configmaps';
import type { ControllerClient } from '@orkestra/core';
import { Type } from '@orkestra/core/authoring';
import { Kubeclient } from '@orkestra/core/kube';
import * as deployments from '@orkestra/deployments';
import { Manager, type ManagerOptions, shutdownSignal } from '@orkestra/operator';
import { ownerApi, type ReconcilerConfig } from '@orkestra/reconciler';
import * as secrets from '@orkestra/secrets';
import * as services from '@orkestra/services';

/** The Website's spec, as a TypeBox schema: the katalog's `api.spec`, and the type of `Static<typeof WebsiteSpec>`. */
export const WebsiteSpec = Type.Object({
  image: Type.String({ minLength: 1, description: 'The web server image, e.g. nginx:1.27.' }),
  replicas: Type.Optional(
    Type.Integer({ default: 1, minimum: 0, maximum: 50, description: 'Number of web server Pods.' }),
  ),
  greeting: Type.Optional(
    Type.String({ maxLength: 1024, description: 'The text of the home page; default "Hello from Orkestra".' }),
  ),
  expose: Type.Optional(Type.Boolean({ default: true, description: 'Give the site a Service.' })),
});

/** The Website operator's configuration: what katalog.yaml says, as a typed object. */
export const websiteConfig: ReconcilerConfig = {
  owner: { group: 'example.com', version: 'v1', kind: 'Website', plural: 'websites' },
  api: ownerApi({
    spec: WebsiteSpec,
    rules: [
      {
        rule: "!has(self.greeting) || !self.greeting.lowerAscii().contains('<script')",
        message: 'spec.greeting is shown as HTML and may not hold a <script> tag',
        fieldPath: '.greeting',
      },
    ],
    admission: {
      validations: [
        {
          expression: "object.spec.replicas <= 10 || 'website-admins' in request.userInfo.groups",
          messageExpression:
            "'spec.replicas is ' + string(object.spec.replicas) + ': more than 10 takes a member of website-admins'",
          reason: 'Forbidden',
        },
      ],
    },
    printerColumns: [
      { name: 'Image', type: 'string', jsonPath: '.spec.image' },
      { name: 'Replicas', type: 'integer', jsonPath: '.spec.replicas' },
    ],
    shortNames: ['ws'],
    categories: ['orkestra'],
  }),
  handlers: [deployments.handler, services.handler, configmaps.handler, secrets.handler],
  resources: {
    deployments: {
      onReconcile: [
        {
          name: '{{metadata.name}}-web',
          image: '{{spec.image}}',
          replicas: '{{default spec.replicas 1}}',
          port: 8080,
          portName: 'http',
          profile: 'small',
          env: [
            { name: 'GREETING', valueFrom: { configMapKeyRef: { name: '{{metadata.name}}-page', key: 'greeting' } } },
            {
              name: 'ADMIN_PASSWORD',
              valueFrom: { secretKeyRef: { name: '{{metadata.name}}-admin', key: 'password' } },
            },
          ],
          volumes: [{ name: 'page', configMap: '{{metadata.name}}-page' }],
          volumeMounts: [{ name: 'page', mountPath: '/usr/share/nginx/html', readOnly: true }],
        },
      ],
    },
    services: {
      onReconcile: [
        {
          name: '{{metadata.name}}-web',
          port: 80,
          targetPort: 'http',
          when: { field: 'spec.expose', operator: 'notEquals', value: false },
        },
      ],
    },
    configmaps: {
      onReconcile: [
        {
          name: '{{metadata.name}}-page',
          data: {
            greeting: "{{default spec.greeting 'Hello from Orkestra'}}",
            'index.html': "<h1>{{default spec.greeting 'Hello from Orkestra'}}</h1>",
          },
        },
      ],
    },
    secrets: {
      onReconcile: [
        { name: '{{metadata.name}}-admin', stringData: { username: 'admin' }, generate: { password: { length: 24 } } },
      ],
    },
  },
  status: { fields: { image: '{{spec.image}}', url: 'http://{{metadata.name}}-web.{{metadata.namespace}}.svc' } },
  resyncPeriodMs: 600_000,
};

/**
 * The Website operator under a Manager on `kube` — any client of core's `ControllerClient`: `Kubeclient` (as
 * `main` uses) or client-node's `ClientNodeObjectClient`; `options` adds the server, leader election, a logger.
 */
export function websiteManager(
  kube: ControllerClient,
  options: Omit<ManagerOptions, 'kube' | 'reconcilers'> = {},
  namespaces?: readonly string[],
): Manager {
  return new Manager({
    kube,
    reconcilers: [{ ...websiteConfig, ...(namespaces?.length ? { namespaces } : {}) }],
    ...options,
  });
}

/** Runs the operator until SIGTERM or SIGINT (exit 0), or until it loses its Lease (exit 1). */
export async function main(): Promise<void> {
  const kube = Kubeclient.fromDefault();
  const manager = websiteManager(
    kube,
    {
      httpAddress: process.env.HTTP_ADDRESS ?? ':8080',
      leaderElection: { namespace: process.env.LEASE_NAMESPACE ?? 'default', name: 'website-operator' },
    },
    process.env.WATCH_NAMESPACE ? [process.env.WATCH_NAMESPACE] : undefined,
  );
  console.log('website operator: waiting for the Lease, then reconciling Websites (Ctrl-C to stop)');
  const exit = await manager.run(shutdownSignal());
  console.log(`website operator: ${exit.message}`);
  await kube.close();
  process.exitCode = exit.reason === 'stopped' ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
