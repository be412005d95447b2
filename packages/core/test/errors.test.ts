import { describe, expect, it } from '@jest/globals';
import { ApiException } from '@kubernetes/client-node';
import {
  AlreadyExistsError,
  ConflictError,
  type ErrorReason,
  ForbiddenError,
  InvalidError,
  KubeApiError,
  NotFoundError,
  OrkestraError,
  OwnershipError,
  problemPaths,
  UnauthorizedError,
  UnavailableError,
  ValidationError,
} from '../src/index.js';
import { errorFromStatus, isNetworkError, toKubeError } from '../src/kube/index.js';

// Bodies as kube-apiserver v1.37 sends them (client-node hands them over as raw text).
const status = (code: number, reason: string, message: string, details: object = {}) =>
  JSON.stringify({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, details, code });

const where = { verb: 'get', kind: 'Deployment', namespace: 'shop', name: 'web' };

describe('errors from ApiException', () => {
  it.each([
    [404, 'NotFound', NotFoundError],
    [409, 'AlreadyExists', AlreadyExistsError],
    [409, 'Conflict', ConflictError],
    [422, 'Invalid', InvalidError],
    [403, 'Forbidden', ForbiddenError],
    [401, 'Unauthorized', UnauthorizedError],
    [503, 'ServiceUnavailable', UnavailableError],
    [429, 'TooManyRequests', UnavailableError],
  ])('%i %s → %p', (code, reason, Class) => {
    const e = new ApiException(
      code,
      `HTTP-Code: ${code}`,
      status(code, reason, `deployments.apps "web" ${reason}`),
      {},
    );
    const mapped = toKubeError(e, where);
    expect(mapped).toBeInstanceOf(Class);
    expect(mapped).toBeInstanceOf(KubeApiError);
    expect((mapped as KubeApiError).code).toBe(code);
    expect(mapped.message).toContain('get Deployment shop/web failed');
    expect(mapped.object).toEqual({ kind: 'Deployment', namespace: 'shop', name: 'web' });
    expect(mapped.cause).toBe(e);
  });

  it('keeps the field causes of Invalid and names them in the message', () => {
    const body = status(
      422,
      'Invalid',
      'Deployment.apps "web" is invalid: spec.selector: Invalid value: ...: field is immutable',
      {
        name: 'web',
        group: 'apps',
        kind: 'Deployment',
        causes: [
          {
            reason: 'FieldValueInvalid',
            message: 'Invalid value: {"app":"x"}: field is immutable',
            field: 'spec.selector',
          },
        ],
      },
    );
    const e = errorFromStatus(422, body, { ...where, verb: 'apply' }) as InvalidError;
    expect(e).toBeInstanceOf(InvalidError);
    expect(e.causes).toEqual([expect.objectContaining({ field: 'spec.selector' })]);
    expect(e.message).toMatch(/\[spec\.selector: Invalid value/);
    expect(e.message).toMatch(/fix the listed fields/);
  });

  it('redacts values for sensitive kinds', () => {
    const body = status(422, 'Invalid', 'Secret "s" is invalid: data[tls.crt]: Invalid value: "hunter2": bad', {
      causes: [{ field: 'data[tls.crt]', message: 'Invalid value: "hunter2": bad' }],
    });
    const e = errorFromStatus(422, body, {
      verb: 'apply',
      kind: 'Secret',
      namespace: 'a',
      name: 's',
      sensitive: true,
    }) as InvalidError;
    expect(e.message).not.toContain('hunter2');
    expect(JSON.stringify(e.status)).not.toContain('hunter2');
    expect(e.message).toContain('data[tls.crt]');
  });

  // The API server's own answers (kube-apiserver 1.37) to a server-side apply of a Secret whose value is not a string.
  it.each([
    ['a number', '.data.k: expected string, got &value.valueUnstructured{Value:12345678}', '12345678'],
    [
      'a map',
      '.data.k: expected string, got &value.valueUnstructured{Value:map[string]interface {}{"x":"nested}sekrit"}}',
      'sekrit',
    ],
    [
      'a list',
      '.stringData.k: expected string, got &value.valueUnstructured{Value:[]interface {}{"listsekrit"}}',
      'listsekrit',
    ],
  ])('redacts a Secret value the server echoes in a type error (%s)', (_what, detail, secret) => {
    const message = `failed to create typed patch object (default/s; /v1, Kind=Secret): ${detail}`;
    const e = errorFromStatus(500, status(500, 'InternalError', message), {
      verb: 'apply',
      kind: 'Secret',
      namespace: 'default',
      name: 's',
      sensitive: true,
    });
    expect(e.message).not.toContain(secret);
    expect(JSON.stringify(e.status)).not.toContain(secret);
    expect(e.message).toContain(`${detail.slice(0, detail.indexOf('&value'))}[redacted]`);
    const plain = errorFromStatus(500, status(500, 'InternalError', message), {
      verb: 'apply',
      kind: 'ConfigMap',
      namespace: 'default',
      name: 's',
    });
    expect(plain.message).toContain(secret); // other kinds keep the server's words
  });

  it('a 500 is an InternalError, not a transient failure', () => {
    const e = errorFromStatus(
      500,
      status(500, 'InternalError', 'Internal error occurred: failed calling webhook "x.example.com"'),
      { ...where, verb: 'apply' },
    );
    expect(e).not.toBeInstanceOf(UnavailableError);
    expect(e.reason).toBe('InternalError');
    expect(e.message).toContain('failed calling webhook');
    expect(e.message).not.toContain('retried');
  });

  it("server-side apply's schema refusal (a 500) is an Invalid naming each field", () => {
    const message =
      'failed to create typed patch object (shop/db; apps/v1, Kind=StatefulSet): errors:\n' +
      '  .spec.template.spec.containers[name="a:b"].portz: field not declared in schema\n' +
      '  .spec.replicas: expected numeric (int or float), got string';
    const e = errorFromStatus(500, status(500, '', message), { ...where, verb: 'apply' }) as InvalidError;
    expect(e).toBeInstanceOf(InvalidError);
    expect(e.reason).toBe('Invalid');
    expect(e.causes.map((c) => [c.field, c.message])).toEqual([
      ['spec.template.spec.containers[name="a:b"].portz', 'field not declared in schema'],
      ['spec.replicas', 'expected numeric (int or float), got string'],
    ]);
    const one = errorFromStatus(
      500,
      status(
        500,
        '',
        'failed to create typed patch object (shop/db; apps/v1, Kind=StatefulSet): .spec.replicass: field not declared in schema',
      ),
      { ...where, verb: 'apply' },
    ) as InvalidError;
    expect(one.causes.map((c) => c.field)).toEqual(['spec.replicass']);
    const duplicate = errorFromStatus(
      500,
      status(
        500,
        'InternalError',
        'failed to create typed patch object: .spec.ports: duplicate entries for key [port=80,protocol="TCP"]',
      ),
      { ...where, verb: 'apply' },
    ) as InvalidError;
    expect(duplicate).toBeInstanceOf(InvalidError);
    expect(duplicate.causes[0]?.field).toBe('spec.ports');
  });

  it('accepts a body that is not JSON', () => {
    const e = errorFromStatus(502, '<html>bad gateway</html>', where);
    expect(e).toBeInstanceOf(UnavailableError);
    expect(e.message).toContain('bad gateway');
  });

  it('network failures become UnavailableError; Orkestra errors pass through', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    const wrapped = new TypeError('fetch failed', { cause: refused });
    expect(isNetworkError(wrapped)).toBe(true);
    expect(toKubeError(wrapped, where)).toBeInstanceOf(UnavailableError);
    const own = new ValidationError({ path: 'x', message: 'bad' });
    expect(toKubeError(own, where)).toBe(own);
    expect(toKubeError(new Error('boom'), where)).toBeInstanceOf(OrkestraError);
    expect(isNetworkError(new Error('boom'))).toBe(false);
  });
});

