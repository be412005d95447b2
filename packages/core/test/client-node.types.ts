/**
 * Type tests for client-node interop, compiled by the typecheck target (tsconfig.spec.json): client-node's
 * models are taken as owners and children without casts; each `@ts-expect-error` fails the build if the line
 * below it stops being a compile error.
 */
import type { KubeConfig, V1ConfigMap, V1Deployment, V1Secret } from '@kubernetes/client-node';
import { buildChild, defineResource } from '../src/authoring.js';
import { fromModel, toModel } from '../src/client-node/index.js';
import {
  asOwner,
  type Context,
  createChild,
  deleteChild,
  type KubeObject,
  type ObjectClient,
  type OwnerObject,
  type ResolvedSpec,
  updateChild,
} from '../src/index.js';
import { Kubeclient } from '../src/kube/index.js';

declare const ctx: Context;
declare const kube: ObjectClient;
declare const deployment: V1Deployment;
declare const configMap: V1ConfigMap;
declare const secret: V1Secret;
declare const kubeConfig: KubeConfig;

// A client-node KubeConfig makes a Kubeclient.
export const client = new Kubeclient(kubeConfig);

// Models as owners and as children of the lifecycle.
export const created = createChild(ctx, kube, deployment, configMap);
export const updated = updateChild(ctx, kube, deployment, secret);
export const deleted = deleteChild(ctx, kube, configMap, {
  apiVersion: 'v1',
  kind: 'Secret',
  name: 'a',
  namespace: 'b',
});
export const built: KubeObject = buildChild(deployment, {
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'x' },
});
export const owner: OwnerObject = asOwner(deployment);

// Models as owners of a resource package's handler.
const handler = defineResource<{ name: string }, ResolvedSpec>({
  key: 'things',
  apiVersion: 'v1',
  kind: 'ConfigMap',
  plural: 'configmaps',
  namespaced: true,
  schema: {},
  resolve: (source) => ({ name: source.name }),
  desired: (o, spec) => ({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: `${o.metadata.name}-${spec.name}` },
  }),
});
export const handled = handler.update(ctx, kube, deployment, { name: 'a' });
export const desiredOf = handler.desired(configMap, { name: 'a' });

// The adapter, both ways.
export const model: V1Deployment = toModel<V1Deployment>({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: {} });
export const plain: KubeObject = fromModel(deployment);

// What is not an object stays refused.
// @ts-expect-error a string is no owner
export const notAnOwner = createChild(ctx, kube, 'deployment', configMap);
export const badChild = updateChild(ctx, kube, deployment, {
  apiVersion: 'v1',
  kind: 'ConfigMap',
  // @ts-expect-error metadata.name is a string
  metadata: { name: 3 },
});
// @ts-expect-error a model's timestamps are not core's: read it back through fromModel or asOwner first
export const stillAModel: OwnerObject = deployment;
