/**
 * The owner's API written once: the katalog's compact form and plain OpenAPI read into structural schemas,
 * every problem (types, defaults, CEL syntax, fields a rule names) reported with its path and file:line, and the
 * CRD and admission policy made from it.
 */
import { describe, expect, it } from '@jest/globals';
import { ValidationError } from '@orkestra/core';
import { Type } from '@orkestra/core/authoring';
import { readOwnerApi } from '../src/api-schema.js';
import { celProblems } from '../src/cel-rules.js';
import { admissionPolicy, customResourceDefinition, loadKatalog, type OwnerApi } from '../src/index.js';

const owner = { group: 'example.com', version: 'v1', kind: 'Website', plural: 'websites' };

function katalog(api: string): string {
  return `apiVersion: orkestra.io/v1alpha1
kind: Katalog
spec:
  crds:
    - owner: { group: example.com, version: v1, kind: Website, plural: websites }
      api:
${api
  .split('\n')
  .map((l) => `        ${l}`)
  .join('\n')}
      resources: {}
`;
}

function problemsOf(text: string): string[] {
  try {
    loadKatalog(text, { file: 'katalog.yaml' });
  } catch (e) {
    if (e instanceof ValidationError)
      return e.problems.map((p) => `${p.path}: ${p.message}${p.hint ? ` — ${p.hint}` : ''}`);
    throw e;
  }
  return [];
}

describe('the compact form', () => {
  it('gives a structural schema: types, required, defaults, enums, bounds, patterns, lists, maps, nested objects', () => {
    const { api, problems } = readOwnerApi(
      {
        spec: {
          image: { type: 'string', required: true, pattern: '^[a-z]', description: 'The image.' },
          replicas: { type: 'integer', default: 1, minimum: 0, maximum: 10 },
          tier: { type: 'string', enum: ['small', 'large'], default: 'small' },
          tags: 'string[]',
          port: 'int-or-string',
          labels: { type: 'object', values: 'string' },
          extra: 'object',
          backup: { enabled: 'boolean', schedule: { type: 'string', required: true } },
          storage: { type: 'string', immutable: true },
        },
      },
      'api',
    );
    expect(problems).toEqual([]);
    expect(api!.spec).toEqual({
      type: 'object',
      required: ['image'],
      properties: {
        image: { type: 'string', pattern: '^[a-z]', description: 'The image.' },
        replicas: { type: 'integer', default: 1, minimum: 0, maximum: 10 },
        tier: { type: 'string', enum: ['small', 'large'], default: 'small' },
        tags: { type: 'array', items: { type: 'string' } },
        port: { 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] },
        labels: { type: 'object', additionalProperties: { type: 'string' } },
        extra: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
        backup: {
          type: 'object',
          required: ['schedule'],
          properties: { enabled: { type: 'boolean' }, schedule: { type: 'string' } },
        },
        storage: { type: 'string' },
      },
      // On the spec, not on the field: a rule on the field is skipped when it is removed, or set again.
      'x-kubernetes-validations': [
        {
          rule: '!(has(oldSelf.storage)) || has(self.storage) && self.storage == oldSelf.storage',
          message: 'storage is immutable: once set, it can be neither changed nor removed',
          fieldPath: '.storage',
        },
      ],
    });
  });

  it('takes plain OpenAPI as it is', () => {
    const spec = {
      type: 'object',
      required: ['image'],
      properties: { image: { type: 'string' }, ports: { type: 'array', items: { type: 'integer', minimum: 1 } } },
    };
    expect(readOwnerApi({ spec }, 'api')).toEqual({ api: { spec }, problems: [] });
    expect(readOwnerApi({ openAPIV3Schema: { type: 'object', properties: { spec } } }, 'api').api!.spec).toEqual(spec);
  });

  it('reports every problem with its path and the katalog line', () => {
    const problems = problemsOf(
      katalog(`spec:
  image: strin
  replicas: { type: integer, default: one, minimun: 0 }
  tier: { type: string, enum: [small, 2] }
rules:
  - rule: "self.replicaz <= 10"
  - rule: "self.replicas <= "
  - rule: "self.image.size() > 0 && self.tier.foo == 1"
admission:
  - expression: "object.spec.imag != '' || request.userInfo.username == 'x'"
colums: []`),
    );
    expect(problems).toEqual([
      'spec.crds[0].api.colums: is not a known field (katalog.yaml:17:9) — known: spec, status, openAPIV3Schema, rules, admission, printerColumns, shortNames, categories, singular, versions',
      'spec.crds[0].api.spec.image: is not a type: strin (katalog.yaml:8:11) — did you mean string?',
      'spec.crds[0].api.spec.replicas.minimun: is not a known keyword (katalog.yaml:9:52) — did you mean minimum?',
      'spec.crds[0].api.spec.replicas.default: is a string, but the field is an integer (katalog.yaml:9:38)',
      'spec.crds[0].api.spec.tier.enum[1]: is an integer, but the field is a string (katalog.yaml:10:47)',
      'spec.crds[0].api.rules[0].rule: self.replicaz: the schema has no field replicaz in self (did you mean replicas?) (katalog.yaml:12:13)',
      'spec.crds[0].api.rules[1].rule: is not valid CEL: Unexpected token: EOF at column 18 (katalog.yaml:13:13) — see https://kubernetes.io/docs/reference/using-api/cel/ for the syntax',
      'spec.crds[0].api.rules[2].rule: self.tier.foo: self.tier is a string, it has no field foo (katalog.yaml:14:13)',
      'spec.crds[0].api.admission[0].expression: object.spec.imag: the schema has no field imag in object.spec (did you mean image?) (katalog.yaml:16:13)',
    ]);
  });

  it('checks rules written on a field against that field, and macro variables against list items', () => {
    const { problems } = readOwnerApi(
      {
        spec: {
          sites: {
            type: 'array',
            items: { name: 'string' },
            rules: [{ rule: 'self.all(s, s.name.size() > 0 && s.nam != "")' }],
          },
        },
      },
      'api',
    );
    expect(problems).toEqual([
      {
        path: 'api.spec.sites.rules[0].rule',
        message: 's.nam: the schema has no field nam in s (did you mean name?)',
      },
    ]);
  });
});

