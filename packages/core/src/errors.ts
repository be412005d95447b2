/**
 * Typed errors. Every error Orkestra raises is an {@link OrkestraError}; callers branch on the class
 * (`err instanceof OwnershipError`) or on {@link OrkestraError.reason}, never on message text.
 *
 * Messages follow one shape: what is wrong, where (kind, namespace/name, field path), and what to do.
 * They never carry values of Secret data: a message may name a key, never its value.
 */

/** Identifies the object an error is about, as `Kind namespace/name` in messages. */
export interface ObjectLocation {
  kind?: string | undefined;
  namespace?: string | undefined;
  name?: string | undefined;
}

/** `Deployment shop/web`, `Namespace web`, or `Deployment (no name)`. */
export function describeObject(where: ObjectLocation): string {
  const kind = where.kind ?? 'object';
  if (!where.name) return `${kind} (no name)`;
  return where.namespace ? `${kind} ${where.namespace}/${where.name}` : `${kind} ${where.name}`;
}

/**
 * The reasons of the API server's answers (`metav1.StatusReason`) as a {@link KubeApiError} carries them: 429,
 * 502, 503 and 504 and network failures are `Unavailable`; an answer with no reason Orkestra knows is `Http<code>`.
 */
export type KubeApiReason =
  | 'NotFound'
  | 'AlreadyExists'
  | 'Conflict'
  | 'Invalid'
  | 'Forbidden'
  | 'Unauthorized'
  | 'Unavailable'
  | 'InternalError'
  | 'Gone'
  | 'Expired'
  | 'BadRequest'
  | 'MethodNotAllowed'
  | 'NotAcceptable'
  | 'RequestEntityTooLarge'
  | 'UnsupportedMediaType'
  | 'Timeout'
  | 'ServerTimeout'
  | 'TooManyRequests'
  | 'ServiceUnavailable'
  | 'StoreReadError'
  | `Http${number}`;

/**
 * Every reason an {@link OrkestraError} can carry: branch on these (or on the error's class), never on messages.
 * `Validation` bad input, nothing sent; `Ownership` someone else's object; `Immutable` a field the server will not
 * change; `Contested` another writer keeps taking list items; `Config` a kubeconfig problem; `NeedsCluster` a
 * value that only a cluster can give; `Template` a template failed; `Aborted` / `Closed` the caller stopped it;
 * `Unknown` anything else a request threw; and the API server's own reasons ({@link KubeApiReason}).
 */
export type ErrorReason =
  | 'Validation'
  | 'Ownership'
  | 'Immutable'
  | 'Contested'
  | 'Config'
  | 'NeedsCluster'
  | 'Template'
  | 'Aborted'
  | 'Closed'
  | 'Unknown'
  | KubeApiReason;

/** The base of every error Orkestra raises. */
export class OrkestraError extends Error {
  /** A stable, machine-readable reason such as `NotFound`, `Ownership`, `Validation`. */
  readonly reason: ErrorReason;
  /** The object the error is about, when there is one. */
  readonly object: ObjectLocation | undefined;

  constructor(reason: ErrorReason, message: string, options: { object?: ObjectLocation; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.reason = reason;
    this.object = options.object;
  }
}

/** One problem with an input, located by its field path (`deployments[0].replicas`). */
export interface FieldProblem {
  /** Dotted path to the field, with list indices: `spec.ports[1].port`. */
  path: string;
  /** What is wrong, e.g. `must be an integer from 1 to 65535, got "70000"`. */
  message: string;
  /** How to fix it, when there is something useful to say. */
  hint?: string | undefined;
  /**
   * What kind of problem it is, for a caller that merges the reports of several checks without reading their
   * messages: `required` — a required field is absent; `field` names it and `path` is the object that lacks it.
   * Undefined for any other problem.
   */
  code?: 'required' | undefined;
  /** With `code: 'required'`: the name of the absent field. */
  field?: string | undefined;
}

/**
 * The field paths a problem is about: its `path`, and for a missing required field that field's own path
 * (`spec.template` lacking `image` → `spec.template.image` too), so a second check that reports the same field
 * under its own path is recognised as a repeat.
 */
export function problemPaths(p: FieldProblem): string[] {
  return p.code === 'required' && p.field !== undefined
    ? [p.path, p.path ? `${p.path}.${p.field}` : p.field]
    : [p.path];
}

function formatProblem(p: FieldProblem): string {
  return `${p.path}: ${p.message}${p.hint ? ` (${p.hint})` : ''}`;
}

/**
 * Bad input, found before any request was sent: nothing was written. Carries every problem found, each with
 * its field path, so a user can fix them all at once.
 *
 * @example
 * throw new ValidationError([{ path: 'replicas', message: 'must be a non-negative integer, got "abc"' }],
 *   { object: { kind: 'Deployment', namespace: 'shop', name: 'web' } });
 */
export class ValidationError extends OrkestraError {
  readonly problems: readonly FieldProblem[];

