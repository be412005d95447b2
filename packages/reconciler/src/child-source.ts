/**
 * The template part of a child template: the item without its `when`, `forEach`, `readyWhen`, `id` and `dependsOn`. The
 * same item
 * always gives the same object, so the template engine, which keeps a source's prepared tree per source object,
 * prepares it once for every check and compile that reads it (`orkestra run` checks a katalog's templates, then
 * its reconcilers compile them, then checks them again against the installed CRDs).
 */
import type { ChildTemplate } from './config.js';

/** A child template split into its template source and its own settings. */
interface ChildSource {
  /** What the template engine compiles: the item without `when`, `forEach`, `readyWhen`, `id` and `dependsOn`. */
  readonly source: Readonly<Record<string, unknown>>;
  readonly when: ChildTemplate['when'];
  readonly forEach: ChildTemplate['forEach'];
  readonly readyWhen: ChildTemplate['readyWhen'];
}

const split = new WeakMap<ChildTemplate, ChildSource>();

/**
 * `item`'s template source and settings; the same object for the same item, for as long as the item lives.
 * Treat both as read-only: a changed item keeps its old split.
 *
 * @example
 * const { source, when } = childSource(katalog.entries[0].resources.deployments.onReconcile[0]);
 * engine.check(source, { field: 'deployments.onReconcile[0]' }); // later engine.compile(source, …) reuses its tree
 */
export function childSource(item: ChildTemplate): ChildSource {
  let hit = split.get(item);
  if (hit === undefined) {
    const { when, forEach, readyWhen, id, dependsOn, ...source } = item;
    hit = { source, when, forEach, readyWhen };
    split.set(item, hit);
  }
  return hit;
}
