#!/usr/bin/env node
// Documentation that compiles: every ```ts block of every README (the root's, packages/*, tools/*, examples/**)
// is type-checked, strict, against the workspace packages' sources, in one TypeScript program.
//
//   node scripts/check-readme-snippets.mjs [--keep]
//
// Each block becomes a module of its own (so top-level await works and names do not clash between blocks) under
// out-tsc/readme-snippets/, compiled with tsconfig.base.json's options; `@orkestra/*` imports resolve to the
// packages' src/ through the `@orkestra/source` condition, so nothing needs building first — but the sources import
// their generated schema checks (generated/schema-check.ts, build output): `npx nx run-many -t generate` writes them
// (`npm run lint:repo` does, then runs this script), and the script stops, saying so, when one is missing.
//
// A block may state what it assumes, without showing it, in an HTML comment right above the fence:
//
//   <!-- prelude
//   import type { Kubeclient } from '@orkestra/core/kube';
//   declare const kube: Kubeclient;
//   -->
//   ```ts
//   ...
//
// A block that imports a file of its own project (`import { handler } from '../src/index.js'`) gets that file from
// a comment of the form `<!-- file src/index.ts` … `-->` above the fence (paths relative to the project; the block
// itself is `main/snippet.ts` in it).
//
// Problems are printed as README.md:line: message (the line of the block's text), and the script exits 1.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { workspacePackages, workspaceRoot } from './check-workspace-copy.mjs';

const FENCE = /^```(ts|typescript)\s*$/;
const PRELUDE = /<!--\s*prelude\s*\n([\s\S]*?)-->/;
const FILES = /<!--\s*file\s+(\S+)\s*\n([\s\S]*?)-->/g;

/** README.md files: the root's, each package's and tool's, and any under examples/. */
function readmes() {
  const found = [join(workspaceRoot, 'README.md')];
  for (const parent of ['packages', 'tools']) {
    const dir = join(workspaceRoot, parent);
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir, { withFileTypes: true }))
      if (entry.isDirectory() && existsSync(join(dir, entry.name, 'README.md')))
        found.push(join(dir, entry.name, 'README.md'));
  }
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules') continue;
      if (entry.isDirectory()) walk(join(dir, entry.name));
      else if (entry.name === 'README.md') found.push(join(dir, entry.name));
    }
  };
  if (existsSync(join(workspaceRoot, 'examples'))) walk(join(workspaceRoot, 'examples'));
  return found.filter((f) => existsSync(f));
}

/** The ```ts blocks of one README: their text, prelude, and the line (1-based) of their first line of code. */
function snippets(file) {
  const lines = readFileSync(file, 'utf8').split('\n');
  const out = [];
  let previousEnd = 0;
  for (let i = 0; i < lines.length; i++) {
    if (/^```/.test(lines[i]) && !FENCE.test(lines[i])) {
      // Another language's block: skip it whole, so a ``` inside is not taken for a TypeScript fence.
      let close = i + 1;
      while (close < lines.length && !/^```\s*$/.test(lines[close])) close++;
      i = close;
      previousEnd = close + 1;
      continue;
    }
    if (!FENCE.test(lines[i])) continue;
    const start = i + 1;
    let end = start;
    while (end < lines.length && !/^```\s*$/.test(lines[end])) end++;
    // The HTML comments right above the fence (only blank lines between them and it).
    const before = lines.slice(previousEnd, i).join('\n');
    const comments = /(?:<!--[\s\S]*?-->\s*)+$/.exec(before)?.[0] ?? '';
    const prelude = PRELUDE.exec(comments)?.[1] ?? '';
    const files = [...comments.matchAll(FILES)].map((m) => ({ path: m[1], text: m[2] }));
    out.push({ code: lines.slice(start, end).join('\n'), prelude, files, line: start + 1 });
    i = end;
    previousEnd = end + 1;
  }
  return out;
}

const ungenerated = workspacePackages()
  .filter(
    (p) =>
      p.json.scripts?.generate?.includes('generate-schema-check') &&
      !existsSync(join(p.dir, 'generated', 'schema-check.ts')),
  )
  .map((p) => p.path);
if (ungenerated.length) {
  console.error(
    `check-readme-snippets: ${ungenerated.join(', ')}: no generated/schema-check.ts (build output); run \`npx nx run-many -t generate\` first`,
  );
  process.exit(1);
}

const dir = join(workspaceRoot, 'out-tsc', 'readme-snippets');
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const where = new Map(); // generated file → { readme, line, offset }
for (const readme of readmes()) {
  const name = relative(workspaceRoot, readme).replaceAll('/', '_').replace(/\.md$/, '');
  snippets(readme).forEach((s, n) => {
    const head = `${s.prelude}${s.prelude && !s.prelude.endsWith('\n') ? '\n' : ''}`;
    const project = join(dir, `${name}_${n + 1}`);
    const file = join(project, 'main', 'snippet.ts');
    mkdirSync(dirname(file), { recursive: true });
    for (const extra of s.files) {
      mkdirSync(dirname(join(project, extra.path)), { recursive: true });
      writeFileSync(join(project, extra.path), extra.text);
    }
    // `export {}` makes every block a module: top-level await, and no clash between blocks' names.
    writeFileSync(file, `${head}${s.code}\nexport {};\n`);
    where.set(file, { readme: relative(workspaceRoot, readme), line: s.line, offset: head.split('\n').length - 1 });
  });
}

const base = ts.readConfigFile(join(workspaceRoot, 'tsconfig.base.json'), ts.sys.readFile);
const { options } = ts.parseJsonConfigFileContent(base.config, ts.sys, workspaceRoot);
// Packages' own ambient declarations (e.g. template's for Handlebars' parser module) come with their sources.
const ambient = readdirSync(join(workspaceRoot, 'packages')).flatMap((pkg) => {
  const src = join(workspaceRoot, 'packages', pkg, 'src');
  return existsSync(src)
    ? readdirSync(src)
        .filter((f) => f.endsWith('.d.ts'))
        .map((f) => join(src, f))
    : [];
});
const program = ts.createProgram([...ambient, ...where.keys()], {
  ...options,
  composite: false,
  declaration: false,
  declarationMap: false,
  sourceMap: false,
  noEmit: true,
  incremental: false,
});
const problems = [];
for (const d of ts.getPreEmitDiagnostics(program)) {
  const message = ts.flattenDiagnosticMessageText(d.messageText, '\n  ');
  const origin = d.file && where.get(d.file.fileName);
  if (!origin) {
    const at = d.file
      ? `${relative(workspaceRoot, d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}`
      : '';
    problems.push(`${at}: TS${d.code}: ${message}`);
    continue;
  }
  const line = d.file.getLineAndCharacterOfPosition(d.start ?? 0).line - origin.offset;
  const at = line < 0 ? `${origin.readme}:${origin.line - 1} (its prelude)` : `${origin.readme}:${origin.line + line}`;
  problems.push(`${at}: TS${d.code}: ${message}`);
}
if (!process.argv.includes('--keep')) rmSync(dir, { recursive: true, force: true });
for (const p of problems) console.error(p);
console.log(
  `check-readme-snippets: ${where.size} TypeScript blocks in ${new Set([...where.values()].map((w) => w.readme)).size} READMEs, ${problems.length ? `${problems.length} problem(s)` : 'all compile (strict)'}`,
);
process.exit(problems.length ? 1 : 0);
