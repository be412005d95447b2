import { describe, expect, it } from '@jest/globals';
import {
  checkBase64,
  checkConfigKey,
  checkDns1035Label,
  checkDns1123Label,
  checkDns1123Subdomain,
  checkLabelKey,
  checkLabelValue,
  checkPortName,
  Validator,
} from '../src/authoring.js';
import { ValidationError } from '../src/index.js';

describe('name and key checks', () => {
  it.each([
    [checkDns1123Label, 'web-1', ['', 'Web', '-web', 'web-', 'a.b', 'a'.repeat(64)]],
    [checkDns1123Subdomain, 'web.shop-1', ['', 'Web', 'a..b', '.a', 'a'.repeat(254)]],
    [checkDns1035Label, 'web-svc', ['1web', 'web_svc', '', 'a'.repeat(64)]],
    [checkLabelKey, 'example.com/app.name_x', ['', '/x', 'Example.com/x', 'a/-x', `${'a'.repeat(64)}`, 'a/b/c']],
    [checkLabelValue, 'Web_1.x', ['-x', 'x-', 'a b', 'a'.repeat(64)]],
    [checkConfigKey, 'tls.crt', ['', '.', '..', 'a/b', 'a b', 'a'.repeat(254)]],
    [checkPortName, 'http-2', ['', '8080', 'HTTP', 'a--b', 'a'.repeat(16), '-http']],
  ] as const)('%p accepts good and rejects bad values', (check, good, bads) => {
    expect(check(good)).toBeUndefined();
    for (const bad of bads) expect({ bad, problem: check(bad) }).toEqual({ bad, problem: expect.any(String) });
  });

  it('an empty label value is allowed', () => {
    expect(checkLabelValue('')).toBeUndefined();
  });
});

describe('Validator', () => {
  it('parses integers, ports, booleans and quantities from template strings', () => {
    const v = new Validator();
    expect(v.integer('replicas', '3')).toBe(3);
    expect(v.integer('replicas', 0)).toBe(0);
    expect(v.port('port', '8080')).toBe(8080);
    expect(v.portOrName('targetPort', 'http')).toBe('http');
    expect(v.portOrName('targetPort', '9090')).toBe(9090);
    expect(v.boolean('immutable', 'true')).toBe(true);
    expect(v.quantity('cpu', '0.5')).toBe('0.5');
    expect(v.quantity('cpu', 2)).toBe('2');
    expect(v.quantity('memory', '2Gi\n')).toBe('2Gi'); // a YAML block scalar's newline is trimmed, never sent
    expect(v.oneOf('type', 'NodePort', ['ClusterIP', 'NodePort'] as const)).toBe('NodePort');
    expect(v.labels('labels', { app: 'web' })).toEqual({ app: 'web' });
    expect(v.problems).toEqual([]);
    expect(() => v.done()).not.toThrow();
  });

  it('collects every problem with its path, then throws them together', () => {
    const v = new Validator({ kind: 'Deployment', namespace: 'shop', name: 'web' });
    v.integer('replicas', 'abc');
    v.integer('replicas', '-1');
    v.integer('replicas', '1.5');
    v.integer('replicas', '');
    v.port('port', '0');
    v.port('port', '70000');
    v.quantity('resources.requests.cpu', 'lots');
    v.boolean('immutable', 'yes');
    v.oneOf('type', 'Magic', ['ClusterIP', 'NodePort']);
    v.labels('labels', { 'bad key!': 'x', ok: 'bad value!' });
    v.annotations('annotations', { '/x': 'y' });
    v.portOrName('targetPort', 'no--pe');
    v.string('image', ['a']);
    expect(v.problems.map((p) => p.path)).toEqual([
      'replicas',
      'replicas',
      'replicas',
      'replicas',
      'port',
      'port',
      'resources.requests.cpu',
      'immutable',
      'type',
      'labels.bad key!',
      'labels.ok',
      'annotations./x',
      'targetPort',
      'image',
    ]);
    expect(v.problems[0]!.message).toBe('must be an integer, got "abc"');
    expect(v.problems[1]!.message).toBe('must be an integer from 0 to 2147483647, got "-1"');
    expect(v.problems[5]!.message).toBe('must be an integer from 1 to 65535, got "70000"');
    expect(v.problems[8]!.message).toBe('must be one of ClusterIP, NodePort, got "Magic"');
    let thrown: unknown;
    try {
      v.done();
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(ValidationError);
    expect((thrown as ValidationError).problems).toHaveLength(14);
    expect((thrown as Error).message).toMatch(/^invalid Deployment shop\/web: 14 problems:/);
  });
});

describe('data maps', () => {
  it('checkBase64 accepts padded standard base64 and never echoes the value', () => {
    for (const good of ['', 'AAEC', 'aGVsbG8=', 'aGk=', 'a+/b']) expect(checkBase64(good)).toBeUndefined();
    for (const bad of ['s3cr3t!', 'aGk', 'aGk=x', 'a-_b', 'aGVsbG8= '])
      expect(checkBase64(bad)).toBe('must be base64-encoded');
  });

  it('Validator.data checks keys, stringifies values, runs the value check, and names keys only', () => {
    const v = new Validator();
    expect(
      v.data('data', { ok: 'aGk=', n: 3, 'a/b': 'aGk=', raw: 'p4ssw0rd!', nested: { x: 1 } }, checkBase64),
    ).toEqual({ ok: 'aGk=' });
    expect(v.data('data', undefined)).toEqual({});
    v.data('stringData', 'not a map');
    expect(v.problems.map((p) => `${p.path}: ${p.message}`)).toEqual([
      'data.n: must be base64-encoded',
      "data.a/b: key must consist of letters, digits, '-', '_' and '.', got \"a/b\"",
      'data.raw: must be base64-encoded',
      'data.nested: must be a string, got object',
      'stringData: must be a map of keys to values',
    ]);
    expect(JSON.stringify(v.problems)).not.toContain('p4ssw0rd');
  });
});
