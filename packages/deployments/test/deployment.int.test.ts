import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { ImmutableFieldError, OwnershipError, createContext, type KubeObject, type OwnerObject } from '@orkestra/core';
import { Kubeclient } from '@orkestra/core/kube';
import { testCluster } from '@orkestra/testenv';
import * as deployments from '../src/index.js';
import type { DeploymentSource } from '../src/index.js';

const cluster = testCluster();
const ctx = createContext({ fieldManager: 'orkestra-test' });
let kube: Kubeclient;
let other: Kubeclient; // someone else: a user with kubectl, another controller, an autoscaler
let ns: string;
let owner: OwnerObject;

const NAME = 'site-deployment';
type Container = { name: string; image: string; env?: { name: string; value?: string }[]; resources?: { requests?: Record<string, string>; limits?: Record<string, string> } } & Record<string, unknown>;
type LiveDeployment = KubeObject & {
  spec: {
    replicas?: number;
    selector: { matchLabels: Record<string, string> };
    strategy?: { type: string; rollingUpdate?: unknown };
    template: { metadata: { labels: Record<string, string>; annotations?: Record<string, string> }; spec: { containers: Container[] } & Record<string, unknown> };
  };
};

async function makeOwner(name: string): Promise<OwnerObject> {
  const obj = await other.create<KubeObject>({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: ns }, data: { role: 'owner' } });
  return obj as OwnerObject;
}

const ref = (name = NAME) => ({ apiVersion: 'apps/v1', kind: 'Deployment', namespace: ns, name });
const read = (name = NAME) => kube.get<LiveDeployment>(ref(name));
const container = (live: LiveDeployment | undefined) => live?.spec.template.spec.containers[0];
const resolve = (source: DeploymentSource) => deployments.resolve(source, 'site');

/** A Deployment made by someone else (by hand, or by an older version of a template), valid as the server wants it. */
function handMade(name: string, extra: { labels?: Record<string, string>; ownerReferences?: unknown[]; selector?: Record<string, string> } = {}): KubeObject {
  const selector = extra.selector ?? { app: 'theirs' };
  return {
    apiVersion: 'apps/v1', kind: 'Deployment',
    metadata: { name, namespace: ns, ...(extra.labels ? { labels: extra.labels } : {}), ...(extra.ownerReferences ? { ownerReferences: extra.ownerReferences } : {}) } as KubeObject['metadata'],
    spec: { selector: { matchLabels: selector }, template: { metadata: { labels: selector }, spec: { containers: [{ name: 'theirs', image: 'theirs:1' }] } } },
  };
}

beforeAll(() => {
  kube = new Kubeclient(cluster.kubeConfig);
  other = new Kubeclient(cluster.kubeConfig);
});
afterAll(async () => {
  await cluster.deleteNamespaces();
  await kube.close();
  await other.close();
});
beforeEach(async () => {
  ns = await cluster.newNamespace('deployments');
  owner = await makeOwner('site');
  kube.requests.reset();
});

