import { describe, expect, it } from '@jest/globals';
import { FAILURES_SHOWN, failureMessage } from '../src/failure-message.js';

describe('failureMessage', () => {
  it('is the one message when one child failed', () => {
    expect(failureMessage(['create Role shop/reader failed: forbidden'])).toBe(
      'create Role shop/reader failed: forbidden',
    );
  });

  it('lists every failure, numbered, in the order given: a Forbidden is not hidden behind the NotFound it causes', () => {
    expect(
      failureMessage(['create Role shop/reader failed: forbidden', 'create RoleBinding shop/reader failed: not found']),
    ).toBe(
      '2 children failed: (1) create Role shop/reader failed: forbidden; (2) create RoleBinding shop/reader failed: not found',
    );
  });

  it(`spells out the first ${FAILURES_SHOWN} and counts the rest`, () => {
    const messages = Array.from({ length: 8 }, (_, i) => `child ${i + 1} failed`);
    const message = failureMessage(messages);
    expect(message.startsWith('8 children failed: (1) child 1 failed; (2) child 2 failed;')).toBe(true);
    expect(message).toContain('(5) child 5 failed; and 3 more');
    expect(message).not.toContain('child 6');
  });
});
