import { describe, expect, it } from '@jest/globals';
import { childTemplates } from '../src/child-templates.js';

describe('childTemplates', () => {
  it('walks handler by handler, phases in order (onCreate, onReconcile, onDelete), naming each template', () => {
    const db = { name: 'db' };
    const placed = [
      ...childTemplates({
        services: { onDelete: [{ name: 'bye' }], onReconcile: [db, { name: 'cache' }] },
        deployments: { onCreate: [{ name: 'init' }] },
      }),
    ];
    expect(placed.map((p) => p.field)).toEqual([
      'services.onReconcile[0]',
      'services.onReconcile[1]',
      'services.onDelete[0]',
      'deployments.onCreate[0]',
    ]);
    expect(placed[0]).toEqual({
      handlerKey: 'services',
      phase: 'onReconcile',
      index: 0,
      field: 'services.onReconcile[0]',
      template: db,
    });
    expect(placed[0]!.template).toBe(db);
  });

  it('yields nothing for a configuration without templates', () => {
    expect([...childTemplates({ services: {} })]).toEqual([]);
  });
});
