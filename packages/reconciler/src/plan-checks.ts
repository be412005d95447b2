/**
 * The checks of a plan that need no request: where each child may live, and that no two children are the
 * same object. They run while planning, so a CR with any child that fails them gets no write at all — not
 * even for its valid siblings.
 */
import {
  ANY_KIND,
  assertOwnable,
  type OwnerObject,
  type ResolvedSpec,
  type ResourceHandler,
  ValidationError,
} from '@orkestra/core';
import { childKindOf } from '@orkestra/core/internal';
import type { KindScopes, PlannedChild, PlanProblem } from './plan.js';

/**
 * Whether a child of `handler` of `apiVersion`/`kind` is cluster-scoped: the handler says, or for a handler of
 * any kind `scopes` (the client's registry: built-in kinds, discovery, CRDs) does; a kind it does not know is
 * taken as namespaced. The one rule planning and the analysis of a configuration share.
 */
export function isClusterScoped(
  handler: ResourceHandler<unknown, ResolvedSpec>,
  apiVersion: string,
  kind: string,
  scopes: KindScopes | undefined,
): boolean {
  return handler.kind === ANY_KIND ? scopes?.lookup(apiVersion, kind)?.namespaced === false : !handler.namespaced;
}

/**
 * Splits planned children into those that pass the placement and uniqueness checks and the problems of those
 * that do not: a namespaced owner's child in another namespace, or of a cluster-scoped kind (see core's
 * `assertOwnable`); a second child that is the same object (kind, namespace and name) as an earlier one.
 * The scope of a handler of any kind's child is known only from discovery: `scopes` (the client's registry)
 * tells; a kind it does not know is taken as namespaced, and only the namespace is checked.
 */
export function checkPlacement(
  owner: OwnerObject,
  children: readonly PlannedChild[],
  scopes?: KindScopes,
): { children: PlannedChild[]; problems: PlanProblem[] } {
  const ok: PlannedChild[] = [];
  const problems: PlanProblem[] = [];
  const seen = new Map<string, string>();
  for (const child of children) {
    const { handler, spec, handlerKey, phase, index, field, item } = child;
    const ref = { handlerKey, phase, index, field, ...(item !== undefined ? { item } : {}) };
    const label = item !== undefined ? `${field} (item ${item})` : field;
    const { apiVersion, kind } = childKindOf(handler, spec);
    const clusterScoped = isClusterScoped(handler, apiVersion, kind, scopes);
    const namespace = clusterScoped ? undefined : (spec.namespace ?? owner.metadata.namespace);
    try {
      assertOwnable(owner, { kind, name: spec.name, namespace, clusterScoped });
    } catch (error) {
      problems.push({ ...ref, error: withField(error, field) });
      continue;
    }
    // onDelete children are planned apart from the others: only children of one phase group can collide.
    const key = `${apiVersion}/${kind}/${namespace ?? ''}/${spec.name}`;
    const first = seen.get(key);
    if (first !== undefined) {
      problems.push({
        ...ref,
        error: new ValidationError(
          {
            path: `${field}.name`,
            message:
              `${item !== undefined ? `(item ${item}) ` : ''}is the same ${kind} as ${first}: ` +
              `both are named ${JSON.stringify(spec.name)}`,
            hint:
              item !== undefined
                ? 'give each item its own identity (e.g. a unique item.name) and build the child name from it'
                : 'give each child its own name',
          },
          { object: { kind, namespace, name: spec.name } },
        ),
      });
      continue;
    }
    seen.set(key, label);
    ok.push(child);
  }
  return { children: ok, problems };
}

/**
 * The placement error with the child template's field path in front of its own (`services.onReconcile[0].namespace`).
 */
function withField(error: unknown, field: string): unknown {
  if (!(error instanceof ValidationError)) return error;
  return new ValidationError(
    error.problems.map((p) => ({ ...p, path: `${field}.${p.path}` })),
    { object: error.object, cause: error },
  );
}
