/**
 * What every create / update / delete receives besides its object: a cancellation signal, a logger and the
 * field manager that server-side apply writes under.
 */

/** Structured fields of a log line. Never put Secret values here. */
export type LogFields = Record<string, unknown>;

/**
 * A structured logger. The signature is pino's (`logger.info({ name }, 'created')`), so a pino logger can be
 * passed as it is.
 */
export interface Logger {
  debug(fields: LogFields, message: string): void;
  info(fields: LogFields, message: string): void;
  warn(fields: LogFields, message: string): void;
  error(fields: LogFields, message: string): void;
}

/** A logger that drops everything: the default, so libraries stay silent unless given a logger. */
export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };

/** The default field manager of server-side apply. */
export const DEFAULT_FIELD_MANAGER = 'orkestra';

/** Passed to every resource function. */
export interface Context {
  /** Aborts in-flight requests and retries (e.g. on shutdown). */
  readonly signal: AbortSignal;
  readonly logger: Logger;
  /** Field manager for server-side apply; default `orkestra`. */
  readonly fieldManager: string;
  /**
   * Set by a caller that knows the desired object changed since the child was last brought in line with it (the
   * reconciler does, when the CR or its template changed): an update then logs `updated child to the desired
   * state`, not `corrected drift` — drift being a change someone else made to the child. Unset: `corrected drift`.
   */
  readonly desiredChanged?: boolean | undefined;
}

/**
 * A {@link Context} with defaults for what is not given.
 *
 * @example
 * const ctx = createContext({ logger: pino(), fieldManager: 'website-operator' });
 */
export function createContext(options: Partial<Context> = {}): Context {
  return {
    signal: options.signal ?? new AbortController().signal,
    logger: options.logger ?? silentLogger,
    fieldManager: options.fieldManager ?? DEFAULT_FIELD_MANAGER,
  };
}
