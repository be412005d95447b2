import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { start } from '../src/environment.js';
import { get } from '../src/http.js';
import type { TestEnvironment } from '../src/test-environment.js';

// The first half of the namespace hash range (FNV-1a 64 of the namespace): what a sharded list asks for.
const HALF = "shardRange(object.metadata.namespace, '0x0000000000000000', '0x8000000000000000')";

/** A raw list of ConfigMaps in every namespace with `shardSelector`, as the admin. */
async function listSharded(env: TestEnvironment): Promise<{ metadata: { shardInfo?: { selector: string } } }> {
  const cluster = env.kubeConfig.getCurrentCluster();
  const user = env.kubeConfig.getCurrentUser();
  const text = (b64?: string) => Buffer.from(b64 ?? '', 'base64').toString();
  const tls = { ca: text(cluster?.caData), cert: text(user?.certData), key: text(user?.keyData) };
  const res = await get(`${env.server}/api/v1/configmaps?shardSelector=${encodeURIComponent(HALF)}`, tls, 10_000);
  expect(res.status).toBe(200);
  return JSON.parse(res.body);
}

describe('featureGates', () => {
  let gated: TestEnvironment;
  let plain: TestEnvironment;

  beforeAll(async () => {
    [gated, plain] = await Promise.all([start({ featureGates: { ShardedListAndWatch: true } }), start()]);
  });

  afterAll(async () => {
    await Promise.all([gated?.stop(), plain?.stop()]);
  });

  it('starts kube-apiserver with --feature-gates: a sharded list echoes its selector in shardInfo', async () => {
    expect((await listSharded(gated)).metadata.shardInfo).toEqual({ selector: HALF });
  });

  it('without the gate the server ignores shardSelector: no shardInfo', async () => {
    expect((await listSharded(plain)).metadata.shardInfo).toBeUndefined();
  });
});
