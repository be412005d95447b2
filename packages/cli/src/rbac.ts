/**
 * The CLI's report of an RBAC computation @orkestra/operator refused (one place for katalogs and operators written in
 * code).
 */
import { UnknownKindsError } from '@orkestra/operator';
import { CliError, ExitCode } from './exit-codes.js';

/**
 * An {@link UnknownKindsError} as the CLI reports it (exit 1, one problem per kind, the two ways to fix it);
 * any other error unchanged.
 */
export function unknownKindsError(
  e: unknown,
  command: string,
  hint = 'pass the CRD of each with --crd <file>, or --kubeconfig <file> to ask a cluster that serves them',
): unknown {
  if (!(e instanceof UnknownKindsError)) return e;
  return new CliError(
    ExitCode.Problems,
    e.kinds.length === 1
      ? `${command}: a kind of the katalog is not built into Kubernetes, so its resource name and scope are ` +
          'unknown; no rules printed'
      : `${command}: ${e.kinds.length} kinds of the katalog are not built into Kubernetes, so their resource ` +
          'name and scope are unknown; no rules printed',
    {
      problems: e.kinds.map((k) => ({
        path: k.usedBy,
        message: `${k.kind} (${k.apiVersion}): resource name and scope unknown`,
      })),
      hint,
      cause: e,
    },
  );
}
