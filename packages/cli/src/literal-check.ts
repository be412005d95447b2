/**
 * The values a katalog writes literally — no `{{…}}` in them — are the same for every CR, so whatever the
 * handler's own `resolve` refuses in them (`port: eighty`, a name that is not a DNS label, `length: "long"`)
 * would be refused for every CR: they are checked once, before any CR exists, by that very `resolve`. So is the
 * place of a child: a literal namespace other than the one the owners live in, or a cluster-scoped child of a
 * namespaced owner, which Kubernetes' owner references do not allow.
 *
 * A templated value is left out before `resolve` runs, and a problem about it (or about the fields around it)
 * is not reported: only a CR can tell whether it is right.
 */
import { ANY_KIND, ValidationError } from '@orkestra/core';
import { childSource, type Katalog, type KatalogEntry, PHASES, type YamlLocator } from '@orkestra/reconciler';
import type { Problem } from './exit-codes.js';
import type { AnyHandler } from './handlers.js';
import { childPath } from './template-check.js';

/** An owner name for `resolve`: valid wherever a name is, so only the katalog's own values can be wrong. */
const SAMPLE_OWNER = 'owner';

/** The source with every templated string left out (`undefined`), and the paths of those strings. */
function withoutTemplates(value: unknown, path: string, templated: string[]): unknown {
  if (typeof value === 'string') {
    if (!value.includes('{{')) return value;
    templated.push(path);
    return undefined;
  }
  if (Array.isArray(value)) return value.map((item, i) => withoutTemplates(item, `${path}[${i}]`, templated));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, withoutTemplates(v, path ? `${path}.${k}` : k, templated)]),
    );
  }
  return value;
}

/** True when a problem at `path` may come from a templated value (the value itself, inside it, or around it). */
function nearTemplate(path: string, templated: readonly string[]): boolean {
  if (path === '') return templated.length > 0;
  const within = (inner: string, outer: string) =>
    inner === outer || inner.startsWith(`${outer}.`) || inner.startsWith(`${outer}[`);
  return templated.some((t) => within(path, t) || within(t, path));
}

/** Where the child may live: a literal namespace, or a cluster-scoped kind, against the owner's scope. */
function placementProblems(
  entry: KatalogEntry,
  handler: AnyHandler,
  source: Record<string, unknown>,
): { path: string; message: string; hint: string }[] {
  if (entry.owner.namespaced === false || handler.kind === ANY_KIND) return [];
  if (!handler.namespaced) {
    return [
      {
        path: '',
        message: `a ${handler.kind} is cluster-scoped and cannot be owned by the namespaced ${entry.owner.kind}`,
        hint: 'use a cluster-scoped owner for cluster-scoped children',
      },
    ];
  }
  const namespace = source.namespace;
  if (typeof namespace !== 'string' || namespace === '' || namespace.includes('{{')) return [];
  const owners = entry.namespaces ?? [];
  if (owners.length === 1 && owners[0] === namespace) return [];
  return [
    {
      path: 'namespace',
      message: `is ${JSON.stringify(namespace)} for every ${entry.owner.kind}, but a child must live in its owner's namespace${owners.length ? ` (${owners.join(', ')})` : ''}`,
      hint: "Kubernetes does not allow owner references across namespaces; leave namespace out (children live in their owner's namespace)",
    },
  ];
}

/**
 * Every problem `resolve` and the placement rules find in the literal values of the katalog's child templates,
 * located in the katalog. Handlers that are stand-ins (no `resolve`) are skipped.
 */
export function checkLiteralValues(
  katalog: Katalog,
  handlers: ReadonlyMap<string, AnyHandler>,
  locator: YamlLocator | undefined,
): Problem[] {
  const problems: Problem[] = [];
  katalog.entries.forEach((entry, i) => {
    for (const [key, templates] of Object.entries(entry.resources)) {
      const handler = handlers.get(key);
      if (typeof handler?.resolve !== 'function') continue;
      for (const phase of PHASES) {
        (templates[phase] ?? []).forEach((item, j) => {
          const at = childPath(i, key, phase, j);
          const add = (p: { path: string; message: string; hint?: string | undefined }) => {
            const path = p.path ? `${at}.${p.path}` : at;
            problems.push({ path, message: p.message, hint: p.hint, location: locator?.locate(path) });
          };
          // The template part alone: when, forEach, readyWhen, id and dependsOn are the reconciler's, not the kind's.
          const source = childSource(item).source as Record<string, unknown>;
          placementProblems(entry, handler, source).forEach(add);
          const templated: string[] = [];
          const literal = withoutTemplates(source, '', templated);
          try {
            handler.resolve(literal, SAMPLE_OWNER);
          } catch (e) {
            // Only the handler's own verdicts; anything else it throws on a partial source says nothing.
            if (!(e instanceof ValidationError)) return;
            for (const p of e.problems) if (!nearTemplate(p.path, templated)) add(p);
          }
        });
      }
    }
  });
  return problems;
}
