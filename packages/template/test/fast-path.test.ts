/**
 * The fast path and the Handlebars path must give identical results — values, types and errors — on every
 * template the fast path takes. This runs a large generated set of templates through both, and the templates in
 * Handlebars' native syntax through plain Handlebars as well.
 */
import { describe, it, expect } from '@jest/globals';
import Handlebars from 'handlebars';
import { TemplateError, createTemplateEngine } from '../src/index.js';
import { storefront } from './fixtures.js';

const paths = [
  'metadata.name',
  'spec.image',
  'spec.replicas',
  'spec.ports.[0]',
  'spec.ports[1]',
  '.spec.image',
  'spec.nested.deep.value',
  'spec.missing',
  'spec.missing.deeper',
  'spec.image.length',
  'spec.list.length',
  'constructor',
  '__proto__',
  'spec.toString',
  'spec.obj',
  'spec.list',
  'spec.nullish',
  'spec.zero',
  'spec.falsy',
  'spec.empty',
  'this',
  '@root.spec.env',
  'metadata.labels.[app.kubernetes.io/name]',
  'spec.unicode',
  'spec.amp',
  'spec.template',
];

const expressions: ((p: string) => string)[] = [
  (p) => `{{${p}}}`,
  (p) => `{{~ ${p} ~}}`,
  (p) => `{{{${p}}}}`,
  (p) => `{{& ${p}}}`,
  (p) => `{{default ${p} "fallback"}}`,
  (p) => `{{default ${p} 7}}`,
  (p) => `{{upper ${p}}}`,
  (p) => `{{quote ${p}}}`,
  (p) => `{{eq ${p} 3}}`,
  (p) => `{{toJson ${p}}}`,
  (p) => `{{join ${p} "-"}}`,
  (p) => `{{required ${p} "need it"}}`,
  (p) => `{{trunc ${p} 3}}`,
  (p) => `{{not ${p}}}`,
  (p) => `{{and ${p} true}}`,
  (p) => `{{sha256 (toJson (default ${p} 1))}}`,
  (p) => `{{upper (default ${p} "x")}}`,
];

const wrappers: ((e: string) => string)[] = [
  (e) => e,
  (e) => `pre-${e}`,
  (e) => `${e}-post`,
  (e) => `a ${e} b ${e} c`,
  (e) => ` ${e} `,
  (e) => `line\n  ${e}  \nend`,
  (e) => `{{! note }}${e}`,
  (e) => `\\{{literal}} ${e}`,
];

type Outcome = { value: unknown } | { error: string; problems: unknown };

function outcome(fn: () => unknown): Outcome {
  try {
    return { value: fn() };
  } catch (err) {
    if (!(err instanceof TemplateError)) throw err;
    return { error: err.message, problems: err.problems };
  }
}

describe('fast path and Handlebars path', () => {
  const cr = storefront();
  // Every path in the first expressions with every wrapper; the other expressions with one wrapper each, in turn.
  const templates = paths.flatMap((p, i) =>
    expressions.flatMap((e, j) => (j < 3 ? wrappers.map((w) => w(e(p))) : [wrappers[(i + j) % wrappers.length]!(e(p))])),
  );

  it(`give identical results on ${templates.length} templates`, () => {
    const fast = createTemplateEngine();
    const slow = createTemplateEngine({ fastPath: false });
    let differences = 0;
    for (const t of templates) {
      const a = outcome(() => fast.resolveString(t, cr, { field: 'f' }));
      const b = outcome(() => slow.resolveString(t, cr, { field: 'f' }));
      if (JSON.stringify(a) !== JSON.stringify(b) || typeof (a as { value: unknown }).value !== typeof (b as { value: unknown }).value) {
        differences++;
        expect({ template: t, outcome: a }).toEqual({ template: t, outcome: b });
      }
    }
    expect(differences).toBe(0);
    // Every template here is one the fast path takes, so the comparison is not vacuous.
    expect(fast.stats.handlebars).toBe(0);
    expect(fast.stats.fastPath).toBe(templates.length);
    expect(slow.stats.handlebars).toBe(templates.length);
  });

  it('give identical results when a whole source tree fails or succeeds', () => {
    const source = {
      ok: '{{metadata.name}}-{{spec.replicas}}',
      typed: '{{spec.obj}}',
      list: ['{{spec.missing}}', '{{upper spec.obj}}', '{{spec.list}} x', '{{#if spec.tls}}{{spec.nope}}{{/if}}'],
    };
    const fast = outcome(() => createTemplateEngine().resolve(source, cr, { field: 'root' }));
    const slow = outcome(() => createTemplateEngine({ fastPath: false }).resolve(source, cr, { field: 'root' }));
    expect(fast).toEqual(slow);
    expect('problems' in fast && (fast.problems as unknown[]).length).toBe(4);
    const good = { a: '{{metadata.name}}', b: ['{{spec.replicas}}', 'x{{spec.zero}}'], c: { d: '{{default spec.none 1}}' } };
    expect(createTemplateEngine().resolve(good, cr)).toEqual(createTemplateEngine({ fastPath: false }).resolve(good, cr));
  });

  it('match plain Handlebars wherever a value is found and written as text', () => {
    const engine = createTemplateEngine();
    const hb = Handlebars.create();
    let compared = 0;
    const native = templates.filter(
      (t) => !/(^|[^\w\]])\.spec|\w\[\d\]|\b(?:default|upper|quote|eq|toJson|join|required|trunc|not|and|sha256)\b/.test(t),
    );
    for (const t of native) {
      const ours = outcome(() => engine.resolveString(t, cr));
      if (!('value' in ours) || typeof ours.value !== 'string') continue;
      expect({ t, v: ours.value }).toEqual({ t, v: hb.compile(t, { noEscape: true })(cr) });
      compared++;
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('match plain Handlebars on block templates with values present', () => {
    const engine = createTemplateEngine();
    const hb = Handlebars.create();
    const blocks = [
      '{{#if spec.tls}}https://{{metadata.name}}{{else}}http{{/if}}',
      '  {{#each spec.items}}\n  - {{name}}: {{size}}\n  {{/each}}\n',
      '{{#each spec.items as |it i|}}{{i}}={{it.name}}{{#if @first}}!{{/if}}{{#if @last}}.{{/if}} {{/each}}',
      '{{#with spec.nested}}{{deep.value}}/{{../metadata.name}}{{/with}}',
      '{{#unless spec.falsy}}no{{/unless}}{{#if spec.zero includeZero=true}} zero{{/if}}',
      '{{#each metadata.labels}}{{@key}}={{this}};{{/each}}',
      '{{#spec.items}}<{{name}}>{{/spec.items}}{{^spec.empty}}(empty){{/spec.empty}}',
      'a\n{{! standalone comment }}\nb {{~#if spec.tls~}} c {{~/if~}} d',
      '{{#each spec.ports}}{{this}}{{#unless @last}},{{/unless}}{{/each}}',
      '{{#if spec.tls}}\n  tls: on\n{{else if spec.env}}\n  env\n{{/if}}',
    ];
    for (const t of blocks) expect({ t, v: engine.resolveString(t, cr) }).toEqual({ t, v: hb.compile(t, { noEscape: true })(cr) });
    expect(engine.stats.handlebars).toBe(blocks.length);
  });
});
