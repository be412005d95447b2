import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kubeclient, loadKubeconfig } from '@orkestra/core/kube';

/** A client for a server nobody listens on (port 9): for Managers that never reconcile, so never send a request. */
export function unreachableClient(): Kubeclient {
  const file = join(mkdtempSync(join(tmpdir(), 'orkestra-unreachable-')), 'kubeconfig');
  writeFileSync(
    file,
    JSON.stringify({
      apiVersion: 'v1',
      kind: 'Config',
      clusters: [{ name: 'c', cluster: { server: 'https://127.0.0.1:9' } }],
      users: [{ name: 'u', user: { token: 't' } }],
      contexts: [{ name: 'x', context: { cluster: 'c', user: 'u' } }],
      'current-context': 'x',
    }),
  );
  return new Kubeclient(loadKubeconfig({ file }));
}
