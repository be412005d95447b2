/** The resource contract of @orkestra/secrets, run by @orkestra/testenv's shared suite against the real API server. */
import { expect } from '@jest/globals';
import { describeResourceContract } from '@orkestra/testenv/contract';
import { handler } from '../src/index.js';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const TLS = { 'tls.crt': '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n', 'tls.key': 'k' };

describeResourceContract(handler, {
  minimal: {},
  full: {
    stringData: { password: 'hunter2', 'config.json': '{"x":1}\n' },
    data: { bin: 'AAEC' },
    labels: { app: 'web' },
    annotations: { note: 'x' },
  },
  created: (live) =>
    expect(live).toMatchObject({
      type: 'Opaque',
      data: { password: b64('hunter2'), 'config.json': b64('{"x":1}\n'), bin: 'AAEC' },
    }),
  inSync: {
    'data given as wrapped base64': { data: { wrapped: 'aGVs\nbG8=' } },
    'of type kubernetes.io/tls': { type: 'kubernetes.io/tls', stringData: TLS },
    'of type kubernetes.io/basic-auth, password generated': {
      type: 'kubernetes.io/basic-auth',
      stringData: { username: 'admin' },
      generate: ['password'],
    },
    immutable: { stringData: { a: '1' }, immutable: true },
  },
  foreign: ({ name, namespace }) => ({
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name, namespace },
    stringData: { theirs: 'yes' },
  }),
  drifts: [
    { what: 'a data value', patch: { data: { password: b64('evil') } } },
    {
      what: 'a value, written as stringData',
      patch: { stringData: { password: 'evil' } },
      corrected: (live) => expect(live.data).toMatchObject({ password: b64('hunter2') }),
    },
    { what: 'a removed data key', patch: { data: { password: null } } },
    { what: 'a label', patch: { metadata: { labels: { app: 'other' } } } },
    { what: 'an annotation', patch: { metadata: { annotations: { note: 'changed' } } } },
  ],
  dropped: { data: undefined, 'metadata.labels.app': undefined, 'metadata.annotations.note': undefined },
  immutable: [
    {
      what: 'the type',
      before: { stringData: TLS },
      after: { type: 'kubernetes.io/tls', stringData: TLS },
      paths: ['type'],
      recreated: (live) => expect(live.type).toBe('kubernetes.io/tls'),
    },
    {
      what: 'a value of an immutable Secret',
      before: { stringData: { password: 'hunter2' }, immutable: true },
      after: { stringData: { password: 'hunter3' }, immutable: true },
      paths: ['data.password'],
    },
  ],
});
