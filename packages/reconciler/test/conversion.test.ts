/**
 * Versions of an owner kind: hub-and-spoke conversion (the hub is the reconciler's version), round trips that
 * lose nothing (the fields a version lacks kept in an annotation), the ConversionReview handler, the CRD's
 * versions and `spec.conversion`, and the checks of `api.versions`.
 */
import { describe, expect, it } from '@jest/globals';
import { readOwnerApi } from '../src/api-schema.js';
import {
  ConversionError,
  customResourceDefinition,
  type OwnerApi,
  ownerConverter,
  type VersionedObject,
} from '../src/index.js';
import { ConversionWebhookError, reviewConversion } from '../src/internal.js';

const owner = { group: 'example.com', version: 'v1', kind: 'Website', plural: 'websites' };
const ANNOTATION = 'orkestra.io/conversion-data';

/** v1 (hub): `image` and `replicas`, and `paused` which v1alpha1 lacks. v1alpha1: `image` as `img`, and `notes`, which v1 lacks. */
const api: OwnerApi = {
  spec: {
    type: 'object',
    properties: { image: { type: 'string' }, replicas: { type: 'integer' }, paused: { type: 'boolean' } },
  },
  versions: [
    {
      name: 'v1alpha1',
      storage: true,
      spec: {
        type: 'object',
        properties: { img: { type: 'string' }, replicas: { type: 'integer' }, notes: { type: 'string' } },
      },
      toHub: (o) => {
        const { img, ...rest } = (o.spec ?? {}) as { img?: string };
        return { spec: { ...rest, image: img } };
      },
      fromHub: (o) => {
        const { image, ...rest } = (o.spec ?? {}) as { image?: string };
        return { spec: { ...rest, img: image } };
      },
    },
  ],
};

const alpha = (spec: Record<string, unknown>, annotations?: Record<string, string>): VersionedObject => ({
  apiVersion: 'example.com/v1alpha1',
  kind: 'Website',
  metadata: {
    name: 'shop',
    namespace: 'web',
    uid: 'u-1',
    resourceVersion: '7',
    ...(annotations ? { annotations } : {}),
  },
  spec,
});

