import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from '@jest/globals';
import { Manager } from '../src/index.js';
import { unreachableClient } from './unreachable-client.js';

/** Times this thread has gone to sleep and been woken (Linux): each timer that fires while idle is one. */
const wakeups = () =>
  Number(/^voluntary_ctxt_switches:\s+(\d+)/m.exec(readFileSync('/proc/thread-self/status', 'utf8'))?.[1]);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('Manager metrics: the default process metrics cost nothing until they are served', () => {
  const managers: Manager[] = [];
  afterEach(async () => {
    for (const m of managers.splice(0)) await m.stop();
  });

  it('without an HTTP server, the registry has no default metrics (no event-loop sampling runs)', async () => {
    const manager = new Manager({ kube: unreachableClient(), reconcilers: [] });
    managers.push(manager);
    const text = await manager.metrics.registry.metrics();
    expect(text).toContain('orkestra_ready');
    expect(text).not.toContain('nodejs_eventloop_lag');
    expect(text).not.toContain('process_cpu_seconds_total');
  });

  it('served, they are there, and the event-loop histogram samples every 100 ms, not every 10 ms', async () => {
    const manager = new Manager({ kube: unreachableClient(), reconcilers: [], httpAddress: '127.0.0.1:0' });
    managers.push(manager);
    await manager.listen();
    const text = await (await fetch(`${manager.url}/metrics`)).text();
    expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
    expect(text).toContain('process_cpu_seconds_total');
    // an idle second: prom-client's default resolution (10 ms) wakes the thread ~100 times, ours ~10
    const before = wakeups();
    await sleep(1_000);
    expect(wakeups() - before).toBeLessThan(40);
  });
});

describe('Manager metrics: drift corrections', () => {
  it('count the writes that undid someone else’s change, not the updates that follow the CR', async () => {
    const manager = new Manager({ kube: unreachableClient(), reconcilers: [] });
    const observer = manager.metrics.observer('Website', () => 0);
    const child = { key: 'shop/web', kind: 'Deployment', name: 'web' } as const;
    observer.childChanged?.({ ...child, action: 'updated', drift: false });
    observer.childChanged?.({ ...child, action: 'recreated', drift: false });
    observer.childChanged?.({ ...child, action: 'updated', drift: true });
    observer.childChanged?.({ ...child, action: 'created' });
    const text = await manager.metrics.registry.metrics();
    expect(text).toContain('orkestra_drift_corrections_total{kind="Deployment"} 1');
    expect(text).toContain('orkestra_child_changes_total{kind="Deployment",action="updated"} 2');
    await manager.stop();
  });
});
