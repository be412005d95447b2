import { describe, expect, it } from '@jest/globals';
import { createContext, type KubeObject, type ObjectReader, type OwnerObject, ValidationError } from '@orkestra/core';
import { APPLIED_FIELDS_ANNOTATION, buildChild, matchObject } from '@orkestra/core/authoring';
import { controllerReferencesTo, expectHandlerShape, sampleOwner } from '@orkestra/testenv/contract';
import {
  desired,
  GENERATE_CHARSETS,
  handler,
  immutableChanges,
  isSecretData,
  keepGenerated,
  resolve,
  type SecretSource,
} from '../src/index.js';

const owner: OwnerObject = sampleOwner;
const SECRET = 'hunter2-do-not-leak';
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const text = (base64: unknown) => Buffer.from(String(base64), 'base64').toString('utf8');

function validationError(fn: () => unknown): ValidationError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ValidationError) return e;
    throw e;
  }
  throw new Error('expected a ValidationError');
}
const problems = (fn: () => unknown) =>
  validationError(fn).problems.map((p) => `${p.path}: ${p.message}${p.hint ? ` (${p.hint})` : ''}`);

/** A reader whose cluster holds one Secret, for `fromSecret` without a control plane. */
function readerWith(secret: KubeObject): ObjectReader {
  const kube = { get: async (ref: { name: string }) => (ref.name === secret.metadata.name ? secret : undefined) };
  return { kube: kube as never, ctx: createContext() };
}

