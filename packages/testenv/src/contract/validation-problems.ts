import { ValidationError } from '@orkestra/core';

/**
 * The problems of the `ValidationError` that `fn` throws, each as `path: message (hint)`, for assertions on
 * `resolve`. Throws when `fn` throws anything else, or nothing.
 *
 * @example
 * expect(validationProblems(() => resolve({ replicas: 'abc' }, 'shop')))
 *   .toEqual([expect.stringMatching(/^replicas: /)]);
 */
export function validationProblems(fn: () => unknown): string[] {
  try {
    fn();
  } catch (e) {
    if (e instanceof ValidationError)
      return e.problems.map((p) => `${p.path}: ${p.message}${p.hint ? ` (${p.hint})` : ''}`);
    throw e;
  }
  throw new Error('expected a ValidationError, but nothing was thrown');
}
