import { describe, expect, it } from '@jest/globals';
import { OrkestraError } from '@orkestra/core';
import { BUILTIN_HELPERS } from '../src/helpers.js';
import { compileTemplate, createTemplateEngine, resolveString, resolveTemplate, TemplateError } from '../src/index.js';
import { prepareTemplate } from '../src/prepare.js';
import { storefront } from './fixtures.js';

/** The error a call throws; fails the test when it throws none. */
function errorOf(fn: () => unknown): TemplateError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(TemplateError);
    return err as TemplateError;
  }
  throw new Error('expected a TemplateError');
}

describe('reading the CR', () => {
  const cr = storefront();

  it('reads metadata and spec paths', () => {
    expect(resolveString('{{metadata.name}}', cr)).toBe('web');
    expect(resolveString('{{spec.image}}', cr)).toBe('nginx:1.27');
    expect(resolveString('{{spec.nested.deep.value}}', cr)).toBe('deep');
    expect(resolveString('{{metadata.name}}.{{metadata.namespace}}.svc', cr)).toBe('web.shop.svc');
  });

  it('reads list items as .[0], [0] and through @root', () => {
    expect(resolveString('{{spec.ports.[0]}}', cr)).toBe(8080);
    expect(resolveString('{{spec.ports[1]}}', cr)).toBe(8443);
    expect(resolveString('{{spec.items[1].name}}', cr)).toBe('two');
    expect(resolveString('{{@root.spec.image}}', cr)).toBe('nginx:1.27');
    expect(resolveString('{{metadata.labels.[app.kubernetes.io/name]}}', cr)).toBe('web');
  });

  it("accepts Orkestra Go's leading-dot form", () => {
    expect(resolveString('{{ .spec.image }}', cr)).toBe('nginx:1.27');
    expect(resolveString('{{ .metadata.name }}-svc', cr)).toBe('web-svc');
    expect(resolveString('{{default .spec.missing "x"}}', cr)).toBe('x');
    expect(resolveString('{{#if .spec.tls}}on{{/if}}', cr)).toBe('on');
    expect(resolveString('{{upper (default .spec.env "dev")}}', cr)).toBe('PROD');
    expect(resolveString('{{#each .spec.items}}{{ .name }};{{/each}}', cr)).toBe('one;two;');
  });

  it('leaves dots inside strings, comments and escaped mustaches alone', () => {
    expect(resolveString('{{default spec.missing " .x"}}', cr)).toBe(' .x');
    expect(resolveString('{{! .spec.x }}{{spec.env}}', cr)).toBe('prod');
    expect(resolveString('\\{{ .spec.x }} {{spec.env}}', cr)).toBe('{{ .spec.x }} prod');
  });

  it('applies whitespace control', () => {
    expect(resolveString('a  {{~ spec.env ~}}  b', cr)).toBe('aprodb');
    expect(resolveString('a \n {{~spec.env}} b', cr)).toBe('aprod b');
  });

  it('never escapes HTML', () => {
    expect(resolveString('{{spec.amp}}', cr)).toBe(`a&b<c>"d'`);
    expect(resolveString('x={{spec.amp}}', cr)).toBe(`x=a&b<c>"d'`);
    expect(resolveString('{{{spec.amp}}}', cr)).toBe(`a&b<c>"d'`);
    expect(resolveString('a&b<c> {{spec.env}}', cr)).toBe('a&b<c> prod');
    expect(resolveString('{{#if spec.tls}}{{spec.amp}}{{/if}}', cr)).toBe(`a&b<c>"d'`);
  });

  it('keeps non-ASCII text', () => {
    expect(resolveString('«{{spec.unicode}}»', cr)).toBe('«ünï ✓»');
  });
});