  constructor(
    problems: FieldProblem | readonly FieldProblem[],
    options: { object?: ObjectLocation; cause?: unknown } = {},
  ) {
    const list = Array.isArray(problems) ? [...(problems as readonly FieldProblem[])] : [problems as FieldProblem];
    const where = options.object ? `${describeObject(options.object)}: ` : '';
    const body =
      list.length === 1
        ? formatProblem(list[0]!)
        : `${list.length} problems:\n  - ${list.map(formatProblem).join('\n  - ')}`;
    super('Validation', `invalid ${where}${body}`, options);
    this.problems = list;
  }
}

/**
 * The object exists but is not controlled by the expected owner: another owner controls it, or nobody does.
 * Orkestra never writes to or deletes such an object.
 */
export class OwnershipError extends OrkestraError {
  /** `owner` that asked, as `Kind namespace/name (uid)`. */
  readonly expectedOwner: string;
  /** The controller found on the object, or `undefined` when it has none. */
  readonly actualController: string | undefined;

  constructor(object: ObjectLocation, expectedOwner: string, actualController: string | undefined, action: string) {
    const who = actualController ? `is controlled by ${actualController}` : 'has no controller owner reference';
    super(
      'Ownership',
      `${describeObject(object)} ${who}, not by ${expectedOwner}: refusing to ${action} it. ` +
        (actualController
          ? 'Give this child another name, or delete the other owner first.'
          : 'Rename this child, or delete the existing object (or add a controller owner reference to it) to let ' +
            'Orkestra manage it.'),
      { object },
    );
    this.expectedOwner = expectedOwner;
    this.actualController = actualController;
  }
}

/** A cause from a Kubernetes `Status` of reason Invalid: which field, and what is wrong with it. */
export interface StatusCause {
  field?: string | undefined;
  reason?: string | undefined;
  message?: string | undefined;
}

/** The parts of a Kubernetes `metav1.Status` this package reads. */
export interface KubeStatus {
  kind?: string;
  status?: string;
  message?: string;
  reason?: string;
  code?: number;
  details?: { name?: string; group?: string; kind?: string; causes?: StatusCause[]; retryAfterSeconds?: number };
}

/** What was being done when the API server answered with an error: `get`, `apply`, `delete`… */
export interface RequestDescription extends ObjectLocation {
  verb: string;
  /** Kinds whose messages must not echo values (Secret): the API server's text is redacted. */
  sensitive?: boolean | undefined;
}

/**
 * An error answer from the Kubernetes API server. Subclasses name the common reasons; the rest are
 * `KubeApiError` with the HTTP status in {@link KubeApiError.code}.
 */
export class KubeApiError extends OrkestraError {
  /** The HTTP status code of the answer (0 when the server could not be reached). */
  readonly code: number;
  /** The Status object the server sent, when it sent one (redacted for sensitive kinds). */
  readonly status: KubeStatus | undefined;
  /** The verb of the failed request. */
  readonly verb: string;
  /** The API server's reason for its answer. */
  declare readonly reason: KubeApiReason;

  constructor(
    reason: KubeApiReason,
    code: number,
    message: string,
    request: RequestDescription,
    status?: KubeStatus,
    cause?: unknown,
  ) {
    super(reason, message, { object: { kind: request.kind, namespace: request.namespace, name: request.name }, cause });
    this.code = code;
    this.status = status;
    this.verb = request.verb;
  }
}

/** 404: the object (or its namespace, or its kind) does not exist. */
export class NotFoundError extends KubeApiError {}
/** 409 AlreadyExists: a create found an object of that name. */
export class AlreadyExistsError extends KubeApiError {}
/** 409 Conflict: the object changed since it was read (resourceVersion), or a field-manager conflict. */
export class ConflictError extends KubeApiError {}
/** 422 Invalid: the server refused the object; {@link InvalidError.causes} name each field. */
export class InvalidError extends KubeApiError {
  get causes(): readonly StatusCause[] {
    return this.status?.details?.causes ?? [];
  }
}
/** 403: the identity the client uses lacks an RBAC permission. */
export class ForbiddenError extends KubeApiError {}
/** 401: the credentials were refused. */
export class UnauthorizedError extends KubeApiError {}
/**
 * The API server is unreachable or overloaded (connection refused or reset, timeout, 429, 502, 503, 504).
 * Retried with bounded backoff before it surfaces. A 500 is a plain {@link KubeApiError} of reason
 * `InternalError`: usually the request itself is at fault, so it is not retried (unless the server sent Retry-After).
 */
export class UnavailableError extends KubeApiError {}
