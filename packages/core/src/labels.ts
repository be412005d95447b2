/**
 * System labels: the two labels Orkestra puts on every child so it can find what it owns. They are stamped
 * last, over whatever a template set, so a template cannot remove or change them.
 */
import { createHash } from 'node:crypto';

/** `managed-by: orkestra` marks every object Orkestra created. */
export const MANAGED_BY_LABEL = 'managed-by';
/** The value of {@link MANAGED_BY_LABEL}. */
export const MANAGED_BY_VALUE = 'orkestra';
/** `orkestra-owner: <cr-name>` names the custom resource that owns the object (see {@link ownerLabelValue}). */
export const OWNER_LABEL = 'orkestra-owner';

const MAX_LABEL_VALUE = 63;
const HASH_LENGTH = 10;

/**
 * The value of {@link OWNER_LABEL} for an owner name. A label value holds at most 63 characters, a CR name up
 * to 253: a name of 63 or fewer characters is used as it is; a longer one becomes its first 52 characters,
 * `-`, and 10 hex characters of its SHA-256, so two long names that share a prefix still get different values.
 * The label is for selecting; ownership itself is always decided by the owner's UID.
 *
 * @example
 * ownerLabelValue('web');            // 'web'
 * ownerLabelValue('a'.repeat(100));  // 'aaaa…a-1f3c…' (63 characters)
 */
export function ownerLabelValue(ownerName: string): string {
  if (ownerName.length <= MAX_LABEL_VALUE) return ownerName;
  const hash = createHash('sha256').update(ownerName).digest('hex').slice(0, HASH_LENGTH);
  let head = ownerName.slice(0, MAX_LABEL_VALUE - HASH_LENGTH - 1);
  // A label value must end alphanumeric and may not hold `.`-`-` runs that break selectors: trim the head's tail.
  head = head.replace(/[^A-Za-z0-9]+$/, '');
  return `${head}-${hash}`;
}

/** The system labels for children of `ownerName`. */
export function systemLabels(ownerName: string): Record<string, string> {
  return { [MANAGED_BY_LABEL]: MANAGED_BY_VALUE, [OWNER_LABEL]: ownerLabelValue(ownerName) };
}

/**
 * `labels` with the system labels stamped over them: whatever a template set for `managed-by` or
 * `orkestra-owner` is replaced.
 *
 * @example
 * withSystemLabels({ app: 'web', 'managed-by': 'me' }, 'shop');
 * // { app: 'web', 'managed-by': 'orkestra', 'orkestra-owner': 'shop' }
 */
export function withSystemLabels(
  labels: Readonly<Record<string, string>> | undefined,
  ownerName: string,
): Record<string, string> {
  return { ...labels, ...systemLabels(ownerName) };
}

/** A label selector (`managed-by=orkestra,orkestra-owner=<name>`) for the children of one owner, or of all owners. */
export function childSelector(ownerName?: string): string {
  const base = `${MANAGED_BY_LABEL}=${MANAGED_BY_VALUE}`;
  return ownerName === undefined ? base : `${base},${OWNER_LABEL}=${ownerLabelValue(ownerName)}`;
}

/** One requirement of a label selector. */
interface Requirement {
  key: string;
  op: 'eq' | 'ne' | 'exists' | 'absent' | 'in' | 'notin';
  values: string[];
}

/** Splits a selector at the commas that are not inside `( … )`. */
function splitTerms(selector: string): string[] {
  const terms: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      terms.push(selector.slice(start, i));
      start = i + 1;
    }
  }
  terms.push(selector.slice(start));
  return terms.map((t) => t.trim()).filter((t) => t.length > 0);
}

function parseRequirement(term: string, selector: string): Requirement {
  const set = /^(\S+)\s+(in|notin)\s*\(([^)]*)\)$/.exec(term);
  if (set) return { key: set[1]!, op: set[2] as 'in' | 'notin', values: set[3]!.split(',').map((v) => v.trim()) };
  const cmp = /^([^!=\s]+)\s*(!=|==|=)\s*(\S*)$/.exec(term);
  if (cmp) return { key: cmp[1]!, op: cmp[2] === '!=' ? 'ne' : 'eq', values: [cmp[3]!] };
  const absent = /^!\s*([^!=\s(),]+)$/.exec(term);
  if (absent) return { key: absent[1]!, op: 'absent', values: [] };
  if (/^[^!=\s(),]+$/.test(term)) return { key: term, op: 'exists', values: [] };
  throw new Error(
    `cannot parse "${term}" in the label selector "${selector}": use key=value, key!=value, key, !key, key in (a,b) ` +
      `or key notin (a,b)`,
  );
}

/** Parsed selectors by their text: a reconciler asks the same few on every reconcile. */
const parsedSelectors = new Map<string, readonly Requirement[]>();
const PARSED_SELECTORS_CAPACITY = 256;

/** The requirements of `selector`, parsed once per distinct text (a bad selector throws every time). */
function parseSelector(selector: string): readonly Requirement[] {
  let parsed = parsedSelectors.get(selector);
  if (parsed === undefined) {
    parsed = splitTerms(selector).map((term) => parseRequirement(term, selector));
    if (parsedSelectors.size >= PARSED_SELECTORS_CAPACITY) parsedSelectors.clear();
    parsedSelectors.set(selector, parsed);
  }
  return parsed;
}

/**
 * Whether `labels` satisfy a Kubernetes label selector in its string form (`a=b,c!=d,e,!f,g in (x,y)`), the
 * same way the API server evaluates `labelSelector`. An empty selector matches everything.
 *
 * @example
 * matchesLabelSelector({ 'managed-by': 'orkestra', app: 'web' }, childSelector()); // true
 * matchesLabelSelector({ app: 'web' }, 'app in (web,api),!canary');              // true
 */
export function matchesLabelSelector(labels: Readonly<Record<string, string>> | undefined, selector: string): boolean {
  const have = labels ?? {};
  return parseSelector(selector).every(({ key, op, values }) => {
    const value = Object.hasOwn(have, key) ? have[key] : undefined;
    switch (op) {
      case 'eq':
        return value === values[0];
      case 'ne':
        return value !== values[0];
      case 'exists':
        return value !== undefined;
      case 'absent':
        return value === undefined;
      case 'in':
        return value !== undefined && values.includes(value);
      case 'notin':
        return value === undefined || !values.includes(value);
    }
  });
}
