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

  constructor(reason: string, code: number, message: string, request: RequestDescription, status?: KubeStatus, cause?: unknown) {
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

const HINTS: Record<string, string> = {
  NotFound: 'check the name and namespace, and that the CRD or namespace exists',
  AlreadyExists: 'an object of this name exists already',
  Conflict: 'the object changed while it was being written; the next reconcile retries with a fresh copy',
  Invalid: 'fix the listed fields in the template',
  Forbidden: "grant the controller's identity this permission (see `orkestra generate rbac`)",
  Unauthorized: 'check the kubeconfig credentials',
  Unavailable: 'the API server is unreachable or overloaded; the request was retried with backoff',
  InternalError: 'the API server failed to handle this request; check the object, or the API server and its webhooks',
};

const VALUE_IN_MESSAGE = /Invalid value: ("(?:[^"\\]|\\.)*"|[^:,]+)/g;

/**
 * Go's rendering of a value in server-side apply's type errors: `got &value.valueUnstructured{Value:12345678}`,
 * or with a map or list inside (`{Value:map[string]interface {}{"x":"…"}}`). The value runs to the brace that
 * closes `{Value:`, quoted strings included.
 */
function scrubGoValues(text: string): string {
  let out = '';
  let from = 0;
  for (let at = text.indexOf('&value.', from); at >= 0; at = text.indexOf('&value.', from)) {
    const open = text.indexOf('{Value:', at);
    if (open < 0) break;
    let depth = 0;
    let end = open;
    for (let inString = false; end < text.length; end++) {
      const c = text[end];
      if (inString) {
        if (c === '\\') end++;
        else if (c === '"') inString = false;
      } else if (c === '"') inString = true;
      else if (c === '{') depth++;
      else if (c === '}' && --depth === 0) break;
    }
    out += `${text.slice(from, at)}[redacted]`;
    from = end + 1;
  }
  return out + text.slice(from);
}

function redactStatus(status: KubeStatus): KubeStatus {
  const scrub = (s: string | undefined) => (s === undefined ? undefined : scrubGoValues(s.replace(VALUE_IN_MESSAGE, 'Invalid value: "[redacted]"')));
  return {
    ...status,
    message: scrub(status.message),
    details: status.details && {
      ...status.details,
      causes: status.details.causes?.map((c) => ({ ...c, message: scrub(c.message) })),
    },
  } as KubeStatus;
}

function parseStatus(body: unknown): KubeStatus | undefined {
  if (body === undefined || body === null || body === '') return undefined;
  if (typeof body === 'object') return body as KubeStatus;
  if (typeof body !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed && typeof parsed === 'object' ? (parsed as KubeStatus) : undefined;
  } catch {
    return { message: body.slice(0, 500) };
  }
}

function reasonFor(code: number, status: KubeStatus | undefined): string {
  const r = status?.reason;
  if (code === 404) return 'NotFound';
  if (code === 409) return r === 'AlreadyExists' ? 'AlreadyExists' : 'Conflict';
  if (code === 422) return 'Invalid';
  if (code === 403) return 'Forbidden';
  if (code === 401) return 'Unauthorized';
  if (code === 0 || code === 429 || code === 502 || code === 503 || code === 504) return 'Unavailable';
  if (code === 500) return 'InternalError';
  return r ?? `Http${code}`;
}

const CLASSES: Record<string, new (...args: ConstructorParameters<typeof KubeApiError>) => KubeApiError> = {
  NotFound: NotFoundError,
  AlreadyExists: AlreadyExistsError,
  Conflict: ConflictError,
  Invalid: InvalidError,
  Forbidden: ForbiddenError,
  Unauthorized: UnauthorizedError,
  Unavailable: UnavailableError,
};

