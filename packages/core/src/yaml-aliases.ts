/**
 * A guard against YAML "billion laughs" files. js-yaml shares an alias's value instead of copying it, so parsing
 * such a file is cheap, but a few nested aliases can stand for billions of values, which every later walk over
 * the data (validation, merging, copying, JSON) would expand. Data whose aliases expand far beyond what its text
 * could hold is refused by every reader of YAML input: the katalog, the kubeconfig.
 */

/** Values data may hold, aliases expanded, before it is refused: the text's length, and at least this many. */
const MIN_EXPANDED_VALUES = 100_000;

/** Counts values (scalars, lists, maps), aliases expanded, up to `limit`; returns limit + 1 beyond it. */
function expandedValues(data: unknown, limit: number): number {
  let count = 0;
  const stack: unknown[] = [data];
  while (stack.length > 0 && count <= limit) {
    const value = stack.pop();
    count++;
    if (Array.isArray(value)) for (const item of value) stack.push(item);
    else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) stack.push(item);
  }
  return count;
}

/**
 * The limit `data` (parsed from the YAML `text`) exceeds with its aliases expanded — the text's length, at
 * least 100 000 values — or `undefined` when it stays within it. Costs nothing for a text without anchors (`&`);
 * otherwise at most one walk of `limit` values.
 *
 * @example
 * const limit = excessiveAliases(text, load(text));
 * if (limit !== undefined) throw new Error(`its aliases expand to more than ${limit} values`);
 */
export function excessiveAliases(text: string, data: unknown): number | undefined {
  if (!text.includes('&')) return undefined;
  const limit = Math.max(MIN_EXPANDED_VALUES, text.length);
  return expandedValues(data, limit) > limit ? limit : undefined;
}