describe('values from the CR are data', () => {
  it('never evaluates a CR value as a template', () => {
    const cr = storefront();
    expect(resolveString('{{spec.template}}', cr)).toBe('{{metadata.uid}}');
    expect(resolveString('x-{{spec.template}}', cr)).toBe('x-{{metadata.uid}}');
    expect(resolveString('{{#if spec.tls}}{{spec.template}}{{/if}}', cr)).toBe('{{metadata.uid}}');
    expect(resolveTemplate({ a: ['{{spec.template}}'] }, cr)).toEqual({ a: ['{{metadata.uid}}'] });
  });

  it('copies objects and lists taken from the CR, so changing a result never changes the CR', () => {
    const cr = storefront();
    const out = resolveTemplate({ obj: '{{spec.obj}}', list: '{{spec.list}}', via: '{{default spec.obj 1}}' }, cr);
    expect(out.obj).toEqual(cr.spec.obj);
    expect(out.obj).not.toBe(cr.spec.obj);
    (out.obj as { a: number }).a = 99;
    (out.list as string[]).push('c');
    (out.via as { a: number }).a = 98;
    expect(cr.spec.obj.a).toBe(1);
    expect(cr.spec.list).toEqual(['a', 'b']);
  });

  it('never changes the CR', () => {
    const cr = storefront();
    const before = JSON.stringify(cr);
    resolveTemplate({ a: '{{spec.obj}}', b: '{{#each spec.items}}{{name}}{{/each}}', c: '{{toJson spec}}' }, cr);
    expect(JSON.stringify(cr)).toBe(before);
  });
});

describe('typed results', () => {
  const cr = storefront();

  it('keeps the type of a string that is exactly one expression', () => {
    expect(resolveString('{{spec.replicas}}', cr)).toBe(3);
    expect(resolveString('{{spec.tls}}', cr)).toBe(true);
    expect(resolveString('{{spec.zero}}', cr)).toBe(0);
    expect(resolveString('{{spec.list}}', cr)).toEqual(['a', 'b']);
    expect(resolveString('{{spec.obj}}', cr)).toEqual({ a: 1, b: [true, null] });
    expect(resolveString('{{~spec.replicas~}}', cr)).toBe(3);
    expect(resolveString('{{! how many }}{{spec.replicas}}', cr)).toBe(3);
  });

  it('keeps the type of a helper result', () => {
    expect(resolveString('{{default spec.missing 1}}', cr)).toBe(1);
    expect(resolveString('{{default spec.replicas 1}}', cr)).toBe(3);
    expect(resolveString('{{eq spec.env "prod"}}', cr)).toBe(true);
    expect(resolveString('{{default spec.missing null}}', cr)).toBeNull();
  });

  it('yields text for anything else, whitespace included', () => {
    expect(resolveString(' {{spec.replicas}}', cr)).toBe(' 3');
    expect(resolveString('{{spec.replicas}}\n', cr)).toBe('3\n');
    expect(resolveString('{{spec.replicas}}{{spec.zero}}', cr)).toBe('30');
    expect(resolveString('{{#if spec.tls}}{{spec.replicas}}{{/if}}', cr)).toBe('3');
    expect(resolveString('{{spec.tls}}!', cr)).toBe('true!');
  });

  it('refuses to write an object or a list into text', () => {
    const err = errorOf(() => resolveString('list: {{spec.list}}', cr));
    expect(err.path).toBe('spec.list');
    expect(err.message).toContain('spec.list is a list, which has no text form');
    expect(err.problems[0]!.hint).toContain('{{toJson spec.list}}');
  });

  it('copies values of other types as they are', () => {
    expect(resolveTemplate({ n: 3, b: false, z: null, s: 'plain', l: [1, 'x'] }, cr)).toEqual({
      n: 3,
      b: false,
      z: null,
      s: 'plain',
      l: [1, 'x'],
    });
  });
});

