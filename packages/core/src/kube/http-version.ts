/**
 * Which HTTP version a {@link Kubeclient} speaks to its API server: its `http` option, else the `ORKESTRA_HTTP`
 * environment variable (so a CLI, a bench or a test run picks it without code), else the default.
 */
import { OrkestraError } from '../errors.js';

/** The HTTP versions a {@link Kubeclient} speaks. */
export type HttpVersion = '1.1' | '2';

/** The HTTP version of a {@link Kubeclient} when neither its `http` option nor `ORKESTRA_HTTP` says otherwise. */
export const DEFAULT_HTTP_VERSION: HttpVersion = '1.1';

/** The environment variable that picks the HTTP version of every `Kubeclient` without an `http` option. */
export const HTTP_VERSION_VARIABLE = 'ORKESTRA_HTTP';

/**
 * `option`, else `ORKESTRA_HTTP`, else the default; a value of the variable other than `1.1` or `2` is a `Config`
 * error.
 */
export function httpVersion(option: HttpVersion | undefined, env: NodeJS.ProcessEnv = process.env): HttpVersion {
  if (option !== undefined) return option;
  const value = env[HTTP_VERSION_VARIABLE]?.trim();
  if (!value) return DEFAULT_HTTP_VERSION;
  if (value === '1.1' || value === '2') return value;
  throw new OrkestraError(
    'Config',
    `${HTTP_VERSION_VARIABLE} is "${value}": set it to 1.1 or 2 (the HTTP version spoken to the API server), or ` +
      `unset it for the default (${DEFAULT_HTTP_VERSION})`,
  );
}
