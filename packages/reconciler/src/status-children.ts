/**
 * What status field templates see as `children`. Child templates read another child as `children.<key>.<id>`
 * (`{{children.services.db.spec.clusterIP}}`); status fields read the live children by name
 * (`children.deployments.shop-web`). Status fields take both: each live child by its name, and the
 * child of a template with an `id` (one child: no `forEach`) by that id as well, so the form child templates
 * use works in status fields too.
 *
 * An id that is also the name of another child of the same handler could mean either. Neither is guessed: the
 * entry is left out, and a status field that reads it is refused with a message naming both candidates.
 */
import type { KubeObject } from '@orkestra/core';
import type { ChildOrder } from './child-order.js';
import type { LiveChildren } from './hooks.js';
import type { PlannedChild } from './plan.js';

/** The `children` of status fields, and the `<key>.<id>` entries left out as ambiguous, each with its message. */
export interface StatusChildren {
  children: LiveChildren;
  ambiguous: ReadonlyMap<string, string>;
}

/**
 * The status fields' view of `live` (by handler key, then child name): the same entries plus each single
 * child's template id. `desired[i]` is the child whose live object is `lives[i]` (undefined: not there).
 */
export function statusChildren(
  live: LiveChildren,
  desired: readonly PlannedChild[],
  lives: readonly (KubeObject | undefined)[],
  order: ChildOrder,
): StatusChildren {
  const children: LiveChildren = {};
  for (const [key, byName] of Object.entries(live)) children[key] = { ...byName };
  const ambiguous = new Map<string, string>();
  desired.forEach((child, i) => {
    const object = lives[i];
    const node = order.node(child.field);
    if (!object || !node?.id || node.repeated) return;
    const byKey = (children[child.handlerKey] ??= {});
    const named = live[child.handlerKey]?.[node.id];
    if (named === undefined || named === object) {
      byKey[node.id] = object;
      return;
    }
    delete byKey[node.id];
    ambiguous.set(
      `${child.handlerKey}.${node.id}`,
      `children.${child.handlerKey}.${node.id} is ambiguous: it is the id of ${child.field} (the child named ` +
        `${child.spec.name}) and the name of another ${child.handlerKey} child — give ${child.field} another id, or ` +
        `read the child named ${node.id} by its own template's id`,
    );
  });
  return { children, ambiguous };
}
