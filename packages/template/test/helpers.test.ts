import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { createTemplateEngine, resolveString, TemplateError } from '../src/index.js';
import { storefront } from './fixtures.js';

const cr = storefront();
const s = (template: string, data: object = cr) => resolveString(template, data);

function failure(template: string, data: object = cr): TemplateError {
  try {
    resolveString(template, data);
  } catch (err) {
    expect(err).toBeInstanceOf(TemplateError);
    return err as TemplateError;
  }
  throw new Error(`expected ${template} to fail`);
}

describe('built-in helpers', () => {
  it('default', () => {
    expect(s('{{default spec.replicas 1}}')).toBe(3);
    expect(s('{{default spec.missing 1}}')).toBe(1);
    expect(s('{{default spec.zero 1}}')).toBe(0);
    expect(s('image={{default spec.missing "nginx"}}')).toBe('image=nginx');
  });

  it('required, with a message', () => {
    expect(s('{{required spec.image "spec.image must be set"}}')).toBe('nginx:1.27');
    const err = failure('{{required spec.imagee "spec.image must be set"}}');
    expect(err.message).toBe('template error in Storefront shop/web: spec.image must be set');
    expect(err.path).toBe('spec.imagee');
    expect(failure('{{required spec.empty}}').message).toContain('spec.empty is required');
    expect(failure('{{#if spec.tls}}{{required spec.nullish "need it"}}{{/if}}').message).toContain('need it');
  });

  it('upper, lower, trim', () => {
    expect(s('{{upper spec.env}}')).toBe('PROD');
    expect(s('{{lower "MiXeD"}}')).toBe('mixed');
    expect(s('[{{trim "  padded \n"}}]')).toBe('[padded]');
    expect(s('{{upper spec.replicas}}')).toBe('3');
    expect(failure('{{upper spec.obj}}').message).toContain('upper: expects text, got an object');
  });

  it('trunc', () => {
    expect(s('{{trunc metadata.namespace 3}}')).toBe('sho');
    expect(s('{{trunc metadata.name 63}}')).toBe('web');
    expect(s('{{trunc "abcdef" -2}}')).toBe('ef');
    expect(s('{{trunc spec.unicode 3}}')).toBe('ünï');
    expect(failure('{{trunc spec.env "x"}}').message).toContain('trunc: expects a whole number, got a string');
  });

  it('replace', () => {
    expect(s('{{replace "a.b.c" "." "-"}}')).toBe('a-b-c');
    expect(s('{{replace spec.image ":" "@"}}')).toBe('nginx@1.27');
  });

  it('quote', () => {
    expect(s('{{quote spec.env}}')).toBe('"prod"');
    expect(s('{{quote spec.amp}}')).toBe(`"a&b<c>\\"d'"`);
    expect(s('{{quote spec.replicas}}')).toBe('"3"');
  });

  it('b64enc and b64dec', () => {
    expect(s('{{b64enc "user:pass"}}')).toBe('dXNlcjpwYXNz');
    expect(s('{{b64dec "dXNlcjpwYXNz"}}')).toBe('user:pass');
    expect(s('{{b64dec (b64enc spec.unicode)}}')).toBe('ünï ✓');
    expect(failure('{{b64dec "***"}}').message).toContain('b64dec: the value is not valid base64');
  });

  it('toJson', () => {
    expect(s('{{toJson spec.obj}}')).toBe('{"a":1,"b":[true,null]}');
    expect(s('{{toJson spec.env}}')).toBe('"prod"');
    expect(s('args: {{toJson spec.list}}')).toBe('args: ["a","b"]');
  });

  it('sha256, for checksum annotations that roll a Deployment when its config changes', () => {
    const hex = (text: string) => createHash('sha256').update(text).digest('hex');
    expect(s('{{sha256 "abc"}}')).toBe(hex('abc'));
    expect(s('{{sha256 (toJson spec.config)}}')).toBe(hex('{"theme":"dark","currency":"EUR"}'));
    expect(s('{{sha256 spec.config}}')).toBe(hex('{"theme":"dark","currency":"EUR"}'));
    const changed = { ...cr, spec: { ...cr.spec, config: { theme: 'light', currency: 'EUR' } } };
    expect(s('{{sha256 (toJson spec.config)}}', changed)).not.toBe(s('{{sha256 (toJson spec.config)}}'));
  });

  it('join', () => {
    expect(s('{{join spec.list ", "}}')).toBe('a, b');
    expect(s('{{join spec.ports}}')).toBe('8080,8443');
    expect(failure('{{join spec.env}}').message).toContain('join: expects a list, got a string');
    expect(failure('{{join spec.items}}').message).toContain('join: expects text, got an object');
  });

  it('eq, ne', () => {
    expect(s('{{eq spec.env "prod"}}')).toBe(true);
    expect(s('{{eq spec.replicas 3}}')).toBe(true);
    expect(s('{{eq spec.replicas "3"}}')).toBe(false);
    expect(s('{{eq spec.list spec.list}}')).toBe(true);
    expect(s('{{ne spec.env "dev"}}')).toBe(true);
    expect(s('{{#if (eq spec.env "prod")}}live{{/if}}')).toBe('live');
  });

  it('lt, gt', () => {
    expect(s('{{lt spec.replicas 5}}')).toBe(true);
    expect(s('{{gt spec.replicas 5}}')).toBe(false);
    expect(s('{{gt "b" "a"}}')).toBe(true);
    expect(failure('{{lt spec.replicas "5"}}').message).toContain(
      'lt: compares two numbers or two strings, got a number and a string',
    );
  });

  it('and, or, not', () => {
    expect(s('{{and spec.tls spec.replicas}}')).toBe(true);
    expect(s('{{and spec.tls spec.zero}}')).toBe(false);
    expect(s('{{or spec.falsy spec.empty spec.env}}')).toBe(true);
    expect(s('{{not spec.list}}')).toBe(false);
    expect(s('{{not spec.empty}}')).toBe(true);
    expect(s('{{#if (and spec.tls (or (eq spec.env "prod") (eq spec.env "staging")))}}ok{{/if}}')).toBe('ok');
  });
});

