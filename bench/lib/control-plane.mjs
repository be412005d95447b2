// The bench's control planes (@orkestra/testenv). Kept apart from workload.mjs, which the memory scenario's
// child processes import: testenv loads @kubernetes/client-node, which an operator process must not.
import { Kubeclient } from '@orkestra/core/kube';
import { start } from '@orkestra/testenv';
import { CRD_PATH } from './workload.mjs';

/**
 * How every bench control plane starts: the Website CRD; no kube-controller-manager (nothing is deleted
 * during a run, and it would compete for the two cores); a wide Service range (testenv's default /16 is plenty,
 * but the bench creates tens of thousands of Services over a run).
 */
export function startControlPlane() {
  return start({ crds: [CRD_PATH], flags: { kubeApiServer: { 'service-cluster-ip-range': '10.96.0.0/12' } } });
}

/** Runs `fn(kube, user)` against a control plane of its own, stopped afterwards. */
export async function onFreshControlPlane(fn) {
  const env = await startControlPlane();
  const kube = new Kubeclient(env.kubeConfig);
  const user = new Kubeclient(env.kubeConfig);
  try {
    return await fn(kube, user);
  } finally {
    await kube.close();
    await user.close();
    await env.stop();
  }
}
