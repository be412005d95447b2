/** The resource contract of @orkestra/configmaps, run by @orkestra/testenv's shared suite against the real API server. */
import { expect } from '@jest/globals';
import { describeResourceContract } from '@orkestra/testenv/contract';
import { handler } from '../src/index.js';

describeResourceContract(handler, {
  minimal: {},
  full: {
    data: { a: '1', 'b.json': '{"x":1}' },
    binaryData: { bin: 'AAEC' },
    labels: { app: 'web' },
    annotations: { note: 'x' },
  },
  created: (live) => expect(live).toMatchObject({ data: { a: '1', 'b.json': '{"x":1}' }, binaryData: { bin: 'AAEC' } }),
  foreign: ({ name, namespace }) => ({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name, namespace },
    data: { theirs: 'yes' },
  }),
  drifts: [
    { what: 'a data value', patch: { data: { a: 'evil' } } },
    { what: 'a removed data key', patch: { data: { a: null } } },
    { what: 'a binaryData value', patch: { binaryData: { bin: 'AAED' } } },
    { what: 'a label', patch: { metadata: { labels: { app: 'other' } } } },
    { what: 'an annotation', patch: { metadata: { annotations: { note: 'changed' } } } },
  ],
  dropped: {
    data: undefined,
    binaryData: undefined,
    'metadata.labels.app': undefined,
    'metadata.annotations.note': undefined,
  },
  immutable: [
    {
      what: 'a data value of an immutable ConfigMap',
      before: { data: { a: '1' }, immutable: true },
      after: { data: { a: '2' }, immutable: true },
      paths: ['data.a'],
      recreated: (live) => expect(live.data).toEqual({ a: '2' }),
    },
    {
      what: 'a key removed from an immutable ConfigMap',
      before: { data: { a: '1', b: '2' }, immutable: true },
      after: { data: { a: '1' }, immutable: true },
      paths: ['data.b'],
    },
    {
      what: 'an immutable ConfigMap made mutable',
      before: { data: { a: '1' }, immutable: true },
      after: { data: { a: '1' }, immutable: false },
      paths: ['immutable'],
    },
  ],
});
