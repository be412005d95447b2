/** How values become text, what counts as true, and equality. */
import { EvalFailure } from './errors.js';
import { describeType } from './paths.js';

/**
 * The text of a value written into a string: strings as they are, numbers and booleans as `String()` writes them,
 * `null`/`undefined` (a helper that returned nothing) as `''`. An object or a list has no text form: writing one
 * is an error (use `toJson`), where Handlebars would write `[object Object]`.
 */
export function toText(v: unknown, what: string): string {
  switch (typeof v) {
    case 'string':
      return v;
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(v);
    case 'undefined':
      return '';
    default:
      if (v === null) return '';
      throw new EvalFailure(`${what} is ${describeType(v)}, which has no text form`, {
        path: what.startsWith('the result of') ? undefined : what,
        hint:
          `write {{toJson ${what.startsWith('the result of') ? '…' : what}}} for JSON, or make the expression ` +
          `the whole string to keep the value as it is`,
      });
  }
}

/**
 * Truth as Handlebars' `{{#if}}` sees it: `false`, `undefined`, `null`, `''`, `0`, `NaN` and `[]` are false;
 * everything else (including `'false'` and `{}`) is true.
 */
export function isTruthy(v: unknown): boolean {
  if (!v) return false;
  return !(Array.isArray(v) && v.length === 0);
}
