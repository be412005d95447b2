/**
 * Ownership of list items under server-side apply. An apply never removes what another field manager owns,
 * so an item that someone else put in the place of one of ours stays beside ours when we restore it — and
 * when the two clash (a Service port renumbered with `kubectl edit` keeps its name, and the server refuses
 * two ports of one name) the apply fails. Moving the ownership of such an item to our field manager first
 * lets the next apply remove it, as it removes any item we stopped applying.
 *
 * `metadata.managedFields` is written with a merge patch carrying the resourceVersion read, so a concurrent
 * change fails with a Conflict instead of being overwritten. Only non-apply writes may set managedFields.
 */
import { deepEqual } from './deep-equal.js';

/** One entry of `metadata.managedFields`. */
export interface ManagedFieldsEntry {
  manager?: string;
  operation?: string;
  apiVersion?: string;
  time?: string;
  fieldsType?: string;
  fieldsV1?: FieldSet;
  subresource?: string;
  [field: string]: unknown;
}

/** A `fieldsV1` tree: `f:<field>`, `k:<key JSON>`, `v:<value>`, `i:<index>` and `.` (the node itself). */
export interface FieldSet {
  [element: string]: FieldSet;
}

/** An item of a keyed list (a list-map), named by the list's field path and the item's key fields. */
export interface ListItemKey {
  /** The list's field path, e.g. `['spec', 'ports']`. */
  list: readonly string[];
  /** The item's key fields, e.g. `{ port: 81, protocol: 'TCP' }` (a Service port's key is port and protocol). */
  key: Readonly<Record<string, string | number>>;
}

function node(fields: FieldSet, path: readonly string[], create: boolean): FieldSet | undefined {
  let cur: FieldSet | undefined = fields;
  for (const segment of path) {
    const name = `f:${segment}`;
    if (!cur[name]) {
      if (!create) return undefined;
      cur[name] = {};
    }
    cur = cur[name];
  }
  return cur;
}

function union(a: FieldSet, b: FieldSet): FieldSet {
  const out: FieldSet = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = out[k] ? union(out[k], v) : v;
  return out;
}

