/**
 * Fair turns at the connection pool on the real API server: one identity's burst of requests does not queue ahead of
 * all of another identity's (HTTP/1.1, a pool of a few connections).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { testCluster } from '@orkestra/testenv';
import { Kubeclient } from '../src/kube/index.js';

const cluster = testCluster();
let kube: Kubeclient;
let ns: string;

beforeAll(async () => {
  kube = new Kubeclient(cluster.kubeConfig, { connections: 2, http: '1.1' });
  ns = await cluster.newNamespace('turns');
});
afterAll(async () => {
  await cluster.deleteNamespaces();
  await kube.close();
});

describe('requests of several identities over one pool', () => {
  it('serves another identity’s request in the next turns, not after the whole burst of the first', async () => {
    const busy = kube.impersonate({ user: 'team-a', groups: ['system:masters'] });
    const other = kube.impersonate({ user: 'team-b', groups: ['system:masters'] });
    const finished: string[] = [];
    const list = (client: Kubeclient, name: string) =>
      client.list('v1', 'ConfigMap', { namespace: ns }).then(() => void finished.push(name));
    const burst = Array.from({ length: 100 }, (_, i) => list(busy, `a${i}`));
    const mine = list(other, 'b');
    await Promise.all([...burst, mine]);
    // 2 connections: b waits for one of them, then goes ahead of the 97 or so requests of team-a still waiting.
    expect(finished.indexOf('b')).toBeLessThan(10);
  });
});