describe('resolve', () => {
  it('defaults the name and the type, and stamps system labels a template cannot override', () => {
    const spec = resolve(
      { stringData: { a: '1' }, labels: { app: 'web', 'managed-by': 'me', 'orkestra-owner': 'other' } },
      'shop',
    );
    expect(spec).toMatchObject({
      name: 'shop-secret',
      type: 'Opaque',
      stringData: { a: '1' },
      data: {},
      generate: {},
      recreate: false,
    });
    expect(spec.labels).toEqual({ app: 'web', 'managed-by': 'orkestra', 'orkestra-owner': 'shop' });
    expect(spec.immutable).toBeUndefined();
  });

  it('turns template strings into typed values', () => {
    const spec = resolve(
      {
        stringData: { n: 3 as never },
        immutable: 'true',
        recreate: 'true',
        generate: { pin: { length: '6', charset: 'numeric' } },
      },
      'shop',
    );
    expect(spec.stringData).toEqual({ n: '3' });
    expect(spec.immutable).toBe(true);
    expect(spec.recreate).toBe(true);
    expect(spec.generate).toEqual({ pin: { length: 6, charset: 'numeric' } });
  });

  it('takes generate as a list of keys (32 alphanumeric characters) or as a map of rules', () => {
    expect(resolve({ generate: ['password', 'token'] }, 'shop').generate).toEqual({
      password: { length: 32, charset: 'alphanumeric' },
      token: { length: 32, charset: 'alphanumeric' },
    });
    expect(
      resolve({ generate: { password: null, key: { length: 64 }, salt: { charset: 'hex' } } }, 'shop').generate,
    ).toEqual({
      password: { length: 32, charset: 'alphanumeric' },
      key: { length: 64, charset: 'alphanumeric' },
      salt: { length: 32, charset: 'hex' },
    });
  });

  it('makes data canonical base64: line breaks of wrapped output dropped, trailing bits and padding as the server writes them', () => {
    expect(resolve({ data: { wrapped: 'aGVs\nbG8=\n', bits: 'aGl=' } }, 'shop').data).toEqual({
      wrapped: 'aGVsbG8=',
      bits: 'aGk=',
    });
  });

  it('passes any other type name through, and accepts the built-in types with their keys', () => {
    expect(resolve({ type: 'example.com/api-key', stringData: { key: 'x' } }, 'shop').type).toBe('example.com/api-key');
    expect(resolve({ type: 'kubernetes.io/tls', stringData: { 'tls.crt': 'c', 'tls.key': 'k' } }, 'shop').type).toBe(
      'kubernetes.io/tls',
    );
    expect(resolve({ type: 'kubernetes.io/basic-auth', stringData: { username: 'admin' } }, 'shop').type).toBe(
      'kubernetes.io/basic-auth',
    );
    expect(resolve({ type: 'kubernetes.io/basic-auth', generate: ['password'] }, 'shop').type).toBe(
      'kubernetes.io/basic-auth',
    );
    expect(resolve({ type: 'kubernetes.io/ssh-auth', data: { 'ssh-privatekey': b64('k') } }, 'shop').type).toBe(
      'kubernetes.io/ssh-auth',
    );
    expect(
      resolve({ type: 'kubernetes.io/dockerconfigjson', stringData: { '.dockerconfigjson': '{"auths":{}}' } }, 'shop')
        .type,
    ).toBe('kubernetes.io/dockerconfigjson');
    expect(
      resolve({ type: 'kubernetes.io/tls', fromSecret: { name: 'cert', keys: ['tls.crt', 'tls.key'] } }, 'shop')
        .fromSecret,
    ).toEqual({ name: 'cert', keys: ['tls.crt', 'tls.key'] });
  });

  it('names each key a built-in type requires and the source lacks', () => {
    expect(problems(() => resolve({ type: 'kubernetes.io/tls', stringData: { 'tls.crt': 'c' } }, 'shop'))).toEqual([
      'data.tls.key: is required by type kubernetes.io/tls (set it in stringData, data or generate, or copy it with fromSecret)',
    ]);
    expect(problems(() => resolve({ type: 'kubernetes.io/dockerconfigjson' }, 'shop'))).toEqual([
      'data..dockerconfigjson: is required by type kubernetes.io/dockerconfigjson (set it in stringData, data or generate, or copy it with fromSecret)',
    ]);
    expect(
      problems(() =>
        resolve({ type: 'kubernetes.io/ssh-auth', fromSecret: { name: 'keys', keys: ['id_rsa'] } }, 'shop'),
      ),
    ).toEqual([
      'data.ssh-privatekey: is required by type kubernetes.io/ssh-auth (set it in stringData, data or generate, or copy it with fromSecret)',
    ]);
    expect(problems(() => resolve({ type: 'kubernetes.io/basic-auth', stringData: { user: 'x' } }, 'shop'))).toEqual([
      'data: type kubernetes.io/basic-auth needs the key "username" or "password" (set it in stringData, data or generate, or copy it with fromSecret)',
    ]);
  });

  it('leaves the check to desired when fromSecret copies every key of its source', () => {
    expect(resolve({ type: 'kubernetes.io/tls', fromSecret: 'cert' }, 'shop').fromSecret).toEqual({
      name: 'cert',
      keys: undefined,
    });
  });

  it('reports every bad input with its path', () => {
    expect(
      problems(() =>
        resolve(
          {
            name: 'Bad_Name',
            type: 'not a type',
            stringData: { 'a/b': 'x', ok: '1', nested: {} as never },
            data: { ok: 'AAAA', raw: 'not base64!' },
            generate: {
              ok: { length: 0 },
              x: { charset: 'emoji' },
              y: { size: 3 } as never,
              z: 'long' as never,
              'b c': null,
            },
            fromSecret: { name: 'Other!' },
            immutable: 'maybe',
          },
          'shop',
        ),
      ),
    ).toEqual([
      "name: must consist of lower case letters, digits, '-' and '.', and start and end with a letter or digit, got \"Bad_Name\"",
      "type: must be a type name such as Opaque or kubernetes.io/tls: name part must consist of letters, digits, '-', '_' and '.', and start and end with a letter or digit, got \"not a type\"",
      "stringData.a/b: key must consist of letters, digits, '-', '_' and '.', got \"a/b\"",
      'stringData.nested: must be a string, got object',
      'data.raw: must be base64-encoded',
      'data.ok: is also a key of stringData (a key can be in stringData or in data, not both)',
      'generate.ok.length: must be an integer from 1 to 4096, got 0',
      'generate.x.charset: must be one of alphanumeric, hex, numeric, base64url, printable, got "emoji"',
      'generate.y.size: is not a known field (known fields: length, charset)',
      'generate.z: must be a map, got "long"',
      "generate.b c: key must consist of letters, digits, '-', '_' and '.', got \"b c\"",
      "fromSecret.name: must consist of lower case letters, digits, '-' and '.', and start and end with a letter or digit, got \"Other!\"",
      'immutable: must be true or false, got "maybe"',
    ]);
  });

  it('refuses a generated key that is also given, a key list that is not one, and copying from itself', () => {
    expect(
      problems(() =>
        resolve(
          { stringData: { password: 'x' }, data: { token: 'eA==' }, generate: ['password', 'token', 7 as never] },
          'shop',
        ),
      ),
    ).toEqual([
      'generate.password: is also a key of stringData (a key is either generated or given, not both)',
      'generate.token: is also a key of data (a key is either generated or given, not both)',
    ]);
    expect(
      problems(() =>
        resolve({ generate: 'password' as never, fromSecret: { name: 'base', keys: 'a' as never } }, 'shop'),
      ),
    ).toEqual([
      'generate: must be a list of keys, or a map of keys to { length, charset }',
      'fromSecret.keys: must be a list of keys',
    ]);
    expect(problems(() => resolve({ fromSecret: 'shop-secret' }, 'shop'))).toEqual([
      'fromSecret.name: is this Secret itself ("shop-secret") (copy from another Secret)',
    ]);
  });

  it('type names are case-sensitive: a near miss of a built-in one is refused, an empty one too', () => {
    expect(problems(() => resolve({ type: 'opaque' }, 'shop'))).toEqual([
      'type: must be "Opaque": type names are case-sensitive, got "opaque"',
    ]);
    expect(problems(() => resolve({ type: 'Kubernetes.io/TLS' }, 'shop'))).toEqual([
      'type: must be "kubernetes.io/tls": type names are case-sensitive, got "Kubernetes.io/TLS"',
    ]);
    expect(problems(() => resolve({ type: '' }, 'shop'))).toEqual([
      'type: must not be empty (leave type out for Opaque)',
    ]);
  });

  it('refuses a Docker config that is not JSON without quoting it', () => {
    const err = validationError(() =>
      resolve(
        { type: 'kubernetes.io/dockerconfigjson', stringData: { '.dockerconfigjson': `{"auths": ${SECRET}` } },
        'shop',
      ),
    );
    expect(err.problems.map((p) => p.path)).toEqual(['stringData..dockerconfigjson']);
    expect(err.message).toContain('must be valid JSON');
    expect(err.message).not.toContain('hunter2');
    expect(
      problems(() => resolve({ type: 'kubernetes.io/dockercfg', data: { '.dockercfg': b64('nope') } }, 'shop'))[0],
    ).toMatch(/^data\.\.dockercfg: must be valid JSON/);
  });

  it('refuses a default name that grows past the limit, with the way out', () => {
    const [problem] = problems(() => resolve({}, 'x'.repeat(250)));
    expect(problem).toMatch(
      /^name: the default name "x{250}-secret" must be at most 253 characters, got 257 \(set `name`/,
    );
  });

  it('never puts a value in an error message', () => {
    const bad: SecretSource[] = [
      { data: { password: `${SECRET}!` } },
      { data: { password: SECRET }, stringData: { password: SECRET } },
      { stringData: { password: { value: SECRET } as never } },
      { type: 'kubernetes.io/tls', stringData: { 'tls.crt': SECRET } },
      { type: 'kubernetes.io/dockerconfigjson', data: { '.dockerconfigjson': b64(`[${SECRET}`) } },
      { stringData: { password: SECRET }, generate: ['password'] },
    ];
    for (const source of bad) {
      const err = validationError(() => resolve(source, 'shop'));
      expect(`${err.message} ${JSON.stringify(err.problems)}`).not.toMatch(/hunter2|aHVudGVyM/);
    }
  });
});

describe('desired', () => {
  it('sends every value as base64 data, stringData included, with the type', async () => {
    const obj = await desired(
      owner,
      resolve({ stringData: { password: 'hunter2', note: 'grüße' }, data: { bin: 'AAEC' } }, 'shop'),
    );
    expect(obj).toEqual({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: {
        name: 'shop-secret',
        namespace: 'prod',
        labels: { 'managed-by': 'orkestra', 'orkestra-owner': 'shop' },
      },
      type: 'Opaque',
      data: { password: b64('hunter2'), note: 'Z3LDvMOfZQ==', bin: 'AAEC' },
    });
    expect(obj).not.toHaveProperty('stringData');
  });

  it('builds the Secret in the owner namespace with owner reference and applied-fields annotation', async () => {
    const obj = buildChild(
      owner,
      await desired(
        owner,
        resolve(
          {
            type: 'kubernetes.io/tls',
            stringData: { 'tls.crt': 'c', 'tls.key': 'k' },
            immutable: true,
            annotations: { note: 'x' },
          },
          'shop',
        ),
      ),
    );
    expect(obj).toMatchObject({
      kind: 'Secret',
      type: 'kubernetes.io/tls',
      immutable: true,
      metadata: {
        name: 'shop-secret',
        namespace: 'prod',
        annotations: { note: 'x', [APPLIED_FIELDS_ANNOTATION]: expect.any(String) },
      },
    });
    expect(obj.metadata.ownerReferences).toEqual(controllerReferencesTo(owner));
  });

  it('an empty Secret sets no data', async () => {
    expect(await desired(owner, resolve({}, 'shop'))).not.toHaveProperty('data');
  });

  it('draws generated values from their alphabet, with their length, fresh on each call', async () => {
    const spec = resolve(
      {
        generate: {
          password: null,
          pin: { length: 6, charset: 'numeric' },
          salt: { length: 40, charset: 'hex' },
          any: { length: 200, charset: 'printable' },
        },
      },
      'shop',
    );
    const first = (await desired(owner, spec)).data as Record<string, string>;
    const second = (await desired(owner, spec)).data as Record<string, string>;
    expect(text(first.password)).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(text(first.pin)).toMatch(/^[0-9]{6}$/);
    expect(text(first.salt)).toMatch(/^[0-9a-f]{40}$/);
    expect([...text(first.any)].every((c) => GENERATE_CHARSETS.printable.includes(c))).toBe(true);
    expect(text(first.any)).toHaveLength(200);
    expect(second.password).not.toBe(first.password);
  });

  it('copies fromSecret keys under the declared ones', async () => {
    const base: KubeObject = {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'base', namespace: 'prod' },
      data: { shared: b64('base'), over: b64('base'), other: b64('o') },
    };
    const obj = await desired(
      owner,
      resolve({ fromSecret: { name: 'base', keys: ['shared', 'over'] }, stringData: { over: 'mine' } }, 'shop'),
      readerWith(base),
    );
    expect(obj.data).toEqual({ shared: b64('base'), over: b64('mine') });
  });

  it('checks the keys a type requires after copying every key of fromSecret, naming the key and the source', async () => {
    const base: KubeObject = {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'cert', namespace: 'prod' },
      data: { 'tls.crt': b64(SECRET) },
    };
    const err = await desired(
      owner,
      resolve({ type: 'kubernetes.io/tls', fromSecret: 'cert' }, 'shop'),
      readerWith(base),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as Error).message).toBe(
      'invalid Secret prod/shop-secret: data.tls.key: is required by type kubernetes.io/tls (Secret prod/cert has no such key: add it there, or set it in stringData, data or generate)',
    );
    const fixed = await desired(
      owner,
      resolve({ type: 'kubernetes.io/tls', fromSecret: 'cert', generate: ['tls.key'] }, 'shop'),
      readerWith(base),
    );
    expect(Object.keys(fixed.data as object).sort()).toEqual(['tls.crt', 'tls.key']);
  });

  it('fromSecret without a cluster says what it needs', async () => {
    await expect(desired(owner, resolve({ fromSecret: 'base' }, 'shop'))).rejects.toThrow(
      /copying keys from Secret prod\/base needs a cluster/,
    );
  });
});

