/**
 * The interpreter against recorded behaviour and against Handlebars itself.
 *
 * `golden/outcomes.jsonl` holds the outcome — value and type, or the TemplateError's message and problems — of
 * 1742 template strings (every path of a list through every expression form: text, typed values, helpers,
 * blocks, sections, `../`, `@index`, block parameters, prototype keys, missing and null values), resolved as a
 * value, as a sensitive value and as a `when` expression. It was recorded from the previous implementation
 * (generated JavaScript plus the Handlebars runtime, which agreed on every case) at commit d6f79c7, before the
 * interpreter replaced both: the interpreter must reproduce it exactly.
 */

import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import Handlebars from 'handlebars';
import { createTemplateEngine, TemplateError } from '../src/index.js';
import { storefront } from './fixtures.js';

type Outcome = { value: unknown; type: string } | { error: string; problems: unknown };
interface Case {
  template: string;
  value: Outcome;
  when: Outcome;
  sensitive: Outcome;
}

const golden = {
  cases: readFileSync(new URL('./golden/outcomes.jsonl', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Case),
};

function outcome(fn: () => unknown): Outcome {
  try {
    const v = fn();
    return { value: v === undefined ? '<undefined>' : v, type: typeof v };
  } catch (err) {
    if (!(err instanceof TemplateError)) return { error: `NOT A TemplateError: ${String(err)}`, problems: [] };
    return { error: err.message, problems: err.problems };
  }
}

describe('the interpreter', () => {
  const cr = storefront();

  it(`reproduces the recorded outcomes of ${golden.cases.length} templates`, () => {
    const engine = createTemplateEngine();
    let differences = 0;
    for (const c of golden.cases) {
      const now: Case = {
        template: c.template,
        value: outcome(() => engine.resolveString(c.template, cr, { field: 'f' })),
        when: outcome(() => engine.evaluateWhen(c.template, cr)),
        sensitive: outcome(() => engine.resolveString(c.template, cr, { field: 'f', sensitive: true })),
      };
      if (JSON.stringify(now) !== JSON.stringify(c)) {
        differences++;
        if (differences <= 5) expect(now).toEqual(c);
      }
    }
    expect(differences).toBe(0);
  });

  it('resolves whole source trees, reporting every failing field', () => {
    const source = {
      ok: '{{metadata.name}}-{{spec.replicas}}',
      typed: '{{spec.obj}}',
      list: ['{{spec.missing}}', '{{upper spec.obj}}', '{{spec.list}} x', '{{#if spec.tls}}{{spec.nope}}{{/if}}'],
    };
    const failed = outcome(() => createTemplateEngine().resolve(source, cr, { field: 'root' }));
    expect('problems' in failed && (failed.problems as { field: string }[]).map((p) => p.field)).toEqual([
      'root.list[0]',
      'root.list[1]',
      'root.list[2]',
      'root.list[3]',
    ]);
    const good = {
      a: '{{metadata.name}}',
      b: ['{{spec.replicas}}', 'x{{spec.zero}}'],
      c: { d: '{{default spec.none 1}}', e: '{{default spec.none undefined}}' },
    };
    expect(createTemplateEngine().resolve(good, cr)).toEqual({ a: 'web', b: [3, 'x0'], c: { d: 1 } });
  });

  it('matches plain Handlebars wherever a value is found and written as text', () => {
    const engine = createTemplateEngine();
    const hb = Handlebars.create();
    let compared = 0;
    const native = golden.cases
      .map((c) => c.template)
      .filter(
        (t) =>
          !/(^|[^\w\]])\.spec|\w\[\d\]|\b(?:default|upper|quote|eq|ne|lt|toJson|join|required|trunc|not|and|or|sha256|toString|hasOwnProperty|constructor|__proto__|toFixed)\b/.test(
            t,
          ),
      );
    for (const t of native) {
      const ours = outcome(() => engine.resolveString(t, cr));
      if (!('value' in ours) || typeof ours.value !== 'string') continue;
      let theirs: string;
      try {
        theirs = hb.compile(t, { noEscape: true })(cr);
      } catch {
        continue;
      }
      expect({ t, v: ours.value }).toEqual({ t, v: theirs });
      compared++;
    }
    expect(compared).toBeGreaterThan(300);
  });

  it('matches plain Handlebars on block templates with values present', () => {
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
      '{{#each spec.items}}{{#each ../spec.ports}}{{@../index}}.{{@index}}={{this}}/{{../name}} {{/each}}{{/each}}',
      '{{#each spec.items as |a|}}{{#each ../spec.list as |b j|}}{{a.name}}{{b}}{{j}}{{/each}}{{/each}}',
      '{{#with spec.nested as |n|}}{{#with n.deep as |d|}}{{d.value}}{{n.deep.value}}{{/with}}{{/with}}',
    ];
    for (const t of blocks)
      expect({ t, v: engine.resolveString(t, cr) }).toEqual({ t, v: hb.compile(t, { noEscape: true })(cr) });
  });

  it('never evaluates a value read from the CR', () => {
    const engine = createTemplateEngine();
    const evil = { ...cr, spec: { ...cr.spec, image: '{{metadata.uid}}', list: ['{{#each this}}x{{/each}}'] } };
    expect(engine.resolveString('{{spec.image}}', evil)).toBe('{{metadata.uid}}');
    expect(engine.resolveString('{{#each spec.list}}{{this}}{{/each}}', evil)).toBe('{{#each this}}x{{/each}}');
    expect(engine.stats.compiles).toBe(2);
  });
});
