/**
 * The Database operator of katalog.yaml, written against the TypeScript API instead: the same owner, the same
 * children, the same status fields, with the resource packages imported rather than loaded by key. The
 * StatefulSet, PodDisruptionBudget and CronJob are plain Kubernetes objects handed to @orkestra/manifests.
 *
 *   node examples/database/operator.ts          # Node ≥ 22.18 runs TypeScript as it is; KUBECONFIG picks the cluster
 *
 * `databaseConfig` is exported so tests can check that it is the katalog's configuration.
 */
import { pathToFileURL } from 'node:url';
import { Type } from '@orkestra/core/authoring';
import { Kubeclient } from '@orkestra/core/kube';
import * as manifests from '@orkestra/manifests';
import { GenericReconciler, ownerApi, type ReconcilerConfig } from '@orkestra/reconciler';
import * as secrets from '@orkestra/secrets';
import * as services from '@orkestra/services';

const app = '{{metadata.name}}-db';
const credentials = '{{metadata.name}}-credentials';
const secretEnv = (name: string, key: string) => ({ name, valueFrom: { secretKeyRef: { name: credentials, key } } });

/** The Database's spec, as a TypeBox schema: the katalog's `api.spec`. */
export const DatabaseSpec = Type.Object({
  version: Type.String({
    maxLength: 16,
    description: 'The PostgreSQL image tag, e.g. "17".',
    'x-kubernetes-validations': [
      {
        rule: "self.matches('^[0-9]+(\\\\.[0-9]+)?$')",
        messageExpression: "'spec.version is a PostgreSQL version such as 17 or 17.2, not ' + self",
      },
    ],
  }),
  replicas: Type.Optional(Type.Integer({ default: 1, minimum: 1, description: 'Number of database Pods.' })),
  storage: Type.String({ description: "Size of each Pod's volume, e.g. 10Gi; cannot change once created." }),
  backup: Type.Optional(
    Type.Object({
      enabled: Type.Optional(Type.Boolean({ default: true, description: 'Run the nightly backup CronJob.' })),
      schedule: Type.Optional(Type.String({ description: 'Cron schedule of the backup; default "0 3 * * *".' })),
    }),
  ),
});

/** The Database operator's configuration: what katalog.yaml says, as a typed object. */
export const databaseConfig: ReconcilerConfig = {
  owner: { group: 'example.com', version: 'v1', kind: 'Database', plural: 'databases' },
  api: ownerApi({
    spec: DatabaseSpec,
    printerColumns: [
      { name: 'Version', type: 'string', jsonPath: '.spec.version' },
      { name: 'Replicas', type: 'integer', jsonPath: '.spec.replicas' },
    ],
    shortNames: ['pgdb'],
    categories: ['orkestra'],
  }),
  handlers: [secrets.handler, services.handler, manifests.handler],
  resources: {
    secrets: {
      onReconcile: [
        { name: credentials, stringData: { username: 'postgres' }, generate: { password: { length: 32 } } },
      ],
    },
    services: {
      onReconcile: [{ name: app, headless: true, selector: { app }, ports: [{ name: 'postgres', port: 5432 }] }],
    },
    manifests: {
      onReconcile: [
        {
          id: 'db',
          apiVersion: 'apps/v1',
          kind: 'StatefulSet',
          metadata: { name: app, labels: { app } },
          spec: {
            serviceName: app,
            replicas: '{{default spec.replicas 1}}',
            selector: { matchLabels: { app } },
            template: {
              metadata: { labels: { app } },
              spec: {
                containers: [
                  {
                    name: 'postgres',
                    image: 'postgres:{{spec.version}}',
                    ports: [{ name: 'postgres', containerPort: 5432 }],
                    env: [
                      { name: 'PGDATA', value: '/var/lib/postgresql/data/pgdata' },
                      secretEnv('POSTGRES_USER', 'username'),
                      secretEnv('POSTGRES_PASSWORD', 'password'),
                    ],
                    volumeMounts: [{ name: 'data', mountPath: '/var/lib/postgresql/data' }],
                    readinessProbe: { exec: { command: ['pg_isready', '-U', 'postgres'] }, periodSeconds: 10 },
                  },
                ],
              },
            },
            volumeClaimTemplates: [
              {
                metadata: { name: 'data' },
                spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '{{spec.storage}}' } } },
              },
            ],
          },
        },
        {
          apiVersion: 'policy/v1',
          kind: 'PodDisruptionBudget',
          metadata: { name: app, labels: { app } },
          spec: { maxUnavailable: 1, selector: { matchLabels: { app } } },
        },
        {
          apiVersion: 'batch/v1',
          kind: 'CronJob',
          metadata: { name: '{{metadata.name}}-backup', labels: { app } },
          spec: {
            schedule: "{{default spec.backup.schedule '0 3 * * *'}}",
            concurrencyPolicy: 'Forbid',
            jobTemplate: {
              spec: {
                template: {
                  spec: {
                    restartPolicy: 'OnFailure',
                    containers: [
                      {
                        name: 'backup',
                        image: 'postgres:{{spec.version}}',
                        command: ['sh', '-c', 'pg_dumpall -h "$HOST" -U "$PGUSER" > /dev/null'],
                        env: [
                          { name: 'HOST', value: '{{metadata.name}}-db-0.{{metadata.name}}-db' },
                          secretEnv('PGUSER', 'username'),
                          secretEnv('PGPASSWORD', 'password'),
                        ],
                      },
                    ],
                  },
                },
              },
            },
          },
          when: { field: 'spec.backup.enabled', operator: 'notEquals', value: false },
          // The first backup needs a database that answers: written once the StatefulSet is ready.
          dependsOn: ['manifests.db'],
        },
      ],
    },
  },
  status: { fields: { version: '{{spec.version}}', endpoint: '{{metadata.name}}-db.{{metadata.namespace}}.svc:5432' } },
  resyncPeriodMs: 600_000,
};

/** Runs the operator until SIGTERM or SIGINT. */
export async function main(): Promise<void> {
  const kube = Kubeclient.fromDefault();
  const reconciler = new GenericReconciler(kube, databaseConfig);
  await reconciler.start(); // resolves once every cache has synced; rejects if a child kind is not served
  console.log('database operator: reconciling Databases (Ctrl-C to stop)');
  await new Promise<void>((resolve) => {
    process.once('SIGTERM', resolve);
    process.once('SIGINT', resolve);
  });
  await reconciler.stop();
  await kube.close();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
