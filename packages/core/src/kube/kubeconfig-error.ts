/** The error of kubeconfig loading and of getting credentials from a kubeconfig, by problem. */
import { OrkestraError } from '../errors.js';

/** What went wrong while loading a kubeconfig or getting credentials from it. */
export type KubeconfigProblem =
  /** No kubeconfig at all: no file given, no KUBECONFIG, no ~/.kube/config, not in a pod. */
  | 'NoConfig'
  /** A file (kubeconfig, certificate, key, token) cannot be read. */
  | 'Unreadable'
  /** A kubeconfig is not valid YAML, or a field has the wrong shape or is missing. */
  | 'Invalid'
  /** The asked context is not defined. */
  | 'NoContext'
  /** No context was asked for and no file sets `current-context`. */
  | 'NoCurrentContext'
  /** A context names a cluster or user that no file defines. */
  | 'MissingReference'
  /** Something kubectl supports that Orkestra does not (`proxy-url`, an exec plugin returning certificates). */
  | 'Unsupported'
  /** An exec credential plugin failed, or printed something that is not an ExecCredential. */
  | 'Exec'
  /** The in-cluster service account is incomplete (no token, no KUBERNETES_SERVICE_PORT). */
  | 'InCluster';

/**
 * An error of kubeconfig loading or of getting credentials. `reason` is always `Config`; {@link problem}
 * says which kind. Messages name the file and the context, cluster or user, never a token, key or password.
 */
export class KubeconfigError extends OrkestraError {
  readonly problem: KubeconfigProblem;
  /** The kubeconfig file concerned, when there is one. */
  readonly file: string | undefined;
  /** The contexts that are defined, for {@link problem} `NoContext` and `NoCurrentContext`. */
  readonly contexts: readonly string[];

  constructor(
    problem: KubeconfigProblem,
    message: string,
    options: { file?: string | undefined; contexts?: readonly string[]; cause?: unknown } = {},
  ) {
    super('Config', message, options.cause === undefined ? {} : { cause: options.cause });
    this.problem = problem;
    this.file = options.file;
    this.contexts = options.contexts ?? [];
  }
}

/** A kubeconfig field of the wrong shape, or missing: `Invalid`, naming the file to fix. */
export function invalid(message: string, file: string | undefined): KubeconfigError {
  return new KubeconfigError('Invalid', `${message} — fix the kubeconfig${file ? ` ${file}` : ''}`, { file });
}
