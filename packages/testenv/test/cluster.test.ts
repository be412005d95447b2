import { describe, expect, it } from '@jest/globals';
import { namespaceName, testCluster } from '../src/cluster.js';

describe('namespaceName', () => {
  it('is a DNS label: <prefix>-<random>', () => {
    expect(namespaceName('deploy', 'abcd1234')).toBe('deploy-abcd1234');
    expect(namespaceName('My_Test: Deployments!', 'x1')).toBe('my-test-deployments-x1');
    expect(namespaceName('---', 'x1')).toBe('test-x1');
    expect(namespaceName(undefined, 'x1')).toBe('test-x1');
    const long = namespaceName('a'.repeat(100));
    expect(long.length).toBeLessThanOrEqual(63);
    expect(long).toMatch(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/);
  });

  it('differs between calls', () => {
    expect(namespaceName('x')).not.toBe(namespaceName('x'));
  });
});

describe('testCluster', () => {
  it('explains what to do when ORKESTRA_TEST_KUBECONFIG is not set', () => {
    expect(() => testCluster({})).toThrow(/ORKESTRA_TEST_KUBECONFIG is not set.*\*\.int\.test\.ts/);
  });
});
