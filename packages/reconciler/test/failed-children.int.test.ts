/** Several children fail in one reconcile: the status names each (bounded), in plan order, and each is logged. */
import { describe, expect, it } from '@jest/globals';
import { type Logger, silentLogger } from '@orkestra/core';
import { harness, readyOf } from './harness.js';

const h = harness('failed-children');
const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
const resources = {
  configmaps: { onReconcile: names.map((n) => ({ name: `{{metadata.name}}-${n}`, data: { k: n } })) },
};

/** A logger that keeps what is logged at warn level. */
function recordingLogger(warnings: { obj: Record<string, unknown>; msg: string }[]): Logger {
  return { ...silentLogger, warn: (obj, msg) => void warnings.push({ obj, msg }) };
}

describe('children that fail in one reconcile', () => {
  it('are all in the status message (the first 5, then how many more), in plan order, and each logged at warn', async () => {
    // Seven names taken by objects nobody controls: seven ownership refusals, none hiding the others.
    for (const n of names)
      await h.user.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `shop-${n}`, namespace: h.ns } });
    const warnings: { obj: Record<string, unknown>; msg: string }[] = [];
    await h.run({ resources, logger: recordingLogger(warnings) });
    await h.user.create(h.website('shop', { image: 'nginx:1.27' }));
    const cr = await h.ready('shop', 'False');
    const message = readyOf(cr)?.message ?? '';
    expect(message).toMatch(
      /^7 children failed: \(1\) .*shop-a.*; \(2\) .*shop-b.*; \(3\) .*shop-c.*; \(4\) .*shop-d.*; \(5\) .*shop-e.*; and 2 more$/,
    );
    expect(message).not.toContain('shop-f');
    const failed = warnings.filter((w) => w.msg === 'child failed').map((w) => String(w.obj.err));
    for (const n of names) expect(failed.some((m) => m.includes(`shop-${n}`))).toBe(true);
  });
});
