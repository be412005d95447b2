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
export function withSystemLabels(labels: Readonly<Record<string, string>> | undefined, ownerName: string): Record<string, string> {
  return { ...labels, ...systemLabels(ownerName) };
}

/** A label selector (`managed-by=orkestra,orkestra-owner=<name>`) for the children of one owner, or of all owners. */
export function childSelector(ownerName?: string): string {
  const base = `${MANAGED_BY_LABEL}=${MANAGED_BY_VALUE}`;
  return ownerName === undefined ? base : `${base},${OWNER_LABEL}=${ownerLabelValue(ownerName)}`;
}
