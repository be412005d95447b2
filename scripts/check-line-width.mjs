#!/usr/bin/env node
// The line-width cap of the source that ships or that users read (packages' src, the CLI's demo, tools, examples):
// 120 characters. Biome's formatter keeps code within it but leaves comments and string literals as written, so this
// check covers what it cannot. Tests, benches and scripts are left out: a test's long expected string or a bench's
// long label is read beside its output, not as API documentation.
//
//   node scripts/check-line-width.mjs            # every tracked file in scope
//   node scripts/check-line-width.mjs <file>...  # only these

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const WIDTH = 120;
const SCOPE = ['packages/*/src/**', 'packages/cli/demo/**', 'tools/*/src/**', 'examples/**'];
const SOURCE = /\.(ts|mts|cts|mjs|cjs|js)$/;

const files =
  process.argv.length > 2
    ? process.argv.slice(2)
    : execFileSync('git', ['ls-files', '--', ...SCOPE.map((s) => `:(glob)${s}`)], { encoding: 'utf8' })
        .split('\n')
        .filter((f) => SOURCE.test(f));

const over = [];
for (const file of files) {
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, i) => {
    // Code points, not UTF-16 units: `→` or `·` count once, as an editor shows them.
    const width = [...line].length;
    if (width > WIDTH) over.push(`${file}:${i + 1}: ${width} characters`);
  });
}

if (over.length) {
  console.error(over.join('\n'));
  console.error(
    `\n${over.length} line${over.length === 1 ? '' : 's'} over ${WIDTH} characters. The formatter does not break ` +
      'comments or strings: wrap the comment, split the string with +, or shorten the example.',
  );
  process.exit(1);
}
console.log(`line width: ${files.length} files within ${WIDTH} characters`);