describe('missing paths', () => {
  const cr = storefront();

  it('is an error naming the field, the path and the CR — never an empty string', () => {
    const err = errorOf(() => resolveTemplate({ image: '{{spec.imag}}' }, cr, { field: 'deployments[0]' }));
    expect(err).toBeInstanceOf(OrkestraError);
    expect(err.reason).toBe('Template');
    expect(err.field).toBe('deployments[0].image');
    expect(err.path).toBe('spec.imag');
    expect(err.object).toEqual({ kind: 'Storefront', namespace: 'shop', name: 'web' });
    expect(err.message).toBe(
      'template error in Storefront shop/web: deployments[0].image: spec.imag is missing: spec has no field "imag" (did you mean spec.image?)',
    );
  });

  it('names the missing step of a deeper path', () => {
    const err = errorOf(() => resolveString('{{spec.tls.cert}}', cr));
    expect(err.message).toContain('spec.tls is a boolean, it has no field "cert"');
    expect(errorOf(() => resolveString('{{spek.image}}', cr)).message).toContain(
      'the CR has no field "spek" (did you mean spec?)',
    );
    expect(errorOf(() => resolveString('{{spec.ports.[5]}}', cr)).message).toContain(
      'spec.ports[5] is missing: spec.ports has no field "5"',
    );
  });

  it('counts null as missing', () => {
    const err = errorOf(() => resolveString('{{spec.nullish}}', cr));
    expect(err.path).toBe('spec.nullish');
    expect(err.message).toContain('spec.nullish is null');
  });

  it('reports every failing field at once, inside lists and maps', () => {
    const err = errorOf(() =>
      resolveTemplate(
        { a: '{{spec.one}}', list: ['ok', '{{spec.two}}', { deep: 'x-{{spec.three}}' }], 'odd key': '{{spec.four}}' },
        cr,
        { field: 'deployments[2]' },
      ),
    );
    expect(err.problems.map((p) => [p.field, p.path])).toEqual([
      ['deployments[2].a', 'spec.one'],
      ['deployments[2].list[1]', 'spec.two'],
      ['deployments[2].list[2].deep', 'spec.three'],
      ['deployments[2]["odd key"]', 'spec.four'],
    ]);
    expect(
      err.message.startsWith('4 template problems in Storefront shop/web:\n  - deployments[2].a: spec.one is missing'),
    ).toBe(true);
  });

  it('is an error inside blocks, with the path as written there', () => {
    const err = errorOf(() => resolveString('{{#each spec.items}}{{nam}}{{/each}}', cr));
    expect(err.path).toBe('nam');
    expect(err.message).toContain('the current context has no field "nam" (did you mean name?)');
    expect(errorOf(() => resolveString('{{#if spec.tls}}{{spec.nope}}{{/if}}', cr)).path).toBe('spec.nope');
    expect(errorOf(() => resolveString('{{#each spec.items}}{{@root.spec.nope}}{{/each}}', cr)).path).toBe(
      '@root.spec.nope',
    );
  });

  it('is an error in a helper argument, unless the helper is a fallback', () => {
    expect(errorOf(() => resolveString('{{upper spec.nope}}', cr)).path).toBe('spec.nope');
    expect(errorOf(() => resolveString('{{eq spec.nope "x"}}', cr)).path).toBe('spec.nope');
    expect(errorOf(() => resolveString('{{default (upper spec.nope) "x"}}', cr)).path).toBe('spec.nope');
  });
});

describe('fallbacks', () => {
  const cr = storefront();

  it('default: the fallback only when the value is missing or null', () => {
    expect(resolveString('{{default spec.missing "dev"}}', cr)).toBe('dev');
    expect(resolveString('{{default spec.nullish "dev"}}', cr)).toBe('dev');
    expect(resolveString('{{default spec.missing.deeper 2}}', cr)).toBe(2);
    expect(resolveString('{{default spec.zero 1}}', cr)).toBe(0);
    expect(resolveString('{{default spec.empty "x"}}', cr)).toBe('');
    expect(resolveString('{{default spec.falsy true}}', cr)).toBe(false);
    expect(resolveString('{{default spec.missing spec.env}}', cr)).toBe('prod');
  });

  it('#if, #unless, #each and #with treat a missing path as absent', () => {
    expect(resolveString('{{#if spec.missing}}yes{{else}}no{{/if}}', cr)).toBe('no');
    expect(resolveString('{{#if spec.missing.deeper}}yes{{else}}no{{/if}}', cr)).toBe('no');
    expect(resolveString('{{#unless spec.missing}}none{{/unless}}', cr)).toBe('none');
    expect(resolveString('{{#each spec.missing}}x{{else}}empty{{/each}}', cr)).toBe('empty');
    expect(resolveString('{{#with spec.missing}}x{{else}}nothing{{/with}}', cr)).toBe('nothing');
    expect(resolveString('{{#if spec.zero}}yes{{else}}no{{/if}}', cr)).toBe('no');
    expect(resolveString('{{#if spec.zero includeZero=true}}yes{{else}}no{{/if}}', cr)).toBe('yes');
  });

  it('conditions tolerate missing paths in comparisons and logic', () => {
    expect(resolveString('{{#if (eq spec.missing "prod")}}p{{else}}np{{/if}}', cr)).toBe('np');
    expect(resolveString('{{#if (and spec.tls (eq spec.env "prod"))}}secure{{/if}}', cr)).toBe('secure');
    expect(resolveString('{{#if (or spec.missing spec.tls)}}y{{/if}}', cr)).toBe('y');
    expect(resolveString('{{#if (not spec.missing)}}absent{{/if}}', cr)).toBe('absent');
    expect(resolveString('{{#if (gt spec.missing 1)}}y{{else}}n{{/if}}', cr)).toBe('n');
    expect(errorOf(() => resolveString('{{#if (eq (lower spec.missing) "x")}}y{{/if}}', cr)).path).toBe('spec.missing');
  });

  it('blocks: #each with @index, @key, this, ../ and block params; #with; sections', () => {
    expect(resolveString('{{#each spec.items}}{{@index}}={{name}}/{{../metadata.name}};{{/each}}', cr)).toBe(
      '0=one/web;1=two/web;',
    );
    expect(resolveString('{{#each spec.items as |item i|}}{{i}}:{{item.name}} {{/each}}', cr)).toBe('0:one 1:two ');
    expect(resolveString('{{#each metadata.labels}}{{@key}}={{this}},{{/each}}', cr)).toBe(
      'app.kubernetes.io/name=web,tier=front,',
    );
    expect(resolveString('{{#with spec.nested.deep}}{{value}}{{/with}}', cr)).toBe('deep');
    expect(resolveString('{{#spec.tls}}tls{{/spec.tls}}{{^spec.missing}}-none{{/spec.missing}}', cr)).toBe('tls-none');
    expect(resolveString('{{#spec.items}}[{{name}}]{{/spec.items}}', cr)).toBe('[one][two]');
    expect(resolveString('{{#if spec.missing}}a{{else if spec.tls}}b{{else}}c{{/if}}', cr)).toBe('b');
  });
});

