/**
 * The values a configuration writes literally — no `{{…}}` in them — are the same for every CR, so whatever
 * the handler's own `resolve` refuses in them (`port: eighty`, a name that is not a DNS label, `length: "long"`)
 * would be refused for every CR: they are checked once, before any CR exists, by that very `resolve`. So is
 * a string mixing literal text and templates whose literal part no value can make valid
 * (`"{{metadata.name}}_Web!"` as a name), and the place of a child: a literal namespace other than the one the
 * owners live in, or a cluster-scoped child of a namespaced owner (planning's rule, {@link isClusterScoped}).
 *
 * A templated value is left out before `resolve` runs, and a problem about it (or about the fields around it)
 * is not reported: only a CR can tell whether it is right.
 */
import { type FieldProblem, type ResolvedSpec, type ResourceHandler, ValidationError } from '@orkestra/core';
import { templateKindOf } from '@orkestra/core/internal';
import { childSource } from '../child-source.js';
import { childTemplates } from '../child-templates.js';
import type { HandlerTemplates, OwnerKind } from '../config.js';
import type { KindScopes } from '../plan.js';
import { isClusterScoped } from '../plan-checks.js';
import type { ProblemList } from './problems.js';

/** An owner name for `resolve`: valid wherever a name is, so only the configuration's own values can be wrong. */
const SAMPLE_OWNER = 'owner';
/** What a template's expressions are replaced with to learn whether its literal part can be valid at all. */
const SAMPLES = ['x', ''] as const;

type Handler = ResourceHandler<unknown, ResolvedSpec>;

/** A templated string of a source, and where it is. */
interface Templated {
  path: string;
  /** The keys to it (a key may hold a dot: `data["index.html"]`). */
  keys: readonly (string | number)[];
  template: string;
}

/** The source with every templated string left out (`undefined`), and those strings. */
function withoutTemplates(
  value: unknown,
  path: string,
  templated: Templated[],
  keys: readonly (string | number)[] = [],
): unknown {
  if (typeof value === 'string') {
    if (!value.includes('{{')) return value;
    templated.push({ path, keys, template: value });
    return undefined;
  }
  if (Array.isArray(value))
    return value.map((item, i) => withoutTemplates(item, `${path}[${i}]`, templated, [...keys, i]));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        withoutTemplates(v, path ? `${path}.${k}` : k, templated, [...keys, k]),
      ]),
    );
  }
  return value;
}

function within(inner: string, outer: string): boolean {
  return inner === outer || inner.startsWith(`${outer}.`) || inner.startsWith(`${outer}[`);
}

/** True when a problem at `path` may come from a templated value (the value itself, inside it, or around it). */
function nearTemplate(path: string, templated: readonly Templated[]): boolean {
  if (path === '') return templated.length > 0;
  return templated.some(({ path: t }) => within(path, t) || within(t, path));
}

/**
 * The problems `resolve` reports for `source`: its own verdicts only (anything else it throws on a partial source says
 * nothing).
 */
function resolveProblems(handler: Handler, source: unknown): readonly FieldProblem[] {
  try {
    handler.resolve(source, SAMPLE_OWNER);
    return [];
  } catch (e) {
    return e instanceof ValidationError ? e.problems : [];
  }
}

/** `source` with the value at `keys` replaced by `value`. */
function replaceAt(source: unknown, keys: readonly (string | number)[], value: unknown): unknown {
  const copy = structuredClone(source) as Record<string | number, unknown>;
  let at = copy;
  for (const k of keys.slice(0, -1)) at = at[k] as Record<string | number, unknown>;
  at[keys.at(-1)!] = value;
  return copy;
}

/** `{{…}}` spans of a template string; a string that is one expression alone may give any type, and is skipped. */
const EXPRESSION = /\{\{[\s\S]*?\}\}/g;

/**
 * Strings mixing literal text and expressions that `resolve` refuses whatever the expressions give (tried with
 * a one-letter value and an empty one): `"{{metadata.name}}_Web!"` as a name.
 */