/**
 * Maps an API server answer to a typed error. `body` is the response body: a `Status` object or its JSON
 * text (client-node's `ApiException.body` is the raw text).
 *
 * @example
 * const err = errorFromStatus(404, '{"kind":"Status","reason":"NotFound","message":"deployments.apps \\"web\\" not found"}',
 *   { verb: 'get', kind: 'Deployment', namespace: 'shop', name: 'web' });
 * err instanceof NotFoundError; // true
 */
export function errorFromStatus(code: number, body: unknown, request: RequestDescription, cause?: unknown): KubeApiError {
  let status = parseStatus(body);
  if (status && request.sensitive) status = redactStatus(status);
  const reason = reasonFor(code, status);
  const where = describeObject(request);
  const serverSays = status?.message ? `: ${status.message}` : code ? ` (HTTP ${code})` : '';
  const causes = reason === 'Invalid' && status?.details?.causes?.length
    ? ` [${status.details.causes.map((c) => `${c.field ?? '?'}: ${c.message ?? c.reason ?? ''}`).join('; ')}]`
    : '';
  const hint = HINTS[reason];
  const message = `${request.verb} ${where} failed${serverSays}${causes}${hint ? ` — ${hint}` : ''}`;
  const Class = CLASSES[reason] ?? KubeApiError;
  return new Class(reason, code, message, request, status, cause);
}

/** The shape of `@kubernetes/client-node`'s `ApiException` (checked structurally, so any copy of the library works). */
interface ApiExceptionLike {
  code: number;
  body: unknown;
}

function isApiExceptionLike(e: unknown): e is ApiExceptionLike {
  return typeof e === 'object' && e !== null && typeof (e as { code?: unknown }).code === 'number' && 'body' in e;
}

const NETWORK_CODES = new Set([
  // Node's sockets (and so Kubeclient's node:https transport).
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN',
  // Kubeclient's transport (http-transport.ts): no response headers in time, a body (a watch) silent too long.
  'ORKESTRA_HEADERS_TIMEOUT', 'ORKESTRA_BODY_TIMEOUT',
  // undici's: core no longer uses it, but @kubernetes/client-node 2.x and Node's fetch() do, and toKubeError
  // maps what they throw.
  'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CLOSED',
]);

/** True for errors of the network (refused, reset, timed out) rather than answers of the server. */
export function isNetworkError(e: unknown): boolean {
  for (let cur: unknown = e, depth = 0; cur && depth < 5; depth++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
    const name = (cur as { name?: unknown }).name;
    if (name === 'TimeoutError' || name === 'ConnectTimeoutError' || name === 'SocketError') return true;
    cur = (cur as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Turns anything a Kubernetes call threw into an {@link OrkestraError}: client-node `ApiException`s and
 * Status answers become typed {@link KubeApiError}s, network failures {@link UnavailableError}, and
 * Orkestra's own errors pass through unchanged; an abort becomes an error of reason `Aborted`.
 *
 * @example
 * try { await coreApi.readNamespacedConfigMap({ name, namespace }); }
 * catch (e) { const err = toKubeError(e, { verb: 'get', kind: 'ConfigMap', namespace, name }); }
 */
export function toKubeError(e: unknown, request: RequestDescription): OrkestraError {
  if (e instanceof OrkestraError) return e;
  if (isApiExceptionLike(e)) return errorFromStatus(e.code, e.body, request, e);
  if (isNetworkError(e)) {
    const detail = e instanceof Error ? e.message : String(e);
    return errorFromStatus(0, { message: `cannot reach the API server (${detail})` }, request, e);
  }
  // By name, not `instanceof Error`: an AbortSignal's DOMException may come from another realm (a vm context, Jest's).
  if (typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'AbortError') {
    return new OrkestraError('Aborted', `${request.verb} ${describeObject(request)} was aborted`, { object: request, cause: e });
  }
  return new OrkestraError('Unknown', `${request.verb} ${describeObject(request)} failed: ${e instanceof Error ? e.message : String(e)}`, { object: request, cause: e });
}
