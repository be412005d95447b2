import { describe, expect, it } from '@jest/globals';
import type { OwnerObject } from '@orkestra/core';
import { APPLIED_FIELDS_ANNOTATION, buildChild } from '@orkestra/core/authoring';
import {
  controllerReferencesTo,
  expectHandlerShape,
  sampleOwner,
  validationProblems,
} from '@orkestra/testenv/contract';
import { desired, handler, immutableChanges, resolve } from '../src/index.js';

const owner: OwnerObject = sampleOwner;

const problems = validationProblems;

describe('resolve', () => {
  it('defaults the name and stamps system labels a template cannot override', () => {
    const spec = resolve(
      { data: { a: '1' }, labels: { app: 'web', 'managed-by': 'me', 'orkestra-owner': 'other' } },
      'shop',
    );
    expect(spec.name).toBe('shop-config');
    expect(spec.labels).toEqual({ app: 'web', 'managed-by': 'orkestra', 'orkestra-owner': 'shop' });
    expect(spec.recreate).toBe(false);
  });

  it('turns template strings into typed values', () => {
    const spec = resolve({ data: { n: 3 as never }, immutable: 'true', recreate: 'true' }, 'shop');
    expect(spec.data).toEqual({ n: '3' });
    expect(spec.immutable).toBe(true);
    expect(spec.recreate).toBe(true);
  });

  it('reports every bad input with its path', () => {
    expect(
      problems(() =>
        resolve(
          {
            name: 'Bad_Name',
            data: { 'a/b': 'x', ok: '1' },
            binaryData: { ok: 'AAAA', raw: 'not base64!' },
            immutable: 'maybe',
          },
          'shop',
        ),
      ),
    ).toEqual([
      "name: must consist of lower case letters, digits, '-' and '.', and start and end with a letter or digit, got \"Bad_Name\"",
      "data.a/b: key must consist of letters, digits, '-', '_' and '.', got \"a/b\"",
      'binaryData.raw: must be base64-encoded',
      'binaryData.ok: is also a key of data (a key can be in data or in binaryData, not both)',
      'immutable: must be true or false, got "maybe"',
    ]);
  });

  it('refuses a default name that grows past the limit, with the way out', () => {
    const [problem] = problems(() => resolve({}, 'x'.repeat(250)));
    expect(problem).toMatch(
      /^name: the default name "x{250}-config" must be at most 253 characters, got 257 \(set `name`/,
    );
  });

  it('an empty ConfigMap is fine', () => {
    expect(resolve({}, 'shop')).toMatchObject({ name: 'shop-config', data: {}, binaryData: {} });
  });
});

describe('desired', () => {
  it('builds the ConfigMap in the owner namespace with owner reference and applied-fields annotation', async () => {
    const obj = buildChild(
      owner,
      await desired(owner, resolve({ data: { a: '1' }, annotations: { note: 'x' } }, 'shop')),
    );
    expect(obj).toMatchObject({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: {
        name: 'shop-config',
        namespace: 'prod',
        annotations: { note: 'x', [APPLIED_FIELDS_ANNOTATION]: expect.any(String) },
      },
      data: { a: '1' },
    });
    expect(obj.metadata.ownerReferences).toEqual(controllerReferencesTo(owner));
    expect(obj).not.toHaveProperty('binaryData');
  });

  it("refuses another namespace than the owner's before any request", async () => {
    const obj = await desired(owner, resolve({ namespace: 'elsewhere' }, 'shop'));
    expect(() => buildChild(owner, obj)).toThrow(/must be the owner's namespace "prod", got "elsewhere"/);
  });

  it('fromConfigMap without a cluster says what it needs', async () => {
    await expect(desired(owner, resolve({ fromConfigMap: 'base' }, 'shop'))).rejects.toThrow(
      /copying keys from ConfigMap prod\/base needs a cluster/,
    );
  });
});

describe('immutable ConfigMaps', () => {
  const live = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, immutable: true };
  it('a data change of an immutable ConfigMap cannot be applied in place', () => {
    expect(
      immutableChanges(
        [
          { path: 'data.a', reason: 'changed' },
          { path: 'metadata.labels.x', reason: 'missing' },
        ],
        live,
      ),
    ).toEqual([{ path: 'data.a', reason: 'the ConfigMap is immutable' }]);
  });
  it('removing a key or dropping the flag is caught before any write', () => {
    const liveWithData = { ...live, data: { a: '1', b: '2' } };
    expect(immutableChanges([], liveWithData, { ...liveWithData, data: { a: '1' } })).toEqual([
      { path: 'data.b', reason: 'the ConfigMap is immutable: a key cannot be removed' },
    ]);
    const { immutable: _dropped, ...withoutFlag } = liveWithData;
    expect(immutableChanges([], liveWithData, withoutFlag)).toEqual([
      { path: 'immutable', reason: 'the ConfigMap is immutable: it cannot be made mutable again' },
    ]);
  });
  it('binaryData is sent in the canonical base64 the server stores', () => {
    expect(resolve({ binaryData: { k: 'aGl=' } }, 'shop').binaryData).toEqual({ k: 'aGk=' });
  });
  it('a mutable one changes in place', () => {
    expect(immutableChanges([{ path: 'data.a', reason: 'changed' }], { ...live, immutable: false })).toEqual([]);
  });
});

describe('handler', () => {
  it('describes the kind for the reconciler', () => {
    expectHandlerShape(handler, {
      key: 'configmaps',
      apiVersion: 'v1',
      kind: 'ConfigMap',
      plural: 'configmaps',
      namespaced: true,
      fields: ['name', 'data', 'binaryData', 'fromConfigMap', 'immutable', 'labels'],
    });
  });
});
