/**
 * `orkestra render` hides secrets by field, per kind (issue 27, item 3): a manifests ConfigMap prints its data,
 * a manifests Secret does not, and `--show-secrets` prints both.
 */
import { describe, expect, it } from '@jest/globals';
import type { KubeObject } from '@orkestra/core';
import { cli } from './helpers.js';
import { katalogYaml, tempFiles } from './test-files.js';

const files = tempFiles('render-redaction');
const katalog = files.write(
  'katalog.yaml',
  katalogYaml(
    'render-redaction',
    `            - { apiVersion: v1, kind: ConfigMap, metadata: { name: "{{metadata.name}}-settings" }, data: { color: blue } }
            - { apiVersion: v1, kind: Secret, metadata: { name: "{{metadata.name}}-token" }, stringData: { token: not-for-eyes } }
            - apiVersion: apps/v1
              kind: StatefulSet
              metadata: { name: "{{metadata.name}}-db" }
              spec:
                selector: { matchLabels: { app: db } }
                template: { metadata: { labels: { app: db } }, spec: { containers: [{ name: db, image: "postgres:17" }] } }
`,
  ),
);
const cr = files.write(
  'cr.yaml',
  'apiVersion: example.com/v1\nkind: Website\nmetadata: { name: shop, namespace: default }\nspec: { image: nginx }\n',
);

async function render(...extra: string[]): Promise<Record<string, KubeObject>> {
  const r = await cli(['render', '--katalog', katalog, '--cr', cr, '--output', 'json', ...extra]);
  expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
  return Object.fromEntries((JSON.parse(r.stdout) as { items: KubeObject[] }).items.map((o) => [o.kind, o]));
}

describe('render: redaction by field, per kind', () => {
  it("prints a ConfigMap's data and a StatefulSet's image, and hides a Secret's values", async () => {
    const byKind = await render();
    expect(byKind.ConfigMap!.data).toEqual({ color: 'blue' });
    expect(JSON.stringify(byKind.StatefulSet)).toContain('postgres:17');
    expect(JSON.stringify(byKind.Secret)).not.toContain(Buffer.from('not-for-eyes').toString('base64'));
    expect(Object.values(byKind.Secret!.data as Record<string, string>)).toEqual(['[redacted]']);
  });

  it('prints the Secret with --show-secrets', async () => {
    const byKind = await render('--show-secrets');
    expect(byKind.Secret!.data).toEqual({ token: Buffer.from('not-for-eyes').toString('base64') });
  });
});
