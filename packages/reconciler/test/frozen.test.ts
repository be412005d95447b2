import { describe, expect, it } from '@jest/globals';
import { deepFreeze } from '../src/frozen.js';

const spec = () => ({
  name: 'web',
  labels: { app: 'web' },
  annotations: {},
  env: [],
  resources: { requests: {}, limits: { cpu: '1' } },
  ports: [{ port: 80 }, {}],
});

describe('deepFreeze', () => {
  it('freezes everything reachable and leaves every value as it was', () => {
    const frozen = deepFreeze(spec());
    expect(frozen).toEqual(spec());
    expect(Object.isFrozen(frozen)).toBe(true);
    expect(Object.isFrozen(frozen.labels)).toBe(true);
    expect(Object.isFrozen(frozen.resources.limits)).toBe(true);
    expect(Object.isFrozen(frozen.ports[0])).toBe(true);
    expect(Array.isArray(frozen.env)).toBe(true);
  });

  it('makes the empty objects and arrays of many specs one shared frozen object each', () => {
    const a = deepFreeze(spec());
    const b = deepFreeze(spec());
    expect(a.annotations).toBe(b.annotations);
    expect(a.resources.requests).toBe(a.annotations);
    expect(a.ports[1]).toBe(a.annotations);
    expect(a.env).toBe(b.env);
    expect(a).not.toBe(b);
    expect(a.labels).not.toBe(b.labels);
  });

  it('keeps the identity of what it is given, and of anything not a plain empty object or array', () => {
    const top = {};
    expect(deepFreeze(top)).toBe(top);
    const date = new Date(0);
    const map = new Map();
    const bytes = new Uint8Array(0);
    class Empty {}
    const instance = new Empty();
    const value = deepFreeze({ date, map, bytes, instance });
    expect(value.date).toBe(date);
    expect(value.map).toBe(map);
    expect(value.bytes).toBe(bytes);
    expect(value.instance).toBe(instance);
  });
});
