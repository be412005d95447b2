import { describe, expect, it } from '@jest/globals';
import { WaitForTimeoutError } from '../src/errors.js';
import { waitFor } from '../src/wait-for.js';

describe('waitFor', () => {
  it('resolves with the first truthy value', async () => {
    let calls = 0;
    const value = await waitFor(() => (++calls >= 3 ? { done: calls } : undefined), { intervalMs: 1 });
    expect(value).toEqual({ done: 3 });
  });

  it('retries a check that throws', async () => {
    let calls = 0;
    const value = await waitFor(
      async () => {
        if (++calls < 3) throw new Error('not yet');
        return 'ok';
      },
      { intervalMs: 1 },
    );
    expect(value).toBe('ok');
  });

  it('on timeout names the description, the time waited and the last value', async () => {
    const error = await waitFor(() => false, {
      timeoutMs: 60,
      intervalMs: 10,
      description: 'the widget to be ready',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WaitForTimeoutError);
    const e = error as WaitForTimeoutError;
    expect(e.message).toMatch(
      /^timed out after \d+ ms \(\d+ attempts\) waiting for the widget to be ready; last value: false$/,
    );
    expect(e.elapsedMs).toBeGreaterThanOrEqual(60);
    expect(e.attempts).toBeGreaterThan(1);
  });

  it('with `until`, resolves with the accepted value and reports the last one seen as JSON', async () => {
    let replicas = 0;
    const status = await waitFor(() => ({ readyReplicas: ++replicas }), {
      until: (s) => s.readyReplicas === 2,
      intervalMs: 1,
    });
    expect(status).toEqual({ readyReplicas: 2 });

    const e = (await waitFor(() => ({ phase: 'Pending' }), {
      until: (s) => s.phase === 'Running',
      timeoutMs: 20,
      description: 'pod web to run',
    }).catch((err: unknown) => err)) as WaitForTimeoutError;
    expect(e.message).toContain('waiting for pod web to run; last value: {"phase":"Pending"}');
    expect(e.lastValue).toEqual({ phase: 'Pending' });
  });

  it('on timeout reports the last error (and keeps it as the cause)', async () => {
    const apiError = Object.assign(new Error('HTTP-Code: 404'), { code: 404, body: '{"reason":"NotFound"}' });
    const e = (await waitFor(
      () => {
        throw apiError;
      },
      { timeoutMs: 30, intervalMs: 5, description: 'the ConfigMap to exist' },
    ).catch((err: unknown) => err)) as WaitForTimeoutError;
    expect(e.message).toContain('waiting for the ConfigMap to exist; last error: HTTP 404: {"reason":"NotFound"}');
    expect(e.cause).toBe(apiError);
    expect(e.lastError).toBe(apiError);
  });

  it('abandons an attempt that is still running at the deadline', async () => {
    const started = Date.now();
    const e = (await waitFor(() => new Promise<boolean>(() => {}), { timeoutMs: 50, description: 'a hang' }).catch(
      (err: unknown) => err,
    )) as WaitForTimeoutError;
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(e.message).toContain('the last attempt was still running at the deadline');
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('test over')), 20);
    await expect(waitFor(() => false, { timeoutMs: 5_000, signal: controller.signal })).rejects.toThrow('test over');
  });
});
