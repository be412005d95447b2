#!/usr/bin/env node
// Writes a large katalog for the memory check of issue 14 item 17: one Website entry with 100 ConfigMap
// templates of 500 templated keys each (about 4.9 MB). Usage: node bench/big-katalog.mjs <out.yaml> [templates] [keys]
import { writeFileSync } from 'node:fs';

/** The katalog's YAML text: `templates` ConfigMaps of `keys` templated data keys each. */
export function bigKatalog(templates = 100, keys = 500) {
  const lines = [
    'apiVersion: orkestra.io/v1alpha1',
    'kind: Katalog',
    'metadata: { name: big }',
    'spec:',
    '  crds:',
    '    - owner: { group: example.com, version: v1, kind: Website, plural: websites }',
    '      resources:',
    '        configmaps:',
    '          onReconcile:',
  ];
  for (let t = 0; t < templates; t++) {
    lines.push(`            - name: "{{metadata.name}}-page-${t}"`, '              data:');
    for (let k = 0; k < keys; k++)
      lines.push(
        `                key-${t}-${k}: "{{default spec.greeting 'Hello'}} number ${t}.${k} of {{metadata.name}}"`,
      );
  }
  lines.push('      status:', '        fields:', '          image: "{{spec.image}}"');
  return `${lines.join('\n')}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [out, templates = '100', keys = '500'] = process.argv.slice(2);
  if (!out) {
    process.stderr.write('usage: node bench/big-katalog.mjs <out.yaml> [templates=100] [keys=500]\n');
    process.exit(2);
  }
  const text = bigKatalog(Number(templates), Number(keys));
  writeFileSync(out, text);
  process.stdout.write(`${out}: ${(text.length / 1e6).toFixed(2)} MB\n`);
}
