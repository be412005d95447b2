import { describe, expect, it } from '@jest/globals';
import { createTemplateEngine, evaluateWhen, TemplateError, type WhenCondition } from '../src/index.js';
import { storefront } from './fixtures.js';

const cr = storefront();
const when = (c: WhenCondition | string | (WhenCondition | string)[]) => evaluateWhen(c, cr);

describe('when operators', () => {
  it.each<[string, WhenCondition, boolean]>([
    ['equals', { field: 'spec.env', operator: 'equals', value: 'prod' }, true],
    ['equals compares text, as in Go', { field: 'spec.replicas', operator: 'equals', value: '3' }, true],
    ['equals a boolean', { field: 'spec.tls', operator: 'equals', value: 'true' }, true],
    ['equals on a missing field', { field: 'spec.missing', operator: 'equals', value: 'x' }, false],
    ['notEquals', { field: 'spec.env', operator: 'notEquals', value: 'dev' }, true],
    ['notEquals on a missing field', { field: 'spec.missing', operator: 'notEquals', value: 'x' }, true],
    ['contains (text)', { field: 'spec.image', operator: 'contains', value: 'nginx' }, true],
    ['contains (list item)', { field: 'spec.list', operator: 'contains', value: 'b' }, true],
    ['contains (no item)', { field: 'spec.list', operator: 'contains', value: 'c' }, false],
    ['contains on a missing field', { field: 'spec.missing', operator: 'contains', value: '' }, false],
    ['prefix', { field: 'spec.image', operator: 'prefix', value: 'nginx:' }, true],
    ['prefix, no', { field: 'spec.image', operator: 'prefix', value: 'redis' }, false],
    ['suffix', { field: 'spec.image', operator: 'suffix', value: '1.27' }, true],
    ['suffix on a missing field', { field: 'spec.missing', operator: 'suffix', value: 'x' }, false],
    ['exists', { field: 'spec.tls', operator: 'exists' }, true],
    ['exists: empty text is not there', { field: 'spec.empty', operator: 'exists' }, false],
    ['exists: false and 0 are there', { field: 'spec.zero', operator: 'exists' }, true],
    ['exists on a missing field', { field: 'spec.missing.deeper', operator: 'exists' }, false],
    ['notExists', { field: 'status.phase', operator: 'notExists' }, true],
    ['notExists on a present field', { field: 'metadata.name', operator: 'notExists' }, false],
    ['gt', { field: 'spec.replicas', operator: 'gt', value: 2 }, true],
    ['gt with text', { field: 'spec.replicas', operator: 'gt', value: '3' }, false],
    ['gt: a missing field counts as 0', { field: 'status.readyReplicas', operator: 'gt', value: -1 }, true],
    ['gt: a non-number is false', { field: 'spec.env', operator: 'gt', value: 1 }, false],
    ['lt', { field: 'spec.replicas', operator: 'lt', value: '10' }, true],
    ['lt: a missing field counts as 0', { field: 'status.readyReplicas', operator: 'lt', value: 1 }, true],
    ['in (comma-separated)', { field: 'spec.env', operator: 'in', value: 'staging, prod' }, true],
    ['in (list)', { field: 'spec.replicas', operator: 'in', value: [1, 3] }, true],
    ['in: not there', { field: 'spec.env', operator: 'in', value: 'dev,staging' }, false],
    ['in: an empty entry matches a missing field', { field: 'status.phase', operator: 'in', value: ',Pending' }, true],
    ['a list index in the field', { field: 'spec.items[1].name', operator: 'equals', value: 'two' }, true],
    ['a leading dot in the field', { field: '.spec.env', operator: 'equals', value: 'prod' }, true],
    ['a templated value', { field: 'metadata.name', operator: 'equals', value: '{{ .metadata.name }}' }, true],
    ['a templated value with text', { field: 'spec.image', operator: 'prefix', value: '{{spec.image}}x' }, false],
    ['no operator: value means equals', { field: 'spec.env', value: 'prod' }, true],
    ['no operator and no value: exists', { field: 'spec.env' }, true],
  ])('%s', (_, condition, expected) => {
    expect(when(condition)).toBe(expected);
  });

  it('accepts Go shorthand keys', () => {
    expect(when({ field: 'spec.env', equals: 'prod' })).toBe(true);
    expect(when({ field: 'spec.env', notEquals: 'prod' })).toBe(false);
    expect(when({ field: 'spec.image', contains: ':' })).toBe(true);
    expect(when({ field: 'spec.image', prefix: 'nginx' })).toBe(true);
    expect(when({ field: 'spec.image', suffix: '.27' })).toBe(true);
    expect(when({ field: 'spec.replicas', greaterThan: '1' })).toBe(true);
    expect(when({ field: 'spec.replicas', lessThan: 1 })).toBe(false);
    expect(when({ field: 'spec.env', in: 'dev,prod' })).toBe(true);
    expect(when({ field: 'spec.env', exists: true })).toBe(true);
    expect(when({ field: 'spec.nope', notExists: true })).toBe(true);
  });

  it('requires every condition of a list', () => {
    expect(
      when([
        { field: 'spec.env', equals: 'prod' },
        { field: 'spec.tls', equals: 'true' },
      ]),
    ).toBe(true);
    expect(when([{ field: 'spec.env', equals: 'prod' }, '{{spec.missing}}'])).toBe(false);
    expect(when([])).toBe(true);
  });
});

