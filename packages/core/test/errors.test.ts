import { describe, expect, it } from '@jest/globals';
import { OwnershipError, ValidationError } from '../src/index.js';

describe('ValidationError', () => {
  it('names the object and every problem', () => {
    const e = new ValidationError([{ path: 'replicas', message: 'bad' }, { path: 'port', message: 'worse', hint: 'fix' }], { object: { kind: 'Deployment', namespace: 'ns', name: 'web' } });
    expect(e.message).toContain('Deployment ns/web');
    expect(e.message).toContain('port: worse (fix)');
    expect(e.problems).toHaveLength(2);
    expect(e).toBeInstanceOf(ValidationError);
    expect(e.name).toBe('ValidationError');
  });
  it('ownership names both sides', () => {
    const e = new OwnershipError({ kind: 'Service', namespace: 'a', name: 'b' }, 'Website a/x (uid 1)', undefined, 'update');
    expect(e.message).toMatch(/Service a\/b has no controller owner reference, not by Website a\/x/);
  });
});
