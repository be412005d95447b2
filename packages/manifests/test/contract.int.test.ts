/**
 * The resource contract of @orkestra/manifests, run by @orkestra/testenv's shared suite against the real API server,
 * with a ConfigMap written as a native manifest. The kinds the issue names (StatefulSet, Job, CronJob…) have their
 * own cases in kinds.int.test.ts.
 */
import { expect } from '@jest/globals';
import { describeResourceContract } from '@orkestra/testenv/contract';
import { handler } from '../src/index.js';

type Manifest = { apiVersion: string; kind: string; metadata: Record<string, unknown>; [field: string]: unknown };

const configMap = (fields: Record<string, unknown>, metadata: Record<string, unknown> = {}): Manifest => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'settings', ...metadata },
  ...fields,
});

describeResourceContract(handler, {
  minimal: configMap({}),
  full: configMap({ data: { a: '1', 'b.json': '{"x":1}' } }, { labels: { app: 'web' }, annotations: { note: 'x' } }),
  created: (live) => expect(live).toMatchObject({ data: { a: '1', 'b.json': '{"x":1}' } }),
  withName: (source, name) => ({ ...source, metadata: { ...source.metadata, name } }),
  foreign: ({ name, namespace }) => ({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name, namespace },
    data: { theirs: 'yes' },
  }),
  drifts: [
    { what: 'a data value', patch: { data: { a: 'evil' } } },
    { what: 'a removed data key', patch: { data: { a: null } } },
    { what: 'a label', patch: { metadata: { labels: { app: 'other' } } } },
    { what: 'an annotation', patch: { metadata: { annotations: { note: 'changed' } } } },
  ],
  dropped: {
    data: undefined,
    'metadata.labels.app': undefined,
    'metadata.annotations.note': undefined,
  },
});
