/**
 * `forEach`: the items a child template repeats over — a list or a map of the CR, read by a dotted path.
 * Children are told apart by what the template makes of each item (their names), not by position, so
 * reordering a list changes no child and a removed item's child is pruned like any undesired child.
 */
import { type OwnerObject, ValidationError } from '@orkestra/core';

/** One item of a forEach: its value, position, map key (the position, as text, for a list) and CR path. */
export interface ForEachItem {
  value: unknown;
  index: number;
  key: string;
  /** `spec.databases[1]` or `spec.databases.main`: how messages name the item. */
  path: string;
}

/**
 * The items at `path` of `cr`. An absent path (or `null`) has no items — like a `when` that does not hold;
 * anything but a list or a map is a {@link ValidationError} at `<field>.forEach`.
 */
export function forEachItems(cr: OwnerObject, path: string, field: string): ForEachItem[] {
  let value: unknown = cr;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object' || Array.isArray(value) || !Object.hasOwn(value, part)) return [];
    value = (value as Record<string, unknown>)[part];
  }
  if (value === null || value === undefined) return [];
  if (Array.isArray(value))
    return value.map((v, index) => ({ value: v, index, key: String(index), path: `${path}[${index}]` }));
  if (typeof value === 'object')
    return Object.entries(value).map(([key, v], index) => ({ value: v, index, key, path: `${path}.${key}` }));
  throw new ValidationError(
    {
      path: `${field}.forEach`,
      message: `${path} is ${JSON.stringify(value)}, not a list or a map`,
      hint: `make ${path} a list or a map in the CR, or point forEach at one`,
    },
    { object: { kind: cr.kind, namespace: cr.metadata.namespace, name: cr.metadata.name } },
  );
}
