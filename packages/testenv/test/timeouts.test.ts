import { describe, expect, it } from '@jest/globals';
import { parseDuration } from '../src/timeouts.js';

describe('parseDuration (KUBEBUILDER_CONTROLPLANE_*_TIMEOUT)', () => {
  it('reads Go durations and bare seconds', () => {
    expect(parseDuration('20s')).toBe(20_000);
    expect(parseDuration('1m30s')).toBe(90_000);
    expect(parseDuration('1500ms')).toBe(1_500);
    expect(parseDuration('1.5s')).toBe(1_500);
    expect(parseDuration('1h')).toBe(3_600_000);
    expect(parseDuration('45')).toBe(45_000);
  });

  it('returns undefined for empty or invalid text', () => {
    expect(parseDuration(undefined)).toBeUndefined();
    expect(parseDuration('')).toBeUndefined();
    expect(parseDuration('soon')).toBeUndefined();
    expect(parseDuration('10s and more')).toBeUndefined();
  });
});
