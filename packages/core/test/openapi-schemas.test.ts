import { describe, expect, it } from '@jest/globals';
import type { OpenApiDocument } from '../src/internal.js';
import { openApiPath, SCHEMA_MISS_RETRY_MS, SchemaCache } from '../src/kube/openapi-schemas.js';

const doc = (kinds: string[]): OpenApiDocument => ({
  components: {
    schemas: Object.fromEntries(
      kinds.map((k) => [
        `io.example.v1.${k}`,
        {
          type: 'object',
          properties: { spec: { type: 'object' } },
          'x-kubernetes-group-version-kind': [{ group: 'example.io', version: 'v1', kind: k }],
        },
      ]),
    ),
  },
});

describe('SchemaCache', () => {
  it('reads a group-version once, and a kind missing from it again at most once per retry interval', async () => {
    let now = 0;
    let kinds = ['A'];
    const paths: string[] = [];
    const cache = new SchemaCache(
      async (path) => {
        paths.push(path);
        return doc(kinds);
      },
      () => now,
    );
    expect(await cache.schemaFor('example.io/v1', 'A')).toBeDefined();
    expect(await cache.schemaFor('example.io/v1', 'A')).toBeDefined();
    expect(paths).toEqual(['/openapi/v3/apis/example.io/v1']);

    expect(await cache.schemaFor('example.io/v1', 'B')).toBeUndefined(); // the document read earlier: read again once
    expect(paths).toHaveLength(2);
    kinds = ['A', 'B'];
    now += SCHEMA_MISS_RETRY_MS - 1;
    expect(await cache.schemaFor('example.io/v1', 'B')).toBeUndefined(); // within the interval: no request
    expect(paths).toHaveLength(2);
    now += 1;
    expect(await cache.schemaFor('example.io/v1', 'B')).toBeDefined(); // the CRD's schema is published now
    expect(await cache.schemaFor('example.io/v1', 'A')).toBeDefined();
    expect(paths).toHaveLength(3);
  });

  it('a read that fails is tried again on the next call; 404 (undefined) gives no structure', async () => {
    let fail = true;
    const cache = new SchemaCache(async () => {
      if (fail) throw new Error('down');
      return undefined;
    });
    await expect(cache.schemaFor('v1', 'ConfigMap')).rejects.toThrow('down');
    fail = false;
    expect(await cache.schemaFor('v1', 'ConfigMap')).toBeUndefined();
  });

  it('maps group-versions to document paths', () => {
    expect(openApiPath('v1')).toBe('/openapi/v3/api/v1');
    expect(openApiPath('apps/v1')).toBe('/openapi/v3/apis/apps/v1');
  });
});