describe('when expressions', () => {
  it('is true when the expression is truthy; a missing path is absent', () => {
    expect(when("{{and spec.tls (eq spec.env 'prod')}}")).toBe(true);
    expect(when("{{and spec.tls (eq spec.env 'dev')}}")).toBe(false);
    expect(when('{{spec.missing}}')).toBe(false);
    expect(when('{{spec.missing.deeper}}')).toBe(false);
    expect(when('{{not spec.missing}}')).toBe(true);
    expect(when('{{ .spec.tls }}')).toBe(true);
    expect(when('{{spec.list}}')).toBe(true);
    expect(when('{{spec.zero}}')).toBe(false);
    expect(when('{{gt spec.replicas 2}}')).toBe(true);
    expect(when('{{default spec.missing spec.tls}}')).toBe(true);
  });

  it('reads text results: empty or "false" is false', () => {
    expect(when('{{#if spec.tls}}true{{else}}false{{/if}}')).toBe(true);
    expect(when('{{#if spec.missing}}true{{else}}false{{/if}}')).toBe(false);
    expect(when('{{#if spec.missing}}yes{{/if}}')).toBe(false);
    expect(when(' {{spec.env}} ')).toBe(true);
  });

  it('still fails on errors that are not about a missing field', () => {
    expect(() => when('{{upper spec.missing}}')).toThrow(TemplateError);
    expect(() => when('{{lt spec.env 3}}')).toThrow('lt: compares two numbers or two strings');
    expect(() => when('{{and spec.tls')).toThrow(/syntax error/);
  });
});

describe('when clauses that are malformed', () => {
  it('throws TemplateError naming the condition', () => {
    const engine = createTemplateEngine();
    expect(() =>
      engine.compileWhen([{ field: 'spec.env' }, { field: 'spec.env', operator: 'matches' as 'equals' }]),
    ).toThrow('when[1].operator: unknown operator "matches"');
    expect(() => engine.compileWhen({ field: 'spec..env' })).toThrow('cannot read the CR path');
    expect(() => engine.compileWhen({} as WhenCondition)).toThrow('needs a field');
  });

  it('compiles a clause once per object', () => {
    const engine = createTemplateEngine();
    const clause = [{ field: 'spec.env', equals: '{{metadata.namespace}}' }, '{{spec.tls}}'];
    expect(engine.compileWhen(clause)).toBe(engine.compileWhen(clause));
    for (let i = 0; i < 20; i++) engine.evaluateWhen(clause, cr);
    expect(engine.stats.compiles).toBe(2);
  });
});