describe('ownerConverter', () => {
  const converter = ownerConverter(owner, api);

  it('converts to the hub and back: apiVersion rewritten, fields mapped, metadata kept', () => {
    const v1 = converter.convert(alpha({ img: 'nginx', replicas: 2 }), 'example.com/v1');
    expect(v1).toEqual({
      apiVersion: 'example.com/v1',
      kind: 'Website',
      metadata: { name: 'shop', namespace: 'web', uid: 'u-1', resourceVersion: '7' },
      spec: { image: 'nginx', replicas: 2 },
    });
    expect(converter.convert(v1, 'example.com/v1alpha1')).toEqual(alpha({ img: 'nginx', replicas: 2 }));
  });

  it('copies the status (and any top-level field a conversion does not return) as it is', () => {
    const conditions = [{ type: 'Ready', status: 'True' }];
    const v1 = converter.convert(
      { ...alpha({ img: 'a' }), status: { observedGeneration: 2, conditions } },
      'example.com/v1',
    );
    expect(v1.status).toEqual({ observedGeneration: 2, conditions });
  });

  it('keeps a field the target lacks in the annotation, and puts it back on the way back', () => {
    const source = alpha({ img: 'nginx', notes: 'keep me' }, { team: 'a' });
    const v1 = converter.convert(source, 'example.com/v1');
    expect(v1.spec).toEqual({ image: 'nginx' });
    expect(v1.metadata.annotations).toEqual({ team: 'a', [ANNOTATION]: '{"v1alpha1":{"/spec/notes":"keep me"}}' });
    expect(converter.convert(v1, 'example.com/v1alpha1')).toEqual(source);
    expect(source.metadata.annotations).toEqual({ team: 'a' }); // the input is never changed
  });

  it('keeps a field only the hub has across a storage round trip through the older version', () => {
    // Written through v1 with `paused`, stored as v1alpha1, read back through v1.
    const written: VersionedObject = {
      apiVersion: 'example.com/v1',
      kind: 'Website',
      metadata: { name: 'shop' },
      spec: { image: 'nginx', paused: true },
    };
    const stored = converter.convert(written, 'example.com/v1alpha1');
    expect(stored.spec).toEqual({ img: 'nginx' });
    const read = converter.convert(stored, 'example.com/v1');
    expect(read).toEqual(written);
  });

  it('does not restore a kept field the object has again, nor one the user removed through its own version', () => {
    const stored = converter.convert(
      { apiVersion: 'example.com/v1', kind: 'Website', metadata: { name: 'shop' }, spec: { image: 'a', paused: true } },
      'example.com/v1alpha1',
    );
    const read = converter.convert(stored, 'example.com/v1');
    // The user writes v1 without `paused` (the read object carries no annotation any more): it stays gone.
    const { paused: _p, ...spec } = read.spec as Record<string, unknown>;
    const again = converter.convert({ ...read, spec }, 'example.com/v1alpha1');
    expect(again.metadata.annotations).toBeUndefined();
    expect(converter.convert(again, 'example.com/v1').spec).toEqual({ image: 'a' });
  });

  it('prunes what the target schema does not declare, and keeps it for the round trip (no conversion functions)', () => {
    const plain = ownerConverter(owner, {
      spec: { type: 'object', properties: { image: { type: 'string' }, extra: { type: 'string' } } },
      versions: [{ name: 'v1beta1', spec: { type: 'object', properties: { image: { type: 'string' } } } }],
    });
    const beta = plain.convert(
      { apiVersion: 'example.com/v1', kind: 'Website', metadata: { name: 'x' }, spec: { image: 'a', extra: 'b' } },
      'example.com/v1beta1',
    );
    expect(beta.spec).toEqual({ image: 'a' });
    expect(plain.convert(beta, 'example.com/v1').spec).toEqual({ image: 'a', extra: 'b' });
  });

  it('keeps a field of a list item at its index', () => {
    const withList = ownerConverter(owner, {
      spec: {
        type: 'object',
        properties: {
          ports: {
            type: 'array',
            items: { type: 'object', properties: { port: { type: 'integer' }, name: { type: 'string' } } },
          },
        },
      },
      versions: [
        {
          name: 'v1beta1',
          spec: {
            type: 'object',
            properties: {
              ports: { type: 'array', items: { type: 'object', properties: { port: { type: 'integer' } } } },
            },
          },
        },
      ],
    });
    const hub: VersionedObject = {
      apiVersion: 'example.com/v1',
      kind: 'Website',
      metadata: { name: 'x' },
      spec: { ports: [{ port: 80 }, { port: 443, name: 'https' }] },
    };
    const beta = withList.convert(hub, 'example.com/v1beta1');
    expect(beta.spec).toEqual({ ports: [{ port: 80 }, { port: 443 }] });
    expect(JSON.parse(beta.metadata.annotations![ANNOTATION]!)).toEqual({ v1: { '/spec/ports/1/name': 'https' } });
    expect(withList.convert(beta, 'example.com/v1')).toEqual(hub);
  });

  it('converts between two spokes through the hub', () => {
    const two = ownerConverter(owner, {
      ...api,
      versions: [
        ...api.versions!,
        {
          name: 'v2',
          toHub: (o) => ({ spec: o.spec }),
          fromHub: (o) => ({ spec: { ...(o.spec as object), replicas: 9 } }),
        },
      ],
    });
    expect(two.convert(alpha({ img: 'nginx' }), 'example.com/v2').spec).toEqual({ image: 'nginx', replicas: 9 });
    expect(two.versions).toEqual(['v1', 'v1alpha1', 'v2']);
  });

  it('refuses an unknown version and a conversion that throws, naming the object', () => {
    expect(() => converter.convert(alpha({}), 'example.com/v9')).toThrow(
      'cannot convert Website web/shop from example.com/v1alpha1 to example.com/v9: example.com/v9 is not a version of Website (example.com/v1, example.com/v1alpha1)',
    );
    const failing = ownerConverter(owner, {
      ...api,
      versions: [
        {
          name: 'v1alpha1',
          toHub: () => {
            throw new Error('img is required');
          },
          fromHub: (o) => o,
        },
      ],
    });
    const error = (() => {
      try {
        failing.convert(alpha({}), 'example.com/v1');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ConversionError);
    expect((error as Error).message).toBe(
      'cannot convert Website web/shop from example.com/v1alpha1 to example.com/v1: toHub of version v1alpha1 threw: img is required',
    );
  });

  it('refuses a katalog version whose conversion module was not loaded', () => {
    expect(() =>
      ownerConverter(owner, { ...api, versions: [{ name: 'v1alpha1', conversion: './v1alpha1.ts' }] }),
    ).toThrow('the conversion module ./v1alpha1.ts of version v1alpha1 is not loaded');
  });
});

describe('reviewConversion', () => {
  const converter = ownerConverter(owner, api);
  const review = (objects: unknown[], desiredAPIVersion = 'example.com/v1') => ({
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'ConversionReview',
    request: { uid: 'r-1', desiredAPIVersion, objects },
  });

  it('converts every object, in order, and answers with the request uid', () => {
    const response = reviewConversion(review([alpha({ img: 'a' }), alpha({ img: 'b', notes: 'n' })]), converter);
    expect(response.response?.uid).toBe('r-1');
    expect(response.response?.result).toEqual({ status: 'Success' });
    expect(response.response?.convertedObjects.map((o) => [o.apiVersion, o.spec])).toEqual([
      ['example.com/v1', { image: 'a' }],
      ['example.com/v1', { image: 'b' }],
    ]);
    expect(response.response?.convertedObjects[1]?.metadata.annotations?.[ANNOTATION]).toBe(
      '{"v1alpha1":{"/spec/notes":"n"}}',
    );
  });

  it('fails the whole review with a clear message when one object cannot be converted', () => {
    const response = reviewConversion(
      review([alpha({ img: 'a' }), { ...alpha({}), apiVersion: 'other.com/v1' }]),
      converter,
    );
    expect(response.response).toEqual({
      uid: 'r-1',
      result: {
        status: 'Failure',
        message:
          'cannot convert Website web/shop from other.com/v1 to example.com/v1: other.com/v1 is not a version of Website (example.com/v1, example.com/v1alpha1)',
      },
      convertedObjects: [],
    });
  });

  it('fails what is not a v1 ConversionReview', () => {
    const response = reviewConversion(
      { apiVersion: 'apiextensions.k8s.io/v1beta1', kind: 'ConversionReview' },
      converter,
    );
    expect(response.response?.result.status).toBe('Failure');
    expect(response.response?.result).toMatchObject({
      message: expect.stringContaining('conversionReviewVersions: [v1]'),
    });
  });
});

describe('the CRD of several versions', () => {
  it('writes each version with its schema, columns and flags, and spec.conversion for the webhook', () => {
    const crd = customResourceDefinition(
      owner,
      {
        ...api,
        versions: [{ ...api.versions![0]!, printerColumns: [{ name: 'Img', type: 'string', jsonPath: '.spec.img' }] }],
      },
      { conversion: { service: { name: 'website-operator', namespace: 'ops' } } },
    );
    const [v1, v1alpha1] = crd.spec.versions;
    expect([v1?.name, v1?.served, v1?.storage, v1alpha1?.name, v1alpha1?.served, v1alpha1?.storage]).toEqual([
      'v1',
      true,
      false,
      'v1alpha1',
      true,
      true,
    ]);
    expect(Object.keys(v1alpha1!.schema.openAPIV3Schema.properties!.spec!.properties!)).toEqual([
      'img',
      'replicas',
      'notes',
    ]);
    expect(v1alpha1!.subresources).toEqual({ status: {} });
    expect(v1alpha1!.additionalPrinterColumns.map((c) => c.name)).toEqual(['Ready', 'Synced', 'Img', 'Age']);
    expect(v1!.additionalPrinterColumns.map((c) => c.name)).toEqual(['Ready', 'Synced', 'Age']);
    expect(crd.spec.conversion).toEqual({
      strategy: 'Webhook',
      webhook: {
        conversionReviewVersions: ['v1'],
        clientConfig: {
          service: { name: 'website-operator', namespace: 'ops', path: '/convert/example.com/websites' },
        },
      },
    });
  });

  it('has no spec.conversion when no version converts by code, and refuses one that does without a clientConfig', () => {
    expect(
      customResourceDefinition(owner, { spec: api.spec, versions: [{ name: 'v2' }] }).spec.conversion,
    ).toBeUndefined();
    expect(() => customResourceDefinition(owner, api)).toThrow(ConversionWebhookError);
  });
});

describe('api.versions checks', () => {
  const problems = (versions: unknown[]) =>
    readOwnerApi({ spec: { image: 'string' }, versions }, 'api').problems.map((p) => `${p.path}: ${p.message}`);

  it('refuses a bad name, half a conversion, a module beside functions, two storage versions, a name twice', () => {
    expect(
      problems([
        { name: 'V1', storage: true },
        { name: 'v1alpha1', toHub: () => ({}) },
        { name: 'v1beta1', conversion: './x.ts', toHub: () => ({}), fromHub: () => ({}), storage: true },
        { name: 'v1beta1' },
      ]),
    ).toEqual([
      'api.versions[0].name: is not a Kubernetes version name: V1',
      'api.versions[1].fromHub: is missing: toHub is given, and a version converts both ways',
      'api.versions[2].conversion: is given beside toHub/fromHub',
      'api.versions: marks 2 versions as storage (V1, v1beta1)',
      'api.versions[3].name: v1beta1 is listed twice',
    ]);
  });

  it('reads a version’s own status schema and keeps its conversion functions', () => {
    const toHub = () => ({});
    const { api: read } = readOwnerApi(
      { spec: { image: 'string' }, versions: [{ name: 'v1alpha1', status: { url: 'string' }, toHub, fromHub: toHub }] },
      'api',
    );
    expect(read?.versions?.[0]?.status).toEqual({ type: 'object', properties: { url: { type: 'string' } } });
    expect(read?.versions?.[0]?.toHub).toBe(toHub);
  });
});