describe('celProblems', () => {
  it('accepts optional chaining, macros, has() and variables it has no schema for', () => {
    const self = { type: 'object' as const, properties: { a: { type: 'integer' as const } } };
    for (const rule of [
      'self.?a.orValue(1) > 0',
      'has(self.a) ? self.a > 1 : true',
      'self == oldSelf',
      "request.userInfo.groups.exists(g, g == 'admins')",
    ])
      expect(celProblems(rule, { self, oldSelf: self }, 'r')).toEqual([]);
  });
});

describe('a TypeBox schema', () => {
  it('is read as a structural schema: literal unions become an enum, records a map, Optional not required', () => {
    const spec = Type.Object({
      image: Type.String({ minLength: 1 }),
      tier: Type.Optional(Type.Union([Type.Literal('small'), Type.Literal('large')], { default: 'small' })),
      labels: Type.Optional(Type.Record(Type.String(), Type.String())),
      replicas: Type.Optional(Type.Integer({ minimum: 0, default: 1 })),
    });
    const { api, problems } = readOwnerApi({ spec }, 'api');
    expect(problems).toEqual([]);
    expect(api!.spec).toEqual({
      type: 'object',
      required: ['image'],
      properties: {
        image: { type: 'string', minLength: 1 },
        tier: { type: 'string', enum: ['small', 'large'], default: 'small' },
        labels: { type: 'object', additionalProperties: { type: 'string' } },
        replicas: { type: 'integer', minimum: 0, default: 1 },
      },
    });
  });

  it('refuses a union of types a CRD cannot hold', () => {
    const spec = Type.Object({ size: Type.Union([Type.Boolean(), Type.String()]) });
    expect(readOwnerApi({ spec }, 'api').problems).toEqual([
      expect.objectContaining({ path: 'api.spec.properties.size', message: expect.stringContaining('union of types') }),
    ]);
  });
});

describe('customResourceDefinition', () => {
  const api: OwnerApi = {
    spec: { type: 'object', required: ['image'], properties: { image: { type: 'string' } } },
    rules: [{ rule: 'self.image != ""', message: 'no image' }],
    printerColumns: [{ name: 'Image', type: 'string', jsonPath: '.spec.image' }],
    shortNames: ['ws'],
    categories: ['orkestra'],
    versions: [{ name: 'v1beta1', deprecated: true }],
  };

  it('has the status subresource, Ready/Synced/the author’s/Age columns, names, and the storage version marked', () => {
    const crd = customResourceDefinition(owner, readOwnerApi(api, 'api').api!);
    expect(crd.metadata.name).toBe('websites.example.com');
    expect(crd.spec.names).toEqual({
      plural: 'websites',
      singular: 'website',
      kind: 'Website',
      listKind: 'WebsiteList',
      shortNames: ['ws'],
      categories: ['orkestra'],
    });
    const [v1, beta] = crd.spec.versions;
    expect([v1!.name, v1!.storage, v1!.served, beta!.name, beta!.storage, beta!.deprecated]).toEqual([
      'v1',
      true,
      true,
      'v1beta1',
      false,
      true,
    ]);
    expect(v1!.subresources).toEqual({ status: {} });
    expect(v1!.additionalPrinterColumns.map((c) => c.name)).toEqual(['Ready', 'Synced', 'Image', 'Age']);
    const schema = v1!.schema.openAPIV3Schema;
    expect(schema.required).toEqual(['spec']);
    expect(schema.properties!.spec!['x-kubernetes-validations']).toEqual([
      { rule: 'self.image != ""', message: 'no image' },
    ]);
    expect(Object.keys(schema.properties!.status!.properties!)).toEqual(['observedGeneration', 'conditions']);
  });

  it('marks another version as storage when the api says so', () => {
    const crd = customResourceDefinition(owner, { ...api, versions: [{ name: 'v1beta1', storage: true }] });
    expect(crd.spec.versions.map((v) => [v.name, v.storage])).toEqual([
      ['v1', false],
      ['v1beta1', true],
    ]);
  });

  it('makes a ValidatingAdmissionPolicy and a Deny binding only for admission rules', () => {
    expect(admissionPolicy(owner, api)).toEqual([]);
    const [policy, binding] = admissionPolicy(owner, {
      ...api,
      admission: { validations: [{ expression: "request.userInfo.username != 'x'", message: 'not x' }] },
    });
    expect(policy!.spec).toMatchObject({
      failurePolicy: 'Fail',
      matchConstraints: {
        resourceRules: [{ apiGroups: ['example.com'], operations: ['CREATE', 'UPDATE'], resources: ['websites'] }],
      },
      validations: [{ expression: "request.userInfo.username != 'x'", message: 'not x' }],
    });
    expect(binding!.spec).toEqual({ policyName: 'websites.example.com', validationActions: ['Deny'] });
  });
});
