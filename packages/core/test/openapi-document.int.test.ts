/** Kubeclient.openApiDocument against a real kube-apiserver: the whole document, or undefined when none. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { testCluster } from '@orkestra/testenv';
import { Kubeclient } from '../src/kube/index.js';

const cluster = testCluster();
let kube: Kubeclient;

beforeAll(() => {
  kube = new Kubeclient(cluster.kubeConfig);
});
afterAll(async () => {
  await kube.close();
});

describe('openApiDocument', () => {
  it("reads a group-version's document with its types, one request per call", async () => {
    kube.requests.reset();
    const doc = await kube.openApiDocument('apps/v1');
    const sts = Object.values(doc?.components?.schemas ?? {}).find((s) =>
      s['x-kubernetes-group-version-kind']?.some((g) => g.kind === 'StatefulSet'),
    );
    const spec = sts?.properties?.spec;
    expect(spec).toBeDefined();
    await kube.openApiDocument('v1');
    expect(Object.values(kube.requests.snapshot()).reduce((a, b) => a + b, 0)).toBe(2);
  });

  it('is undefined for a group-version the server does not publish', async () => {
    expect(await kube.openApiDocument('nothing.example.com/v1')).toBeUndefined();
  });
});
