/**
 * Files the CLI's tests write, shared so that each is written once: a temporary folder to write them in, CRDs,
 * katalogs of one owner and one resource key, a Website, and a YAML alias bomb.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A new temporary folder (`orkestra-<prefix>-…`) and a writer of files in it; `write` returns the file's path. */
export function tempFiles(prefix: string): { dir: string; write: (name: string, text: string) => string } {
  const dir = mkdtempSync(join(tmpdir(), `orkestra-${prefix}-`));
  return {
    dir,
    write: (name, text) => {
      const file = join(dir, name);
      writeFileSync(file, text);
      return file;
    },
  };
}

/**
 * A CustomResourceDefinition of a namespaced kind, served and stored as v1: `properties` are the lines of its
 * spec's properties (indent them by 16 spaces); `status: true` adds a status subresource and a preserved status.
 */
export function crdYaml(o: {
  group: string;
  kind: string;
  plural: string;
  properties: string;
  status?: boolean;
}): string {
  return `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: { name: ${o.plural}.${o.group} }
spec:
  group: ${o.group}
  scope: Namespaced
  names: { kind: ${o.kind}, plural: ${o.plural} }
  versions:
    - name: v1
      served: true
      storage: true
${o.status ? '      subresources: { status: {} }\n' : ''}      schema:
        openAPIV3Schema:
          type: object
          properties:
            spec:
              type: object
              properties:
${o.properties}${o.status ? '            status: { type: object, x-kubernetes-preserve-unknown-fields: true }\n' : ''}`;
}

/** A `Shop` (example.com/v1) whose spec has a list `sites`, a map `sizes` and a preserved list `extra`. */
export const SHOP_CRD = crdYaml({
  group: 'example.com',
  kind: 'Shop',
  plural: 'shops',
  status: true,
  properties: `                sites: { type: array, items: { type: object, properties: { name: { type: string } } } }
                sizes: { type: object, additionalProperties: { type: object, properties: { gb: { type: integer } } } }
                extra: { type: array, items: { type: object, x-kubernetes-preserve-unknown-fields: true } }
`,
});

const OWNERS = {
  Website: '{ group: example.com, version: v1, kind: Website, plural: websites }',
  Shop: '{ group: example.com, version: v1, kind: Shop, plural: shops }',
};

/**
 * A katalog `name` with one owner (default Website) and one resource key (default `manifests`): `templates`
 * follows `onReconcile:` as it is (indent its items by 12 spaces). The head is 9 lines, so a template's first
 * line is line 10.
 */
export function katalogYaml(
  name: string,
  templates: string,
  options: { owner?: keyof typeof OWNERS; key?: string } = {},
): string {
  return `apiVersion: orkestra.io/v1alpha1
kind: Katalog
metadata: { name: ${name} }
spec:
  crds:
    - owner: ${OWNERS[options.owner ?? 'Website']}
      resources:
        ${options.key ?? 'manifests'}:
          onReconcile:
${templates}`;
}

/** A Website (the example CRD, example.com/v1) named `name` in `namespace`, for a client's `create`. */
export function website(namespace: string, name: string, spec: Record<string, unknown>) {
  return { apiVersion: 'example.com/v1', kind: 'Website', metadata: { name, namespace }, spec };
}

/** `head` then nine levels of nine aliases each: 9^9 values once expanded, from a few hundred bytes. */
export function aliasBomb(head: string): string {
  const levels = ['l0: &l0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (let i = 1; i < 9; i++)
    levels.push(
      `l${i}: &l${i} [${Array(9)
        .fill(`*l${i - 1}`)
        .join(',')}]`,
    );
  return `${head}${levels.join('\n')}\n`;
}