describe('prototype access is blocked', () => {
  const cr = storefront();

  it.each([
    'constructor',
    '__proto__',
    'toString',
    'spec.constructor',
    'spec.__proto__',
    'spec.hasOwnProperty',
    'spec.list.map',
    'spec.image.constructor',
    'constructor.name',
  ])('{{%s}} is a missing path', (path) => {
    expect(errorOf(() => resolveString(`{{${path}}}`, cr)).path).toBe(path);
    expect(errorOf(() => resolveString(`x{{#if spec.tls}}{{${path}}}{{/if}}`, cr)).path).toBe(path);
    expect(resolveString(`{{#if ${path}}}yes{{else}}no{{/if}}`, cr)).toBe('no');
  });

  it('still reads own properties that share a name with a prototype member', () => {
    const odd = JSON.parse(
      '{"kind":"X","metadata":{"name":"n"},"spec":{"constructor":"c","toString":"t","__proto__":"p","length":7}}',
    ) as object;
    expect(resolveString('{{spec.constructor}}-{{spec.toString}}-{{spec.__proto__}}-{{spec.length}}', odd)).toBe(
      'c-t-p-7',
    );
    expect(resolveString('{{#if spec.tls}}{{/if}}{{spec.constructor}}', odd)).toBe('c');
    expect(resolveString('{{spec.list.length}} {{spec.image.length}}', storefront())).toBe('2 10');
  });

  it('has no lookup, log or partials', () => {
    expect(errorOf(() => compileTemplate('{{lookup spec "image"}}')).message).toContain('unknown helper "lookup"');
    expect(errorOf(() => compileTemplate('{{log spec.image}}')).message).toContain('unknown helper "log"');
    expect(errorOf(() => compileTemplate('{{> secrets}}')).message).toContain(
      'partials ({{> name}}) are not supported',
    );
    expect(errorOf(() => compileTemplate('{{#*inline "x"}}y{{/inline}}')).message).toContain('decorators');
    expect(errorOf(() => compileTemplate('a {{{{raw}}}}{{x}}{{{{/raw}}}}')).problems[0]).toMatchObject({
      message: 'raw blocks ({{{{name}}}}) are not supported',
      column: 3,
    });
  });
});

