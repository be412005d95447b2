import { describe, expect, it } from '@jest/globals';
import { resolveCommonFields, Validator } from '../src/authoring.js';

const problems = (v: Validator) => v.problems.map((p) => `${p.path}: ${p.message}${p.hint ? ` (${p.hint})` : ''}`);

describe('Validator: maps and lists', () => {
  it('map: absent is undefined, a non-map is a problem, unknown keys are named with the known ones', () => {
    const v = new Validator();
    expect(v.map('probe', undefined)).toBeUndefined();
    expect(v.map('probe', null)).toBeUndefined();
    expect(v.map('probe', { a: 1, typo: 2 }, ['a', 'b'])).toEqual({ a: 1, typo: 2 });
    expect(v.map('', { extra: 1 }, ['a'])).toEqual({ extra: 1 });
    expect(v.map('probe', ['x'])).toBeUndefined();
    expect(v.map('probe', 'text')).toBeUndefined();
    expect(problems(v)).toEqual([
      'probe.typo: is not a known field (known fields: a, b)',
      'extra: is not a known field (known fields: a)',
      'probe: must be a map, got a list',
      'probe: must be a map, got "text"',
    ]);
  });

  it('list and stringList: absent is empty, items are stringified, problems name the item', () => {
    const v = new Validator();
    expect(v.list('env', undefined)).toEqual([]);
    expect(v.list('env', [{ name: 'A' }])).toEqual([{ name: 'A' }]);
    expect(v.stringList('args', ['--port', 8080, true])).toEqual(['--port', '8080', 'true']);
    expect(v.stringList('args', ['ok', { no: 1 }])).toEqual(['ok']);
    expect(v.stringList('command', 'sh -c run', 'write it as a list')).toEqual([]);
    expect(v.list('env', { A: '1' })).toEqual([]);
    expect(problems(v)).toEqual([
      'args[1]: must be a string, got object',
      'command: must be a list, got "sh -c run" (write it as a list)',
      'env: must be a list, got a map',
    ]);
  });

  it('intOrPercent: integers from numbers and numeric strings, percentages kept as text', () => {
    const v = new Validator();
    expect(v.intOrPercent('maxSurge', 1)).toBe(1);
    expect(v.intOrPercent('maxSurge', '2')).toBe(2);
    expect(v.intOrPercent('maxSurge', ' 25% ')).toBe('25%');
    expect(v.intOrPercent('maxUnavailable', '100%', { maxPercent: 100 })).toBe('100%');
    expect(v.problems).toEqual([]);
    expect(v.intOrPercent('maxUnavailable', '150%', { maxPercent: 100 })).toBeUndefined();
    expect(v.intOrPercent('maxSurge', -1)).toBeUndefined();
    expect(v.intOrPercent('maxSurge', 'lots')).toBeUndefined();
    expect(problems(v)).toEqual([
      'maxUnavailable: must be at most 100%, got "150%"',
      'maxSurge: must be an integer from 0 to 2147483647, got -1',
      'maxSurge: must be a non-negative integer or a percentage such as 25%, got "lots"',
    ]);
  });
});

describe('resolveCommonFields: nameHint', () => {
  it('is added to a problem with the default name and with a given one', () => {
    const v = new Validator();
    resolveCommonFields(v, {}, 'x'.repeat(60), {
      defaultSuffix: 'deployment',
      nameRule: 'dns1123-label',
      nameHint: 'it is also the container name',
    });
    resolveCommonFields(v, { name: 'web.v2' }, 'shop', {
      defaultSuffix: 'deployment',
      nameRule: 'dns1123-label',
      nameHint: 'it is also the container name',
    });
    expect(problems(v)).toEqual([
      `name: the default name "${'x'.repeat(60)}-deployment" must be at most 63 characters, got 71 (set \`name\` in the template to a shorter name; it is also the container name)`,
      'name: must consist of lower case letters, digits and \'-\', and start and end with a letter or digit, got "web.v2" (it is also the container name)',
    ]);
  });
});