function impossibleTemplates(handler: Handler, literal: unknown, templated: readonly Templated[]): FieldProblem[] {
  const out: FieldProblem[] = [];
  for (const { path, keys, template } of templated) {
    if (template.replace(EXPRESSION, '').trim() === '') continue;
    let refused: FieldProblem | undefined;
    for (const sample of SAMPLES) {
      const found = resolveProblems(handler, replaceAt(literal, keys, template.replace(EXPRESSION, sample)));
      refused = found.find((p) => p.path === path);
      if (!refused) break;
    }
    if (refused)
      out.push({
        path,
        message: `is ${JSON.stringify(template)}, which no value of its {{…}} parts makes valid: ${refused.message}`,
        hint: refused.hint ?? 'fix the literal part of the template',
      });
  }
  return out;
}

/** Where the child may live: a literal namespace, or a cluster-scoped kind, against the owner's scope. */
function placementProblems(
  owner: OwnerKind,
  namespaces: readonly string[] | undefined,
  handler: Handler,
  source: Record<string, unknown>,
  scopes: KindScopes | undefined,
): FieldProblem[] {
  if (owner.namespaced === false) return [];
  let kind: { apiVersion: string; kind: string };
  try {
    kind = templateKindOf(handler, source);
  } catch {
    return []; // a templated kind: only a CR tells (the child-schema stage reports a missing one)
  }
  if (isClusterScoped(handler, kind.apiVersion, kind.kind, scopes)) {
    return [
      {
        path: '',
        message: `a ${kind.kind} is cluster-scoped and cannot be owned by the namespaced ${owner.kind}`,
        hint: 'use a cluster-scoped owner for cluster-scoped children',
      },
    ];
  }
  const namespace = source.namespace;
  if (typeof namespace !== 'string' || namespace === '' || namespace.includes('{{')) return [];
  const owners = namespaces ?? [];
  if (owners.length === 1 && owners[0] === namespace) return [];
  return [
    {
      path: 'namespace',
      message:
        `is ${JSON.stringify(namespace)} for every ${owner.kind}, but a child must live in its owner's namespace` +
        (owners.length ? ` (${owners.join(', ')})` : ''),
      hint:
        'Kubernetes does not allow owner references across namespaces; leave namespace out (children live in ' +
        "their owner's namespace)",
    },
  ];
}

/** What the literal stage reads of a configuration. */
interface LiteralConfiguration {
  owner: OwnerKind;
  namespaces?: readonly string[] | undefined;
  resources: Readonly<Record<string, HandlerTemplates>>;
}

/**
 * Every problem `resolve` and the placement rule find in the literal values of the child templates, into
 * `list`; a path already in `known` is not reported twice. Handlers that are stand-ins (no `resolve`) are skipped.
 */
export function checkLiteralValues(
  config: LiteralConfiguration,
  handlers: ReadonlyMap<string, Handler>,
  scopes: KindScopes | undefined,
  list: ProblemList,
  known: ReadonlySet<string>,
): void {
  for (const { handlerKey, field, template } of childTemplates(config.resources)) {
    const handler = handlers.get(handlerKey);
    if (typeof handler?.resolve !== 'function') continue;
    const at = `resources.${field}`;
    const found: FieldProblem[] = [];
    // The template part alone: when, forEach, readyWhen, id and dependsOn are the reconciler's, not the kind's.
    const source = childSource(template).source as Record<string, unknown>;
    found.push(...placementProblems(config.owner, config.namespaces, handler, source, scopes));
    const templated: Templated[] = [];
    const literal = withoutTemplates(source, '', templated);
    found.push(...resolveProblems(handler, literal).filter((p) => !nearTemplate(p.path, templated)));
    found.push(...impossibleTemplates(handler, literal, templated));
    list.addNew(
      found.map((p) => ({ ...p, path: p.path ? `${at}.${p.path}` : at })),
      known,
    );
  }
}