describe('compiling', () => {
  it('reports every syntax error at once, each with its field, line and column', () => {
    const engine = createTemplateEngine();
    const err = errorOf(() =>
      engine.compile(
        {
          image: '{{spec.image}',
          env: [{ value: 'ok' }, { value: 'line one\n  {{#if spec.tls}}x' }],
          fine: '{{spec.env}}',
        },
        { field: 'deployments[0]' },
      ),
    );
    expect(err.object).toBeUndefined();
    expect(err.problems).toHaveLength(2);
    expect(err.problems[0]).toMatchObject({ field: 'deployments[0].image', line: 1, column: 13 });
    expect(err.problems[0]!.message).toContain('syntax error: unexpected character, expected "}}"');
    expect(err.problems[0]!.message).toContain('in "{{spec.image}"');
    expect(err.problems[1]).toMatchObject({ field: 'deployments[0].env[1].value', line: 2 });
  });

  it('maps syntax error positions back through Go-style spellings', () => {
    const err = errorOf(() => resolveString('{{spec.ports[0]}} {{spec.x[1] }', storefront()));
    expect(err.line).toBe(1);
    expect(err.column).toBe(31);
  });

  it('reports unknown helpers, wrong arity, blocks and literals', () => {
    const engine = createTemplateEngine();
    const err = errorOf(() =>
      engine.compile({
        a: '{{uper spec.image}}',
        b: '{{default spec.x}}',
        c: '{{#upper spec.x}}{{/upper}}',
        d: '{{"text"}}',
        e: '{{#each spec.items}}{{../../x}}{{/each}}',
        f: '{{@foo}}',
        g: '{{trunc spec.x length=3}}',
        h: '{{ .spec.replicas | default 1 }}',
        i: '{{if spec.x}}',
      }),
    );
    expect(err.problems.map((p) => [p.field, p.message])).toEqual([
      ['a', 'unknown helper "uper"'],
      ['b', 'default takes 2 arguments, got 1'],
      ['c', 'upper is not a block helper: write {{upper …}}'],
      ['d', 'a literal cannot be a mustache'],
      ['e', '../../x goes above the CR'],
      ['f', 'unknown data variable @foo'],
      ['g', 'trunc takes positional arguments only, not key=value'],
      ['h', expect.stringContaining('syntax error')],
      ['i', 'if is a block helper: write {{#if …}}…{{/if}}'],
    ]);
    expect(err.problems[0]!.hint).toBe('did you mean upper?');
    expect(err.problems[7]!.hint).toContain('pipes (|) are Go-template syntax');
  });

  it('compiles each distinct string once; resolving never compiles again', () => {
    const engine = createTemplateEngine();
    const cr = storefront();
    const source = {
      a: '{{metadata.name}}',
      b: '{{metadata.name}}',
      c: ['{{#if spec.tls}}x{{/if}}', 'static'],
      d: '{{spec.replicas}}',
    };
    const compiled = engine.compile(source);
    expect(engine.stats.compiles).toBe(3);
    for (let i = 0; i < 50; i++) compiled.resolve(cr);
    for (let i = 0; i < 50; i++) engine.resolve(source, cr);
    for (let i = 0; i < 50; i++) engine.resolveString('{{metadata.name}}', cr);
    expect(engine.stats.compiles).toBe(3);
  });

  it('prepares a source object once for every check and compile of it, whatever the cache holds', () => {
    const engine = createTemplateEngine({ cacheSize: 1 });
    const source = { a: '{{metadata.name}}-a', b: '{{spec.image}}-b', c: ['{{spec.env}}-c'] };
    expect(engine.check(source, { field: 'x' })).toEqual([]);
    const schema = { type: 'object', properties: { metadata: { type: 'object' } } };
    expect(engine.check(source, { field: 'x', schema }).map((p) => p.path)).toEqual(['spec.image', 'spec.env']);
    expect(engine.check(source, { field: 'x' })).toEqual([]); // the schema's problems are not kept with the tree
    engine.compile(source, { field: 'x' }).resolve(storefront());
    expect(engine.stats.compiles).toBe(3);
    engine.compile({ ...source }, { field: 'x' }); // another object: prepared again
    expect(engine.stats.compiles).toBe(6);
  });

  it('shares the path reads of prepared strings: a thousand strings reading metadata.name hold one read', () => {
    const helpers = new Map(BUILTIN_HELPERS.map((h) => [h.name, h]));
    const strings = Array.from({ length: 1000 }, (_, i) => `{{metadata.name}}-${i}`);
    const reads = new Set(strings.map((t) => (prepareTemplate(t, helpers, 'value').body[0] as { expr: unknown }).expr));
    expect(reads.size).toBe(1);
  });

  it('keeps the cache bounded', () => {
    const engine = createTemplateEngine({ cacheSize: 10 });
    const cr = storefront();
    for (let i = 0; i < 30; i++) engine.resolveString(`{{metadata.name}}-${i}`, cr);
    expect(engine.stats.cacheSize).toBe(10);
    engine.resolveString('{{metadata.name}}-29', cr);
    expect(engine.stats.compiles).toBe(30);
    engine.resolveString('{{metadata.name}}-0', cr);
    expect(engine.stats.compiles).toBe(31);
  });

  it('drops the least recently used strings first', () => {
    const engine = createTemplateEngine({ cacheSize: 3 });
    const cr = storefront();
    for (const t of ['{{spec.env}}a', '{{spec.env}}b', '{{spec.env}}c']) engine.resolveString(t, cr);
    engine.resolveString('{{spec.env}}a', cr);
    engine.resolveString('{{spec.env}}d', cr);
    expect(engine.stats.compiles).toBe(4);
    engine.resolveString('{{spec.env}}a', cr);
    expect(engine.stats.compiles).toBe(4);
    engine.resolveString('{{spec.env}}b', cr);
    expect(engine.stats.compiles).toBe(5);
  });

  it('refuses values a source cannot hold', () => {
    const err = errorOf(() => createTemplateEngine().compile({ a: () => 1, b: new Date(0) }));
    expect(err.problems.map((p) => p.field)).toEqual(['a', 'b']);
    expect(err.problems[0]!.message).toContain('not a function');
  });

  it('omits map keys whose value resolves to undefined', () => {
    expect(resolveTemplate({ a: '{{default spec.missing undefined}}', b: 1, c: undefined }, storefront())).toEqual({
      b: 1,
    });
  });

  it('needs a CR object', () => {
    expect(() => resolveTemplate({ a: '{{x}}' }, null as unknown as object)).toThrow(TypeError);
    expect(() => resolveString('{{x}}', 'cr' as unknown as object)).toThrow(TypeError);
  });
});

