/**
 * The Website operator of katalog.yaml, written against the TypeScript API instead: the same owner, the same
 * children, the same status fields, with the resource packages imported rather than loaded by key.
 *
 *   node examples/website/operator.ts           # Node ≥ 22.18 runs TypeScript as it is; KUBECONFIG picks the cluster
 *
 * `websiteConfig` is exported so the CLI's tests can check that it is the katalog's configuration.
 */
import { pathToFileURL } from 'node:url';
import { Kubeclient } from '@orkestra/core/kube';
import * as configmaps from '@orkestra/configmaps';
import * as deployments from '@orkestra/deployments';
import * as secrets from '@orkestra/secrets';
import * as services from '@orkestra/services';
import { GenericReconciler, type ReconcilerConfig } from '@orkestra/reconciler';

/** The Website operator's configuration: what katalog.yaml says, as a typed object. */
export const websiteConfig: ReconcilerConfig = {
  owner: { group: 'example.com', version: 'v1', kind: 'Website', plural: 'websites' },
  handlers: [deployments.handler, services.handler, configmaps.handler, secrets.handler] as ReconcilerConfig['handlers'],
  resources: {
    deployments: {
      onReconcile: [{
        name: '{{metadata.name}}-web',
        image: '{{spec.image}}',
        replicas: '{{default spec.replicas 1}}',
        port: 8080,
        portName: 'http',
        profile: 'small',
        env: [
          { name: 'GREETING', valueFrom: { configMapKeyRef: { name: '{{metadata.name}}-page', key: 'greeting' } } },
          { name: 'ADMIN_PASSWORD', valueFrom: { secretKeyRef: { name: '{{metadata.name}}-admin', key: 'password' } } },
        ],
        volumes: [{ name: 'page', configMap: '{{metadata.name}}-page' }],
        volumeMounts: [{ name: 'page', mountPath: '/usr/share/nginx/html', readOnly: true }],
      }],
    },
    services: {
      onReconcile: [{ name: '{{metadata.name}}-web', port: 80, targetPort: 'http', when: { field: 'spec.expose', operator: 'notEquals', value: false } }],
    },
    configmaps: {
      onReconcile: [{
        name: '{{metadata.name}}-page',
        data: {
          greeting: "{{default spec.greeting 'Hello from Orkestra'}}",
          'index.html': "<h1>{{default spec.greeting 'Hello from Orkestra'}}</h1>",
        },
      }],
    },
    secrets: {
      onReconcile: [{ name: '{{metadata.name}}-admin', stringData: { username: 'admin' }, generate: { password: { length: 24 } } }],
    },
  },
  status: { fields: { image: '{{spec.image}}', url: 'http://{{metadata.name}}-web.{{metadata.namespace}}.svc' } },
  resyncPeriodMs: 600_000,
};

/** Runs the operator until SIGTERM or SIGINT. */
export async function main(): Promise<void> {
  const kube = Kubeclient.fromDefault();
  const reconciler = new GenericReconciler(kube, websiteConfig);
  await reconciler.start(); // resolves once every cache has synced
  console.log('website operator: reconciling Websites (Ctrl-C to stop)');
  await new Promise<void>((resolve) => {
    process.once('SIGTERM', resolve);
    process.once('SIGINT', resolve);
  });
  await reconciler.stop();
  await kube.close();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
