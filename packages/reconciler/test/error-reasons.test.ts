import { describe, expect, it } from '@jest/globals';
import { OrkestraError, OwnershipError } from '@orkestra/core';
import { describeError } from '../src/error-reasons.js';

describe('the reason of an error on the status and in Events', () => {
  it("names Orkestra's own reasons, the API server's answers as Api<reason>, anything else Error", () => {
    const owned = new OwnershipError(
      { kind: 'Service', namespace: 'shop', name: 'web' },
      'Website shop',
      'x',
      'update',
    );
    expect(describeError(owned)).toEqual({ reason: 'OwnershipConflict', message: owned.message });
    const reasons = (['Validation', 'Immutable', 'Template', 'Contested', 'Config', 'Unknown', 'Aborted'] as const).map(
      (r) => describeError(new OrkestraError(r, 'm')).reason,
    );
    expect(reasons).toEqual([
      'InvalidSpec',
      'ImmutableField',
      'TemplateError',
      'ContestedItems',
      'ConfigError',
      'RequestFailed',
      'Aborted',
    ]);
    expect(describeError(new OrkestraError('Forbidden', 'no')).reason).toBe('ApiForbidden');
    expect(describeError(new OrkestraError('Http418', 'teapot')).reason).toBe('ApiHttp418');
    expect(describeError(new Error('boom'))).toEqual({ reason: 'Error', message: 'boom' });
    expect(describeError('text')).toEqual({ reason: 'Error', message: 'text' });
  });
});