function keyOf(element: string): Record<string, unknown> | undefined {
  if (!element.startsWith('k:')) return undefined;
  try {
    const parsed: unknown = JSON.parse(element.slice(2));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function sameKey(element: Record<string, unknown>, key: ListItemKey['key']): boolean {
  const names = Object.keys(key);
  return Object.keys(element).length === names.length && names.every((n) => element[n] === key[n]);
}

/** Drops the now-empty nodes along `path` (an emptied `f:ports` would otherwise claim the whole list). */
function prune(fields: FieldSet, path: readonly string[]): void {
  if (path.length === 0) return;
  const name = `f:${path[0]}`;
  const child = fields[name];
  if (!child) return;
  prune(child, path.slice(1));
  if (Object.keys(child).length === 0) delete fields[name];
}

/**
 * `managedFields` with the ownership of `items` moved from every other manager to `manager`'s Apply entry
 * (created when missing), and `changed` telling whether anything moved. Entries left owning nothing are
 * dropped. Pure: the caller writes the result (see the module comment).
 *
 * @example
 * const { managedFields, changed } = claimListItems(live.metadata.managedFields ?? [], 'orkestra',
 *   [{ list: ['spec', 'ports'], key: { port: 81, protocol: 'TCP' } }], 'v1');
 * // kubectl-edit's k:{"port":81,"protocol":"TCP"} now belongs to orkestra's Apply entry
 */
export function claimListItems(
  managedFields: readonly ManagedFieldsEntry[],
  manager: string,
  items: readonly ListItemKey[],
  apiVersion: string,
  now: Date = new Date(),
): { managedFields: ManagedFieldsEntry[]; changed: boolean } {
  const entries: ManagedFieldsEntry[] = structuredClone([...managedFields]);
  const mine = applyEntryOf(entries, manager, apiVersion, now);
  const emptied = new Set<ManagedFieldsEntry>();
  for (const item of items) {
    let element: string | undefined;
    let claimed: FieldSet = { '.': {} };
    for (const name of Object.keys(item.key)) claimed[`f:${name}`] = {};
    for (const entry of entries) {
      if (entry === mine || !entry.fieldsV1) continue;
      const taken = takeItem(entry.fieldsV1, item);
      if (taken) {
        element = taken.element;
        claimed = union(claimed, taken.fields);
      }
      if (Object.keys(entry.fieldsV1).length === 0) emptied.add(entry);
    }
    const target = node((mine.fieldsV1 ??= {}), item.list, true)!;
    element ??= elementOf(target, item);
    target[element] = union(target[element] ?? {}, claimed);
  }
  const result = entries.filter((e) => !emptied.has(e));
  return { managedFields: result, changed: !deepEqual(result, managedFields) };
}

/** `manager`'s Apply entry of the object itself in `entries`, added (owning nothing) when missing. */
function applyEntryOf(
  entries: ManagedFieldsEntry[],
  manager: string,
  apiVersion: string,
  now: Date,
): ManagedFieldsEntry {
  const found = ownEntry(entries, manager, 'Apply');
  if (found) return found;
  const entry: ManagedFieldsEntry = {
    manager,
    operation: 'Apply',
    apiVersion,
    time: now.toISOString().replace(/\.\d+Z$/, 'Z'),
    fieldsType: 'FieldsV1',
    fieldsV1: {},
  };
  entries.push(entry);
  return entry;
}

/** Whether the list element `el` (`k:{...}`) is `item`. */
function isItem(el: string, item: ListItemKey): boolean {
  const key = keyOf(el);
  return key !== undefined && sameKey(key, item.key);
}

/**
 * Removes `item` from `fields` (one entry's fieldsV1), with the nodes it leaves empty; returns its element
 * name and the fields owned under it, or undefined when the entry did not own it.
 */
function takeItem(fields: FieldSet, item: ListItemKey): { element: string; fields: FieldSet } | undefined {
  const list = node(fields, item.list, false);
  if (!list) return undefined;
  let taken: { element: string; fields: FieldSet } | undefined;
  for (const el of Object.keys(list)) {
    if (!isItem(el, item)) continue;
    taken = { element: el, fields: taken ? union(taken.fields, list[el]!) : list[el]! };
    delete list[el];
  }
  prune(fields, item.list);
  return taken;
}

/** The element name of `item` in `list`: the one already there, else `k:` and its key fields sorted by name. */
function elementOf(list: FieldSet, item: ListItemKey): string {
  const own = Object.keys(list).find((el) => isItem(el, item));
  const sorted = Object.fromEntries(Object.entries(item.key).sort(([a], [b]) => a.localeCompare(b)));
  return own ?? `k:${JSON.stringify(sorted)}`;
}

/**
 * The field managers that own the list item `item` in `managedFields` (any operation).
 *
 * @example
 * const port81 = { list: ['spec', 'ports'], key: { port: 81, protocol: 'TCP' } };
 * managersOf(live.metadata.managedFields ?? [], port81); // ['kubectl-edit']
 */
export function managersOf(managedFields: readonly ManagedFieldsEntry[], item: ListItemKey): string[] {
  const out: string[] = [];
  for (const entry of managedFields) {
    const list = entry.fieldsV1 ? node(entry.fieldsV1, item.list, false) : undefined;
    if (!list || !entry.manager) continue;
    if (Object.keys(list).some((el) => isItem(el, item))) out.push(entry.manager);
  }
  return out;
}

/** `manager`'s entry of `operation` on the object itself (not a subresource), if any. */
function ownEntry(
  entries: readonly ManagedFieldsEntry[],
  manager: string,
  operation: 'Apply' | 'Update',
): ManagedFieldsEntry | undefined {
  return entries.find((e) => e.manager === manager && e.operation === operation && !e.subresource);
}

/**
 * `managedFields` with `manager`'s `Update` entry merged into its `Apply` entry (renamed into one when it has
 * none): the client-side to server-side apply upgrade (kubectl's `csaupgrade`). Afterwards the manager's next
 * apply removes what the Update entry owned and the apply no longer sets — which it never does while the two
 * entries are apart, the server taking them for two managers. Only `manager`'s entries of the object itself
 * change; another manager's entries, and subresource entries, never. Unchanged (`changed: false`) when there
 * is no Update entry, or it was written for another apiVersion than the Apply entry (their field paths may
 * differ). Pure: the caller writes the result (see the module comment).
 *
 * @example
 * const { managedFields, changed } = upgradeToApply(live.metadata.managedFields ?? [], 'orkestra');
 * // orkestra/Update is gone; orkestra/Apply owns what it owned
 */
export function upgradeToApply(
  managedFields: readonly ManagedFieldsEntry[],
  manager: string,
): { managedFields: ManagedFieldsEntry[]; changed: boolean } {
  const update = ownEntry(managedFields, manager, 'Update');
  const apply = ownEntry(managedFields, manager, 'Apply');
  if (!update || (apply && apply.apiVersion !== update.apiVersion))
    return { managedFields: [...managedFields], changed: false };
  if (!apply) {
    const renamed = managedFields.map((e) => (e === update ? { ...structuredClone(e), operation: 'Apply' } : e));
    return { managedFields: renamed, changed: true };
  }
  const fieldsV1 = union(structuredClone(apply.fieldsV1 ?? {}), structuredClone(update.fieldsV1 ?? {}));
  const out = managedFields.filter((e) => e !== update).map((e) => (e === apply ? { ...e, fieldsV1 } : e));
  return { managedFields: out, changed: true };
}
