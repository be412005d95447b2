/**
 * `ControllerClient.impersonate` on both clients against kube-apiserver: the admin's client acts as a
 * ServiceAccount (as the many-katalogs runtime acts as each Katalog's) whose Role allows ConfigMaps in one
 * namespace only, and as a user whose groups are bound to a Role — two groups, which must reach the API server as
 * two `Impersonate-Group` lines, not one joined by a comma.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { KubeConfig } from '@kubernetes/client-node';
import { testCluster } from '@orkestra/testenv';
import { ClientNodeObjectClient } from '../src/client-node/index.js';
import {
  type ControllerClient,
  ForbiddenError,
  type KubeObject,
  OrkestraError,
  ValidationError,
} from '../src/index.js';
import { Kubeclient } from '../src/kube/index.js';

type Client = ControllerClient & { close(): Promise<void>; readonly requests: { count(): number } };

const clients: [string, (kc: KubeConfig) => Client][] = [
  ['Kubeclient', (kc) => new Kubeclient(kc)],
  ['ClientNodeObjectClient', (kc) => new ClientNodeObjectClient(kc)],
];
if (process.env.ORKESTRA_HTTP) clients.splice(1); // the HTTP-version run is about Kubeclient's transport

const cluster = testCluster();
const rbac = 'rbac.authorization.k8s.io/v1';
let allowed: string;
let other: string;
const serviceAccount = () => `system:serviceaccount:${allowed}:katalog`;

const configMap = (namespace: string, name: string): KubeObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, namespace },
  data: { a: '1' },
});

beforeAll(async () => {
  const admin = new Kubeclient(cluster.kubeConfig);
  allowed = await cluster.newNamespace('impersonation');
  other = await cluster.newNamespace('impersonation-other');
  await admin.create({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'katalog', namespace: allowed } });
  await admin.create({
    apiVersion: rbac,
    kind: 'Role',
    metadata: { name: 'configmaps', namespace: allowed },
    rules: [{ apiGroups: [''], resources: ['configmaps'], verbs: ['get', 'list', 'create', 'update', 'patch'] }],
  });
  for (const [name, subject] of [
    ['katalog', { kind: 'ServiceAccount', name: 'katalog', namespace: allowed }],
    ['team-b', { kind: 'Group', name: 'team-b', apiGroup: 'rbac.authorization.k8s.io' }],
  ] as const) {
    await admin.create({
      apiVersion: rbac,
      kind: 'RoleBinding',
      metadata: { name, namespace: allowed },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'configmaps' },
      subjects: [subject],
    });
  }
  await admin.close();
});
afterAll(() => cluster.deleteNamespaces());

describe.each(clients)('%s.impersonate', (name, make) => {
  let kube: Client;
  beforeAll(() => {
    kube = make(cluster.kubeConfig);
  });
  afterAll(() => kube.close());

  it('acts as a ServiceAccount: writes what its Role allows, and gets a typed Forbidden for anything else', async () => {
    const katalog = kube.impersonate({ user: serviceAccount() });
    const created = await katalog.create(configMap(allowed, `sa-${name.toLowerCase()}`));
    expect(created.metadata.uid).toBeTruthy();
    const secret = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'x', namespace: allowed }, data: {} };
    const refusedSecret = await katalog.create(secret).catch((e: unknown) => e);
    expect(refusedSecret).toBeInstanceOf(ForbiddenError);
    expect((refusedSecret as ForbiddenError).message).toContain(serviceAccount());
    const refusedNamespace = await katalog.create(configMap(other, 'elsewhere')).catch((e: unknown) => e);
    expect(refusedNamespace).toBeInstanceOf(ForbiddenError);
    expect((refusedNamespace as ForbiddenError).message).toContain(`namespace "${other}"`);
    // The admin's own client is unchanged: it still may do both.
    expect((await kube.create(configMap(other, `admin-${name.toLowerCase()}`))).metadata.uid).toBeTruthy();
  });

  it('acts as a user with several groups, each sent as a header of its own', async () => {
    const jane = kube.impersonate({ user: 'jane', groups: ['team-a', 'team-b'] });
    const listed = await jane.list('v1', 'ConfigMap', { namespace: allowed });
    expect(listed.items.map((i) => i.metadata.name)).toContain(`sa-${name.toLowerCase()}`);
    const alone = kube.impersonate({ user: 'jane' });
    expect(await alone.list('v1', 'ConfigMap', { namespace: allowed }).catch((e: unknown) => e)).toBeInstanceOf(
      ForbiddenError,
    );
  });

  it('shares the request tally with the client it was made from, not its read caches', async () => {
    const before = kube.requests.count();
    const katalog = kube.impersonate({ user: serviceAccount() });
    const remove = kube.addReadCache({ get: () => ({ object: configMap(allowed, 'cached') }) });
    const ref = { apiVersion: 'v1', kind: 'ConfigMap', namespace: allowed, name: 'cached' };
    expect(kube.peek(ref)?.object?.metadata.name).toBe('cached');
    expect(katalog.peek(ref)).toBeUndefined();
    expect(await katalog.get(ref)).toBeUndefined(); // asked the server, as the ServiceAccount: no such ConfigMap
    remove();
    expect(kube.requests.count()).toBe(before + 1);
  });

  it('is closed with the client it was made from', async () => {
    const parent = make(cluster.kubeConfig);
    const katalog = parent.impersonate({ user: serviceAccount() });
    await katalog.list('v1', 'ConfigMap', { namespace: allowed });
    await parent.close();
    const closed = await katalog.list('v1', 'ConfigMap', { namespace: allowed }).catch((e: unknown) => e);
    expect(closed).toBeInstanceOf(OrkestraError);
    expect((closed as OrkestraError).reason).toBe('Closed');
  });

  it('refuses an empty identity, naming the field', () => {
    expect(() => kube.impersonate({ user: ' ' })).toThrow(ValidationError);
    expect(() => kube.impersonate({ user: 'jane', groups: [''] })).toThrow(/impersonate\.groups\[0\]/);
  });
});
