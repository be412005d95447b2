import { randomBytes } from 'node:crypto';
import { ApiException, CoreV1Api, KubeConfig, KubernetesObjectApi } from '@kubernetes/client-node';
import { waitFor } from './wait-for.js';

/** The variable the jest global setup sets to the kubeconfig path of the shared control plane. */
export const TEST_KUBECONFIG_VARIABLE = 'ORKESTRA_TEST_KUBECONFIG';

/** Label put on every namespace {@link TestCluster.newNamespace} makes. */
export const TEST_NAMESPACE_LABEL = 'orkestra-testenv';

/** Helpers every test suite needs, bound to one cluster. */
export interface TestCluster {
  /** Client configuration for the cluster (admin). */
  readonly kubeConfig: KubeConfig;
  /** The kubeconfig file, when there is one. */
  readonly kubeconfigPath: string | undefined;
  /** The API server URL. */
  readonly server: string;
  /**
   * Creates a namespace with a unique name (`<prefix>-<random>`, prefix default `test`) and returns
   * the name. {@link deleteNamespaces} deletes every namespace made this way.
   */
  newNamespace(prefix?: string): Promise<string>;
  /**
   * Deletes the namespaces {@link newNamespace} made. Without the `namespace` controller they stay
   * Terminating, which is harmless for tests that use unique names.
   */
  deleteNamespaces(): Promise<void>;
  /** A KubernetesObjectApi for the cluster (uncounted). */
  objectApi(): KubernetesObjectApi;
  /** {@link waitFor}, for convenience. */
  readonly waitFor: typeof waitFor;
}

/** A DNS-1123 label: lower case, `[a-z0-9-]`, at most 63 characters, starting and ending alphanumeric. */
export function namespaceName(prefix = 'test', suffix = randomBytes(4).toString('hex')): string {
  const clean =
    prefix
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 63 - suffix.length - 1)
      .replace(/-+$/g, '') || 'test';
  return `${clean}-${suffix}`;
}

/**
 * Binds the {@link TestCluster} helpers to a kubeconfig. `start()`'s environment and
 * {@link testCluster} both use it.
 *
 * @example
 * const cluster = clusterHelpers(kubeConfig);
 * const ns = await cluster.newNamespace('secrets');
 */
export function clusterHelpers(kubeConfig: KubeConfig, kubeconfigPath?: string): TestCluster {
  const created = new Set<string>();
  let core: CoreV1Api | undefined;
  const coreApi = () => (core ??= kubeConfig.makeApiClient(CoreV1Api));
  const server = kubeConfig.getCurrentCluster()?.server ?? '';
  return {
    kubeConfig,
    kubeconfigPath,
    server,
    async newNamespace(prefix?: string) {
      for (let attempt = 0; ; attempt++) {
        const name = namespaceName(prefix);
        try {
          await coreApi().createNamespace({
            body: { metadata: { name, labels: { [TEST_NAMESPACE_LABEL]: 'true' } } },
          });
          created.add(name);
          return name;
        } catch (e) {
          if (!(e instanceof ApiException && e.code === 409) || attempt >= 3) throw e;
        }
      }
    },
    async deleteNamespaces() {
      const names = [...created];
      created.clear();
      await Promise.all(
        names.map((name) =>
          coreApi()
            .deleteNamespace({ name })
            .catch((e: unknown) => {
              if (!(e instanceof ApiException && e.code === 404)) throw e;
            }),
        ),
      );
    },
    objectApi: () => KubernetesObjectApi.makeApiClient(kubeConfig),
    waitFor,
  };
}

let shared: TestCluster | undefined;

/**
 * The cluster of this test run: the control plane the jest global setup started (or the one the
 * caller named), read from the `ORKESTRA_TEST_KUBECONFIG` kubeconfig path. Use it in
 * `*.int.test.ts` files of packages whose integration project uses `@orkestra/testenv`'s global setup.
 *
 * @example
 * import { testCluster } from '@orkestra/testenv';
 * const cluster = testCluster();
 * let ns: string;
 * beforeEach(async () => { ns = await cluster.newNamespace('configmaps'); });
 * afterAll(() => cluster.deleteNamespaces());
 */
export function testCluster(env: NodeJS.ProcessEnv = process.env): TestCluster {
  const path = env[TEST_KUBECONFIG_VARIABLE];
  if (!path) {
    throw new Error(
      `@orkestra/testenv: ${TEST_KUBECONFIG_VARIABLE} is not set. testCluster() works in tests run with ` +
        `@orkestra/testenv's jest global setup (files named *.int.test.ts in the integration project), ` +
        `or set ${TEST_KUBECONFIG_VARIABLE} to the kubeconfig of a cluster you started yourself.`,
    );
  }
  if (shared?.kubeconfigPath === path) return shared;
  const kubeConfig = new KubeConfig();
  kubeConfig.loadFromFile(path);
  shared = clusterHelpers(kubeConfig, path);
  return shared;
}
