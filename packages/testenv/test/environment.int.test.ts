import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  ApiException,
  AppsV1Api,
  CoreV1Api,
  KubeConfig,
  type KubernetesObject,
  type V1ConfigMap,
  type V1CustomResourceDefinition,
  type V1Deployment,
} from '@kubernetes/client-node';
import { start } from '../src/environment.js';
import { get } from '../src/http.js';
import type { TestEnvironment } from '../src/test-environment.js';
import { waitFor } from '../src/wait-for.js';
import { expectGone, processGone } from './helpers.js';

// One environment (with kube-controller-manager) for every case here: each start costs seconds.
let env: TestEnvironment;
let ns: string;

beforeAll(async () => {
  env = await start({
    controllers: ['garbagecollector', 'namespace'],
    crds: [join(import.meta.dirname, 'fixtures', 'crds')],
  });
  ns = await env.newNamespace('environment');
});

afterAll(async () => {
  await env?.stop();
});

/** The admin credential and CA from the kubeconfig, for raw requests. */
function tls() {
  const cluster = env.kubeConfig.getCurrentCluster();
  const user = env.kubeConfig.getCurrentUser();
  const text = (b64?: string) => Buffer.from(b64 ?? '', 'base64').toString();
  return { ca: text(cluster?.caData), cert: text(user?.certData), key: text(user?.keyData) };
}

/** A CRD given as an object, with client-node's model names for schema keywords (`x_kubernetes_…`). */
const sprocketCRD: V1CustomResourceDefinition = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'sprockets.testenv.orkestra.dev' },
  spec: {
    group: 'testenv.orkestra.dev',
    scope: 'Namespaced',
    names: { plural: 'sprockets', singular: 'sprocket', kind: 'Sprocket' },
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        schema: { openAPIV3Schema: { type: 'object', x_kubernetes_preserve_unknown_fields: true } },
      },
    ],
  },
};

const isNotFound = (e: unknown) => e instanceof ApiException && e.code === 404;

