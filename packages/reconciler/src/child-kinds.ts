/**
 * The kinds of a configuration's children: what the reconciler watches, prunes and asks permissions for.
 * A typed handler makes one kind; a handler of any kind (`@orkestra/manifests`) makes the kind each of its
 * templates names, read from the template before it is evaluated (see `ResourceHandler.kindOf`).
 */
import {
  type ChildKind,
  type FieldProblem,
  NotFoundError,
  OrkestraError,
  type ResolvedSpec,
  type ResourceHandler,
  type ResourceInfo,
  ValidationError,
} from '@orkestra/core';
import { kindKey as coreKindKey, templateKindOf } from '@orkestra/core/internal';
import type { HandlerTemplates } from './config.js';
import { PHASES, type Phase } from './plan.js';

/** One kind of child, with the handlers and templates that make it. */
export interface ChildKindUse extends ChildKind {
  /** Keys of the handlers making it, in configuration order. */
  handlerKeys: string[];
  /** Where it is named first: `resources.manifests.onReconcile[0]`. */
  field: string;
  /** The phases with templates of this kind, in {@link PHASES} order (none for a typed handler without templates). */
  phases: Phase[];
}

/** `apps/v1/StatefulSet`: how the reconciler keys kinds in memory (as core keys field structures). */
export function kindKey(kind: ChildKind): string {
  return coreKindKey(kind.apiVersion, kind.kind);
}

/**
 * Every kind the templates of `resources` make. Throws a {@link ValidationError} listing every template of a
 * handler of any kind whose apiVersion or kind is missing or templated.
 */
export function childKinds(
  resources: Readonly<Record<string, HandlerTemplates>>,
  handlers: ReadonlyMap<string, ResourceHandler<unknown, ResolvedSpec>>,
): ChildKindUse[] {
  const kinds = new Map<string, ChildKindUse>();
  const problems: FieldProblem[] = [];
  const use = (kind: ChildKind, handlerKey: string, field: string, phases: readonly Phase[]) => {
    let known = kinds.get(kindKey(kind));
    if (!known) kinds.set(kindKey(kind), (known = { ...kind, handlerKeys: [handlerKey], field, phases: [] }));
    else if (!known.handlerKeys.includes(handlerKey)) known.handlerKeys.push(handlerKey);
    for (const p of phases) if (!known.phases.includes(p)) known.phases.push(p);
    known.phases.sort((a, b) => PHASES.indexOf(a) - PHASES.indexOf(b));
  };
  for (const [key, templates] of Object.entries(resources)) {
    const handler = handlers.get(key);
    if (!handler) continue;
    if (!handler.kindOf) {
      const phases = PHASES.filter((p) => (templates[p]?.length ?? 0) > 0);
      use(templateKindOf(handler, undefined), key, `resources.${key}`, phases);
      continue;
    }
    for (const phase of PHASES) {
      (templates[phase] ?? []).forEach((template, index) => {
        const field = `resources.${key}.${phase}[${index}]`;
        try {
          use(templateKindOf(handler, template), key, field, [phase]);
        } catch (e) {
          if (!(e instanceof ValidationError)) throw e;
          problems.push(...e.problems.map((p) => ({ ...p, path: `${field}.${p.path}` })));
        }
      });
    }
  }
  if (problems.length > 0) throw new ValidationError(problems);
  return [...kinds.values()];
}

/**
 * How each kind is served (plural, scope): from the client's registry, or through discovery (one request per
 * apiVersion, cached). A kind the API server does not serve is an error naming it, where it is used, and the
 * CRD to install; every such kind is listed at once.
 */
export async function resolveChildKinds(
  kinds: readonly ChildKindUse[],
  resourceFor: (apiVersion: string, kind: string) => Promise<ResourceInfo>,
): Promise<Map<string, ResourceInfo & ChildKindUse>> {
  const out = new Map<string, ResourceInfo & ChildKindUse>();
  const missing: string[] = [];
  await Promise.all(
    kinds.map(async (k) => {
      try {
        out.set(kindKey(k), { ...k, ...(await resourceFor(k.apiVersion, k.kind)) });
      } catch (e) {
        if (!(e instanceof NotFoundError)) throw e;
        const group = k.apiVersion.includes('/') ? k.apiVersion.slice(0, k.apiVersion.indexOf('/')) : 'the core group';
        missing.push(
          `${k.field}: the API server does not serve kind ${k.kind} in ${k.apiVersion} — install the ` +
            `CustomResourceDefinition of ${k.kind} (group ${group}), or fix apiVersion and kind`,
        );
      }
    }),
  );
  if (missing.length > 0)
    throw new OrkestraError(
      'Config',
      missing.length === 1 ? missing[0]! : `${missing.length} kinds are not served:\n  - ${missing.join('\n  - ')}`,
    );
  return out;
}
