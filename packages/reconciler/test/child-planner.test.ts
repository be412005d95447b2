/**
 * The planner's memo: a CR is planned once per (uid, resourceVersion) and per planner, so a steady-state resync
 * resolves nothing. Counted with a spy on a real handler's `resolve` and an engine's counters.
 */
import { describe, expect, it } from '@jest/globals';
import * as configmaps from '@orkestra/configmaps';
import type { OwnerObject, ResolvedSpec, ResourceHandler } from '@orkestra/core';
import { createTemplateEngine } from '@orkestra/template';
import type { HandlerTemplates } from '../src/index.js';
import { ChildPlanner } from '../src/internal.js';

function counted(): { handler: ResourceHandler<unknown, ResolvedSpec>; calls: () => number } {
  let calls = 0;
  const real = configmaps.handler as unknown as ResourceHandler<unknown, ResolvedSpec>;
  const handler = {
    ...real,
    resolve: (src: unknown, owner: string) => {
      calls++;
      return real.resolve(src, owner);
    },
  };
  return { handler, calls: () => calls };
}

const resources: Record<string, HandlerTemplates> = {
  configmaps: {
    onReconcile: [
      { name: '{{metadata.name}}-cfg', data: { greeting: '{{spec.greeting}}' } },
      { name: '{{metadata.name}}-tls', when: '{{spec.tls}}', data: { on: 'yes' } },
    ],
    onDelete: [{ name: '{{metadata.name}}-bye', data: { at: 'delete' } }],
  },
};

function website(
  name: string,
  greeting: string,
  meta: Record<string, string> = { uid: `uid-${name}`, resourceVersion: '1' },
): OwnerObject {
  return {
    apiVersion: 'example.com/v1',
    kind: 'Website',
    metadata: { name, namespace: 'shop', ...meta } as OwnerObject['metadata'],
    spec: { greeting },
  };
}

function planner() {
  const { handler, calls } = counted();
  const engine = createTemplateEngine();
  let whens = 0;
  const real = engine.compileWhen.bind(engine);
  engine.compileWhen = (w) => {
    const p = real(w);
    return (cr) => {
      whens++;
      return p(cr);
    };
  };
  return {
    planner: new ChildPlanner(resources, new Map([[handler.key, handler]]), engine),
    resolves: calls,
    whens: () => whens,
  };
}

describe('ChildPlanner memo', () => {
  it('resolves an unchanged CR once: later plans evaluate no template and call no resolve', () => {
    const { planner: p, resolves, whens } = planner();
    const cr = website('a', 'hello');
    const first = p.resolve(cr);
    expect(first.children.map((c) => c.spec.name)).toEqual(['a-cfg']);
    expect(resolves()).toBe(1);
    const evaluated = whens();
    for (let i = 0; i < 10; i++) expect(p.resolve(cr)).toEqual(first);
    expect(resolves()).toBe(1);
    expect(whens()).toBe(evaluated);
    // The same version as another object (an informer relist): still memoised.
    expect(p.resolve(website('a', 'hello'))).toEqual(first);
    expect(resolves()).toBe(1);
  });

  it('plans again for a new resourceVersion or a new uid, and after forget', () => {
    const { planner: p, resolves } = planner();
    p.resolve(website('a', 'hello'));
    const changed = p.resolve(website('a', 'bonjour', { uid: 'uid-a', resourceVersion: '2' }));
    expect(resolves()).toBe(2);
    expect((changed.children[0]!.spec as { data?: Record<string, string> }).data).toEqual({ greeting: 'bonjour' });
    p.resolve(website('a', 'bonjour', { uid: 'uid-a2', resourceVersion: '2' }));
    expect(resolves()).toBe(3);
    expect(p.memoSize).toBe(1);
    p.forget('shop/a');
    expect(p.memoSize).toBe(0);
    p.resolve(website('a', 'bonjour', { uid: 'uid-a2', resourceVersion: '2' }));
    expect(resolves()).toBe(4);
  });

  it('keeps one entry per CR, and plans per phases', () => {
    const { planner: p, resolves } = planner();
    for (let i = 0; i < 5; i++)
      for (let rv = 1; rv <= 3; rv++) p.resolve(website(`s${i}`, 'x', { uid: `u${i}`, resourceVersion: String(rv) }));
    expect(p.memoSize).toBe(5);
    expect(resolves()).toBe(15);
    const cr = website('s0', 'x', { uid: 'u0', resourceVersion: '3' });
    expect(p.resolve(cr, ['onDelete']).children.map((c) => c.spec.name)).toEqual(['s0-bye']);
    expect(p.resolve(cr, ['onDelete']).children.map((c) => c.spec.name)).toEqual(['s0-bye']);
    expect(p.resolve(cr).children.map((c) => c.spec.name)).toEqual(['s0-cfg']);
    expect(resolves()).toBe(16);
  });

  it('memoises problems too, and never a CR without uid or resourceVersion', () => {
    const { planner: p, resolves } = planner();
    const bad = { ...website('b', 'x'), spec: {} };
    expect(p.resolve(bad).problems).toHaveLength(1);
    expect(p.resolve(bad).problems).toHaveLength(1);
    const fromFile = website('c', 'x', {});
    p.resolve(fromFile);
    p.resolve(fromFile);
    expect(resolves()).toBe(2);
    expect(p.memoSize).toBe(1);
  });

  it('stays bounded: past 16,384 CRs the oldest tenth is dropped, the newest stay memoised', () => {
    const { planner: p, resolves } = planner();
    for (let i = 0; i <= 16_384; i++) p.resolve(website(`c${i}`, 'x'));
    expect(p.memoSize).toBe(16_384 - Math.ceil(16_384 / 10) + 1);
    const before = resolves();
    p.resolve(website('c16384', 'x'));
    p.resolve(website('c16000', 'x'));
    expect(resolves()).toBe(before);
    p.resolve(website('c0', 'x'));
    expect(resolves()).toBe(before + 1);
  });

  it('returns lists a caller may change without changing the memo', () => {
    const { planner: p } = planner();
    const cr = website('a', 'hello');
    p.resolve(cr).children.pop();
    expect(p.resolve(cr).children).toHaveLength(1);
  });

  it('deep-freezes the specs it shares, so a handler may remember its answer for them', () => {
    const { planner: p } = planner();
    const { spec } = p.resolve(website('a', 'hello')).children[0]!;
    expect(Object.isFrozen(spec)).toBe(true);
    expect(Object.isFrozen((spec as unknown as { data: object }).data)).toBe(true);
    expect(() => {
      (spec as { name: string }).name = 'other';
    }).toThrow(TypeError);
    expect(p.resolve(website('a', 'hello')).children[0]!.spec).toBe(spec);
  });
});
