import { describe, expect, it } from '@jest/globals';
import { compareQuantities, parseQuantity, quantityStoredAs, roundUpQuantity } from '../src/authoring.js';

describe('compareQuantities', () => {
  it('orders quantities by value, whatever their notation', () => {
    expect(compareQuantities('200m', '0.1')).toBe(1);
    expect(compareQuantities('1Gi', '1024Mi')).toBe(0);
    expect(compareQuantities('512Mi', '1G')).toBe(-1);
    expect(compareQuantities('-1', '0')).toBe(-1);
    expect(compareQuantities('lots', '1')).toBeUndefined();
  });
});

describe('quantityStoredAs and roundUpQuantity', () => {
  it('rounds away from zero to the scale, as the API server stores quantities', () => {
    expect(roundUpQuantity(parseQuantity('0.0001')!, -3)).toEqual({ numerator: 1n, denominator: 1000n });
    expect(roundUpQuantity(parseQuantity('-0.0001')!, -3)).toEqual({ numerator: -1n, denominator: 1000n });
    expect(roundUpQuantity(parseQuantity('2')!, -3)).toEqual({ numerator: 2000n, denominator: 1000n });
  });

  it('a resource-list value finer than milli is stored rounded up; elsewhere finer than nano', () => {
    expect(quantityStoredAs('0.0001', '1m', true)).toBe(true);
    expect(quantityStoredAs('0.0001', '1m', false)).toBe(false);
    expect(quantityStoredAs('0.0001', '100u', false)).toBe(true);
    expect(quantityStoredAs('1e-10', '1n', false)).toBe(true);
    expect(quantityStoredAs('0.5', '500m', true)).toBe(true);
    expect(quantityStoredAs('1', '2', true)).toBe(false);
    expect(quantityStoredAs('lots', 'lots', true)).toBe(true);
  });
});

describe('parseQuantity', () => {
  it('refuses whitespace around a quantity, as the API server does', () => {
    expect(parseQuantity('2\n')).toBeUndefined();
    expect(parseQuantity(' 2')).toBeUndefined();
    expect(parseQuantity('2')).toEqual({ numerator: 2n, denominator: 1n });
  });
});
