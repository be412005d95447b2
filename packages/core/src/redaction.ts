/**
 * What must never be printed, and how it is hidden: the fields of a child object whose values are secret (per
 * kind, per field path), and the values that came from a Secret wherever they end up (a ConfigMap key copied
 * from `{{children.secrets.creds.data.password}}`, an error the API server echoes a value in).
 *
 * Two rules, one for fields and one for values:
 * - {@link sensitivePathsOf}: a Secret's `data` and `stringData`, plus the paths a handler declares for the kind
 *   ({@link ResourceHandler.sensitiveObjectFields}). A handler of one kind that declares source fields
 *   ({@link ResourceHandler.sensitiveFields}) but no object paths has its whole object hidden (but metadata).
 * - {@link SecretValues}: every value of every Secret seen (read from the cluster, or built), encoded and
 *   decoded; any printed string that contains one is hidden. A value is recognised however it was copied, so
 *   the same mechanism serves every place that prints (the CLI's diff and render, error messages).
 */
import type { ChildKind, ResourceHandler } from './contract.js';
import type { DriftedField } from './drift.js';

/** What a hidden value is shown as. */
export const REDACTED = '[redacted]';

/** The fields of a Secret that hold its values. */
const SECRET_FIELDS: readonly string[] = ['data', 'stringData'];

/** Every field but apiVersion, kind and metadata: what a handler that names no object paths hides. */
const WHOLE_OBJECT: readonly string[] = ['*'];

/** True for the core Secret kind (`v1` `Secret`). */
export function isSecretKind(kind: ChildKind): boolean {
  return kind.apiVersion === 'v1' && kind.kind === 'Secret';
}

/**
 * The dotted field paths of a child of `kind` made by `handler` whose values must never be printed: a Secret's
 * `data` and `stringData` always; the handler's {@link ResourceHandler.sensitiveObjectFields} for the kind;
 * `['*']` (every field but metadata) for a handler of one kind with {@link ResourceHandler.sensitiveFields} and
 * no object paths declared — the conservative reading of a declaration that names template-source fields.
 */
export function sensitivePathsOf(
  handler: Pick<ResourceHandler, 'sensitiveFields' | 'sensitiveObjectFields' | 'kindOf'>,
  kind: ChildKind,
): readonly string[] {
  const declared = handler.sensitiveObjectFields?.[kind.kind];
  const paths = new Set<string>(isSecretKind(kind) ? SECRET_FIELDS : []);
  for (const p of declared ?? []) paths.add(p);
  if (
    handler.sensitiveObjectFields === undefined &&
    handler.kindOf === undefined &&
    (handler.sensitiveFields?.length ?? 0) > 0
  )
    return WHOLE_OBJECT;
  return [...paths];
}

/** Top-level fields `*` leaves visible: they say what the object is, never what it holds. */
const IDENTITY = new Set(['apiVersion', 'kind', 'metadata']);

/** True when `path` is `parent` or lies under it. */
function under(path: string, parent: string): boolean {
  if (parent === '*') return !IDENTITY.has(path.split(/[.[]/, 1)[0]!);
  return path === parent || path.startsWith(`${parent}.`) || path.startsWith(`${parent}[`);
}

/**
 * True when the value at `path` (`data.password`, `spec.ports[0].name`) is or lies under a sensitive path — or
 * holds one (`spec` when `spec.password` is sensitive): a whole parent value is hidden then.
 */
export function isSensitivePath(path: string, sensitive: readonly string[]): boolean {
  return sensitive.some((p) => under(path, p) || (p !== '*' && under(p, path)));
}

/**
 * `obj` with the value of every sensitive path (see {@link sensitivePathsOf}) replaced by {@link REDACTED}:
 * each key of a map kept, its value hidden. `keep` leaves some values as they are (a placeholder already shown).
 */
export function redactPaths<T>(obj: T, sensitive: readonly string[], keep?: (value: unknown) => boolean): T {
  if (sensitive.length === 0) return obj;
  const walk = (value: unknown, path: string): unknown => {
    if (path && sensitive.some((p) => under(path, p))) return hide(value, keep);
    if (Array.isArray(value)) return value.map((v, i) => walk(v, `${path}[${i}]`));
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, path ? `${path}.${k}` : k)]));
    return value;
  };
  return walk(obj, '') as T;
}

