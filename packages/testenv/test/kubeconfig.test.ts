import { describe, expect, it } from '@jest/globals';
import { KubeConfig } from '@kubernetes/client-node';
import { kubeconfigYaml } from '../src/kubeconfig.js';

describe('kubeconfigYaml', () => {
  it('is a self-contained client-certificate kubeconfig that client-node loads', () => {
    const kc = new KubeConfig();
    kc.loadFromString(
      kubeconfigYaml({ server: 'https://127.0.0.1:6443', caPem: 'CA', certPem: 'CERT', keyPem: 'KEY' }),
    );
    expect(kc.getCurrentContext()).toBe('orkestra-testenv');
    expect(kc.getCurrentCluster()?.server).toBe('https://127.0.0.1:6443');
    expect(Buffer.from(kc.getCurrentCluster()?.caData ?? '', 'base64').toString()).toBe('CA');
    expect(Buffer.from(kc.getCurrentUser()?.certData ?? '', 'base64').toString()).toBe('CERT');
    expect(Buffer.from(kc.getCurrentUser()?.keyData ?? '', 'base64').toString()).toBe('KEY');
  });
});
