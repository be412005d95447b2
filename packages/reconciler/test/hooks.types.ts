/**
 * Type tests for the code hooks, compiled by the typecheck target (tsconfig.spec.json): each
 * `@ts-expect-error` fails the build if the line below it stops being a compile error.
 */
import { handler as configmaps } from '@orkestra/configmaps';
import type { OwnerObject } from '@orkestra/core';
import { handler as deployments } from '@orkestra/deployments';
import { child, children, defineOperator, type ReconcilerConfig, type ReconcilerHooks } from '../src/index.js';

const owner = { group: 'example.com', version: 'v1', kind: 'Website', plural: 'websites' };
type Website = OwnerObject & { spec: { image: string; greeting?: string } };

export const accepted: ReconcilerHooks<Website> = {
  validate: (cr, ctx) =>
    ctx.reader.get({ apiVersion: 'v1', kind: 'ConfigMap', name: cr.spec.image }) ? undefined : 'no',
  children: async (cr, ctx) => [
    child(deployments, { name: `${cr.metadata.name}-web`, image: cr.spec.image, replicas: 2 }),
    child(configmaps, { data: { count: String(ctx.reader.list({ apiVersion: 'v1', kind: 'ConfigMap' }).length) } }),
  ],
  status: (cr, children, ctx) => ({
    image: cr.spec.image,
    children: Object.keys(children).length,
    aborted: ctx.signal.aborted,
  }),
  finalize: async (cr, ctx) => {
    await fetch(`https://dns.example.com/records/${cr.metadata.name}`, { method: 'DELETE', signal: ctx.signal });
  },
};

export const inConfig: ReconcilerConfig = {
  owner,
  handlers: [configmaps] as ReconcilerConfig['handlers'],
  resources: {},
  reads: [{ apiVersion: 'v1', kind: 'ConfigMap' }],
  finalizeTimeoutMs: 10_000,
  hooks: { children: (cr) => [child(configmaps, { name: `${cr.metadata.name}-x` })] },
};

export const withDefineOperator = defineOperator({
  owner,
  children: [],
  hooks: { children: () => [child(deployments, { image: 'nginx' })], finalize: () => undefined },
});

// The CR typed once, for every hook: no cast inside them.
export const typedCR = defineOperator<Website>({
  owner,
  children: [children(configmaps, {})],
  hooks: {
    validate: (cr) => (cr.spec.image.includes(':') ? undefined : 'spec.image needs a tag'),
    children: (cr) => [
      child(configmaps, { name: `${cr.metadata.name}-greeting`, data: { text: cr.spec.greeting ?? '' } }),
    ],
    status: (cr) => ({ image: cr.spec.image }),
    finalize: (cr) => void cr.spec.image.length,
  },
});

export const typedCRWrong = defineOperator<Website>({
  owner,
  children: [],
  hooks: {
    // @ts-expect-error `imagee` is not in the Website's spec
    validate: (cr) => cr.spec.imagee,
  },
});

// A plain ReconcilerConfig takes a hook written for a narrower CR type too.
export const narrowInConfig: ReconcilerConfig['hooks'] = {
  validate: (cr: Website) => (cr.spec.image ? undefined : 'no image'),
};

// @ts-expect-error `imagee` is not a field of a deployment source
export const misspelt = child(deployments, { imagee: 'nginx' });

// @ts-expect-error a boolean is not a replica count
export const wrongType = child(deployments, { image: 'nginx', replicas: true });

export const wrongChildren: ReconcilerHooks = {
  // @ts-expect-error a hook child is made with child(handler, source), not given as a bare source
  children: () => [{ image: 'nginx' }],
};

export const forgedChild: ReconcilerHooks = {
  // @ts-expect-error a look-alike object is no child: only child() makes one
  children: () => [{ handler: deployments, source: { image: 'nginx' } }],
};

export const wrongStatus: ReconcilerHooks = {
  // @ts-expect-error status fields are an object
  status: () => 'ready',
};

export const wrongValidate: ReconcilerHooks = {
  // @ts-expect-error a refusal is a message or undefined
  validate: () => false,
};

export const wrongFinalize: ReconcilerHooks = {
  // @ts-expect-error the context has no such member
  finalize: (_cr, ctx) => ctx.retry(),
};

// @ts-expect-error a read kind names its apiVersion
export const wrongReads: Pick<ReconcilerConfig, 'reads'> = { reads: [{ kind: 'ConfigMap' }] };
