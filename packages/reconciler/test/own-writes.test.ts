import { describe, expect, it } from '@jest/globals';
import type { KubeObject } from '@orkestra/core';
import { OwnWrites } from '../src/own-writes.js';

const child = (uid: string, resourceVersion: string): KubeObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'c', namespace: 'ns', uid, resourceVersion },
});

describe('OwnWrites', () => {
  it('recognises the event of a written version once, and no other version', () => {
    const w = new OwnWrites();
    w.record(child('u1', '10'));
    expect(w.isEcho(child('u1', '9'))).toBe(false);
    expect(w.isEcho(child('u2', '10'))).toBe(false);
    expect(w.isEcho(child('u1', '10'))).toBe(true);
    expect(w.isEcho(child('u1', '10'))).toBe(false); // consumed
    w.record(undefined); // a write that returned no object records nothing
  });

  it('releases held events: again only when one of them was not an echo', () => {
    const w = new OwnWrites();
    w.hold('ns/a', child('u1', '10')); // the event came before the write's response
    w.record(child('u1', '10'));
    expect(w.release('ns/a')).toBe(false);
    w.record(child('u1', '11'));
    w.hold('ns/a', child('u1', '12')); // someone else's version
    expect(w.release('ns/a')).toBe(true);
    expect(w.release('ns/a')).toBe(false); // nothing held any more
  });

  it('forgets a deleted child', () => {
    const w = new OwnWrites();
    w.record(child('u1', '10'));
    w.forget(child('u1', '11'));
    expect(w.isEcho(child('u1', '10'))).toBe(false);
  });
});