describe('create', () => {
  it('creates the Deployment with the owner reference, system labels and the derived selector', async () => {
    const result = await deployments.create(ctx, kube, owner, resolve({ image: 'nginx:1.27', port: 8080, podLabels: { tier: 'web' } }));
    expect(result.action).toBe('created');
    const live = await read();
    expect(live?.metadata.labels).toMatchObject({ 'managed-by': 'orkestra', 'orkestra-owner': 'site' });
    expect(live?.metadata.ownerReferences).toEqual([{ apiVersion: 'v1', kind: 'ConfigMap', name: 'site', uid: owner.metadata.uid, controller: true, blockOwnerDeletion: true }]);
    expect(live?.spec.replicas).toBe(1);
    expect(live?.spec.selector).toEqual({ matchLabels: { 'orkestra-owner': 'site', 'orkestra.io/deployment': NAME } });
    expect(live?.spec.template.metadata.labels).toEqual({ tier: 'web', 'managed-by': 'orkestra', 'orkestra-owner': 'site', 'orkestra.io/deployment': NAME });
    expect(container(live)).toMatchObject({ name: NAME, image: 'nginx:1.27', ports: [{ containerPort: 8080, protocol: 'TCP' }] });
  });

  it('is idempotent: an existing Deployment of this owner costs no write', async () => {
    const spec = resolve({ image: 'nginx:1.27' });
    await deployments.create(ctx, kube, owner, spec);
    kube.requests.reset();
    expect((await deployments.create(ctx, kube, owner, spec)).action).toBe('unchanged');
    expect(kube.requests.writes()).toBe(0);
  });

  it('refuses a Deployment of the same name that nobody controls, without writing', async () => {
    await other.create(handMade(NAME));
    kube.requests.reset();
    const err = await deployments.create(ctx, kube, owner, resolve({ image: 'nginx:1.27' })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OwnershipError);
    expect((err as Error).message).toContain(`Deployment ${ns}/${NAME} has no controller owner reference`);
    expect(kube.requests.writes()).toBe(0);
    expect(container(await read())?.image).toBe('theirs:1');
  });

  it('refuses a Deployment controlled by another owner, without writing', async () => {
    const otherOwner = await makeOwner('other-site');
    await deployments.create(ctx, kube, otherOwner, deployments.resolve({ name: 'shared', image: 'theirs:1' }, 'other-site'));
    kube.requests.reset();
    const err = await deployments.create(ctx, kube, owner, resolve({ name: 'shared', image: 'mine:1' })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OwnershipError);
    expect((err as Error).message).toContain(`is controlled by ConfigMap ${ns}/other-site`);
    expect(kube.requests.writes()).toBe(0);
    expect(container(await read('shared'))?.image).toBe('theirs:1');
  });

  it('two racing creates both succeed and leave one Deployment', async () => {
    const spec = resolve({ image: 'nginx:1.27' });
    const racer = new Kubeclient(cluster.kubeConfig);
    const results = await Promise.all([deployments.create(ctx, kube, owner, spec), deployments.create(ctx, racer, owner, spec)]);
    await racer.close();
    expect(results.map((r) => r.action)).toContain('created');
    expect(container(await read())?.image).toBe('nginx:1.27');
  });
});

