import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { ProcessStartError } from '../src/errors.js';
import { groupAlive, ManagedProcess } from '../src/process.js';

const dir = mkdtempSync(join(tmpdir(), 'testenv-process-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const sh = (script: string) => new ManagedProcess(`proc${n}`, '/bin/sh', ['-c', script], join(dir, `proc${n++}.log`));

describe('ManagedProcess', () => {
  it('reports an early exit with the tail of its log', async () => {
    const proc = sh('echo starting; echo "listen tcp 127.0.0.1:1: bind: address already in use" >&2; exit 3');
    proc.start();
    const error = await proc.waitUntilReady(async () => false, 5_000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProcessStartError);
    const e = error as ProcessStartError;
    expect(e.message).toContain(`${proc.name} exited with code 3 before it was ready`);
    expect(e.logTail).toContain('starting');
    expect(e.logTail).toContain('address already in use');
    expect(e.message).toContain(`--- last lines of ${proc.logPath} ---`);
  });

  it('reports a binary that cannot be executed', async () => {
    const proc = new ManagedProcess('ghost', join(dir, 'no-such-binary'), [], join(dir, 'ghost.log'));
    proc.start();
    await expect(proc.waitUntilReady(async () => false, 5_000)).rejects.toThrow(/ghost could not be started: .*ENOENT/);
  });

  it('reports a process that never gets ready and stops it', async () => {
    const proc = sh('echo waiting forever; exec sleep 60');
    proc.start();
    const pid = proc.pid as number;
    await expect(proc.waitUntilReady(async () => false, 300, 50)).rejects.toThrow(/did not become ready within 300 ms/);
    expect(proc.running).toBe(false);
    expect(groupAlive(pid)).toBe(false);
  });

  it('stops the whole process group, SIGKILLing it after the timeout', async () => {
    // The shell ignores SIGTERM and has a child in its group.
    const proc = sh('trap "" TERM; echo "trap""ped"; sleep 60 & sleep 60; wait');
    proc.start();
    await proc.waitUntilReady(async () => proc.logTail().split('\n').includes('trapped'), 2_000, 10);
    const pid = proc.pid as number;
    expect(groupAlive(pid)).toBe(true);
    const started = Date.now();
    await proc.stop(300);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(proc.running).toBe(false);
    expect(groupAlive(pid)).toBe(false);
  });

  it('starts again after a stop, appending to the same log', async () => {
    const proc = sh('echo run; exec sleep 60');
    const runs = () =>
      proc
        .logTail()
        .split('\n')
        .filter((line) => line === 'run').length;
    proc.start();
    await proc.waitUntilReady(async () => runs() === 1, 2_000, 10);
    await proc.stop(1_000);
    proc.start();
    await proc.waitUntilReady(async () => runs() === 2, 2_000, 10);
    await proc.stop(1_000);
    expect(proc.logTail().match(/=== .* starting \/bin\/sh/g)).toHaveLength(2);
  });
});