describe('user helpers', () => {
  it('registers helpers at creation and later', () => {
    const engine = createTemplateEngine({
      helpers: {
        initials: (v) =>
          String(v)
            .split('-')
            .map((w) => w[0])
            .join(''),
      },
    });
    expect(engine.resolveString('{{initials "big-red-dog"}}', cr)).toBe('brd');
    engine.registerHelper('twice', (v) => `${String(v)}${String(v)}`);
    expect(engine.resolveString('{{twice metadata.name}}', cr)).toBe('webweb');
    expect(engine.resolveString('{{#if spec.tls}}{{twice (initials "a-b")}}{{/if}}', cr)).toBe('abab');
    expect(engine.resolveString('{{twice spec.replicas}}', cr)).toBe('33');
  });

  it('gets positional arguments only and may return any type', () => {
    const seen: unknown[][] = [];
    const engine = createTemplateEngine({
      helpers: {
        args: (...a) => {
          seen.push(a);
          return { count: a.length };
        },
      },
    });
    expect(engine.resolveString('{{args spec.replicas "x" true}}', cr)).toEqual({ count: 3 });
    expect(seen).toEqual([[3, 'x', true]]);
  });

  it('refuses bad and built-in names', () => {
    const engine = createTemplateEngine();
    expect(() => engine.registerHelper('default', () => 1)).toThrow(/taken by a built-in/);
    expect(() => engine.registerHelper('if', () => 1)).toThrow(/taken by a built-in/);
    expect(() => engine.registerHelper('bad-name', () => 1)).toThrow(/not valid/);
    engine.registerHelper('mine', () => 1);
    expect(() => engine.registerHelper('mine', () => 2)).toThrow(/already registered/);
  });

  it('turns a thrown error or a Promise into a TemplateError naming the helper', () => {
    const engine = createTemplateEngine({
      helpers: {
        broken: () => {
          throw new Error('no luck');
        },
        later: () => Promise.resolve(1),
      },
    });
    expect(() => engine.resolve({ a: '{{broken}}' }, cr)).toThrow('a: helper broken failed: no luck');
    expect(() => engine.resolveString('{{later}}', cr)).toThrow('helper later returned a Promise');
  });

  it('makes a path that was a helper name a helper call, for templates compiled afterwards', () => {
    const engine = createTemplateEngine();
    const data = { ...cr, stamp: 'from-cr' };
    expect(engine.resolveString('{{stamp}}', data)).toBe('from-cr');
    engine.registerHelper('stamp', () => 'from-helper');
    expect(engine.resolveString('{{stamp}}', data)).toBe('from-helper');
    expect(engine.resolveString('{{this.stamp}}', data)).toBe('from-cr');
  });
});