describe('sensitive sources (Secret data)', () => {
  const secret = { ...storefront(), spec: { password: 's3cr3t-value', list: ['s3cr3t-item'], bad64: 'not base64!' } };

  it('never puts CR values in errors', () => {
    const messages = [
      errorOf(() => resolveString('{{spec.list}} and text', secret)),
      errorOf(() => resolveString('{{spec.password.x}}', secret)),
      errorOf(() => resolveString('{{b64dec spec.bad64}}', secret)),
      errorOf(() => resolveString('{{trunc spec.password spec.password}}', secret)),
      errorOf(() => resolveString('{{lt spec.password 3}}', secret)),
      errorOf(() => resolveString('{{upper spec.list}}', secret)),
    ].map((e) => e.message + JSON.stringify(e.problems));
    for (const m of messages) {
      expect(m).not.toContain('s3cr3t');
      expect(m).not.toContain('not base64!');
    }
  });

  it('leaves template text and helper messages out of errors', () => {
    const engine = createTemplateEngine({
      helpers: {
        leaky: () => {
          throw new Error('boom with hunter2');
        },
      },
    });
    const compileErr = errorOf(() =>
      engine.compile({ data: { password: 'hunter2{{spec.password' } }, { sensitive: true }),
    );
    expect(compileErr.message).not.toContain('hunter2');
    expect(compileErr.field).toBe('data.password');
    const runErr = errorOf(() =>
      engine.resolve({ data: { token: '{{leaky spec.password}}' } }, secret, { sensitive: true }),
    );
    expect(runErr.message).toBe('template error in Storefront shop/web: data.token: helper leaky failed');
    const plainErr = errorOf(() => engine.resolve({ data: { token: '{{leaky spec.password}}' } }, secret));
    expect(plainErr.message).toContain('helper leaky failed: boom with hunter2');
    expect(errorOf(() => engine.compile({ a: 'hunter2{{x' })).message).toContain('hunter2');
  });
});

describe('the environment', () => {
  it('gives templates the CR and nothing else', () => {
    const cr = storefront();
    for (const path of [
      'process.env.HOME',
      'require',
      'globalThis',
      'constructor.constructor',
      'spec.list.constructor.constructor',
    ]) {
      expect(errorOf(() => resolveString(`{{${path}}}`, cr)).path).toBe(path);
    }
    expect(errorOf(() => compileTemplate('{{import "fs"}}')).message).toContain('unknown helper "import"');
  });
});
