/**
 * The Manager checks each configuration against the cluster before it starts: the CR paths the templates read
 * against the installed owner CRD (examples/website/crd.yaml), and the fields read of other children against
 * their kinds' schemas from the cluster's OpenAPI. A problem refuses the start with every problem listed;
 * nothing is watched or written.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ResolvedSpec, ResourceHandler } from '@orkestra/core';
import { Kubeclient } from '@orkestra/core/kube';
import { handler as deployments } from '@orkestra/deployments';
import { ConfigurationError, type ReconcilerConfig } from '@orkestra/reconciler';
import { handler as services } from '@orkestra/services';
import { testCluster } from '@orkestra/testenv';
import { ConfigurationMismatchError, Manager, OwnerKindNotServedError } from '../src/index.js';

const cluster = testCluster();
const owner = { group: 'example.com', version: 'v1', kind: 'Website', plural: 'websites' };
const handlers = [deployments, services] as unknown as ResourceHandler<unknown, ResolvedSpec>[];

describe('Manager: the configuration against the installed CRDs, at start', () => {
  let kube: Kubeclient;
  let ns: string;
  beforeAll(async () => {
    kube = new Kubeclient(cluster.kubeConfig);
    ns = await cluster.newNamespace('crd-check');
  });
  afterAll(async () => {
    await cluster.deleteNamespaces();
    await kube.close();
  });

  async function refusal(config: Omit<ReconcilerConfig, 'handlers'>): Promise<ConfigurationError> {
    const manager = new Manager({ kube, reconcilers: [{ ...config, handlers, namespaces: [ns] }], heapRelease: false });
    const error = await manager.start().then(
      () => undefined,
      (e: unknown) => e,
    );
    await manager.stop();
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(manager.reconcilers[0]?.ready).toBe(false); // never started: nothing watched, nothing written
    return error as ConfigurationError;
  }

  it('refuses to start when a template reads a CR path the installed CRD does not have', async () => {
    const error = await refusal({
      owner,
      resources: { deployments: { onReconcile: [{ image: '{{spec.imag}}' }] } },
    });
    expect(error.problems.map((p) => [p.path, p.message, p.hint])).toEqual([
      [
        'resources.deployments.onReconcile[0].image',
        'spec.imag is not in the schema: spec has no field "imag"',
        'did you mean spec.image?',
      ],
    ]);
    expect(error.message).toContain('resources.deployments.onReconcile[0].image: spec.imag is not in the schema');
  });

  it("refuses to start when a template reads a field another child's kind does not have (the cluster's OpenAPI)", async () => {
    const error = await refusal({
      owner,
      resources: {
        services: { onReconcile: [{ id: 'web', port: 80 }] },
        deployments: {
          onReconcile: [
            { image: '{{spec.image}}', env: [{ name: 'WEB', value: '{{children.services.web.spec.clusterIPP}}' }] },
          ],
        },
      },
    });
    expect(error.problems.map((p) => [p.path, p.message, p.hint])).toEqual([
      [
        'resources.deployments.onReconcile[0].env[0].value',
        'children.services.web.spec.clusterIPP is not a field of Service: spec has no field "clusterIPP" (the cluster\'s OpenAPI)',
        'did you mean children.services.web.spec.clusterIP?',
      ],
    ]);
  });

  it("locates each problem where the configuration's origin says (what orkestra run gives its katalog file)", async () => {
    const origin = {
      pathOf: (path: string) => `spec.crds[0].${path}`,
      locate: (path: string) => (path.endsWith('.image') ? 'katalog.yaml:12:22' : undefined),
    };
    const manager = new Manager({
      kube,
      reconcilers: [
        {
          owner,
          handlers,
          namespaces: [ns],
          origin,
          resources: { deployments: { onReconcile: [{ image: '{{spec.imag}}' }] } },
        },
      ],
      heapRelease: false,
    });
    const error = await manager.start().catch((e: unknown) => e);
    await manager.stop();
    expect(error).toBeInstanceOf(ConfigurationMismatchError);
    expect((error as ConfigurationMismatchError).found.map((p) => [p.path, p.location])).toEqual([
      ['spec.crds[0].resources.deployments.onReconcile[0].image', 'katalog.yaml:12:22'],
    ]);
  });

  it('refuses to start, naming the CRD to install, when an owner kind is not served (crdCheck false too)', async () => {
    const gadget = { group: 'parts.example.com', version: 'v1', kind: 'Gadget', plural: 'gadgets' };
    const manager = new Manager({
      kube,
      reconcilers: [{ owner: gadget, handlers, namespaces: [ns], resources: {} }],
      crdCheck: false,
      heapRelease: false,
    });
    const error = await manager.start().catch((e: unknown) => e);
    await manager.stop();
    expect(error).toBeInstanceOf(OwnerKindNotServedError);
    expect((error as Error).message).toBe(
      'the API server does not serve Gadget (parts.example.com/v1, resource gadgets): its CRD is not installed',
    );
    expect(manager.reconcilers[0]?.ready).toBe(false);
  });

  it('starts when the configuration fits the installed CRD', async () => {
    const manager = new Manager({
      kube,
      heapRelease: false,
      reconcilers: [
        {
          owner,
          handlers,
          namespaces: [ns],
          resources: { deployments: { onReconcile: [{ image: '{{spec.image}}' }] } },
        },
      ],
    });
    await manager.start();
    expect(manager.reconcilers[0]?.ready).toBe(true);
    await manager.stop();
  });
});
