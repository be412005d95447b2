/**
 * The order between child templates: `dependsOn` (wait until the other child is ready) and references
 * (`{{children.services.db.spec.clusterIP}}`: wait until it exists), checked when the configuration loads —
 * unknown ids, references to children that cannot be read, cycles — and laid out in levels: a child's level is
 * one more than the highest level of what it needs, so applying level by level respects every edge, and
 * deleting in reverse level order removes dependents before what they depend on.
 *
 * Pure: no request, no template evaluated. The template engine only tells which paths a template reads.
 */
import type { FieldProblem } from '@orkestra/core';
import type { TemplateRead } from '@orkestra/template';
import { childSource } from './child-source.js';
import { childTemplates } from './child-templates.js';
import type { ChildTemplate, HandlerTemplates } from './config.js';
import type { Phase } from './plan.js';

/** A child id: a Handlebars path segment and a readable name (`db`, `web-cache`, `primaryDb`). */
const CHILD_ID_PATTERN = '^[A-Za-z][A-Za-z0-9_-]*$';
const ID = new RegExp(CHILD_ID_PATTERN);

/** What one child template waits for. */
export interface ChildNeed {
  /** The template waited for, by its field (`services.onReconcile[0]`). */
  field: string;
  /** How messages name it: `services.db`. */
  label: string;
  /** `ready` for `dependsOn`, `exists` for a reference alone. */
  until: 'ready' | 'exists';
}

/** One child template in the order. */
interface OrderNode {
  /** `deployments.onReconcile[0]`: the template's field, as plans and errors name it. */
  field: string;
  handlerKey: string;
  phase: Phase;
  id: string | undefined;
  /** `deployments.app` when it has an id, else its field. */
  label: string;
  /** It repeats over a list (`forEach`): one template, several children. */
  repeated: boolean;
  needs: ChildNeed[];
  /** The children it reads (`children.<key>.<id>`), as `<key>.<id>` → the field of that template. */
  reads: Map<string, string>;
  /** Position in the order: 0 needs nothing, otherwise one more than the highest level it needs. */
  level: number;
}

/**
 * A configuration's order was refused: every problem, each with its path (`deployments.onReconcile[0].dependsOn[0]`).
 */
export interface OrderProblems {
  problems: FieldProblem[];
}

/** The order of a configuration's child templates; see {@link buildChildOrder}. */
export class ChildOrder {
  constructor(
    /** By template field. */
    readonly nodes: ReadonlyMap<string, OrderNode>,
  ) {}

  /** True when some template waits for another: deletion then runs behind the finalizer, in reverse order. */
  get ordered(): boolean {
    for (const n of this.nodes.values()) if (n.needs.length > 0) return true;
    return false;
  }

  /** The node of a template field; undefined for a template the order does not know (a code hook's child). */
  node(field: string): OrderNode | undefined {
    return this.nodes.get(field);
  }

  /** The templates that wait for `field`. */
  dependents(field: string): OrderNode[] {
    return [...this.nodes.values()].filter((n) => n.needs.some((d) => d.field === field));
  }

  /** Whether `field` takes part in an edge, as dependent or as dependency. */
  linked(field: string): boolean {
    return (this.nodes.get(field)?.needs.length ?? 0) > 0 || this.dependents(field).length > 0;
  }
}

/** Reads the paths of a template source: the template engine's `reads`. */
type ReadsOf = (source: unknown, field: string) => readonly TemplateRead[];

/**
 * The order of `resources`, or every problem found: an id that is not a valid segment or not unique in its
 * handler, a `dependsOn` naming no template, a reference (`children.<key>.<id>`) naming no template, naming a
 * `forEach` template (it stands for several objects) or not naming one child, an `onDelete` template in an
 * edge (they are created at deletion, unordered), and each cycle (`deployments.app -> services.db ->
 * deployments.app`). Paths are relative to the resources: `deployments.onReconcile[0].dependsOn[1]`.
 */
export function buildChildOrder(
  resources: Readonly<Record<string, HandlerTemplates>>,
  readsOf: ReadsOf,
): ChildOrder | OrderProblems {
  const problems: FieldProblem[] = [];
  const nodes = new Map<string, OrderNode>();
  const byId = new Map<string, OrderNode>();
  const templates: [OrderNode, ChildTemplate][] = [];
  for (const { handlerKey, phase, field, template: item } of childTemplates(resources)) {
    const id = typeof item.id === 'string' ? item.id : undefined;
    if (item.id !== undefined && (id === undefined || !ID.test(id))) {
      problems.push({
        path: `${field}.id`,
        message:
          `must be a name such as "db" or "web-cache" (letters, digits, - and _, starting with a letter), got ` +
          `${JSON.stringify(item.id)}`,
      });
    }
    const label = id !== undefined ? `${handlerKey}.${id}` : field;
    const node: OrderNode = {
      field,
      handlerKey,
      phase,
      id,
      label,
      repeated: item.forEach !== undefined,
      needs: [],
      reads: new Map(),
      level: 0,
    };
    if (id !== undefined && ID.test(id)) {
      const other = byId.get(label);
      if (other)
        problems.push({
          path: `${field}.id`,
          message: `"${id}" is also the id of ${other.field}`,
          hint: `give each ${handlerKey} template its own id`,
        });
      else byId.set(label, node);
    }
    nodes.set(field, node);
    templates.push([node, item]);
  }
  for (const [node, item] of templates) {
    addDeclared(node, item, byId, problems);
    addReads(node, readsOf(childSource(item).source, node.field), byId, problems);
  }
  problems.push(...cycles(nodes));
  if (problems.length > 0) return { problems };
  assignLevels(nodes);
  return new ChildOrder(nodes);
}

