import { describe, expect, it } from '@jest/globals';
import type { ControllerClient, KubeObject } from '@orkestra/core';
import { SharedLists } from '../src/console/shared-lists.js';

/** A client that counts its lists (the caching is pure logic; the API server's part is tested in console.int). */
function countingClient(fail = false) {
  const calls: string[] = [];
  const kube = {
    list: async (apiVersion: string, kind: string, options: { namespace?: string }) => {
      calls.push(`${kind}/${options.namespace ?? ''}`);
      if (fail) throw new Error('forbidden');
      return { items: [{ apiVersion, kind, metadata: { name: 'x' } }] as KubeObject[] };
    },
  } as unknown as ControllerClient;
  return { kube, calls };
}

describe('SharedLists', () => {
  it('answers the same list from one request while fresh, and lists again once expired or forgotten', async () => {
    const { kube, calls } = countingClient();
    const lists = new SharedLists(kube, 60_000);
    const pages = await Promise.all(Array.from({ length: 100 }, () => lists.list('v1', 'Pod', { namespace: 'a' })));
    expect(pages.every((p) => p.length === 1)).toBe(true);
    await lists.list('v1', 'Pod', { namespace: 'b' });
    expect(calls).toEqual(['Pod/a', 'Pod/b']);
    lists.forget('a'); // a reconcile in namespace a ended
    await lists.list('v1', 'Pod', { namespace: 'a' });
    await lists.list('v1', 'Pod', { namespace: 'b' });
    expect(calls).toEqual(['Pod/a', 'Pod/b', 'Pod/a']);
    const expired = new SharedLists(kube, 0);
    await expired.list('v1', 'Pod', { namespace: 'c' });
    await expired.list('v1', 'Pod', { namespace: 'c' });
    expect(calls.filter((c) => c === 'Pod/c')).toHaveLength(2);
  });

  it('shares a failure with the pages that asked meanwhile, then asks again', async () => {
    const { kube, calls } = countingClient(true);
    const lists = new SharedLists(kube, 60_000);
    const both = await Promise.allSettled([
      lists.list('v1', 'Pod', { namespace: 'a' }),
      lists.list('v1', 'Pod', { namespace: 'a' }),
    ]);
    expect(both.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    await expect(lists.list('v1', 'Pod', { namespace: 'a' })).rejects.toThrow('forbidden');
    expect(calls).toEqual(['Pod/a', 'Pod/a']);
  });
});
