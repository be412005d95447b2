import { request } from 'node:https';
import { afterAll, describe, expect, it } from '@jest/globals';
import { testCluster } from '@orkestra/testenv';
import { BUILT_IN_KINDS, BUILT_IN_KINDS_VERSION, Kubeclient } from '../src/kube/index.js';

// The table of built-in kinds is data taken from discovery: this compares it with the discovery of the real
// control plane, so an upgrade of Kubernetes that adds, removes or renames a kind fails here, naming it.
const cluster = testCluster();
const kube = new Kubeclient(cluster.kubeConfig);
afterAll(() => kube.close());

/** A GET of the API server as the admin, answer parsed (discovery documents are not objects of a kind). */
async function get<T>(path: string): Promise<T> {
  const url = new URL(path, cluster.server);
  const options: Parameters<typeof request>[1] = { method: 'GET', headers: { accept: 'application/json' } };
  await cluster.kubeConfig.applyToHTTPSOptions(options);
  return new Promise<T>((resolve, reject) => {
    const req = request(url, options, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        res.statusCode === 200
          ? resolve(JSON.parse(body) as T)
          : reject(new Error(`GET ${path}: ${res.statusCode} ${body}`)),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

interface ApiGroupList {
  groups: { name: string; versions: { groupVersion: string }[] }[];
}
interface ResourceList {
  resources: { name: string; kind: string; namespaced: boolean }[];
}

/** Every top-level resource the API server serves in the groups Kubernetes itself serves (no CRD's, no aggregated API's). */
async function servedBuiltIns(): Promise<string[]> {
  // Kubernetes' own groups: served locally (no spec.service, unlike an aggregated API) and not a CRD's.
  const crdGroups = new Set(
    (await kube.list('apiextensions.k8s.io/v1', 'CustomResourceDefinition')).items.map(
      (c) => (c.spec as { group: string }).group,
    ),
  );
  const builtIn = new Set(
    (await kube.list('apiregistration.k8s.io/v1', 'APIService')).items
      .map((s) => s.spec as { group?: string; version: string; service?: unknown })
      .filter((s) => !s.service && !crdGroups.has(s.group ?? ''))
      .map((s) => `${s.version}.${s.group ?? ''}`),
  );
  // The core group, and the aggregator's own group (served by it, not behind an APIService of its own).
  const groupVersions = new Set(['v1', 'apiregistration.k8s.io/v1']);
  const groups = (await get<ApiGroupList>('/apis')).groups;
  for (const g of groups)
    for (const v of g.versions) {
      const [group, version] = v.groupVersion.split('/');
      if (builtIn.has(`${version}.${group}`)) groupVersions.add(v.groupVersion);
    }
  const out: string[] = [];
  for (const gv of groupVersions) {
    const list = await get<ResourceList>(gv === 'v1' ? '/api/v1' : `/apis/${gv}`);
    for (const r of list.resources)
      if (!r.name.includes('/')) out.push(`${gv} ${r.kind} ${r.name} ${r.namespaced ? 'namespaced' : 'cluster'}`);
  }
  return out.sort();
}

describe('BUILT_IN_KINDS', () => {
  it(`is what kube-apiserver ${BUILT_IN_KINDS_VERSION} serves: every kind, its plural and scope`, async () => {
    const version = await get<{ major: string; minor: string }>('/version');
    expect(`v${version.major}.${version.minor}`).toBe(BUILT_IN_KINDS_VERSION);
    const table = BUILT_IN_KINDS.map(
      (k) => `${k.apiVersion} ${k.kind} ${k.plural} ${k.namespaced ? 'namespaced' : 'cluster'}`,
    ).sort();
    expect(table).toEqual(await servedBuiltIns());
  });
});
