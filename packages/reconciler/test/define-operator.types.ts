/**
 * Type tests for defineOperator, compiled by the typecheck target (tsconfig.spec.json): each
 * `@ts-expect-error` fails the build if the line below it stops being a compile error.
 */
import { handler as configmaps } from '@orkestra/configmaps';
import { handler as deployments } from '@orkestra/deployments';
import { children, defineOperator } from '../src/define-operator.js';

const owner = { group: 'example.com', version: 'v1', kind: 'Website', plural: 'websites' };

export const accepted = defineOperator({
  owner,
  children: [
    children(deployments, {
      onReconcile: [
        { image: '{{spec.image}}', replicas: 3, when: { field: 'spec.enabled', operator: 'exists' } },
        {
          name: '{{metadata.name}}-{{item.name}}',
          image: 'nginx',
          replicas: '{{spec.replicas}}',
          forEach: 'spec.sites',
        },
      ],
    }),
    children(configmaps, { onCreate: [{ data: { key: 'value', other: '{{spec.other}}' } }] }),
  ],
});

export const misspelt = defineOperator({
  owner,
  // @ts-expect-error `imagee` is not a field of a deployment source
  children: [children(deployments, { onReconcile: [{ imagee: '{{spec.image}}' }] })],
});

export const wrongType = defineOperator({
  owner,
  // @ts-expect-error a boolean is not a replica count
  children: [children(deployments, { onReconcile: [{ image: 'nginx', replicas: true }] })],
});

export const wrongHandler = defineOperator({
  owner,
  // @ts-expect-error `data` is a configmap field, not a deployment field
  children: [children(deployments, { onReconcile: [{ image: 'nginx', data: { a: 'b' } }] })],
});

// @ts-expect-error `children` is required
export const missing = defineOperator({ owner });
