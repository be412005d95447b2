/**
 * `orkestra validate --crd`: the literal values of a manifest of a custom kind checked against the CRD given,
 * with no cluster.
 */
import { describe, expect, it } from '@jest/globals';
import { cli, example } from './helpers.js';
import { crdYaml, katalogYaml, SHOP_CRD, tempFiles } from './test-files.js';

const { write } = tempFiles('cli-manifest-schemas');

const gadgetCrd = write(
  'gadget-crd.yaml',
  crdYaml({
    group: 'parts.example.com',
    kind: 'Gadget',
    plural: 'gadgets',
    properties: `                size: { type: integer }
                mode: { type: string, enum: [fast, slow] }
                ports:
                  type: array
                  items: { type: object, properties: { port: { type: integer }, name: { type: string } } }
                extra: { type: object, x-kubernetes-preserve-unknown-fields: true }
`,
  }),
);

const katalog = (spec: string) =>
  write(
    `katalog-${Math.random().toString(36).slice(2)}.yaml`,
    katalogYaml(
      'gadgets',
      `            - apiVersion: parts.example.com/v1
              kind: Gadget
              metadata: { name: "{{metadata.name}}-gadget" }
              spec:
${spec}`,
    ),
  );

interface Problem {
  path: string;
  message: string;
  location?: string;
}
const at = 'spec.crds[0].resources.manifests.onReconcile[0]';
const validate = async (file: string) => {
  const r = await cli([
    'validate',
    '--katalog',
    file,
    '--crd',
    example('crd.yaml'),
    '--crd',
    gadgetCrd,
    '--output',
    'json',
  ]);
  return { code: r.code, problems: (JSON.parse(r.stdout) as { problems: Problem[] }).problems };
};

describe("validate --crd: a custom kind's literal values against its CRD", () => {
  it('refuses a wrong type, a value outside the enum, an unknown field and a wrong list item, each located', async () => {
    const file = katalog(`                size: big
                mode: medium
                colour: red
                ports: [{ port: "80" }]
                extra: { anything: [1, 2] }
`);
    const { code, problems } = await validate(file);
    expect(code).toBe(1);
    expect(problems.map((p) => [p.path, p.message, p.location])).toEqual([
      [
        `${at}.spec.size`,
        `is "big" (a string), but a Gadget's spec.size is an integer (${gadgetCrd})`,
        `${file}:14:17`,
      ],
      [
        `${at}.spec.mode`,
        `is "medium", but a Gadget's spec.mode is one of "fast", "slow" (${gadgetCrd})`,
        `${file}:15:17`,
      ],
      [`${at}.spec.colour`, `is not a field of Gadget spec (${gadgetCrd})`, `${file}:16:17`],
      [
        `${at}.spec.ports[0].port`,
        `is "80" (a string), but a Gadget's spec.ports[0].port is an integer (${gadgetCrd})`,
        `${file}:17:27`,
      ],
    ]);
  });

  it('accepts right values and leaves templated ones to the CR', async () => {
    const file = katalog(`                size: "{{spec.replicas}}"
                mode: fast
                ports: [{ port: 80, name: "{{metadata.name}}" }]
`);
    expect(await validate(file)).toEqual({ code: 0, problems: [] });
  });
});

describe("validate --crd: a manifest's own settings are not fields of its kind", () => {
  it('takes forEach, readyWhen, when and recreate beside the object, and still checks the object', async () => {
    const shopCrd = write('shop-crd.yaml', SHOP_CRD);
    const file = write(
      'katalog-settings.yaml',
      katalogYaml(
        'shops',
        `            - apiVersion: parts.example.com/v1
              kind: Gadget
              forEach: spec.sites
              readyWhen: { field: status.phase, operator: equals, value: Active }
              when: { field: spec.sites, operator: exists }
              recreate: true
              metadata: { name: "{{metadata.name}}-{{item.name}}" }
              spec: { size: 2, colour: red }
`,
        { owner: 'Shop' },
      ),
    );
    const r = await cli(['validate', '--katalog', file, '--crd', shopCrd, '--crd', gadgetCrd, '--output', 'json']);
    const { problems } = JSON.parse(r.stdout) as { problems: Problem[] };
    expect(problems.map((p) => [p.path, p.message, p.location])).toEqual([
      [`${at}.spec.colour`, `is not a field of Gadget spec (${gadgetCrd})`, `${file}:17:32`],
    ]);
    expect(r.code).toBe(1);
  });
});
