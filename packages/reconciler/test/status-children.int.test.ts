/** Status fields read a child as templates do (`children.<key>.<id>`), or by its name. */
import { describe, expect, it } from '@jest/globals';
import { type LogFields, silentLogger } from '@orkestra/core';
import { harness } from './harness.js';

const h = harness('status-children');

const resources = {
  configmaps: {
    onReconcile: [
      { id: 'page', name: '{{metadata.name}}-page', data: { a: 'from-page' } },
      { id: 'other', name: '{{spec.greeting}}', data: { a: 'from-other' } },
    ],
  },
};
const fields = {
  viaId: '{{children.configmaps.page.data.a}}',
  viaName: '{{children.configmaps.shop-page.data.a}}',
  otherViaId: '{{children.configmaps.other.data.a}}',
};

describe('status fields', () => {
  it('read a child by its template id (the form templates use) and by its name (the form of before)', async () => {
    await h.run({ resources, status: { fields } });
    await h.user.create(h.website('shop', { image: 'nginx', greeting: 'shop-other' }));
    const cr = await h.ready('shop');
    expect(cr.status).toMatchObject({ viaId: 'from-page', viaName: 'from-page', otherViaId: 'from-other' });
  });

  it('an id that is also another child’s name is refused for the fields that read it, naming both; the others resolve', async () => {
    const warnings: { fields: LogFields; message: string }[] = [];
    await h.run({
      resources,
      status: { fields },
      logger: { ...silentLogger, warn: (f, message) => warnings.push({ fields: f, message }) },
    });
    // The second child is named "page": `children.configmaps.page` could be either child.
    await h.user.create(h.website('shop', { image: 'nginx', greeting: 'page' }));
    const cr = await h.ready('shop');
    const status = cr.status as Record<string, unknown>;
    expect(status.viaName).toBe('from-page');
    expect(status.otherViaId).toBe('from-other');
    expect(status).not.toHaveProperty('viaId');
    expect(warnings).toContainEqual({
      fields: { field: 'status.fields.viaId' },
      message:
        "status field not resolved: children.configmaps.page is ambiguous: it is the id of configmaps.onReconcile[0] (the child named shop-page) and the name of another configmaps child — give configmaps.onReconcile[0] another id, or read the child named page by its own template's id",
    });
  });
});
