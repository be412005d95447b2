/**
 * The resource contract of @orkestra/manifests, run by @orkestra/testenv's shared suite against the real API server,
 * with a Role written as a native manifest (a kind no typed package covers). The other kinds the issue names
 * (StatefulSet, Job, CronJob…) have their own cases in kinds.int.test.ts.
 */
import { expect } from '@jest/globals';
import { ClientNodeObjectClient } from '@orkestra/core/client-node';
import { describeResourceContract, type ResourceContractFixtures } from '@orkestra/testenv/contract';
import { handler, type ManifestSource } from '../src/index.js';

const readConfigMaps = { apiGroups: [''], resources: ['configmaps'], verbs: ['get', 'list'] };

const role = (metadata: Record<string, unknown> = {}) => ({
  apiVersion: 'rbac.authorization.k8s.io/v1',
  kind: 'Role',
  metadata: { name: 'reader', ...metadata },
  rules: [readConfigMaps],
});

const fixtures: ResourceContractFixtures<ManifestSource> = {
  minimal: role(),
  full: role({ labels: { app: 'web' }, annotations: { note: 'x' } }),
  created: (live) => expect(live).toMatchObject({ rules: [readConfigMaps] }),
  withName: (source, name) => ({ ...source, metadata: { ...source.metadata, name } }),
  foreign: ({ name, namespace }) => ({
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'Role',
    metadata: { name, namespace },
    rules: [{ apiGroups: [''], resources: ['secrets'], verbs: ['get'] }],
  }),
  drifts: [
    { what: 'the verbs of a rule', patch: { rules: [{ ...readConfigMaps, verbs: ['get', 'list', 'delete'] }] } },
    {
      what: 'a rule added',
      patch: { rules: [readConfigMaps, { apiGroups: [''], resources: ['pods'], verbs: ['get'] }] },
    },
    { what: 'a label', patch: { metadata: { labels: { app: 'other' } } } },
  ],
  dropped: {
    'metadata.labels.app': undefined,
    'metadata.annotations.note': undefined,
  },
};

describeResourceContract(handler, fixtures);
// The same suite over the second ObjectClient, which sends through @kubernetes/client-node.
describeResourceContract(handler, fixtures, {
  client: { name: 'client-node', make: (kubeConfig) => new ClientNodeObjectClient(kubeConfig) },
});