describe('ValidationError and OwnershipError', () => {
  it('names the object and every problem', () => {
    const e = new ValidationError(
      [
        { path: 'replicas', message: 'bad' },
        { path: 'port', message: 'worse', hint: 'fix' },
      ],
      { object: { kind: 'Deployment', namespace: 'ns', name: 'web' } },
    );
    expect(e.message).toContain('Deployment ns/web');
    expect(e.message).toContain('port: worse (fix)');
    expect(e.problems).toHaveLength(2);
    expect(e.name).toBe('ValidationError');
    expect(e.reason).toBe('Validation');
  });

  it('ownership names both sides and the way out', () => {
    const none = new OwnershipError(
      { kind: 'Service', namespace: 'a', name: 'b' },
      'Website a/x (uid 1)',
      undefined,
      'update',
    );
    expect(none.message).toMatch(
      /Service a\/b has no controller owner reference, not by Website a\/x \(uid 1\): refusing to update it/,
    );
    const other = new OwnershipError(
      { kind: 'Service', namespace: 'a', name: 'b' },
      'Website a/x (uid 1)',
      'Website a/y (uid 2)',
      'delete',
    );
    expect(other.message).toMatch(/is controlled by Website a\/y \(uid 2\)/);
    expect(other.actualController).toBe('Website a/y (uid 2)');
  });
});

describe('error reasons', () => {
  it("are the API server's known reasons, or Http<code> for an answer with a reason Orkestra does not know", () => {
    const gone = errorFromStatus(410, status(410, 'Expired', 'the continue token is too old'), {
      verb: 'list',
      kind: 'ConfigMap',
    });
    expect(gone.reason).toBe('Expired');
    const odd = errorFromStatus(418, status(418, 'Teapot', 'short and stout'), { verb: 'get', kind: 'ConfigMap' });
    expect(odd.reason).toBe('Http418');
    expect(errorFromStatus(418, 'not json', { verb: 'get', kind: 'ConfigMap' }).reason).toBe('Http418');
  });

  it('form a union the compiler checks', () => {
    const reason: ErrorReason = new ValidationError({ path: 'x', message: 'bad' }).reason;
    expect(reason).toBe('Validation');
    // @ts-expect-error — not a reason: a typo in a comparison or a construction fails the typecheck
    const typo: ErrorReason = 'Validaton';
    expect(typo).toBe('Validaton');
  });
});

describe('problemPaths', () => {
  it('is the path of a problem, and for a missing required field the field itself too', () => {
    expect(problemPaths({ path: 'spec.ports[0].port', message: 'must be an integer' })).toEqual(['spec.ports[0].port']);
    // The structured fields decide, not the message's wording.
    expect(problemPaths({ path: 'spec', message: 'lacks its image', code: 'required', field: 'image' })).toEqual([
      'spec',
      'spec.image',
    ]);
    expect(problemPaths({ path: '', message: 'must have name', code: 'required', field: 'name' })).toEqual([
      '',
      'name',
    ]);
    expect(problemPaths({ path: 'spec', message: 'must have image' })).toEqual(['spec']);
  });
});
