/**
 * Quantities as the API server takes and stores them (issue 14 items 2 and 3): whitespace from a YAML block
 * scalar never reaches the server, and a value the server rounds never makes an update write.
 */
import { describe, expect, it } from '@jest/globals';
import type { KubeObject } from '@orkestra/core';
import { resourceTestEnv } from '@orkestra/testenv/contract';
import * as deployments from '../src/index.js';

const t = resourceTestEnv({ namespacePrefix: 'deployments' });

type Live = KubeObject & { spec: { template: { spec: { containers: { resources?: object }[] } } } };
const read = () =>
  t.other.get<Live>({ apiVersion: 'apps/v1', kind: 'Deployment', namespace: t.namespace, name: 'site-deployment' });

describe('quantities', () => {
  it('a quantity ending in a newline (a YAML block scalar) is trimmed at resolve and accepted by the server', async () => {
    const spec = deployments.resolve(
      {
        image: 'nginx:1.27',
        resources: { requests: { cpu: '250m\n', memory: ' 2Gi\n' }, limits: { memory: '2Gi\n' } },
      },
      'site',
    );
    expect(spec.resources).toEqual({ requests: { cpu: '250m', memory: '2Gi' }, limits: { memory: '2Gi' } });
    expect((await deployments.create(t.ctx, t.kube, t.owner, spec)).action).toBe('created');
    expect((await read())?.spec.template.spec.containers[0]?.resources).toEqual({
      requests: { cpu: '250m', memory: '2Gi' },
      limits: { memory: '2Gi' },
    });
  });

  it('values the server rounds (cpu 0.0001 → 1m) or rewrites (1024Mi → 1Gi) cost no write on later updates', async () => {
    const spec = deployments.resolve(
      {
        image: 'nginx:1.27',
        resources: { requests: { cpu: '0.0001', memory: '1024Mi' }, limits: { cpu: '0.0015', memory: '1.5Gi' } },
      },
      'site',
    );
    await deployments.update(t.ctx, t.kube, t.owner, spec);
    expect((await read())?.spec.template.spec.containers[0]?.resources).toEqual({
      requests: { cpu: '1m', memory: '1Gi' },
      limits: { cpu: '2m', memory: '1536Mi' },
    });
    t.kube.requests.reset();
    for (let i = 0; i < 5; i++)
      expect((await deployments.update(t.ctx, t.kube, t.owner, spec)).action).toBe('unchanged');
    expect(t.kube.requests.writes()).toBe(0);
  });
});
