import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { loadCRDs } from '../src/crds.js';

const fixtures = join(import.meta.dirname, 'fixtures', 'crds');
const dir = mkdtempSync(join(tmpdir(), 'testenv-crds-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const crd = (name: string) => ({
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: `${name}s.example.com` },
  spec: {
    group: 'example.com',
    scope: 'Namespaced',
    names: { plural: `${name}s`, kind: name },
    versions: [{ name: 'v1', served: true, storage: true }],
  },
});

describe('loadCRDs', () => {
  it('reads a folder of YAML files, skipping empty documents', () => {
    const crds = loadCRDs([fixtures]);
    expect(crds.map((c) => c.metadata?.name)).toEqual(['widgets.testenv.orkestra.dev']);
  });

  it('reads multi-document YAML, JSON files and objects, in order', () => {
    const yamlFile = join(dir, 'two.yaml');
    writeFileSync(yamlFile, `${JSON.stringify(crd('a'))}\n---\n${JSON.stringify(crd('b'))}\n`);
    const jsonFile = join(dir, 'c.json');
    writeFileSync(jsonFile, JSON.stringify(crd('c')));
    const names = loadCRDs([yamlFile, jsonFile, crd('d') as never]).map((c) => c.metadata?.name);
    expect(names).toEqual(['as.example.com', 'bs.example.com', 'cs.example.com', 'ds.example.com']);
  });

  it('refuses what is not a v1 CRD, naming the file and document', () => {
    const file = join(dir, 'mixed.yaml');
    writeFileSync(file, `${JSON.stringify(crd('a'))}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n`);
    expect(() => loadCRDs([file])).toThrow(`${file} (document 2) is not a CustomResourceDefinition (kind: ConfigMap)`);
    const beta = join(dir, 'beta.yaml');
    writeFileSync(beta, JSON.stringify({ ...crd('a'), apiVersion: 'apiextensions.k8s.io/v1beta1' }));
    expect(() => loadCRDs([beta])).toThrow(
      /has apiVersion apiextensions.k8s.io\/v1beta1; want apiextensions.k8s.io\/v1/,
    );
  });

  it('keeps schema keywords whose client-node names differ (default, enum, $ref, x-kubernetes-*)', () => {
    // client-node's serializer drops wire names it does not know, so these must become model names.
    const [fromYaml] = loadCRDs([fixtures]);
    const size = fromYaml?.spec.versions[0]?.schema?.openAPIV3Schema?.properties?.spec?.properties?.size;
    expect(size?._default).toBe(1);

    const schema = (names: 'wire' | 'model') => {
      const w = names === 'wire';
      return {
        type: 'object',
        properties: {
          // property names that look like keywords stay as they are
          ref: { type: 'string', [w ? 'enum' : '_enum']: ['a', 'b'] },
          _default: {
            type: 'object',
            [w ? 'x-kubernetes-preserve-unknown-fields' : 'x_kubernetes_preserve_unknown_fields']: true,
          },
          list: {
            type: 'array',
            [w ? 'x-kubernetes-list-type' : 'x_kubernetes_list_type']: 'set',
            items: { type: 'string', [w ? 'default' : '_default']: 'x' },
          },
        },
      };
    };
    for (const names of ['wire', 'model'] as const) {
      const object = crd('e');
      const version = { name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: schema(names) } };
      object.spec.versions = [version];
      const [loaded] = loadCRDs([object as never]);
      const props = loaded?.spec.versions[0]?.schema?.openAPIV3Schema?.properties;
      expect(props?.ref?._enum).toEqual(['a', 'b']);
      expect(props?._default?.x_kubernetes_preserve_unknown_fields).toBe(true);
      expect(props?.list?.x_kubernetes_list_type).toBe('set');
      // `items` is typed `any` in client-node, so it is sent as it is held: in wire names
      expect(props?.list?.items).toEqual({ type: 'string', default: 'x' });
    }
  });

  it('refuses a path that does not exist', () => {
    expect(() => loadCRDs([join(dir, 'nope')])).toThrow(/CRD path .*nope does not exist/);
  });
});
