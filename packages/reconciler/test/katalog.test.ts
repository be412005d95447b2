import { describe, expect, it } from '@jest/globals';
import { problemPaths, type ResolvedSpec, type ResourceHandler, ValidationError } from '@orkestra/core';
import { Type } from '@orkestra/core/authoring';
import { loadKatalog } from '../src/index.js';
import { parseDuration, readYaml } from '../src/internal.js';

const handler = {
  key: 'configmaps',
  apiVersion: 'v1',
  kind: 'ConfigMap',
  plural: 'configmaps',
  namespaced: true,
  schema: Type.Object(
    { name: Type.Optional(Type.String()), data: Type.Optional(Type.Record(Type.String(), Type.String())) },
    { additionalProperties: false },
  ),
} as unknown as ResourceHandler<unknown, ResolvedSpec>;

const good = `apiVersion: orkestra.io/v1alpha1
kind: Katalog
metadata:
  name: site
spec:
  crds:
    - owner: { group: example.com, version: v1, kind: Website, plural: websites }
      resources:
        configmaps:
          onReconcile:
            - data:
                greeting: "{{spec.greeting}}"
              when: { field: spec.enabled, operator: equals, value: true }
      resyncPeriod: 5m
      concurrency: 2
`;

function problems(text: string, withHandlers = true): string[] {
  try {
    loadKatalog(text, { file: 'k.yaml', ...(withHandlers ? { handlers: [handler] } : {}) });
  } catch (e) {
    if (e instanceof ValidationError) return e.problems.map((p) => `${p.path}: ${p.message}`);
    throw e;
  }
  return [];
}