describe('start()', () => {
  it('serves the API over TLS with an admin client certificate and reports the version', async () => {
    expect(env.server).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(env.version.gitVersion).toMatch(/^v1\.\d+\.\d+/);
    expect(env.version.major).toBe('1');
    const kc = new KubeConfig();
    kc.loadFromFile(env.kubeconfigPath);
    const namespaces = await kc.makeApiClient(CoreV1Api).listNamespace();
    expect(namespaces.items.map((n) => n.metadata?.name)).toEqual(
      expect.arrayContaining(['default', 'kube-system', ns]),
    );
    const { kubeScheduler, kwok, ...pids } = env.pids;
    expect(Object.values(pids).every((pid) => typeof pid === 'number')).toBe(true);
    expect({ kubeScheduler, kwok }).toEqual({ kubeScheduler: undefined, kwok: undefined }); // no `nodes`
  });

  it('authorizes with RBAC: an unknown user is forbidden', async () => {
    const anonymous = new KubeConfig();
    anonymous.loadFromOptions({
      clusters: [{ name: 'c', server: env.server, skipTLSVerify: true }],
      users: [{ name: 'nobody' }],
      contexts: [{ name: 'c', cluster: 'c', user: 'nobody' }],
      currentContext: 'c',
    });
    const error = await anonymous
      .makeApiClient(CoreV1Api)
      .listNamespacedSecret({ namespace: 'kube-system' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiException);
    expect((error as ApiException<unknown>).code).toBe(403);
  });

  it('installed the CRDs: a custom resource can be created, with schema defaults applied', async () => {
    const api = env.objectApi();
    const created = await api.create({
      apiVersion: 'testenv.orkestra.dev/v1',
      kind: 'Widget',
      metadata: { name: 'w1', namespace: ns },
      spec: { color: 'blue' },
    } as KubernetesObject);
    expect((created as KubernetesObject & { spec: unknown }).spec).toEqual({ color: 'blue', size: 1 });
    const list = await api.list('testenv.orkestra.dev/v1', 'Widget', ns);
    expect(list.items.map((w) => w.metadata?.name)).toEqual(['w1']);
  });

  it('installCRDs() is idempotent (an existing CRD is replaced)', async () => {
    const [crd] = await env.installCRDs([join(import.meta.dirname, 'fixtures', 'crds', 'widgets.yaml')]);
    expect(crd?.status?.conditions?.find((c) => c.type === 'Established')?.status).toBe('True');
  });

  it('a namespaced object is read back with the server defaults filled in', async () => {
    const apps = env.kubeConfig.makeApiClient(AppsV1Api);
    const body: V1Deployment = {
      metadata: { name: 'web', namespace: ns },
      spec: {
        selector: { matchLabels: { app: 'web' } },
        template: {
          metadata: { labels: { app: 'web' } },
          spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] },
        },
      },
    };
    await apps.createNamespacedDeployment({ namespace: ns, body });
    const read = await apps.readNamespacedDeployment({ name: 'web', namespace: ns });
    expect(read.metadata?.uid).toBeTruthy();
    expect(read.metadata?.creationTimestamp).toBeInstanceOf(Date);
    expect(read.spec?.replicas).toBe(1);
    expect(read.spec?.revisionHistoryLimit).toBe(10);
    expect(read.spec?.progressDeadlineSeconds).toBe(600);
    expect(read.spec?.strategy?.type).toBe('RollingUpdate');
    expect(read.spec?.template.spec?.restartPolicy).toBe('Always');
    expect(read.spec?.template.spec?.dnsPolicy).toBe('ClusterFirst');
    expect(read.spec?.template.spec?.terminationGracePeriodSeconds).toBe(30);
    expect(read.spec?.template.spec?.containers[0]?.imagePullPolicy).toBe('IfNotPresent');
    expect(read.spec?.template.spec?.containers[0]?.terminationMessagePath).toBe('/dev/termination-log');
  });

  it('a deleted owner takes its child with it (garbage collector)', async () => {
    const core = env.kubeConfig.makeApiClient(CoreV1Api);
    const owner = await core.createNamespacedConfigMap({
      namespace: ns,
      body: { metadata: { name: 'owner' }, data: { role: 'owner' } },
    });
    const child: V1ConfigMap = {
      metadata: {
        name: 'child',
        ownerReferences: [
          {
            apiVersion: 'v1',
            kind: 'ConfigMap',
            name: 'owner',
            uid: owner.metadata?.uid ?? '',
            controller: true,
            blockOwnerDeletion: true,
          },
        ],
      },
    };
    await core.createNamespacedConfigMap({ namespace: ns, body: child });
    await core.deleteNamespacedConfigMap({ name: 'owner', namespace: ns, propagationPolicy: 'Background' });
    await waitFor(
      () =>
        core.readNamespacedConfigMap({ name: 'child', namespace: ns }).then(
          () => false,
          (e: unknown) => isNotFound(e),
        ),
      { timeoutMs: 30_000, description: 'the child ConfigMap to be garbage-collected' },
    );
  });

  it('children of custom resources are collected too, also for CRDs installed after start', async () => {
    // Sprocket comes after kube-controller-manager started: installCRDs() restarts it so the garbage
    // collector watches the new kind at once (it would otherwise rediscover kinds only every 30 s).
    await env.installCRDs([sprocketCRD]);
    const api = env.objectApi();
    const core = env.kubeConfig.makeApiClient(CoreV1Api);
    for (const kind of ['Widget', 'Sprocket']) {
      const name = kind.toLowerCase();
      const ref = { apiVersion: 'testenv.orkestra.dev/v1', kind, metadata: { name, namespace: ns } };
      const owner = await api.create(ref as KubernetesObject);
      await core.createNamespacedConfigMap({
        namespace: ns,
        body: {
          metadata: {
            name: `${name}-child`,
            ownerReferences: [
              {
                apiVersion: ref.apiVersion,
                kind,
                name,
                uid: owner.metadata?.uid ?? '',
                controller: true,
                blockOwnerDeletion: true,
              },
            ],
          },
        },
      });
      await api.delete(ref, undefined, undefined, undefined, undefined, 'Background');
      await waitFor(
        () =>
          core.readNamespacedConfigMap({ name: `${name}-child`, namespace: ns }).then(
            () => false,
            (e: unknown) => isNotFound(e),
          ),
        { timeoutMs: 15_000, description: `the child of ${kind} ${name} to be garbage-collected` },
      );
    }
  });

  it('a deleted namespace goes away (namespace controller)', async () => {
    const core = env.kubeConfig.makeApiClient(CoreV1Api);
    const doomed = await env.newNamespace('doomed');
    await core.createNamespacedConfigMap({ namespace: doomed, body: { metadata: { name: 'content' } } });
    await core.deleteNamespace({ name: doomed });
    await waitFor(
      () =>
        core.readNamespace({ name: doomed }).then(
          () => false,
          (e: unknown) => isNotFound(e),
        ),
      { timeoutMs: 30_000, description: `namespace ${doomed} to be finalized` },
    );
  });
});

