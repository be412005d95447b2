import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { cli } from './helpers.js';

const database = (file: string) => fileURLToPath(new URL(`../../../examples/database/${file}`, import.meta.url));

describe('render and validate with manifests (examples/database)', () => {
  it('renders every child of a Database, the manifests with their own kinds and typed values', async () => {
    const r = await cli([
      'render',
      '--katalog',
      database('katalog.yaml'),
      '--cr',
      database('database.yaml'),
      '--output',
      'json',
    ]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const objects = (
      JSON.parse(r.stdout) as {
        items: { kind: string; metadata: { name: string }; spec?: { replicas?: unknown; schedule?: string } }[];
      }
    ).items;
    const byKind = Object.fromEntries(objects.map((o) => [o.kind, o]));
    expect(Object.keys(byKind).sort()).toEqual(['CronJob', 'PodDisruptionBudget', 'Secret', 'Service', 'StatefulSet']);
    expect(byKind.StatefulSet!.spec!.replicas).toBe(2);
    expect(byKind.CronJob!.spec!.schedule).toBe('30 2 * * *');
  });

  it('validate accepts the katalog', async () => {
    const r = await cli(['validate', '--katalog', database('katalog.yaml'), '--crd', database('crd.yaml')]);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
  });
});
