/**
 * Type tests for the object shapes, compiled by the typecheck target (tsconfig.spec.json): a misspelt field of
 * metadata does not compile, a typed custom resource (as `orkestra generate types` writes it) is strict at its
 * top and still an owner, and client-node's models still pass where an owner is taken. Each `@ts-expect-error`
 * fails the build if the line below it stops being a compile error.
 */
import type { V1ConfigMap, V1Deployment } from '@kubernetes/client-node';
import {
  asOwner,
  type Context,
  createChild,
  type KubeObject,
  type ObjectClient,
  type ObjectMeta,
  type OwnerLike,
  type OwnerObject,
} from '../src/index.js';

declare const ctx: Context;
declare const kube: ObjectClient;
declare const deployment: V1Deployment;
declare const configMap: V1ConfigMap;

export const meta: ObjectMeta = { name: 'a', labels: { app: 'a' }, annotations: {}, deletionGracePeriodSeconds: 30 };
// @ts-expect-error a misspelt field of metadata
export const misspeltMeta: ObjectMeta = { name: 'a', labls: { app: 'a' } };
export const child: KubeObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' }, data: { a: 'b' } };
// @ts-expect-error a misspelt field of a child's metadata
export const misspeltChild: KubeObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { nam: 'a' } };
export const owner: OwnerObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', uid: 'u' } };
export const misspeltOwner: OwnerObject = {
  apiVersion: 'v1',
  kind: 'ConfigMap',
  // @ts-expect-error a misspelt field of an owner's metadata
  metadata: { name: 'a', uid: 'u', namespce: 'x' },
};

/** A custom resource typed as `orkestra generate types` writes it: a type alias, strict at every level. */
type Website = {
  apiVersion: 'example.com/v1';
  kind: 'Website';
  metadata: ObjectMeta & { name: string; uid: string };
  spec?: { image: string; replicas?: number };
};
const site: Website = { apiVersion: 'example.com/v1', kind: 'Website', metadata: { name: 's', uid: 'u' } };
export const misspeltTop: Website = {
  apiVersion: 'example.com/v1',
  kind: 'Website',
  metadata: { name: 's', uid: 'u' },
  // @ts-expect-error a misspelt field at the top of a typed resource
  spce: { image: 'nginx' },
};
// A typed resource is an owner, as are objects read from the server (OwnerObject) and client-node's models.
export const siteOwner: OwnerObject = site;
export const owners: OwnerLike[] = [site, owner, deployment, configMap];
export const fromModel: OwnerObject = asOwner(deployment);
export const created = createChild(ctx, kube, deployment, child);
export const createdBySite = createChild(ctx, kube, site, configMap);
