/**
 * Rules over source read as text: no package generates and evaluates code at run time, and this package's
 * modules do not import each other in a cycle (type-only imports included, as madge counts them).
 */

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

const packagesDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(m|c)?[jt]s$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const packages = readdirSync(packagesDir).filter((p) =>
  statSync(join(packagesDir, p, 'src'), { throwIfNoEntry: false })?.isDirectory(),
);

/** Comments removed, so that a doc comment may name what the code must not do. */
function code(path: string): string {
  return readFileSync(path, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

const FORBIDDEN: readonly (readonly [RegExp, string])[] = [
  [/\bnew\s+Function\s*\(/, 'new Function('],
  [/(^|[^\w.])eval\s*\(/m, 'eval('],
  [/\.precompile\s*\(/, 'Handlebars .precompile('],
  [/\bHandlebars\s*\.\s*(compile|template|create)\b/, 'Handlebars .compile / .template / .create'],
];

/** What a module that imports Handlebars uses of it: only the parser is allowed. */
function handlebarsUses(text: string): string[] {
  const name = /import\s+(\w+)\s+from\s+['"]handlebars['"]/.exec(text)?.[1];
  if (/from\s+['"]handlebars['"]/.test(text) && name === undefined)
    return ['a named or namespace import of handlebars'];
  if (name === undefined) return [];
  return [...text.matchAll(new RegExp(`\\b${name}\\b(\\s*\\.\\s*\\w+)?`, 'g'))]
    .map((m) => m[0].replace(/\s/g, ''))
    .filter((use) => use !== name && use !== `${name}.parse` && use !== `${name}.Parser`);
}

describe('package sources', () => {
  it('found the packages', () => {
    expect(packages).toEqual(expect.arrayContaining(['core', 'template', 'reconciler', 'cli']));
  });

  it('never generate and evaluate code (new Function, eval, Handlebars compile/precompile/template)', () => {
    const found: string[] = [];
    for (const p of packages) {
      for (const file of sourceFiles(join(packagesDir, p, 'src'))) {
        const text = code(file);
        for (const [pattern, what] of FORBIDDEN)
          if (pattern.test(text)) found.push(`${relative(packagesDir, file)}: ${what}`);
        for (const use of handlebarsUses(text)) found.push(`${relative(packagesDir, file)}: ${use}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('detects what it forbids', () => {
    const hits = (s: string) => FORBIDDEN.filter(([pattern]) => pattern.test(s)).map(([, what]) => what);
    expect(hits('const f = new Function("return 1");')).toEqual(['new Function(']);
    expect(hits('x = eval(src)')).toEqual(['eval(']);
    expect(hits('env.precompile(ast)')).toEqual(['Handlebars .precompile(']);
    expect(hits('Handlebars.template(spec)')).toEqual(['Handlebars .compile / .template / .create']);
    expect(hits('engine.compile(source); evaluate(t, cr)')).toEqual([]);
    expect(handlebarsUses("import H from 'handlebars';\nH.parse(t); H.compile(t); const x = H;")).toEqual([
      'H.compile',
    ]);
    expect(handlebarsUses("import * as H from 'handlebars';")).toEqual(['a named or namespace import of handlebars']);
  });

  it('of this package have no import cycles', () => {
    const cycles: string[] = [];
    for (const p of ['template']) {
      const files = sourceFiles(join(packagesDir, p, 'src'));
      const graph = new Map<string, string[]>();
      for (const file of files) {
        const imports = [
          ...readFileSync(file, 'utf8').matchAll(
            /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/g,
          ),
        ];
        graph.set(
          file,
          imports.map((m) => resolve(dirname(file), m[1]!).replace(/\.js$/, '.ts')).filter((f) => files.includes(f)),
        );
      }
      cycles.push(...findCycles(graph).map((c) => c.map((f) => relative(packagesDir, f)).join(' → ')));
    }
    expect(cycles).toEqual([]);
  });
});

/** Every cycle a depth-first search meets, each as the files along it. */
function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (n: string): void => {
    state.set(n, 'open');
    stack.push(n);
    for (const m of graph.get(n) ?? []) {
      if (state.get(m) === 'open') cycles.push([...stack.slice(stack.indexOf(m)), m]);
      else if (!state.has(m)) visit(m);
    }
    stack.pop();
    state.set(n, 'done');
  };
  for (const n of graph.keys()) if (!state.has(n)) visit(n);
  return cycles;
}
