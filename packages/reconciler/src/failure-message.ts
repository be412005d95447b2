/** The status message of a reconcile in which children failed. */

/** How many failures the message spells out; the rest are counted. */
export const FAILURES_SHOWN = 5;

/**
 * One message for every failure of a reconcile, in the order given (the plan's, so the message of an unchanged
 * outcome stays the same and costs no status write): the message alone for one failure; for more, each numbered,
 * the first {@link FAILURES_SHOWN}, then how many more. A failure is never hidden behind another's: a Forbidden
 * on one child stays visible beside the NotFound it causes on the next.
 *
 * @example
 * failureMessage(['create Role shop/reader failed: forbidden', 'create RoleBinding shop/reader failed: not found'])
 * // '2 children failed: (1) create Role shop/reader failed: forbidden;
 * //  (2) create RoleBinding shop/reader failed: not found'
 */
export function failureMessage(messages: readonly string[], shown = FAILURES_SHOWN): string {
  if (messages.length === 1) return messages[0]!;
  const listed = messages.slice(0, shown).map((m, i) => `(${i + 1}) ${m}`);
  const more = messages.length - listed.length;
  return `${messages.length} children failed: ${listed.join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
}
