/**
 * The one table from an error to the reason a CR's conditions and Warning Events give it: Orkestra's own
 * reasons by name (`OwnershipConflict`, `InvalidSpec`…), the API server's answers as `Api<reason>`
 * (`ApiForbidden`, `ApiConflict`), and `Error` for anything that is not an {@link OrkestraError}.
 */
import { type ErrorReason, OrkestraError } from '@orkestra/core';

/** The reasons of Orkestra's own errors; every other {@link ErrorReason} is the API server's. */
const OWN_REASONS: Partial<Record<ErrorReason, string>> = {
  Ownership: 'OwnershipConflict',
  Immutable: 'ImmutableField',
  Validation: 'InvalidSpec',
  Template: 'TemplateError',
  Contested: 'ContestedItems',
  Config: 'ConfigError',
  NeedsCluster: 'NeedsCluster',
  Aborted: 'Aborted',
  Closed: 'Closed',
  Unknown: 'RequestFailed',
};

/**
 * The condition and Event reason of `e`, and its message.
 *
 * @example
 * describeError(new OwnershipError(…)).reason;   // 'OwnershipConflict'
 * describeError(forbiddenError).reason;          // 'ApiForbidden'
 */
export function describeError(e: unknown): { reason: string; message: string } {
  if (e instanceof OrkestraError) return { reason: OWN_REASONS[e.reason] ?? `Api${e.reason}`, message: e.message };
  return { reason: 'Error', message: e instanceof Error ? e.message : String(e) };
}
