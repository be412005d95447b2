/**
 * How the client turns what the API server (or the network) answered into core's typed errors: a `Status`
 * answer becomes the {@link KubeApiError} subclass of its reason, a refused or reset connection an
 * {@link UnavailableError}. Messages of sensitive kinds (Secret) have the values the server echoes redacted.
 */
import {
  AlreadyExistsError,
  ConflictError,
  describeObject,
  ForbiddenError,
  InvalidError,
  KubeApiError,
  type KubeApiReason,
  type KubeStatus,
  NotFoundError,
  OrkestraError,
  type RequestDescription,
  UnauthorizedError,
  UnavailableError,
} from '../errors.js';

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
    out += `${text.slice(from, at)}[redacted]`;
    from = closingBrace(text, open) + 1;
  }
  return out + text.slice(from);
}

/** The index of the brace that closes the one at `open`, skipping quoted strings (the text's end when none does). */
function closingBrace(text: string, open: number): number {
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
  return end;
}

function redactStatus(status: KubeStatus): KubeStatus {
  const scrub = (s: string | undefined) =>
    s === undefined ? undefined : scrubGoValues(s.replace(VALUE_IN_MESSAGE, 'Invalid value: "[redacted]"'));
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

const STATUS_REASONS: ReadonlySet<string> = new Set<KubeApiReason>([
  'NotFound',
  'AlreadyExists',
  'Conflict',
  'Invalid',
  'Forbidden',
  'Unauthorized',
  'Unavailable',
  'InternalError',
  'Gone',
  'Expired',
  'BadRequest',
  'MethodNotAllowed',
  'NotAcceptable',
  'RequestEntityTooLarge',
  'UnsupportedMediaType',
  'Timeout',
  'ServerTimeout',
  'TooManyRequests',
  'ServiceUnavailable',
  'StoreReadError',
]);

function isStatusReason(r: string | undefined): r is KubeApiReason {
  return r !== undefined && STATUS_REASONS.has(r);
}

const TYPED_PATCH_FAILURE = /^failed to create typed patch object(?: \([^)]*\))?: (?:errors:\n)?/;
const TYPED_PATCH_CAUSE = /^((?:\.[^.[:\s]+|\[[^\]]*\])+): (.*)$/;

/**
 * Server-side apply refuses an object that does not fit the kind's schema (an unknown field, a string where a
 * number belongs, duplicate list keys) with a 500 whose message lists each field, one per line
 * (`.spec.replicass: field not declared in schema`). That is the object's fault, not the server's: it is
 * made an Invalid whose causes name the fields (`spec.replicass`), as a 422 does.
 */
function typedPatchRefusal(code: number, status: KubeStatus | undefined): KubeStatus | undefined {
  const message = status?.message;
  if (code !== 500 || !message) return undefined;
  const head = TYPED_PATCH_FAILURE.exec(message);
  if (!head) return undefined;
  const causes = message
    .slice(head[0].length)
    .split('\n')
    .map((l) => TYPED_PATCH_CAUSE.exec(l.trim()))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ reason: 'FieldValueInvalid', field: m[1]!.replace(/^\./, ''), message: m[2]! }));
  return { ...status, reason: 'Invalid', details: { ...status.details, causes } };
}

function reasonFor(code: number, status: KubeStatus | undefined): KubeApiReason {
  const r = status?.reason;
  if (code === 500 && r === 'Invalid') return 'Invalid';
  if (code === 404) return 'NotFound';
  if (code === 409) return r === 'AlreadyExists' ? 'AlreadyExists' : 'Conflict';
  if (code === 422) return 'Invalid';
  if (code === 403) return 'Forbidden';
  if (code === 401) return 'Unauthorized';
  if (code === 0 || code === 429 || code === 502 || code === 503 || code === 504) return 'Unavailable';
  if (code === 500) return 'InternalError';
  return isStatusReason(r) ? r : `Http${code}`;
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
 * const body = '{"kind":"Status","reason":"NotFound","message":"deployments.apps \\"web\\" not found"}';
 * const err = errorFromStatus(404, body, { verb: 'get', kind: 'Deployment', namespace: 'shop', name: 'web' });
 * err instanceof NotFoundError; // true
 */
export function errorFromStatus(
  code: number,
  body: unknown,
  request: RequestDescription,
  cause?: unknown,
): KubeApiError {
  let status = parseStatus(body);
  if (status && request.sensitive) status = redactStatus(status);
  status = typedPatchRefusal(code, status) ?? status;
  const reason = reasonFor(code, status);
  const where = describeObject(request);
  const serverSays = status?.message ? `: ${status.message}` : code ? ` (HTTP ${code})` : '';
  const causes =
    // A typed-patch refusal's message lists its fields already.
    reason === 'Invalid' && code !== 500 && status?.details?.causes?.length
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
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  // Kubeclient's transports (http-transport.ts, http2-transport.ts): no response headers in time, a body (a watch)
  // silent too long, a response closed before its end.
  'ORKESTRA_HEADERS_TIMEOUT',
  'ORKESTRA_BODY_TIMEOUT',
  'ORKESTRA_STREAM_CLOSED',
  // node:http2's: a stream reset by the server (REFUSED_STREAM after GOAWAY…), a session gone or going away.
  'ERR_HTTP2_STREAM_ERROR',
  'ERR_HTTP2_STREAM_CANCEL',
  'ERR_HTTP2_SESSION_ERROR',
  'ERR_HTTP2_GOAWAY_SESSION',
  'ERR_HTTP2_INVALID_SESSION',
  // undici's: core no longer uses it, but @kubernetes/client-node 2.x and Node's fetch() do, and toKubeError
  // maps what they throw.
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CLOSED',
]);

/** One error of a chain of causes, as far as these checks read it. */
export interface ErrorLink {
  code?: unknown;
  name?: unknown;
  message?: unknown;
}

/** Whether `test` holds for `e` or one of its first causes (`cause` of `cause`…, five deep: libraries wrap). */
export function someCause(e: unknown, test: (link: ErrorLink) => boolean): boolean {
  for (let cur: unknown = e, depth = 0; cur && depth < 5; depth++) {
    if (test(cur as ErrorLink)) return true;
    cur = (cur as { cause?: unknown }).cause;
  }
  return false;
}

/** True for errors of the network (refused, reset, timed out) rather than answers of the server. */
export function isNetworkError(e: unknown): boolean {
  return someCause(
    e,
    ({ code, name }) =>
      (typeof code === 'string' && NETWORK_CODES.has(code)) ||
      name === 'TimeoutError' ||
      name === 'ConnectTimeoutError' ||
      name === 'SocketError',
  );
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
    return new OrkestraError('Aborted', `${request.verb} ${describeObject(request)} was aborted`, {
      object: request,
      cause: e,
    });
  }
  return new OrkestraError(
    'Unknown',
    `${request.verb} ${describeObject(request)} failed: ${e instanceof Error ? e.message : String(e)}`,
    { object: request, cause: e },
  );
}
