import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach } from '@jest/globals';
import type { KubeConfig } from '@kubernetes/client-node';
import {
  type Context,
  createContext,
  type KubeObject,
  type ObjectClient,
  type ObjectRef,
  type OwnerObject,
} from '@orkestra/core';
import { Kubeclient, type RequestCounter } from '@orkestra/core/kube';
import { type TestCluster, testCluster } from '../cluster.js';

/** A client to test Orkestra over: an `ObjectClient` that counts its requests and can be closed. */
export type TestObjectClient = ObjectClient & { readonly requests: RequestCounter; close(): Promise<void> };

/** Options of {@link resourceTestEnv}. */
export interface ResourceTestEnvOptions<K extends TestObjectClient = Kubeclient> {
  /** Prefix of each test's namespace, e.g. the package's key. Default `resources`. */
  namespacePrefix?: string;
  /**
   * Whether the children under test are namespaced (default `true`): then each test gets a namespace of its own
   * and a ConfigMap `site` in it as the owner. Otherwise the owner is a ClusterRole with a unique name (a
   * namespaced owner cannot own a cluster-scoped child).
   */
  namespaced?: boolean;
  /** Field manager of Orkestra's client. Default `orkestra-test`. */
  fieldManager?: string;
  /**
   * Makes Orkestra's client from the run's `KubeConfig`; default `new Kubeclient(kubeConfig)`. Another
   * `ObjectClient` (`(kc) => new ClientNodeObjectClient(kc)`) runs the same tests over it.
   */
  client?: (kubeConfig: KubeConfig) => K;
}

/** What every integration test of a resource package needs, fresh for each test. See {@link resourceTestEnv}. */
export interface ResourceTestEnv<K extends TestObjectClient = Kubeclient> {
  /** The run's control plane (the jest global setup's). */
  readonly cluster: TestCluster;
  /** A context whose field manager is the options' (`orkestra-test`). */
  readonly ctx: Context;
  /** Orkestra's client: hand it to the handler. Its request counter is reset before each test. */
  readonly kube: K;
  /** Someone else: a user with kubectl, another controller. Its requests are not Orkestra's. */
  readonly other: Kubeclient;
  /** This test's namespace; `undefined` when the children are cluster-scoped. */
  readonly namespace: string | undefined;
  /** This test's owner (made by {@link makeOwner} before the test). */
  readonly owner: OwnerObject;
  /** The owner's name: `site`, or `site-<random>` for cluster-scoped children. */
  readonly ownerName: string;
  /** Makes another owner of the same kind, e.g. to show that its children are refused to {@link owner}. */
  makeOwner(name: string): Promise<OwnerObject>;
  /** The reference of the owner called `name`, e.g. to delete it and watch the garbage collector work. */
  ownerRef(name: string): ObjectRef;
  /** `prefix-<6 hex digits>`: a name no other test uses (cluster-scoped objects share one namespace-less space). */
  unique(prefix: string): string;
  /**
   * Stops `running` (a reconciler, an informer…) when the test ends, before its namespace goes; returns it.
   * A test that starts controllers need not keep its own list of them.
   */
  stopAfterTest<T extends { stop(): Promise<unknown> }>(running: T): T;
}

const OWNER_CONFIGMAP = { apiVersion: 'v1', kind: 'ConfigMap' } as const;
const OWNER_CLUSTERROLE = { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole' } as const;

/**
 * Registers Jest hooks that give each test of the enclosing `describe` (or file) a fresh namespace and owner,
 * and two clients — Orkestra's, whose requests are counted, and someone else's — closed after the last test.
 * Call it once per scope, at the top of the file or of a `describe`; read the fields inside tests only.
 *
 * Needs the control plane of `@orkestra/testenv`'s jest global setup (an `*.int.test.ts` file of a package
 * whose integration project uses it). Cleanup: the namespaces are deleted after the last test; cluster-scoped
 * owners too, and with them (garbage collector) their children.
 *
 * @example
 * const t = resourceTestEnv({ namespacePrefix: 'secrets' });
 * it('creates the Secret', async () => {
 *   await secrets.create(t.ctx, t.kube, t.owner, secrets.resolve({ stringData: { a: '1' } }, t.ownerName));
 *   expect(t.kube.requests.writes()).toBe(1);
 * });
 */
export function resourceTestEnv<K extends TestObjectClient = Kubeclient>(
  options: ResourceTestEnvOptions<K> = {},
): ResourceTestEnv<K> {
  const { namespacePrefix = 'resources', namespaced = true, fieldManager = 'orkestra-test' } = options;
  const makeClient =
    options.client ?? ((kubeConfig: KubeConfig) => new Kubeclient(kubeConfig) as TestObjectClient as K);
  const ownerType = namespaced ? OWNER_CONFIGMAP : OWNER_CLUSTERROLE;
  const clusterOwners: string[] = [];
  const running: { stop(): Promise<unknown> }[] = [];
  const ctx = createContext({ fieldManager });
  const state: {
    cluster?: TestCluster;
    kube?: K;
    other?: Kubeclient;
    namespace?: string;
    owner?: OwnerObject;
    ownerName?: string;
  } = {};
  const need = <K extends keyof typeof state>(key: K): NonNullable<(typeof state)[K]> => {
    const value = state[key];
    if (value === undefined)
      throw new Error(`resourceTestEnv: ${key} is only there inside a test (or a beforeEach after resourceTestEnv's)`);
    return value as NonNullable<(typeof state)[K]>;
  };
  const unique = (prefix: string) => `${prefix}-${randomBytes(3).toString('hex')}`;
  const ownerRef = (name: string): ObjectRef => ({
    ...ownerType,
    name,
    ...(namespaced ? { namespace: need('namespace') } : {}),
  });

  async function makeOwner(name: string): Promise<OwnerObject> {
    if (!namespaced) clusterOwners.push(name);
    const body = namespaced
      ? { ...ownerType, metadata: { name, namespace: need('namespace') }, data: { role: 'owner' } }
      : { ...ownerType, metadata: { name }, rules: [] };
    return (await need('other').create<KubeObject>(body as KubeObject)) as OwnerObject;
  }

  beforeAll(() => {
    state.cluster = testCluster();
    state.kube = makeClient(state.cluster.kubeConfig);
    state.other = new Kubeclient(state.cluster.kubeConfig);
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((r) => r.stop()));
  });
  afterAll(async () => {
    await state.cluster?.deleteNamespaces();
    for (const name of clusterOwners.splice(0)) await state.other?.delete(ownerRef(name)).catch(() => undefined);
    await state.kube?.close();
    await state.other?.close();
  });
  beforeEach(async () => {
    if (namespaced) state.namespace = await need('cluster').newNamespace(namespacePrefix);
    state.ownerName = namespaced ? 'site' : unique('site');
    state.owner = await makeOwner(state.ownerName);
    need('kube').requests.reset();
  });

  return {
    get cluster() {
      return need('cluster');
    },
    ctx,
    get kube() {
      return need('kube');
    },
    get other() {
      return need('other');
    },
    get namespace() {
      return namespaced ? need('namespace') : undefined;
    },
    get owner() {
      return need('owner');
    },
    get ownerName() {
      return need('ownerName');
    },
    makeOwner,
    ownerRef,
    unique,
    stopAfterTest(r) {
      running.push(r);
      return r;
    },
  };
}
