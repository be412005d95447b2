/**
 * The CEL rules of `immutable: true`. What it means: a field set when the object is created, or first set by a
 * later update, keeps that value for the life of the object — it can be neither changed nor removed (removing it
 * and setting it again with another value is a change). A field never set may be set once, later.
 *
 * A rule on the field itself (`self == oldSelf`) cannot say that: Kubernetes evaluates a transition rule only when
 * the field is there before and after, so removing the field, then setting it again, passes. The rule is therefore
 * written on the nearest object that is there on both sides of an update — the schema's root (the spec), or an
 * item of a list or map (the API server pairs an item with its old self by its key, when it can) — naming the
 * field by its path from there: `!has(oldSelf.f) || has(self.f) && self.f == oldSelf.f`, with `fieldPath` set so
 * that the refusal names the field. A root, a list's item or a map's value that is itself immutable keeps
 * `self == oldSelf`: there is nothing above it to hold the rule.
 */
import { celPropertyName as celName } from './cel-rules.js';
import type { CelRule, OpenApiSchema } from './owner-api.js';

/** `.a.b`, or `['a-b']` for a name that is not an identifier: a rule's `fieldPath`. */
function fieldPath(chain: readonly string[]): string {
  return chain.map((n) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(n) ? `.${n}` : `['${n.replace(/'/g, "\\'")}']`)).join('');
}

/** `has(x.a) && has(x.a.b)`: every step of the chain is there. */
function present(root: 'self' | 'oldSelf', chain: readonly string[]): string {
  return chain
    .map(
      (_, i) =>
        `has(${root}.${chain
          .slice(0, i + 1)
          .map(celName)
          .join('.')})`,
    )
    .join(' && ');
}

/** The rule, on the object the chain starts at, that keeps the field at the end of `chain` once set. */
export function immutableRule(chain: readonly string[]): CelRule {
  const path = chain.map(celName).join('.');
  const name = chain.join('.');
  return {
    rule: `!(${present('oldSelf', chain)}) || ${present('self', chain)} && self.${path} == oldSelf.${path}`,
    message: `${name} is immutable: once set, it can be neither changed nor removed`,
    fieldPath: fieldPath(chain),
  };
}

function addRule(node: OpenApiSchema, rule: CelRule): void {
  node['x-kubernetes-validations'] = [...(node['x-kubernetes-validations'] ?? []), rule];
}

/**
 * Adds the rules of the immutable fields (`isImmutable`) of `schema`, in place: each on the nearest object above
 * it that is there on both sides of an update (see the module's comment).
 */
export function immutableRules(schema: OpenApiSchema, isImmutable: (node: OpenApiSchema) => boolean): void {
  const boundary = (top: OpenApiSchema) => {
    if (isImmutable(top)) addRule(top, { rule: 'self == oldSelf', message: 'the value is immutable' });
    const visit = (node: OpenApiSchema, chain: readonly string[]) => {
      for (const [name, child] of Object.entries(node.properties ?? {})) {
        const at = [...chain, name];
        if (isImmutable(child)) addRule(top, immutableRule(at));
        visit(child, at);
      }
      if (node.items) boundary(node.items);
      if (typeof node.additionalProperties === 'object') boundary(node.additionalProperties);
    };
    visit(top, []);
  };
  boundary(schema);
}
