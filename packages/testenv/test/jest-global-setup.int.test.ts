import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import type { KubernetesObject } from '@kubernetes/client-node';
import { TEST_KUBECONFIG_VARIABLE, testCluster } from '../src/cluster.js';
import { start } from '../src/environment.js';
import { globalSetup, globalTeardown } from '../src/jest-global-setup.js';
import type { TestEnvironment } from '../src/test-environment.js';

const project = join(import.meta.dirname, 'fixtures', 'project'); // has test/crds/gadgets.yaml
const noCrds = import.meta.dirname;
const saved = process.env[TEST_KUBECONFIG_VARIABLE];
afterAll(() => {
  if (saved === undefined) delete process.env[TEST_KUBECONFIG_VARIABLE];
  else process.env[TEST_KUBECONFIG_VARIABLE] = saved;
});

const gadget = (name: string) =>
  ({
    apiVersion: 'testenv.orkestra.dev/v1',
    kind: 'Gadget',
    metadata: { name },
    spec: { any: 'thing' },
  }) as KubernetesObject;

describe('jest global setup', () => {
  it('starts one shared environment, installs test/crds, and stops it after the last teardown', async () => {
    delete process.env[TEST_KUBECONFIG_VARIABLE];
    await globalSetup({}, { rootDir: project });
    const kubeconfigPath = process.env[TEST_KUBECONFIG_VARIABLE];
    expect(kubeconfigPath).toMatch(/orkestra-testenv-.*\/kubeconfig$/);

    const cluster = testCluster();
    expect(cluster.kubeconfigPath).toBe(kubeconfigPath);
    await cluster.objectApi().create(gadget('g1')); // the CRD from <rootDir>/test/crds
    const ns = await cluster.newNamespace('shared');
    expect(ns).toMatch(/^shared-[0-9a-f]{8}$/);
    await cluster.deleteNamespaces();

    // A second Jest project in the same run shares the environment.
    await globalSetup({}, { rootDir: noCrds });
    expect(process.env[TEST_KUBECONFIG_VARIABLE]).toBe(kubeconfigPath);
    await globalTeardown();
    expect(existsSync(kubeconfigPath as string)).toBe(true);
    await globalTeardown();
    expect(existsSync(kubeconfigPath as string)).toBe(false);
    expect(process.env[TEST_KUBECONFIG_VARIABLE]).toBeUndefined();
  });

  it('uses the cluster ORKESTRA_TEST_KUBECONFIG names and starts nothing', async () => {
    let own: TestEnvironment | undefined;
    try {
      own = await start();
      process.env[TEST_KUBECONFIG_VARIABLE] = own.kubeconfigPath;
      await globalSetup({}, { rootDir: project });
      expect(process.env[TEST_KUBECONFIG_VARIABLE]).toBe(own.kubeconfigPath);
      await own.objectApi().create(gadget('g2')); // CRDs are installed into the caller's cluster
      await globalTeardown();
      expect(own.pids.kubeApiServer).toBeDefined(); // left alone
      expect(process.env[TEST_KUBECONFIG_VARIABLE]).toBe(own.kubeconfigPath);
    } finally {
      await own?.stop();
    }
  });
});
