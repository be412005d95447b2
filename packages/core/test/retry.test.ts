import { describe, expect, it } from '@jest/globals';
import { toKubeError } from '../src/kube/api-errors.js';
import type { ObjectRequest } from '../src/kube/object-requests.js';
import type { Verb } from '../src/kube/request-counter.js';
import { networkFailure, TransientFailure } from '../src/kube/retry.js';
import { TransportError } from '../src/kube/transport.js';

const METHODS: Record<string, ObjectRequest['method']> = {
  get: 'GET',
  list: 'GET',
  create: 'POST',
  apply: 'PATCH',
  update: 'PUT',
  patch: 'PATCH',
  delete: 'DELETE',
};

function request(verb: Verb): ObjectRequest {
  return {
    verb,
    method: METHODS[verb] ?? 'GET',
    path: '/api/v1/namespaces/default/configmaps',
    resource: 'configmaps',
    describe: { verb, kind: 'ConfigMap', namespace: 'default', name: 'a' },
  };
}

const errno = (code: string) => Object.assign(new Error(`connect ${code}`), { code });

/** Whether `failure` of a request of `verb` is sent again. */
function retried(failure: unknown, verb: Verb): boolean {
  const req = request(verb);
  return networkFailure(failure, toKubeError(failure, req.describe), req) instanceof TransientFailure;
}

describe('networkFailure: which network failures are sent again', () => {
  const unsent = [
    errno('ECONNREFUSED'),
    errno('EHOSTUNREACH'),
    errno('EAI_AGAIN'),
    Object.assign(new Error('Stream closed with error code NGHTTP2_REFUSED_STREAM'), {
      code: 'ERR_HTTP2_STREAM_ERROR',
    }),
    new Error('fetch failed', { cause: errno('ECONNREFUSED') }),
  ];
  const ambiguous = [
    errno('ECONNRESET'),
    errno('EPIPE'),
    new TransportError('ORKESTRA_HEADERS_TIMEOUT', 'no response headers within 300 ms'),
    new TransportError('ORKESTRA_STREAM_CLOSED', 'the server closed the response before its end'),
  ];

  it('sends any request again when it never reached the server', () => {
    for (const failure of unsent)
      for (const verb of ['get', 'list', 'create', 'apply', 'update', 'patch', 'delete'])
        expect([failure.message, verb, retried(failure, verb)]).toEqual([failure.message, verb, true]);
  });

  it('sends reads and server-side applies again after a failure that may have come after the server acted', () => {
    for (const failure of ambiguous)
      for (const verb of ['get', 'list', 'discovery', 'apply'])
        expect([failure.message, verb, retried(failure, verb)]).toEqual([failure.message, verb, true]);
  });

  it('never sends a create, update, patch or delete again after such a failure: it fails with the error', () => {
    for (const failure of ambiguous)
      for (const verb of ['create', 'update', 'patch', 'delete']) {
        const req = request(verb);
        const error = toKubeError(failure, req.describe);
        expect(networkFailure(failure, error, req)).toBe(error);
        expect(error.reason).toBe('Unavailable');
      }
  });

  it('leaves an answer of the server or an error of the program as it is', () => {
    const req = request('get');
    const bug = new TypeError('x is not a function');
    const error = toKubeError(bug, req.describe);
    expect(networkFailure(bug, error, req)).toBe(error);
  });
});
