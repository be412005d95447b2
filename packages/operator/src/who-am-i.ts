/** Who the client is, in words, for error messages: one SelfSubjectReview (any authenticated identity may ask). */
import type { ControllerClient, KubeObject } from '@orkestra/core';

/**
 * `the identity system:serviceaccount:ops:orkestra`, or `this identity` when the API server does not say
 * (an older server, a failed review): never throws.
 */
export async function whoAmI(kube: ControllerClient): Promise<string> {
  kube.resources.register({
    apiVersion: 'authentication.k8s.io/v1',
    kind: 'SelfSubjectReview',
    plural: 'selfsubjectreviews',
    namespaced: false,
  });
  try {
    const review = await kube.create<KubeObject>({
      apiVersion: 'authentication.k8s.io/v1',
      kind: 'SelfSubjectReview',
      metadata: {},
    });
    const name = (review.status as { userInfo?: { username?: string } } | undefined)?.userInfo?.username;
    return name ? `the identity ${name}` : 'this identity';
  } catch {
    return 'this identity';
  }
}
