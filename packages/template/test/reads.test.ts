import { describe, expect, it } from '@jest/globals';
import { createTemplateEngine } from '../src/index.js';

describe('engine.reads', () => {
  const engine = createTemplateEngine();

  it('lists each path a source reads with the field reading it', () => {
    const reads = engine.reads(
      {
        name: '{{metadata.name}}-app',
        env: [{ name: 'DB', value: '{{children.services.db.spec.clusterIP}}:{{default spec.port 5432}}' }],
        replicas: 3,
        literal: 'no template',
      },
      { field: 'deployments.onReconcile[0]' },
    );
    expect(reads).toEqual([
      { field: 'deployments.onReconcile[0].name', path: ['metadata', 'name'] },
      { field: 'deployments.onReconcile[0].env[0].value', path: ['children', 'services', 'db', 'spec', 'clusterIP'] },
      { field: 'deployments.onReconcile[0].env[0].value', path: ['spec', 'port'] },
    ]);
  });

  it('reads through blocks: #with resolves to absolute paths, #each marks any item', () => {
    const reads = engine.reads({
      a: '{{#with children.secrets.creds}}{{data.password}}{{/with}}',
      b: '{{#each spec.items}}{{name}}{{/each}}',
    });
    expect(reads.map((r) => r.path)).toEqual(
      expect.arrayContaining([
        ['children', 'secrets', 'creds', 'data', 'password'],
        ['spec', 'items', '[]', 'name'],
      ]),
    );
  });

  it('skips strings that do not compile', () => {
    expect(engine.reads({ a: '{{unknownHelper spec.x}}', b: '{{spec.y}}' })).toEqual([
      { field: 'b', path: ['spec', 'y'] },
    ]);
  });
});