describe('update', () => {
  it('creates a missing Deployment', async () => {
    expect((await deployments.update(ctx, kube, owner, resolve({ image: 'nginx:1.27' }))).action).toBe('created');
    expect(await read()).toBeDefined();
  });

  const everything: DeploymentSource = {
    image: 'nginx:1.27', imagePullPolicy: 'IfNotPresent', replicas: '0', port: '8080', portName: 'http',
    command: ['nginx'], args: ['-g', 'daemon off;'],
    env: [
      { name: 'MODE', value: 'prod' },
      { name: 'EMPTY', value: '' },
      { name: 'PASSWORD', valueFrom: { secretKeyRef: { name: 'db', key: 'password', optional: true } } },
      { name: 'COLOR', valueFrom: { configMapKeyRef: { name: 'ui', key: 'color' } } },
      { name: 'POD', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
    ],
    envFrom: [{ configMapRef: { name: 'settings' }, prefix: 'APP_' }, { secretRef: { name: 'creds', optional: true } }],
    profile: 'small', resources: { limits: { memory: '512Mi' } },
    imagePullSecrets: ['regcred'], serviceAccountName: 'default', nodeSelector: { 'kubernetes.io/os': 'linux' },
    probes: {
      liveness: { httpGet: { path: '/healthz', port: 'http' }, initialDelaySeconds: 0, periodSeconds: '10' },
      readiness: { tcpSocket: { port: 8080 }, successThreshold: 1, failureThreshold: 3, timeoutSeconds: 1 },
      startup: { exec: { command: ['cat', '/tmp/ready'] } },
    },
    labels: { app: 'web' }, annotations: { note: 'x' }, podLabels: { tier: 'front' }, podAnnotations: { 'prometheus.io/scrape': 'true' },
    volumes: [{ name: 'config', configMap: 'web-config', items: [{ key: 'nginx.conf', path: 'nginx.conf' }] }, { name: 'tls', secret: 'web-tls', optional: true }],
    volumeMounts: [{ name: 'config', mountPath: '/etc/nginx/nginx.conf', subPath: 'nginx.conf', readOnly: false }, { name: 'tls', mountPath: '/etc/tls', readOnly: true }],
    strategy: { maxSurge: 1, maxUnavailable: '0%' },
  };

  it.each([
    ['resources in non-canonical form', { image: 'nginx:1.27', resources: { requests: { cpu: '0.5', memory: '1024Mi' }, limits: { cpu: 1, memory: '2048Mi' } } }],
    ['a profile', { image: 'nginx:1.27', profile: 'compute-heavy' }],
    ['every field set', everything],
    ['the smallest source', { image: 'nginx' }],
    ['Recreate', { image: 'nginx:1.27', strategy: 'Recreate' }],
  ] as [string, DeploymentSource][])('in sync (%s): zero writes over five updates', async (_, source) => {
    const spec = resolve(source);
    expect((await deployments.update(ctx, kube, owner, spec)).action).toBe('created');
    kube.requests.reset();
    for (let i = 0; i < 5; i++) expect((await deployments.update(ctx, kube, owner, spec)).action).toBe('unchanged');
    expect(kube.requests.writes()).toBe(0);
  });

  it('keeps the text of quantities on the way in; the server stores them canonically', async () => {
    await deployments.update(ctx, kube, owner, resolve({ image: 'nginx:1.27', resources: { requests: { cpu: '0.5', memory: '1024Mi' } } }));
    expect(container(await read())?.resources?.requests).toEqual({ cpu: '500m', memory: '1Gi' });
  });

  const source: DeploymentSource = {
    image: 'nginx:1.27', replicas: 2, env: [{ name: 'MODE', value: 'prod' }], resources: { requests: { cpu: '0.5' } },
    labels: { app: 'web' }, annotations: { note: 'x' }, podLabels: { tier: 'front' },
  };
  const edit = (patch: unknown) => other.patch(ref(), patch, { type: 'strategic', fieldManager: 'kubectl-edit' });
  const inContainer = (fields: Record<string, unknown>) => ({ spec: { template: { spec: { containers: [{ name: NAME, ...fields }] } } } });

  it.each([
    ['the image', () => edit(inContainer({ image: 'evil:6.6.6' }))],
    ['replicas', () => edit({ spec: { replicas: 5 } })],
    ['an env value', () => edit(inContainer({ env: [{ name: 'MODE', value: 'debug' }] }))],
    ['a resource request', () => edit(inContainer({ resources: { requests: { cpu: '2' } } }))],
    ['a label', () => edit({ metadata: { labels: { app: 'other' } } })],
    ['a system label', () => edit({ metadata: { labels: { 'orkestra-owner': 'nobody' } } })],
    ['an annotation', () => edit({ metadata: { annotations: { note: 'changed' } } })],
    ['a Pod label', () => edit({ spec: { template: { metadata: { labels: { tier: 'back' } } } } })],
  ])('corrects %s changed by someone else with exactly one write', async (_, change) => {
    const spec = resolve(source);
    await deployments.update(ctx, kube, owner, spec);
    await change();
    kube.requests.reset();
    const result = await deployments.update(ctx, kube, owner, spec);
    expect(result.action).toBe('updated');
    expect(kube.requests.writes()).toBe(1);
    const live = await read();
    expect(live?.spec.replicas).toBe(2);
    expect(container(live)).toMatchObject({ image: 'nginx:1.27', env: [{ name: 'MODE', value: 'prod' }], resources: { requests: { cpu: '500m' } } });
    expect(live?.metadata.labels).toMatchObject({ app: 'web', 'orkestra-owner': 'site' });
    expect(live?.metadata.annotations).toMatchObject({ note: 'x' });
    expect(live?.spec.template.metadata.labels).toMatchObject({ tier: 'front' });
    expect((await deployments.update(ctx, kube, owner, spec)).action).toBe('unchanged');
  });

  it('removes an env var, an annotation and a probe the template stops setting, and leaves a user annotation alone', async () => {
    await deployments.update(ctx, kube, owner, resolve({
      ...source, env: [{ name: 'MODE', value: 'prod' }, { name: 'DEBUG', value: '1' }], annotations: { note: 'x', ours: 'y' },
      probes: { readiness: { tcpSocket: { port: 80 } } },
    }));
    await other.patch(ref(), { metadata: { annotations: { 'user/note': 'keep me' } } }, { fieldManager: 'kubectl-annotate' });
    kube.requests.reset();
    const result = await deployments.update(ctx, kube, owner, resolve(source));
    expect(result.action).toBe('updated');
    expect(kube.requests.writes()).toBe(1);
    const live = await read();
    expect(container(live)?.env).toEqual([{ name: 'MODE', value: 'prod' }]);
    expect(container(live)).not.toHaveProperty('readinessProbe');
    expect(live?.metadata.annotations).not.toHaveProperty('ours');
    expect(live?.metadata.annotations?.['user/note']).toBe('keep me');
    expect((await deployments.update(ctx, kube, owner, resolve(source))).action).toBe('unchanged');
  });

  it('switches to Recreate from the default strategy', async () => {
    await deployments.update(ctx, kube, owner, resolve({ image: 'nginx:1.27' }));
    expect((await read())?.spec.strategy).toEqual({ type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' } });
    kube.requests.reset();
    expect((await deployments.update(ctx, kube, owner, resolve({ image: 'nginx:1.27', strategy: 'Recreate' }))).action).toBe('updated');
    expect(kube.requests.writes()).toBe(1);
    expect((await read())?.spec.strategy).toEqual({ type: 'Recreate' });
  });

  it('switches the strategy from RollingUpdate to Recreate and back', async () => {
    await deployments.update(ctx, kube, owner, resolve({ image: 'nginx:1.27', strategy: { maxSurge: '50%' } }));
    expect((await deployments.update(ctx, kube, owner, resolve({ image: 'nginx:1.27', strategy: 'Recreate' }))).action).toBe('updated');
    expect((await read())?.spec.strategy).toEqual({ type: 'Recreate' });
    expect((await deployments.update(ctx, kube, owner, resolve({ image: 'nginx:1.27', strategy: 'RollingUpdate' }))).action).toBe('updated');
    expect((await read())?.spec.strategy?.type).toBe('RollingUpdate');
  });

  it('refuses to update a Deployment it does not control', async () => {
    await other.create(handMade(NAME));
    await expect(deployments.update(ctx, kube, owner, resolve({ image: 'nginx:1.27' }))).rejects.toThrow(OwnershipError);
    expect(container(await read())?.image).toBe('theirs:1');
  });
});

describe('replicas left to an autoscaler', () => {
  it('an HPA changing replicas is not drift: zero writes, and its count stays', async () => {
    const spec = resolve({ image: 'nginx:1.27', autoscaled: true });
    await deployments.update(ctx, kube, owner, spec);
    expect((await read())?.spec.replicas).toBe(1); // the server's default
    await other.patch(ref(), { spec: { replicas: 7 } }, { fieldManager: 'horizontal-pod-autoscaler' });
    kube.requests.reset();
    for (let i = 0; i < 5; i++) expect((await deployments.update(ctx, kube, owner, spec)).action).toBe('unchanged');
    expect(kube.requests.writes()).toBe(0);
    expect((await read())?.spec.replicas).toBe(7);
  });

  it('another change is corrected without touching the HPA\'s count', async () => {
    await deployments.update(ctx, kube, owner, resolve({ image: 'nginx:1.27', autoscaled: true }));
    await other.patch(ref(), { spec: { replicas: 7 } }, { fieldManager: 'horizontal-pod-autoscaler' });
    kube.requests.reset();
    expect((await deployments.update(ctx, kube, owner, resolve({ image: 'nginx:1.28', autoscaled: true }))).action).toBe('updated');
    expect(kube.requests.writes()).toBe(1);
    const live = await read();
    expect(container(live)?.image).toBe('nginx:1.28');
    expect(live?.spec.replicas).toBe(7);
  });

  it('moving from a replica count to autoscaled drops the count Orkestra set: the server resets it to 1', async () => {
    await deployments.update(ctx, kube, owner, resolve({ image: 'nginx:1.27', replicas: 3 }));
    kube.requests.reset();
    expect((await deployments.update(ctx, kube, owner, resolve({ image: 'nginx:1.27', autoscaled: true }))).action).toBe('updated');
    expect(kube.requests.writes()).toBe(1);
    expect((await read())?.spec.replicas).toBe(1);
  });

  it('moving to autoscaled keeps a count the autoscaler set since Orkestra last wrote', async () => {
    await deployments.update(ctx, kube, owner, resolve({ image: 'nginx:1.27', replicas: 3 }));
    await other.patch(ref(), { spec: { replicas: 6 } }, { fieldManager: 'horizontal-pod-autoscaler' });
    expect((await deployments.update(ctx, kube, owner, resolve({ image: 'nginx:1.27', autoscaled: true }))).action).toBe('updated');
    expect((await read())?.spec.replicas).toBe(6);
  });
});

describe('immutable selector', () => {
  /** Ours (owner reference and labels) but made with another selector, e.g. by an older version of the template. */
  async function olderDeployment(): Promise<KubeObject> {
    return other.create(handMade(NAME, {
      labels: { 'managed-by': 'orkestra', 'orkestra-owner': 'site' },
      ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'site', uid: owner.metadata.uid, controller: true, blockOwnerDeletion: true }],
      selector: { app: 'site-old' },
    }));
  }

  it('a selector that differs is refused with the field and the way out, and nothing is written', async () => {
    await olderDeployment();
    kube.requests.reset();
    const err = await deployments.update(ctx, kube, owner, resolve({ image: 'nginx:1.27' })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImmutableFieldError);
    expect((err as ImmutableFieldError).changes.map((c) => c.path)).toEqual(['spec.selector']);
    expect((err as Error).message).toMatch(new RegExp(`^cannot update Deployment ${ns}/${NAME}: spec\\.selector \\(.*\\).*recreate: true`));
    expect(kube.requests.writes()).toBe(0);
    expect((await read())?.spec.selector).toEqual({ matchLabels: { app: 'site-old' } });
  });

  it('with recreate: true, it is deleted and created again with the derived selector', async () => {
    const before = await olderDeployment();
    const result = await deployments.update(ctx, kube, owner, resolve({ image: 'nginx:1.27', recreate: true }));
    expect(result.action).toBe('recreated');
    const after = await read();
    expect(after?.metadata.uid).not.toBe(before.metadata.uid);
    expect(after?.spec.selector).toEqual({ matchLabels: { 'orkestra-owner': 'site', 'orkestra.io/deployment': NAME } });
    expect(container(after)?.image).toBe('nginx:1.27');
    expect((await deployments.update(ctx, kube, owner, resolve({ image: 'nginx:1.27', recreate: true }))).action).toBe('unchanged');
  });
});

describe('delete', () => {
  it('missing: nothing happens', async () => {
    expect((await deployments.delete(ctx, kube, owner, resolve({ image: 'nginx' }))).action).toBe('absent');
    expect(kube.requests.writes()).toBe(0);
  });

  it('controlled by the owner: deleted', async () => {
    const spec = resolve({ image: 'nginx:1.27' });
    await deployments.create(ctx, kube, owner, spec);
    expect((await deployments.delete(ctx, kube, owner, spec)).action).toBe('deleted');
    await cluster.waitFor(async () => (await read()) === undefined, { timeoutMs: 30_000, description: 'the Deployment to be gone' });
  });

  it("someone else's: OwnershipError and untouched", async () => {
    await other.create(handMade(NAME));
    kube.requests.reset();
    await expect(deployments.delete(ctx, kube, owner, resolve({ image: 'nginx' }))).rejects.toThrow(OwnershipError);
    expect(kube.requests.writes()).toBe(0);
    expect(container(await read())?.image).toBe('theirs:1');
  });

  it('the garbage collector removes the Deployment when the owner goes', async () => {
    await deployments.create(ctx, kube, owner, resolve({ image: 'nginx:1.27' }));
    await other.delete({ apiVersion: 'v1', kind: 'ConfigMap', namespace: ns, name: 'site' });
    await cluster.waitFor(async () => (await read()) === undefined, { timeoutMs: 30_000, description: 'the Deployment to be garbage-collected' });
  });
});