describe('fault tools', () => {
  it('stopApiServer/startApiServer: same port and certificates, data kept, existing clients keep working', async () => {
    const core = env.kubeConfig.makeApiClient(CoreV1Api);
    await core.createNamespacedConfigMap({ namespace: ns, body: { metadata: { name: 'survivor' }, data: { k: 'v' } } });
    const before = env.pids.kubeApiServer;

    await env.stopApiServer();
    expect(env.pids.kubeApiServer).toBeUndefined();
    await expectGone(before);
    await expect(core.readNamespacedConfigMap({ name: 'survivor', namespace: ns })).rejects.toThrow();

    await env.startApiServer();
    expect(env.pids.kubeApiServer).not.toBe(before);
    const read = await core.readNamespacedConfigMap({ name: 'survivor', namespace: ns });
    expect(read.data).toEqual({ k: 'v' });
  });

  it('stopEtcd/startEtcd: requests fail while etcd is down and work again with the same data', async () => {
    const core = env.kubeConfig.makeApiClient(CoreV1Api);
    await env.stopEtcd();
    expect(env.pids.etcd).toBeUndefined();
    const readyz = await waitFor(() => get(`${env.server}/readyz`, tls(), 5_000), {
      until: (res) => res.status !== 200,
      description: '/readyz to fail while etcd is down',
    });
    expect(readyz.status).toBe(500);
    expect(readyz.body).toContain('[-]etcd failed');

    await env.startEtcd();
    await env.waitForReady();
    const read = await waitFor(() => core.readNamespacedConfigMap({ name: 'survivor', namespace: ns }), {
      timeoutMs: 30_000,
      description: 'reads to work again after etcd restarted',
    });
    expect(read.data).toEqual({ k: 'v' });
  });

  it('stopApiServer with SIGKILL simulates a crash', async () => {
    await env.stopApiServer({ signal: 'SIGKILL' });
    await env.startApiServer();
    const core = env.kubeConfig.makeApiClient(CoreV1Api);
    expect((await core.readNamespacedConfigMap({ name: 'survivor', namespace: ns })).data).toEqual({ k: 'v' });
  });
});

describe('stop()', () => {
  it('ends every process and removes the temporary folder; a second stop() is a no-op', async () => {
    const pids = Object.values(env.pids).filter((p): p is number => typeof p === 'number');
    expect(pids).toHaveLength(4); // etcd, kube-apiserver, kube-controller-manager, reaper
    await env.stop();
    for (const pid of pids) expect(processGone(pid)).toBe(true); // kill(pid, 0) → ESRCH
    expect(existsSync(env.tempDir)).toBe(false);
    await env.stop();
  });
});
