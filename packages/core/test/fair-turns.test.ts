import { describe, expect, it } from '@jest/globals';
import { FairTurns } from '../src/kube/fair-turns.js';

/** A piece of work that ends when `finish()` is called, recording when it started. */
function gated(log: string[], name: string) {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    work: async () => {
      log.push(name);
      await done;
    },
    finish: () => finish(),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('FairTurns', () => {
  it('runs at once while a slot is free', async () => {
    const turns = new FairTurns(2);
    const log: string[] = [];
    const a = gated(log, 'a1');
    const b = gated(log, 'a2');
    const runs = [turns.run('a', a.work), turns.run('a', b.work)];
    await tick();
    expect(log).toEqual(['a1', 'a2']);
    a.finish();
    b.finish();
    await Promise.all(runs);
  });

  it('serves a second party in the next turn, ahead of the first party’s long line', async () => {
    const turns = new FairTurns(1);
    const log: string[] = [];
    const works = ['a1', 'a2', 'a3', 'a4'].map((n) => gated(log, n));
    const runs = works.map((w) => turns.run('a', w.work));
    const b = gated(log, 'b1');
    runs.push(turns.run('b', b.work));
    for (const w of [...works.slice(0, 2)]) {
      await tick();
      w.finish();
    }
    await tick();
    // a1 held the slot; b1 came after a2..a4 but is served right after a2 (one turn each in a round).
    expect(log).toEqual(['a1', 'a2', 'b1']);
    b.finish();
    for (const w of works.slice(2)) {
      await tick();
      w.finish();
    }
    await Promise.all(runs);
    expect(log).toEqual(['a1', 'a2', 'b1', 'a3', 'a4']);
  });

  it('gives the slot of a failed piece of work to the next in turn', async () => {
    const turns = new FairTurns(1);
    const failing = turns.run('a', async () => {
      throw new Error('boom');
    });
    const next = turns.run('b', async () => 'ran');
    await expect(failing).rejects.toThrow('boom');
    await expect(next).resolves.toBe('ran');
  });

  it('drops a waiter whose signal aborts, with the signal’s reason', async () => {
    const turns = new FairTurns(1);
    const log: string[] = [];
    const holder = gated(log, 'a1');
    const held = turns.run('a', holder.work);
    const abort = new AbortController();
    const waiting = turns.run('b', async () => 'never', abort.signal);
    await tick();
    expect(turns.queued).toBe(1);
    abort.abort(new Error('stopped'));
    await expect(waiting).rejects.toThrow('stopped');
    expect(turns.queued).toBe(0);
    holder.finish();
    await held;
    await expect(turns.run('c', async () => 'free again')).resolves.toBe('free again');
  });
});