/** Every leaf of `value` hidden; a map's keys stay (they are not secret: a Secret's keys are shown by kubectl). */
function hide(value: unknown, keep?: (value: unknown) => boolean): unknown {
  if (keep?.(value)) return value;
  if (Array.isArray(value)) return value.map((v) => hide(v, keep));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, hide(v, keep)]));
  return value === undefined ? undefined : REDACTED;
}

/**
 * `drifted` as it may be shown (`orkestra diff`, the console): the values of sensitive paths (the child kind's,
 * see {@link sensitivePathsOf}) hidden, and — given the values of the Secrets seen — every value that came from
 * a Secret, wherever it went (a ConfigMap key copied from one).
 */
export function redactDrift(
  drifted: readonly DriftedField[],
  sensitive: readonly string[],
  secrets?: SecretValues,
): DriftedField[] {
  return drifted.map((d) => {
    const hidden = isSensitivePath(d.path, sensitive);
    const show = (v: unknown) => (hidden ? REDACTED : secrets ? secrets.redact(v) : v);
    return {
      ...d,
      ...(d.desired !== undefined ? { desired: show(d.desired) } : {}),
      ...(d.live !== undefined ? { live: show(d.live) } : {}),
    };
  });
}

/** Shorter values are recognised only as a whole string, not inside another one (`"a"` would hide everything). */
const MIN_INNER_LENGTH = 4;

/**
 * The values of the Secrets seen so far, to hide wherever they are printed. Feed it every Secret read or built
 * ({@link addSecret}); then {@link redact} a value (deeply) or {@link redactText} a message before printing.
 * A Secret value is known in both forms a template can copy: as stored (`data`, base64) and decoded.
 *
 * @example
 * const secrets = new SecretValues();
 * secrets.addSecret(liveSecret);
 * console.log(secrets.redactText(error.message));
 */
export class SecretValues {
  readonly #values = new Set<string>();
  #sorted: string[] | undefined;

  /** Records each value of `obj`'s `data` (stored and decoded) and `stringData` when `obj` is a Secret. */
  addSecret(obj: { apiVersion?: unknown; kind?: unknown; [field: string]: unknown } | undefined): void {
    if (obj?.apiVersion !== 'v1' || obj.kind !== 'Secret') return;
    for (const [field, encoded] of [
      ['data', true],
      ['stringData', false],
    ] as const) {
      const map = obj[field];
      if (!map || typeof map !== 'object') continue;
      for (const v of Object.values(map as Record<string, unknown>)) {
        if (typeof v !== 'string') continue;
        this.add(v);
        this.add(encoded ? Buffer.from(v, 'base64').toString('utf8') : Buffer.from(v, 'utf8').toString('base64'));
      }
    }
  }

  /** Records one secret value. Empty strings are ignored. */
  add(value: string): void {
    if (value === '' || this.#values.has(value)) return;
    this.#values.add(value);
    this.#sorted = undefined;
  }

  /** How many distinct values are known. */
  get size(): number {
    return this.#values.size;
  }

  /** True when `text` is a known value, or contains one of at least four characters. */
  contains(text: string): boolean {
    return this.#values.has(text) || this.#long().some((v) => text.includes(v));
  }

  /** `text` with every known value of at least four characters (or the whole text, when it is one) replaced. */
  redactText(text: string): string {
    if (this.#values.has(text)) return REDACTED;
    let out = text;
    for (const v of this.#long()) if (out.includes(v)) out = out.replaceAll(v, REDACTED);
    return out;
  }

  /** `value` with every string that contains a known value replaced by {@link REDACTED}, deeply (keys stay). */
  redact<T>(value: T): T {
    if (this.#values.size === 0) return value;
    const walk = (v: unknown): unknown => {
      if (typeof v === 'string') return this.contains(v) ? REDACTED : v;
      if (Array.isArray(v)) return v.map(walk);
      if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
      return v;
    };
    return walk(value) as T;
  }

  /** The values long enough to be looked for inside other strings, longest first (so a longer one wins). */
  #long(): string[] {
    this.#sorted ??= [...this.#values].filter((v) => v.length >= MIN_INNER_LENGTH).sort((a, b) => b.length - a.length);
    return this.#sorted;
  }
}