function addDeclared(node: OrderNode, item: ChildTemplate, byId: Map<string, OrderNode>, problems: FieldProblem[]) {
  if (item.dependsOn === undefined) return;
  if (!Array.isArray(item.dependsOn) || item.dependsOn.some((d) => typeof d !== 'string')) {
    problems.push({ path: `${node.field}.dependsOn`, message: 'must be a list of child ids such as services.db' });
    return;
  }
  item.dependsOn.forEach((label, n) => {
    const path = `${node.field}.dependsOn[${n}]`;
    const target = byId.get(label);
    if (!target) {
      problems.push({ path, message: `"${label}" is no child template's id`, hint: knownIds(byId, label) });
      return;
    }
    if (node.phase === 'onDelete' || target.phase === 'onDelete') {
      problems.push({ path, message: 'onDelete children are created at deletion and take no part in the order' });
      return;
    }
    if (!node.needs.some((d) => d.field === target.field))
      node.needs.push({ field: target.field, label: target.label, until: 'ready' });
  });
}

function addReads(
  node: OrderNode,
  reads: readonly TemplateRead[],
  byId: Map<string, OrderNode>,
  problems: FieldProblem[],
) {
  for (const { field, path } of reads) {
    if (path[0] !== 'children') continue;
    if (path.length < 3 || path[1] === '[]' || path[2] === '[]') {
      problems.push({
        path: field,
        message: `reads ${path.join('.')}: a template reads one child, as children.<handler key>.<id>.<field>`,
      });
      continue;
    }
    const label = `${path[1]}.${path[2]}`;
    const target = byId.get(label);
    if (!target) {
      problems.push({
        path: field,
        message: `reads children.${label}, but no child template has that id`,
        hint: knownIds(byId),
      });
      continue;
    }
    if (target.repeated) {
      problems.push({
        path: field,
        message: `reads children.${label}, a forEach template (several children): only a single child can be read`,
      });
      continue;
    }
    if (node.phase === 'onDelete' || target.phase === 'onDelete') {
      problems.push({ path: field, message: `reads children.${label}: onDelete children take no part in references` });
      continue;
    }
    node.reads.set(label, target.field);
    if (!node.needs.some((d) => d.field === target.field))
      node.needs.push({ field: target.field, label: target.label, until: 'exists' });
  }
}

function knownIds(byId: Map<string, OrderNode>, label?: string): string {
  // A bare id (`db`) where `<handler key>.<id>` is meant: name the full id(s) it stands for.
  const meant = label?.includes('.') === false ? [...byId.keys()].filter((k) => k.endsWith(`.${label}`)) : [];
  if (meant.length > 0) return `name a child as <handler key>.<id>: ${meant.join(' or ')}`;
  return byId.size === 0
    ? 'give the template it names an id (id: db), then name it as <handler key>.<id>'
    : `known ids: ${[...byId.keys()].join(', ')}`;
}

/** Every cycle, once each, named along its edges; the path is the dependsOn (or template) of its first node. */
function cycles(nodes: Map<string, OrderNode>): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: OrderNode[] = [];
  const visit = (node: OrderNode): void => {
    state.set(node.field, 'open');
    stack.push(node);
    for (const need of node.needs) {
      const next = nodes.get(need.field)!;
      const s = state.get(next.field);
      if (s === 'open') {
        const loop = stack.slice(stack.indexOf(next));
        const names = [...loop, next].map((n) => n.label).join(' -> ');
        problems.push({
          path: loop[0]!.field,
          message: `dependency cycle: ${names}`,
          hint: 'remove one dependsOn or reference of the cycle',
        });
      } else if (s === undefined) visit(next);
    }
    stack.pop();
    state.set(node.field, 'done');
  };
  for (const node of nodes.values()) if (!state.has(node.field)) visit(node);
  return problems;
}

function assignLevels(nodes: Map<string, OrderNode>): void {
  const done = new Set<string>();
  const level = (node: OrderNode): number => {
    if (done.has(node.field)) return node.level;
    node.level = node.needs.reduce((max, d) => Math.max(max, level(nodes.get(d.field)!) + 1), 0);
    done.add(node.field);
    return node.level;
  };
  for (const node of nodes.values()) level(node);
}
