import { describe, expect, it } from '@jest/globals';
import { checkTemplate, checkWhen, createTemplateEngine, type JsonSchema } from '../src/index.js';

/** A CRD version's openAPIV3Schema, as `kubectl get crd -o yaml` shows it. */
const schema: JsonSchema = {
  type: 'object',
  properties: {
    apiVersion: { type: 'string' },
    kind: { type: 'string' },
    metadata: { type: 'object' },
    spec: {
      type: 'object',
      properties: {
        image: { type: 'string' },
        replicas: { type: 'integer' },
        environment: { type: 'string' },
        ports: { type: 'array', items: { type: 'integer' } },
        containers: {
          type: 'array',
          items: { type: 'object', properties: { name: { type: 'string' }, image: { type: 'string' } } },
        },
        env: { type: 'object', additionalProperties: { type: 'string' } },
        extra: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
        port: { 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] },
        tls: {
          type: 'object',
          properties: { enabled: { type: 'boolean' } },
          allOf: [{ properties: { secretName: { type: 'string' } } }],
        },
      },
    },
    status: { type: 'object', properties: { phase: { type: 'string' } } },
  },
};

describe('the schema check', () => {
  it('accepts paths the schema has', () => {
    const source = {
      name: '{{metadata.name}}-{{metadata.namespace}}',
      labels: { a: '{{metadata.labels.[app.kubernetes.io/name]}}', uid: '{{ .metadata.uid }}' },
      image: '{{spec.image}}',
      replicas: '{{default spec.replicas 1}}',
      port: '{{spec.ports.[0]}} {{spec.ports[1]}} {{spec.port}}',
      containers: '{{#each spec.containers}}{{name}}={{image}} {{/each}}',
      named: '{{#each spec.containers as |c|}}{{c.name}}{{/each}}',
      env: '{{spec.env.ANY_KEY}} {{#each spec.env}}{{@key}}={{this}}{{/each}}',
      extra: '{{spec.extra.anything.below}}',
      tls: '{{#with spec.tls}}{{enabled}} {{secretName}} {{../spec.image}} {{@root.spec.replicas}}{{/with}}',
      phase: '{{#if status.phase}}{{status.phase}}{{/if}}',
      kind: '{{kind}} {{apiVersion}} {{spec.ports.length}}',
    };
    expect(checkTemplate(source, { schema })).toEqual([]);
  });

  it('reports paths the schema does not have, before any CR exists', () => {
    const problems = checkTemplate(
      {
        image: '{{spec.imag}}',
        env: [{ value: '{{spec.enviroment}}' }],
        containers: '{{#each spec.containers}}{{nmae}}{{/each}}',
        deep: '{{spec.image.tag}}',
        meta: '{{metadata.uidd}}',
        cond: '{{#if spec.tls.enabeld}}x{{/if}}',
        other: '{{spek.image}}',
      },
      { schema, field: 'deployments[0]' },
    );
    expect(problems).toEqual([
      {
        field: 'deployments[0].image',
        path: 'spec.imag',
        message: 'spec.imag is not in the schema: spec has no field "imag"',
        hint: 'did you mean spec.image?',
      },
      {
        field: 'deployments[0].env[0].value',
        path: 'spec.enviroment',
        message: 'spec.enviroment is not in the schema: spec has no field "enviroment"',
        hint: 'did you mean spec.environment?',
      },
      {
        field: 'deployments[0].containers',
        path: 'nmae',
        message: 'nmae is not in the schema: spec.containers[*] has no field "nmae"',
        hint: 'did you mean spec.containers[*].name?',
      },
      {
        field: 'deployments[0].deep',
        path: 'spec.image.tag',
        message: 'spec.image.tag is not in the schema: spec.image is a string, it has no field "tag"',
        hint: undefined,
      },
      {
        field: 'deployments[0].meta',
        path: 'metadata.uidd',
        message: 'metadata.uidd is not in the schema: metadata has no field "uidd"',
        hint: 'did you mean metadata.uid?',
      },
      {
        field: 'deployments[0].cond',
        path: 'spec.tls.enabeld',
        message: 'spec.tls.enabeld is not in the schema: spec.tls has no field "enabeld"',
        hint: 'did you mean spec.tls.enabled?',
      },
      {
        field: 'deployments[0].other',
        path: 'spek.image',
        message: 'spek.image is not in the schema: the CR has no field "spek"',
        hint: 'did you mean spec?',
      },
    ]);
  });

  it('reports syntax errors and schema problems together, and accepts a CRD version schema wrapper', () => {
    const problems = createTemplateEngine().check(
      { a: '{{spec.image', b: '{{spec.imag}}' },
      { schema: { openAPIV3Schema: schema } },
    );
    expect(problems.map((p) => [p.field, p.path])).toEqual([
      ['a', undefined],
      ['b', 'spec.imag'],
    ]);
  });

  it('checks without a schema too: syntax only', () => {
    expect(checkTemplate({ a: '{{spec.anything}}' })).toEqual([]);
    expect(checkTemplate({ a: '{{#if x}}' })).toHaveLength(1);
  });

  it('checks when clauses', () => {
    expect(
      checkWhen([{ field: 'spec.environment', equals: 'prod' }, '{{eq spec.tls.enabled true}}'], { schema }),
    ).toEqual([]);
    const problems = checkWhen(
      [
        { field: 'spec.enviroment', equals: 'prod' },
        '{{eq spec.replica 3}}',
        { field: 'spec.env', operator: 'near' as 'equals' },
        '{{eq x',
      ],
      { schema },
    );
    expect(problems.map((p) => [p.field, p.path, p.hint])).toEqual([
      ['when[0].field', 'spec.enviroment', 'did you mean spec.environment?'],
      ['when[1]', 'spec.replica', 'did you mean spec.replicas?'],
      ['when[2].operator', undefined, undefined],
      ['when[3]', undefined, undefined],
    ]);
  });
});
