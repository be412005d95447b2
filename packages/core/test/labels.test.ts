import { describe, expect, it } from '@jest/globals';
import { childSelector, withSystemLabels } from '../src/index.js';
import { matchesLabelSelector } from '../src/internal.js';

describe('matchesLabelSelector', () => {
  const labels = { app: 'web', tier: 'front', 'managed-by': 'orkestra' };

  it('matches the selector of Orkestra children only on labelled objects', () => {
    expect(matchesLabelSelector(withSystemLabels({ app: 'web' }, 'shop'), childSelector())).toBe(true);
    expect(matchesLabelSelector(withSystemLabels({}, 'shop'), childSelector('shop'))).toBe(true);
    expect(matchesLabelSelector(withSystemLabels({}, 'shop'), childSelector('other'))).toBe(false);
    expect(matchesLabelSelector({ app: 'web' }, childSelector())).toBe(false);
    expect(matchesLabelSelector(undefined, childSelector())).toBe(false);
  });

  it.each([
    ['app=web', true],
    ['app==web', true],
    ['app=api', false],
    ['app!=api', true],
    ['app!=web', false],
    ['missing!=x', true],
    ['app', true],
    ['missing', false],
    ['!missing', true],
    ['!app', false],
    ['app in (web, api)', true],
    ['app in (api)', false],
    ['app notin (api)', true],
    ['app notin (web,api)', false],
    ['missing notin (x)', true],
    ['missing in (x)', false],
    ['app=web,tier=front', true],
    ['app=web,tier=back', false],
    ['app in (web,api),!canary,tier', true],
    ['', true],
    [' app = web ', true],
  ])('%s → %s', (selector, expected) => {
    expect(matchesLabelSelector(labels, selector)).toBe(expected);
  });

  it('does not read inherited properties as labels', () => {
    expect(matchesLabelSelector({}, 'constructor')).toBe(false);
    expect(matchesLabelSelector({}, 'toString=x')).toBe(false);
  });

  it('names the term it cannot parse and the forms it knows', () => {
    expect(() => matchesLabelSelector(labels, 'app=web,a b')).toThrow(
      /cannot parse "a b" in the label selector "app=web,a b": use key=value/,
    );
  });
});
