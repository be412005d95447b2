/** What only HorizontalPodAutoscalers do, against the real API server (the contract itself: contract.int.test.ts). */
import { describe, expect, it } from '@jest/globals';
import { resourceTestEnv } from '@orkestra/testenv/contract';
import * as hpas from '../src/index.js';

const t = resourceTestEnv({ namespacePrefix: 'hpas' });

describe('create', () => {
  it("scales the owner's Deployment by default", async () => {
    await hpas.create(t.ctx, t.kube, t.owner, hpas.resolve({ maxReplicas: 5, cpuUtilization: 80 }, t.ownerName));
    const live = await t.other.get({
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      namespace: t.namespace,
      name: 'site-hpa',
    });
    expect(live?.spec).toMatchObject({
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'site-deployment' },
      minReplicas: 1,
      maxReplicas: 5,
    });
  });
});
