/**
 * Checks of the shapes Kubernetes accepts, run before any request so bad input fails with a field path
 * instead of a 422 from the server. Each `check*` returns `undefined` when the value is fine, or the
 * problem as a sentence; each `parse*` returns the parsed value or throws a {@link ValidationError}.
 * The rules follow k8s.io/apimachinery/pkg/util/validation.
 */
import { type FieldProblem, type ObjectLocation, ValidationError } from './errors.js';
import { parseQuantity } from './quantity.js';

const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const DNS1035_LABEL = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;
const QUALIFIED_NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const CONFIG_KEY = /^[-._a-zA-Z0-9]+$/;
const IANA_SVC_NAME = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function show(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

/** DNS-1123 label (namespaces, most names that are not subdomains): lower case, digits, `-`, at most 63. */
export function checkDns1123Label(value: string): string | undefined {
  if (value.length === 0) return 'must not be empty';
  if (value.length > 63) return `must be at most 63 characters, got ${value.length}`;
  if (!DNS1123_LABEL.test(value))
    return (
      `must consist of lower case letters, digits and '-', and start and end with a letter or digit, got ` +
      `${show(value)}`
    );
  return undefined;
}

/** DNS-1123 subdomain (names of Deployments, Secrets, ConfigMaps…): labels joined by `.`, at most 253. */
export function checkDns1123Subdomain(value: string): string | undefined {
  if (value.length === 0) return 'must not be empty';
  if (value.length > 253) return `must be at most 253 characters, got ${value.length}`;
  if (!DNS1123_SUBDOMAIN.test(value))
    return (
      `must consist of lower case letters, digits, '-' and '.', and start and end with a letter or digit, got ` +
      `${show(value)}`
    );
  return undefined;
}

/** DNS-1035 label (Service names): like DNS-1123 but must start with a letter. */
export function checkDns1035Label(value: string): string | undefined {
  if (value.length === 0) return 'must not be empty';
  if (value.length > 63) return `must be at most 63 characters, got ${value.length}`;
  if (!DNS1035_LABEL.test(value))
    return (
      `must consist of lower case letters, digits and '-', start with a letter and end with a letter or digit, ` +
      `got ${show(value)}`
    );
  return undefined;
}

/** A label (or annotation) key: an optional DNS-1123 subdomain prefix and `/`, then a name of at most 63. */
export function checkLabelKey(key: string): string | undefined {
  const slash = key.lastIndexOf('/');
  const prefix = slash >= 0 ? key.slice(0, slash) : undefined;
  const name = slash >= 0 ? key.slice(slash + 1) : key;
  if (prefix !== undefined) {
    const p = checkDns1123Subdomain(prefix);
    if (p) return `prefix ${show(prefix)} ${p}`;
  }
  if (name.length === 0) return 'name part must not be empty';
  if (name.length > 63) return `name part must be at most 63 characters, got ${name.length}`;
  if (!QUALIFIED_NAME.test(name))
    return (
      `name part must consist of letters, digits, '-', '_' and '.', and start and end with a letter or digit, ` +
      `got ${show(name)}`
    );
  return undefined;
}

/** A label value: empty, or at most 63 letters, digits, `-`, `_`, `.`, starting and ending alphanumeric. */
export function checkLabelValue(value: string): string | undefined {
  if (value.length > 63) return `must be at most 63 characters, got ${value.length}`;
  if (!LABEL_VALUE.test(value))
    return (
      `must be empty or consist of letters, digits, '-', '_' and '.', and start and end with a letter or digit, ` +
      `got ${show(value)}`
    );
  return undefined;
}

/** A key of ConfigMap or Secret data: letters, digits, `-`, `_`, `.`; at most 253; not `.` or `..`. */
export function checkConfigKey(key: string): string | undefined {
  if (key.length === 0) return 'must not be empty';
  if (key.length > 253) return `must be at most 253 characters, got ${key.length}`;
  if (key === '.' || key === '..') return `must not be ${show(key)}`;
  if (!CONFIG_KEY.test(key)) return `must consist of letters, digits, '-', '_' and '.', got ${show(key)}`;
  return undefined;
}

/**
 * Standard, padded base64, as Secret `data` and ConfigMap `binaryData` hold it. The message never echoes the
 * value (it may be Secret data).
 */
export function checkBase64(value: string): string | undefined {
  return BASE64.test(value) ? undefined : 'must be base64-encoded';
}

/**
 * Base64 as given in a template: wrapped output of `base64` (line breaks, spaces) is accepted. Never echoes
 * the value.
 */
export function checkWrappedBase64(value: string): string | undefined {
  return checkBase64(value.replace(/\s+/g, ''));
}

/**
 * The base64 the API server stores and returns for a value: whitespace dropped, unused trailing bits zero.
 * Sending anything else (`aGl=` for `aGk=`, both "hi") would look like drift on every update.
 *
 * @example
 * canonicalBase64('aGl='); // 'aGk='
 */
export function canonicalBase64(value: string): string {
  return Buffer.from(value.replace(/\s+/g, ''), 'base64').toString('base64');
}

/** A named port (IANA service name): at most 15, lower case, digits and `-`, at least one letter, no `--`. */
export function checkPortName(name: string): string | undefined {
  if (name.length === 0 || name.length > 15) return `must be 1 to 15 characters, got ${show(name)}`;
  if (!IANA_SVC_NAME.test(name))
    return (
      `must consist of lower case letters, digits and '-', and start and end with a letter or digit, got ` +
      `${show(name)}`
    );
  if (name.includes('--')) return `must not contain '--', got ${show(name)}`;
  if (!/[a-z]/.test(name)) return `must contain at least one letter, got ${show(name)}`;
  return undefined;
}

/** Fails with every problem found, or returns when `problems` is empty. */
export function throwIfProblems(problems: FieldProblem[], object?: ObjectLocation): void {
  if (problems.length > 0) throw new ValidationError(problems, object ? { object } : {});
}

/**
 * Collects problems while a spec is checked, so one resolve reports all of them together. `check` runs a
 * `check*` function; the `parse*` methods convert template strings to typed values.
 *
 * @example
 * const v = new Validator({ kind: 'Deployment', name: 'web' });
 * const replicas = v.integer('replicas', '3', { min: 0, max: 2147483647 });
 * v.check('name', 'web', checkDns1123Subdomain);
 * v.done(); // throws ValidationError listing every problem, or returns
 */
export class Validator {
  readonly problems: FieldProblem[] = [];

  constructor(readonly object?: ObjectLocation) {}

  /** Records a problem at `path`. */
  add(path: string, message: string, hint?: string): void {
    this.problems.push(hint === undefined ? { path, message } : { path, message, hint });
  }

  /** Runs `check(value)`; a returned sentence becomes a problem at `path`. */
  check<T>(path: string, value: T, check: (v: T) => string | undefined, hint?: string): boolean {
    const problem = check(value);
    if (problem !== undefined) this.add(path, problem, hint);
    return problem === undefined;
  }

  /**
   * An integer from a number or a numeric string (templates yield strings): `"3"` → 3. Rejects fractions,
   * `"abc"`, `""`, and values outside `[min, max]` (default: int32, non-negative).
   */
  integer(path: string, value: unknown, range: { min?: number; max?: number } = {}): number | undefined {
    const min = range.min ?? 0;
    const max = range.max ?? 2_147_483_647;
    const n =
      typeof value === 'number'
        ? value
        : typeof value === 'string' && /^\s*[-+]?\d+\s*$/.test(value)
          ? Number(value)
          : Number.NaN;
    if (!Number.isInteger(n)) {
      this.add(path, `must be an integer, got ${show(value)}`);
      return undefined;
    }
    if (n < min || n > max) {
      this.add(path, `must be an integer from ${min} to ${max}, got ${show(value)}`);
      return undefined;
    }
    return n;
  }

  /** A TCP/UDP port: an integer from 1 to 65535. */
  port(path: string, value: unknown): number | undefined {
    return this.integer(path, value, { min: 1, max: 65535 });
  }

  /**
   * A port given as a number (or numeric string) or as a port name (int-or-string, like a Service's
   * targetPort): `"8080"` → 8080, `"http"` → `"http"`.
   */
  portOrName(path: string, value: unknown): number | string | undefined {
    if (typeof value === 'number' || (typeof value === 'string' && /^\s*\d+\s*$/.test(value)))
      return this.port(path, value);
    if (typeof value === 'string') return this.check(path, value, checkPortName) ? value : undefined;
    this.add(path, `must be a port number or a port name, got ${show(value)}`);
    return undefined;
  }

  /** A boolean from `true`/`false` or the strings `"true"`/`"false"`. */
  boolean(path: string, value: unknown): boolean | undefined {
    if (typeof value === 'boolean') return value;
    if (value === 'true' || value === 'false') return value === 'true';
    this.add(path, `must be true or false, got ${show(value)}`);
    return undefined;
  }

  /**
   * A resource quantity (`500m`, `1Gi`, `0.5`), returned as the string given without surrounding whitespace
   * (a YAML block scalar ends in a newline, which the API server refuses); a bad one is a problem.
   */
  quantity(path: string, value: unknown): string | undefined {
    const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : value;
    if (typeof text !== 'string' || parseQuantity(text) === undefined) {
      this.add(path, `must be a quantity such as 500m, 0.5, 128Mi or 1Gi, got ${show(value)}`);
      return undefined;
    }
    return text;
  }

  /** A string, or a number turned into one; anything else is a problem. */
  string(path: string, value: unknown): string | undefined {
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    this.add(path, `must be a string, got ${Array.isArray(value) ? 'a list' : typeof value}`);
    return undefined;
  }

  /** One of `allowed`; the problem lists them. */
  oneOf<T extends string>(path: string, value: unknown, allowed: readonly T[]): T | undefined {
    if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
    this.add(path, `must be one of ${allowed.join(', ')}, got ${show(value)}`);
    return undefined;
  }

  /** A map of label keys to label values (also used for selectors). */
  labels(path: string, value: unknown): Record<string, string> {
    const out: Record<string, string> = {};
    if (value === undefined || value === null) return out;
    if (typeof value !== 'object' || Array.isArray(value)) {
      this.add(path, 'must be a map of label keys to values');
      return out;
    }
    for (const [k, v] of Object.entries(value)) {
      const text = this.string(`${path}.${k}`, v);
      if (text === undefined) continue;
      const keyOk = this.check(`${path}.${k}`, k, (key) => {
        const p = checkLabelKey(key);
        return p && `key ${p}`;
      });
      if (keyOk && this.check(`${path}.${k}`, text, checkLabelValue)) out[k] = text;
    }
    return out;
  }

  /** A map of annotation keys to string values (any value; only keys are checked). */
  annotations(path: string, value: unknown): Record<string, string> {
    const out: Record<string, string> = {};
    if (value === undefined || value === null) return out;
    if (typeof value !== 'object' || Array.isArray(value)) {
      this.add(path, 'must be a map of annotation keys to values');
      return out;
    }
    for (const [k, v] of Object.entries(value)) {
      const text = this.string(`${path}.${k}`, v);
      const keyOk = this.check(`${path}.${k}`, k, (key) => {
        const p = checkLabelKey(key);
        return p && `key ${p}`;
      });
      if (keyOk && text !== undefined) out[k] = text;
    }
    return out;
  }

  /**
   * A map of ConfigMap or Secret keys to string values: each key checked with {@link checkConfigKey}, each
   * value turned into a string (numbers and booleans from templates) and then checked with `check` when given.
   * Problems name the key, never the value, so this is safe for Secret data as long as `check` does not echo it.
   *
   * @example
   * v.data('binaryData', { 'logo.png': 'iVBORw0KGgo=' }, checkBase64); // { 'logo.png': 'iVBORw0KGgo=' }
   */
  data(path: string, value: unknown, check?: (value: string) => string | undefined): Record<string, string> {
    const out: Record<string, string> = {};
    if (value === undefined || value === null) return out;
    if (typeof value !== 'object' || Array.isArray(value)) {
      this.add(path, 'must be a map of keys to values');
      return out;
    }
    for (const [key, raw] of Object.entries(value)) {
      const at = `${path}.${key}`;
      if (
        !this.check(at, key, (k) => {
          const p = checkConfigKey(k);
          return p && `key ${p}`;
        })
      )
        continue;
      const text = this.string(at, raw);
      if (text === undefined || (check && !this.check(at, text, check))) continue;
      out[key] = text;
    }
    return out;
  }

  /**
   * A map such as `probes.liveness`, or `undefined` when absent (`undefined` or `null`). With `fields`, every
   * other key is a problem, so a misspelt `initialDelaySecond` is reported instead of silently ignored.
   *
   * @example
   * const probe = v.map('probes.liveness', source.probes?.liveness, ['httpGet', 'tcpSocket', 'exec']);
   */
  map(path: string, value: unknown, fields?: readonly string[]): Record<string, unknown> | undefined {
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'object' || Array.isArray(value)) {
      this.add(path, `must be a map, got ${Array.isArray(value) ? 'a list' : show(value)}`);
      return undefined;
    }
    const map = value as Record<string, unknown>;
    if (fields) {
      for (const key of Object.keys(map)) {
        if (!fields.includes(key))
          this.add(path ? `${path}.${key}` : key, 'is not a known field', `known fields: ${fields.join(', ')}`);
      }
    }
    return map;
  }

  /** A list, or `[]` when absent (`undefined` or `null`); anything else is a problem, with `hint` when given. */
  list(path: string, value: unknown, hint?: string): unknown[] {
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) {
      this.add(path, `must be a list, got ${typeof value === 'object' ? 'a map' : show(value)}`, hint);
      return [];
    }
    return value;
  }

  /**
   * A list of strings (`command`, `args`), `[]` when absent; numbers and booleans become strings, as
   * templates may yield either. Problems name the item: `args[2]`.
   */
  stringList(path: string, value: unknown, hint?: string): string[] {
    const out: string[] = [];
    this.list(path, value, hint).forEach((item, i) => {
      const text = this.string(`${path}[${i}]`, item);
      if (text !== undefined) out.push(text);
    });
    return out;
  }

  /**
   * An int-or-percent (a Deployment's `maxSurge`, a PodDisruptionBudget's `minAvailable`): a non-negative
   * integer from a number or numeric string (`"1"` → 1), or a percentage kept as text (`"25%"`), at most
   * `maxPercent` when given.
   */
  intOrPercent(path: string, value: unknown, options: { maxPercent?: number } = {}): number | string | undefined {
    if (typeof value === 'string' && /^\s*\d+%\s*$/.test(value)) {
      const text = value.trim();
      if (options.maxPercent !== undefined && Number(text.slice(0, -1)) > options.maxPercent) {
        this.add(path, `must be at most ${options.maxPercent}%, got ${show(value)}`);
        return undefined;
      }
      return text;
    }
    if (typeof value === 'number' || (typeof value === 'string' && /^\s*[-+]?\d+\s*$/.test(value)))
      return this.integer(path, value);
    this.add(path, `must be a non-negative integer or a percentage such as 25%, got ${show(value)}`);
    return undefined;
  }

  /** Throws a {@link ValidationError} with every problem recorded, if any. */
  done(): void {
    throwIfProblems(this.problems, this.object);
  }
}