describe('generated values', () => {
  const obj = (data: Record<string, string>): KubeObject => ({
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: 's' },
    data,
  });

  it('a key the live Secret has keeps its live value; one it lacks keeps the fresh one', () => {
    const prepared = keepGenerated(['password', 'token'])(
      obj({ password: 'bmV3', token: 'bmV3', other: 'eA==' }),
      obj({ password: 'b2xk', other: 'eQ==' }),
    );
    expect(prepared.data).toEqual({ password: 'b2xk', token: 'bmV3', other: 'eA==' });
  });

  it('a new Secret gets the fresh values', () => {
    expect(keepGenerated(['password'])(obj({ password: 'bmV3' }), undefined).data).toEqual({ password: 'bmV3' });
  });

  it('the values seen on the live Secret survive a recreate in the same call', () => {
    const prepare = keepGenerated(['password']);
    prepare(obj({ password: 'bmV3' }), obj({ password: 'b2xk' }));
    expect(prepare(obj({ password: 'bmV3', other: 'eA==' }), undefined).data).toEqual({
      password: 'b2xk',
      other: 'eA==',
    });
  });

  it('with the hook, a generated key is never drift', async () => {
    const spec = resolve({ generate: ['password'] }, 'shop');
    const live = buildChild(owner, await desired(owner, spec));
    const again = buildChild(owner, keepGenerated(['password'])(await desired(owner, spec), live));
    expect(matchObject(again, live).inSync).toBe(true);
  });
});

