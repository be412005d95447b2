import { describe, expect, it } from '@jest/globals';
import { handler as configmaps } from '@orkestra/configmaps';
import { ValidationError } from '@orkestra/core';
import { handler as deployments } from '@orkestra/deployments';
import { children, defineOperator, type OperatorConfig } from '../src/define-operator.js';
import { loadKatalog } from '../src/katalog.js';

const owner = { group: 'example.com', version: 'v1', kind: 'Website', plural: 'websites' };

/** What a plain-JavaScript caller passes: no types to stop it. */
function untyped(config: unknown): OperatorConfig {
  return config as OperatorConfig;
}

function problemsOf(run: () => unknown): { path: string; message: string }[] {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(ValidationError);
    return (e as ValidationError).problems.map(({ path, message }) => ({ path, message }));
  }
  throw new Error('expected a ValidationError');
}

describe('defineOperator', () => {
  it('builds the reconciler configuration: handlers once, templates joined by handler key', () => {
    const config = defineOperator({
      owner,
      concurrency: 2,
      children: [
        children(deployments, { onReconcile: [{ image: '{{spec.image}}' }] }),
        children(configmaps, { onCreate: [{ data: { a: 'b' } }] }),
        children(deployments, {
          onReconcile: [{ name: 'second', image: 'nginx' }],
          onDelete: [{ name: 'gone', image: 'busybox' }],
        }),
      ],
    });
    expect(config.handlers).toEqual([deployments, configmaps]);
    expect(config.resources).toEqual({
      deployments: {
        onReconcile: [{ image: '{{spec.image}}' }, { name: 'second', image: 'nginx' }],
        onDelete: [{ name: 'gone', image: 'busybox' }],
      },
      configmaps: { onCreate: [{ data: { a: 'b' } }] },
    });
    expect(config.concurrency).toBe(2);
    expect(config).not.toHaveProperty('children');
  });

  it('refuses, at run time, a misspelt field and a wrong type, with the katalog’s messages', () => {
    const problems = problemsOf(() =>
      defineOperator(
        untyped({
          owner,
          children: [
            children(
              deployments,
              untyped({
                onReconcile: [{ image: 'nginx' }, { imagee: '{{spec.image}}', image: 'x', replicas: true }],
              }) as never,
            ),
          ],
        }),
      ),
    );
    expect(problems).toEqual([
      { path: 'children[0].onReconcile[1].imagee', message: 'is not a known field' },
      { path: 'children[0].onReconcile[1].replicas', message: 'is a boolean, but must be an integer or a string' },
    ]);

    const katalog = [
      'apiVersion: orkestra.io/v1alpha1',
      'kind: Katalog',
      'metadata: { name: w }',
      'spec:',
      '  crds:',
      '    - owner: { group: example.com, version: v1, kind: Website, plural: websites }',
      '      resources:',
      '        deployments:',
      '          onReconcile:',
      '            - { imagee: x, image: x, replicas: true }',
    ].join('\n');
    const fromKatalog = problemsOf(() => loadKatalog(katalog, { handlers: [deployments] }));
    expect(fromKatalog.map((p) => p.message.replace(/ \(.*\)$/, ''))).toEqual(
      problems.map((p) => p.message.replace(/ \(.*\)$/, '')),
    );
  });

  it('refuses a bad when or forEach like a katalog', () => {
    const problems = problemsOf(() =>
      defineOperator(
        untyped({
          owner,
          children: [{ handler: deployments, templates: { onReconcile: [{ image: 'x', forEach: 'spec..items' }] } }],
        }),
      ),
    );
    expect(problems.map((p) => p.path)).toEqual(['children[0].onReconcile[0].forEach']);
  });

  it('refuses a dependency cycle and an unknown dependsOn, naming them', () => {
    const problems = problemsOf(() =>
      defineOperator({
        owner,
        children: [
          children(deployments, { onReconcile: [{ id: 'web', image: 'x', dependsOn: ['configmaps.cfg'] }] }),
          children(configmaps, {
            onReconcile: [
              { id: 'cfg', data: { host: '{{children.deployments.web.metadata.name}}' } },
              { data: {}, dependsOn: ['configmaps.none'] },
            ],
          }),
        ],
      }),
    );
    expect(problems.map((p) => `${p.path}: ${p.message}`)).toEqual([
      'children[1].onReconcile[1].dependsOn[0]: "configmaps.none" is no child template\'s id',
      'children[0].onReconcile[0]: dependency cycle: deployments.web -> configmaps.cfg -> deployments.web',
    ]);
  });
});
