/** What only ConfigMaps do, against the real API server (the contract itself: contract.int.test.ts). */
import { describe, expect, it } from '@jest/globals';
import { resourceTestEnv } from '@orkestra/testenv/contract';
import * as configmaps from '../src/index.js';

const t = resourceTestEnv({ namespacePrefix: 'configmaps' });
const read = (name: string) => t.other.get({ apiVersion: 'v1', kind: 'ConfigMap', namespace: t.namespace, name });

describe('fromConfigMap', () => {
  it('copies keys, declared keys winning; a missing key is an error naming it', async () => {
    await t.other.create({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'base', namespace: t.namespace },
      data: { shared: 'base', over: 'base' },
    });
    await configmaps.update(
      t.ctx,
      t.kube,
      t.owner,
      configmaps.resolve({ fromConfigMap: 'base', data: { over: 'mine' } }, 'site'),
    );
    expect((await read('site-config'))?.data).toEqual({ shared: 'base', over: 'mine' });
    await expect(
      configmaps.update(
        t.ctx,
        t.kube,
        t.owner,
        configmaps.resolve({ fromConfigMap: { name: 'base', keys: ['nope'] } }, 'site'),
      ),
    ).rejects.toThrow(`fromConfigMap.keys: ConfigMap ${t.namespace}/base has no key "nope"`);
  });
});