describe('immutable Secrets', () => {
  const live: KubeObject = {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: 's' },
    type: 'Opaque',
    immutable: true,
    data: { a: 'MQ==', b: 'Mg==' },
  };
  const want = (data: Record<string, string>, immutable?: boolean): KubeObject => ({ ...live, data, immutable });

  it('a data change of an immutable Secret cannot be applied in place', () => {
    expect(
      immutableChanges(
        [
          { path: 'data.a', reason: 'changed' },
          { path: 'metadata.labels.x', reason: 'missing' },
        ],
        live,
        want({ a: 'Mw==', b: 'Mg==' }, true),
      ),
    ).toEqual([{ path: 'data.a', reason: 'the Secret is immutable' }]);
  });

  it('nor can a key be removed from it, or the flag be turned off', () => {
    expect(
      immutableChanges(
        [{ path: `metadata.annotations.${APPLIED_FIELDS_ANNOTATION}`, reason: 'fields' }],
        live,
        want({ a: 'MQ==' }, undefined),
      ),
    ).toEqual([
      { path: 'data.b', reason: 'the Secret is immutable: a key cannot be removed' },
      { path: 'immutable', reason: 'the Secret is immutable: it cannot be made mutable again' },
    ]);
  });

  it('a mutable one changes in place, but the type of any Secret is fixed', () => {
    expect(
      immutableChanges(
        [{ path: 'data.a', reason: 'changed' }],
        { ...live, immutable: false },
        want({ a: 'Mw==' }, false),
      ),
    ).toEqual([]);
    expect(immutableChanges([{ path: 'type', reason: 'changed' }], { ...live, immutable: false })).toEqual([
      { path: 'type', reason: 'the type of a Secret cannot change' },
    ]);
  });
});

describe('handler', () => {
  it('describes the kind for the reconciler, with the fields whose values are secret', () => {
    expectHandlerShape(handler, {
      key: 'secrets',
      apiVersion: 'v1',
      kind: 'Secret',
      plural: 'secrets',
      namespaced: true,
      sensitiveFields: ['data', 'stringData', 'generate'],
      fields: ['name', 'type', 'stringData', 'data', 'fromSecret', 'generate', 'immutable', 'labels', 'recreate'],
    });
  });

  it('the matcher redacts Secret values in what it reports', async () => {
    const spec = resolve({ stringData: { password: SECRET } }, 'shop');
    const d = buildChild(owner, await desired(owner, spec));
    const { drifted } = matchObject(d, { ...d, data: { password: b64('changed') } }, { redact: isSecretData });
    expect(drifted).toEqual([{ path: 'data.password', reason: 'changed', desired: '[redacted]', live: '[redacted]' }]);
    expect(matchObject(d, { ...d, data: undefined }, { redact: isSecretData }).drifted).toEqual([
      { path: 'data', reason: 'missing', desired: '[redacted]' },
    ]);
    expect(isSecretData('metadata.labels.data')).toBe(false);
  });
});
