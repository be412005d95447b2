import { describe, expect, it } from '@jest/globals';
import { compareQuantities } from '../src/index.js';

describe('compareQuantities', () => {
  it('orders quantities by value, whatever their notation', () => {
    expect(compareQuantities('200m', '0.1')).toBe(1);
    expect(compareQuantities('1Gi', '1024Mi')).toBe(0);
    expect(compareQuantities('512Mi', '1G')).toBe(-1);
    expect(compareQuantities('-1', '0')).toBe(-1);
    expect(compareQuantities('lots', '1')).toBeUndefined();
  });
});
