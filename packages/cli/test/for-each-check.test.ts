/**
 * `orkestra validate --crd` on forEach templates: the CR path a template repeats over, and what it reads of the
 * item, are checked against the owner CRD's schema, as every other CR path a template reads.
 */
import { describe, expect, it } from '@jest/globals';
import { cli } from './helpers.js';
import { katalogYaml, SHOP_CRD, tempFiles } from './test-files.js';

const { write } = tempFiles('cli-for-each');

const shopCrd = write('shop-crd.yaml', SHOP_CRD);

const katalog = (items: string) =>
  write(
    `katalog-${Math.random().toString(36).slice(2)}.yaml`,
    katalogYaml('shops', items, { owner: 'Shop', key: 'configmaps' }),
  );

interface Problem {
  path: string;
  message: string;
  hint?: string;
  location?: string;
}
const validate = async (file: string) => {
  const r = await cli(['validate', '--katalog', file, '--crd', shopCrd, '--output', 'json']);
  return { code: r.code, problems: (JSON.parse(r.stdout) as { problems: Problem[] }).problems };
};
const at = 'spec.crds[0].resources.configmaps.onReconcile';

describe('validate --crd: forEach against the owner CRD', () => {
  it('refuses a forEach path the CRD does not have, and an item field its items do not have, each located', async () => {
    const file = katalog(`            - name: "{{metadata.name}}-{{item.name}}"
              forEach: spec.sitez
            - name: "{{metadata.name}}-{{item.nam}}"
              forEach: spec.sites
              data: { gb: "{{item.gb}}" }
            - name: "{{metadata.name}}-{{key}}"
              forEach: spec.sizes
              data: { gb: "{{item.gib}}" }
`);
    const { code, problems } = await validate(file);
    expect(problems.map((p) => [p.path, p.message, p.hint, p.location])).toEqual([
      [
        `${at}[0].forEach`,
        'spec.sitez is not in the schema: spec has no field "sitez"',
        'did you mean spec.sites?',
        `${file}:11:15`,
      ],
      [
        `${at}[1].name`,
        'item.nam is not in the schema: item has no field "nam"',
        'did you mean item.name?',
        `${file}:12:15`,
      ],
      [`${at}[1].data.gb`, 'item.gb is not in the schema: item has no field "gb"', undefined, `${file}:14:23`],
      [
        `${at}[2].data.gb`,
        'item.gib is not in the schema: item has no field "gib"',
        'did you mean item.gb?',
        `${file}:17:23`,
      ],
    ]);
    expect(code).toBe(1);
  });

  it('accepts what the items have, and any field of items the schema leaves open', async () => {
    const file = katalog(`            - name: "{{metadata.name}}-{{item.name}}-{{index}}"
              forEach: spec.sites
            - name: "{{metadata.name}}-{{key}}"
              forEach: spec.sizes
              data: { gb: "{{item.gb}}" }
            - name: "{{metadata.name}}-{{item.anything}}"
              forEach: spec.extra
`);
    expect(await validate(file)).toEqual({ code: 0, problems: [] });
  });
});