describe('loadKatalog', () => {
  it('loads a good katalog into reconciler entries', () => {
    const k = loadKatalog(good, { file: 'k.yaml', handlers: [handler] });
    expect(k.name).toBe('site');
    expect(k.keys).toEqual(['configmaps']);
    expect(k.entries[0]).toMatchObject({
      owner: { kind: 'Website', plural: 'websites' },
      resyncPeriodMs: 300_000,
      concurrency: 2,
    });
    expect(k.entries[0]!.resources.configmaps!.onReconcile![0]).toMatchObject({
      data: { greeting: '{{spec.greeting}}' },
    });
  });

  it('carries the events options', () => {
    const k = loadKatalog(good.replace('concurrency: 2', 'concurrency: 2\n      events: { initialCreate: true }'), {
      file: 'k.yaml',
      handlers: [handler],
    });
    expect(k.entries[0]!.events).toEqual({ initialCreate: true });
    expect(loadKatalog(good, { file: 'k.yaml', handlers: [handler] }).entries[0]!.events).toBeUndefined();
    expect(
      problems(good.replace('concurrency: 2', 'concurrency: 2\n      events: { initialCreate: yes, created: true }')),
    ).toEqual([
      'spec.crds[0].events.created: is not a known field (k.yaml:16:37)',
      'spec.crds[0].events.initialCreate: must be boolean (k.yaml:16:17)',
    ]);
  });

  it('points at the field and line of each problem', () => {
    const bad = good.replace('kind: Website', 'kind: website').replace('concurrency: 2', 'concurrency: 0');
    expect(problems(bad)).toEqual([
      'spec.crds[0].owner.kind: must match pattern "^[A-Z][A-Za-z0-9]*$" (k.yaml:7:49)',
      'spec.crds[0].concurrency: must be >= 1 (k.yaml:15:7)',
    ]);
    expect(problems(good.replace('greeting: "{{spec.greeting}}"', 'greeting: 3'))).toEqual([
      'spec.crds[0].resources.configmaps.onReconcile[0].data.greeting: must be string (k.yaml:12:17)',
    ]);
    const badChild = good.replace('            - data:', '            - dta: {}\n              data:');
    expect(problems(badChild)).toEqual([
      'spec.crds[0].resources.configmaps.onReconcile[0].dta: is not a known field (k.yaml:11:15)',
    ]);
  });

  it('marks a missing required field as such (code required, the field named), not only in the message', () => {
    const required = { ...handler, schema: { ...handler.schema, required: ['name'] } } as typeof handler;
    let caught: unknown;
    try {
      loadKatalog(good, { file: 'k.yaml', handlers: [required] });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(ValidationError);
    const [problem, ...rest] = (caught as ValidationError).problems;
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({
      path: 'spec.crds[0].resources.configmaps.onReconcile[0]',
      code: 'required',
      field: 'name',
    });
    expect(problemPaths(problem!)).toEqual([
      'spec.crds[0].resources.configmaps.onReconcile[0]',
      'spec.crds[0].resources.configmaps.onReconcile[0].name',
    ]);
  });

  it('names the field a misspelt one most likely means', () => {
    const hints = (text: string) => {
      try {
        loadKatalog(text, { file: 'k.yaml', handlers: [handler] });
      } catch (e) {
        if (e instanceof ValidationError) return e.problems.map((p) => `${p.path}: ${p.hint}`);
        throw e;
      }
      return [];
    };
    expect(hints(good.replace('concurrency: 2', 'concurency: 2'))).toEqual([
      'spec.crds[0].concurency: did you mean concurrency?',
    ]);
    expect(hints(good.replace('            - data:', '            - dta: {}\n              data:'))).toEqual([
      'spec.crds[0].resources.configmaps.onReconcile[0].dta: did you mean data?',
    ]);
    expect(hints(good.replace('concurrency: 2', 'colour: 2'))).toEqual([
      'spec.crds[0].colour: check the spelling; see the package README for the fields it takes',
    ]);
  });

  it('names an unknown handler and the package to install', () => {
    expect(problems(good.replace('configmaps:', 'widgets:'))).toEqual([
      'spec.crds[0].resources.widgets: no resource handler "widgets" (k.yaml:9:9)',
    ]);
    expect(problems(good.replace('configmaps:', 'widgets:'), false)).toEqual([]);
  });

  it('reports YAML syntax errors with their line', () => {
    const [p] = problems('spec: [unclosed\n');
    expect(p).toMatch(/^\(yaml\): .*\(k\.yaml:\d+:\d+\)$/);
  });

  it('refuses an alias bomb and duplicate keys in one line each, instead of expanding or throwing', () => {
    const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (const [prev, name] of [
      ['a', 'b'],
      ['b', 'c'],
      ['c', 'd'],
      ['d', 'e'],
      ['e', 'f'],
      ['f', 'g'],
      ['g', 'h'],
    ])
      levels.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(',')}]`);
    const bomb = problems(`${levels.join('\n')}\n${good}`);
    expect(bomb).toEqual([
      expect.stringMatching(/^\(yaml\): its aliases expand to more than 100000 values, .* \(k\.yaml\)$/),
    ]);
    expect(problems(`${good}\nspec: {}\n`)).toEqual([
      expect.stringMatching(/^\(yaml\): duplicated mapping key \(k\.yaml:\d+:\d+\)$/),
    ]);
  });

  it('takes a YAML source read once, and builds the position tree only when a problem needs a line', () => {
    const source = readYaml(good, { file: 'k.yaml' });
    expect(loadKatalog(source, { handlers: [handler] }).entries).toHaveLength(1);
    expect(source.locator.parsed).toBe(false);
    expect(() => loadKatalog(readYaml(good.replace('concurrency: 2', 'concurrency: 0'), { file: 'k.yaml' }))).toThrow(
      '(k.yaml:15:7)',
    );
  });

  it('refuses an unknown dependsOn, a reference to no child and a cycle, each at its file:line', () => {
    const text = `apiVersion: orkestra.io/v1alpha1
kind: Katalog
spec:
  crds:
    - owner: { group: example.com, version: v1, kind: Website, plural: websites }
      resources:
        configmaps:
          onReconcile:
            - id: a
              dependsOn: [configmaps.b]
            - id: b
              data:
                x: "{{children.configmaps.a.data.x}}"
            - dependsOn: [configmaps.nope]
              data:
                y: "{{children.configmaps.typo.data.y}}"
            - id: "1x"
`;
    expect(problems(text)).toEqual([
      'spec.crds[0].resources.configmaps.onReconcile[3].id: must be a name such as "db" or "web-cache" (letters, digits, - and _, starting with a letter), got "1x" (k.yaml:17:15)',
      'spec.crds[0].resources.configmaps.onReconcile[2].dependsOn[0]: "configmaps.nope" is no child template\'s id (k.yaml:14:27)',
      'spec.crds[0].resources.configmaps.onReconcile[2].data.y: reads children.configmaps.typo, but no child template has that id (k.yaml:16:17)',
      'spec.crds[0].resources.configmaps.onReconcile[0]: dependency cycle: configmaps.a -> configmaps.b -> configmaps.a (k.yaml:9:15)',
    ]);
  });

  it('parses durations', () => {
    expect([parseDuration('250ms'), parseDuration('30s'), parseDuration('2m'), parseDuration('1h')]).toEqual([
      250, 30_000, 120_000, 3_600_000,
    ]);
  });
});
