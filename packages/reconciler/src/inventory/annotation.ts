/**
 * The inventory of a CR: the kinds of children the reconciler manages for it, kept on the CR itself in the
 * annotation {@link INVENTORY_ANNOTATION}, as ApplySet-style tools keep theirs on the parent object. It is what
 * lets a reconciler whose configuration lost a kind altogether (a katalog without its `services` key, even
 * across a restart) still find and prune the children of that kind, by apiVersion and kind alone.
 *
 * The value is a sorted, comma-separated list of `Kind.version.group` (`Deployment.v1.apps,Service.v1`): it is
 * written only when the set changes (a kind added to the configuration, or one pruned away), never in steady
 * state.
 */
import type { ChildKind, KubeObject } from '@orkestra/core';
import { kindKey } from '../child-kinds.js';

/** The annotation on a CR listing the kinds of its children, `Kind.version.group` comma-separated. */
export const INVENTORY_ANNOTATION = 'orkestra.io/managed-kinds';

/** The inventory's text for a kind: `Deployment.v1.apps` for apps/v1 Deployment, `Service.v1` for v1 Service. */
export function formatKind({ apiVersion, kind }: ChildKind): string {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? `${kind}.${apiVersion}` : `${kind}.${apiVersion.slice(slash + 1)}.${apiVersion.slice(0, slash)}`;
}

/** The inverse of {@link formatKind}; undefined for an entry that is not `Kind.version[.group]`. */
export function parseKind(entry: string): ChildKind | undefined {
  const m = /^([A-Za-z][A-Za-z0-9]*)\.([a-z0-9]+)(?:\.([a-z0-9.-]+))?$/.exec(entry.trim());
  if (!m) return undefined;
  return { kind: m[1]!, apiVersion: m[3] ? `${m[3]}/${m[2]}` : m[2]! };
}

/** Parsed inventories by their text: every CR of a configuration carries one of a few values. */
const parsed = new Map<string, ReadonlyMap<string, ChildKind>>();
const PARSED_CAPACITY = 256;

/**
 * The kinds the CR's inventory lists, by {@link kindKey} (entries that do not parse are ignored: someone else
 * wrote them). Parsed once per distinct annotation value; the map is shared, never change it.
 */
export function recordedKinds(cr: KubeObject): ReadonlyMap<string, ChildKind> {
  return parseInventory(cr.metadata.annotations?.[INVENTORY_ANNOTATION] ?? '');
}

/**
 * The kinds an inventory text (`Deployment.v1.apps,Service.v1`) lists, by {@link kindKey}; entries that do not
 * parse are ignored. Parsed once per distinct text; the map is shared, never change it.
 */
export function parseInventory(text: string): ReadonlyMap<string, ChildKind> {
  let kinds = parsed.get(text);
  if (kinds === undefined) {
    const out = new Map<string, ChildKind>();
    for (const entry of text.split(',')) {
      const kind = parseKind(entry);
      if (kind) out.set(kindKey(kind), kind);
    }
    if (parsed.size >= PARSED_CAPACITY) parsed.clear();
    parsed.set(text, (kinds = out));
  }
  return kinds;
}

/**
 * The annotation value for a set of kinds: sorted, so equal sets are equal strings. Kinds of `floor` (those an
 * inventory record lists for the whole configuration) are left out: the record covers them.
 */
export function inventoryValue(kinds: Iterable<ChildKind>, floor?: ReadonlyMap<string, ChildKind>): string {
  const listed = floor?.size ? [...kinds].filter((k) => !floor.has(kindKey(k))) : [...kinds];
  return [...new Set(listed.map(formatKind))].sort().join(',');
}

/** The annotations without the inventory: what tells a change of the CR from a change of its inventory. */
export function annotationsBesidesInventory(cr: KubeObject): Record<string, string> {
  const { [INVENTORY_ANNOTATION]: _inventory, ...rest } = cr.metadata.annotations ?? {};
  return rest;
}

/**
 * The kinds the inventory must list: the configuration's, and those of the children planned now. The
 * configuration's own map when the children add none (a steady state copies nothing); never change it.
 */
export function wantedKinds(
  configured: ReadonlyMap<string, ChildKind>,
  children: readonly ChildKind[],
): ReadonlyMap<string, ChildKind> {
  let out: Map<string, ChildKind> | undefined;
  for (const { apiVersion, kind } of children) {
    const key = kindKey({ apiVersion, kind });
    if (configured.has(key) || out?.has(key)) continue;
    (out ??= new Map(configured)).set(key, { apiVersion, kind });
  }
  return out ?? configured;
}

/**
 * Whether `wanted` has a kind the recorded inventory lacks, and the configuration's record (`floor`) does not
 * list either (then the CR's annotation is written).
 */
export function inventoryGrows(
  recorded: ReadonlyMap<string, ChildKind>,
  wanted: ReadonlyMap<string, ChildKind>,
  floor?: ReadonlyMap<string, ChildKind>,
): boolean {
  for (const key of wanted.keys()) if (!recorded.has(key) && !floor?.has(key)) return true;
  return false;
}
