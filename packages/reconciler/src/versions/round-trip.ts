/**
 * Round-trip safety of conversions: the fields a version cannot hold, kept on the converted object in an
 * annotation and put back when the object is converted to that version again (what kubebuilder's hub-and-spoke
 * users do by hand with cluster-api's `conversion-data` annotation, here for every field, by comparison).
 */

/** The annotation holding, per version, the fields a conversion away from that version lost. */
export const CONVERSION_DATA_ANNOTATION = 'orkestra.io/conversion-data';

type Json = Record<string, unknown>;
const isMap = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Fields by JSON Pointer (RFC 6901) to their value, e.g. `{ "/spec/tls/issuer": "letsencrypt" }`. */
export type SavedFields = Record<string, unknown>;

/** What the annotation holds: per version name, the fields the object had in that version and lost since. */
export type ConversionData = Record<string, SavedFields>;

const escapeKey = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');
const unescapeSegment = (segment: string) => segment.replaceAll('~1', '/').replaceAll('~0', '~');

/**
 * The fields of `source` that `back` (the object converted away and back again) lacks, by JSON Pointer: a
 * missing field is kept whole; maps are compared key by key; lists of the same length item by item (a field of
 * a list item is kept at its index). A field present in both with another value is not lost (the conversion
 * changed it on purpose). Pure.
 */
export function lostFields(source: unknown, back: unknown, at = ''): SavedFields {
  const lost: SavedFields = {};
  if (isMap(source) && isMap(back)) {
    for (const [key, value] of Object.entries(source)) {
      const pointer = `${at}/${escapeKey(key)}`;
      if (!(key in back)) lost[pointer] = value;
      else Object.assign(lost, lostFields(value, back[key], pointer));
    }
  } else if (Array.isArray(source) && Array.isArray(back) && source.length === back.length) {
    source.forEach((item, i) => Object.assign(lost, lostFields(item, back[i], `${at}/${i}`)));
  }
  return lost;
}

/**
 * Puts `saved` fields back into `object` (mutated) where it has none: a field the object has — set by the
 * conversion, or by the user through another version — is never overwritten. Missing maps on the way are
 * created; a list item that is not there any more is skipped (the list was changed).
 */
export function restoreFields(object: Json, saved: SavedFields): void {
  for (const [pointer, value] of Object.entries(saved)) {
    const segments = pointer.split('/').slice(1).map(unescapeSegment);
    const last = segments.pop();
    if (last === undefined) continue;
    let node: unknown = object;
    for (const segment of segments) {
      if (Array.isArray(node)) node = node[Number(segment)];
      else if (isMap(node)) node = node[segment] ??= {};
      else break;
    }
    if (isMap(node) && !(last in node)) node[last] = value;
  }
}

/** The annotation's data on `metadata`, or empty when it has none or it is not readable (then dropped). */
export function readConversionData(metadata: { annotations?: Record<string, string> } | undefined): ConversionData {
  const text = metadata?.annotations?.[CONVERSION_DATA_ANNOTATION];
  if (!text) return {};
  try {
    const data: unknown = JSON.parse(text);
    if (!isMap(data)) return {};
    return Object.fromEntries(Object.entries(data).filter(([, v]) => isMap(v))) as ConversionData;
  } catch {
    return {};
  }
}

/**
 * `metadata` with the annotation set to `data` — or removed when `data` is empty (and `annotations` removed when
 * nothing else is left in it). Every other field of `metadata` is kept as it is. Pure.
 */
export function withConversionData<M extends { annotations?: Record<string, string> }>(
  metadata: M,
  data: ConversionData,
): M {
  const { [CONVERSION_DATA_ANNOTATION]: _old, ...others } = metadata.annotations ?? {};
  const kept = Object.entries(data).filter(([, fields]) => Object.keys(fields).length > 0);
  const annotations = kept.length
    ? { ...others, [CONVERSION_DATA_ANNOTATION]: JSON.stringify(Object.fromEntries(kept)) }
    : others;
  const { annotations: _a, ...rest } = metadata;
  return (Object.keys(annotations).length ? { ...rest, annotations } : rest) as M;
}
