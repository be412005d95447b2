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

/** The base of every error Orkestra raises. */
export class OrkestraError extends Error {
  /** A stable, machine-readable reason such as `NotFound`, `Ownership`, `Validation`. */
  readonly reason: string;
  /** The object the error is about, when there is one. */
  readonly object: ObjectLocation | undefined;

  constructor(reason: string, message: string, options: { object?: ObjectLocation; cause?: unknown } = {}) {
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

  constructor(problems: FieldProblem | readonly FieldProblem[], options: { object?: ObjectLocation; cause?: unknown } = {}) {
    const list = Array.isArray(problems) ? [...(problems as readonly FieldProblem[])] : [problems as FieldProblem];
    const where = options.object ? `${describeObject(options.object)}: ` : '';
    const body = list.length === 1 ? formatProblem(list[0]!) : `${list.length} problems:\n  - ${list.map(formatProblem).join('\n  - ')}`;
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
          : 'Rename this child, or delete the existing object (or add a controller owner reference to it) to let Orkestra manage it.'),
      { object },
    );
    this.expectedOwner = expectedOwner;
    this.actualController = actualController;
  }
}
