/**
 * What the API server's dry run refused in a child (`diff --server-validate`), field by field, each mapped
 * back to the object and, for a child written as a native manifest, to its line in the katalog.
 */
import type { InvalidError, KubeObject } from '@orkestra/core';
import type { YamlLocator } from '@orkestra/reconciler/internal';

/** One field the API server refused. */
export interface RejectedField {
  /** The field in the child object, list items by index: `spec.template.spec.containers[0].portz`. */
  path: string;
  /** The server's words: `field not declared in schema`, `expected numeric (int or float), got string`. */
  message: string;
  /** `file:line:column` in the katalog, when found. */
  location?: string | undefined;
}

const SEGMENT = /^(?:\.?([^.[\]]+)|\[([^\]]*)\])/;

/** The value of one `key=value` of a list-map key selector: `"a"` (JSON) or a bare number. */
function keyValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * `path` with every list-map selector (`[name="app"]`, `[containerPort=80,protocol="TCP"]`) replaced by the
 * index of the item of `obj` it selects. A selector no item matches is left as it is.
 */
export function indexedPath(path: string, obj: unknown): string {
  let out = '';
  let at: unknown = obj;
  for (let rest = path; rest.length > 0; ) {
    const m = SEGMENT.exec(rest);
    if (!m) return out + rest;
    rest = rest.slice(m[0].length);
    if (m[1] !== undefined) {
      out += out ? `.${m[1]}` : m[1];
      at = at && typeof at === 'object' ? (at as Record<string, unknown>)[m[1]] : undefined;
      continue;
    }
    const selector = m[2]!;
    if (/^\d+$/.test(selector)) {
      out += `[${selector}]`;
      at = Array.isArray(at) ? at[Number(selector)] : undefined;
      continue;
    }
    const keys = selector.split(/,(?=[^,=]+=)/).map((pair) => {
      const eq = pair.indexOf('=');
      return [pair.slice(0, eq), keyValue(pair.slice(eq + 1))] as const;
    });
    const index = Array.isArray(at)
      ? at.findIndex((item) => keys.every(([k, v]) => (item as Record<string, unknown> | null)?.[k] === v))
      : -1;
    out += index >= 0 ? `[${index}]` : `[${selector}]`;
    at = index >= 0 ? (at as unknown[])[index] : undefined;
  }
  return out;
}

/**
 * The fields `error` names, in `object`'s terms. `templatePath` is the katalog path of the child's template;
 * when `native` (the template is the object itself, as a manifest is) each field is located at its own line,
 * otherwise at the template.
 */
export function rejectedFields(
  error: InvalidError,
  object: KubeObject,
  templatePath: string,
  native: boolean,
  locator: YamlLocator | undefined,
): RejectedField[] {
  const causes = error.causes.length ? error.causes : [{ field: '', message: error.status?.message ?? error.message }];
  return causes.map((c) => {
    const path = indexedPath(c.field ?? '', object);
    const location = native && path ? locator?.locate(`${templatePath}.${path}`) : locator?.locate(templatePath);
    return { path, message: c.message ?? c.reason ?? 'refused', location };
  });
}
