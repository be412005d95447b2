/**
 * Kubernetes resource quantities (`500m`, `0.5`, `1Gi`, `1e3`), compared by value. The API server stores
 * quantities in canonical form (`0.5` becomes `500m`, `1024Mi` becomes `1Gi`), so a spec and the live object
 * must be compared as numbers, not as text. Values are exact rationals (BigInt), never floats.
 */

/** An exact quantity: `numerator / denominator`. */
export interface Quantity {
  readonly numerator: bigint;
  readonly denominator: bigint;
}

const QUANTITY = /^([+-]?)(\d+(?:\.\d*)?|\.\d+)(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE]|[eE][+-]?\d+)?$/;
const BINARY: Record<string, number> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };
const DECIMAL: Record<string, number> = { n: -9, u: -6, m: -3, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };

/**
 * Parses a quantity, or returns `undefined` when the text is not one. Whitespace around it is refused, as
 * the API server refuses it (trim a YAML block scalar's newline first).
 *
 * @example
 * parseQuantity('1Gi'); // { numerator: 1073741824n, denominator: 1n }
 * parseQuantity('abc'); // undefined
 */
export function parseQuantity(text: string): Quantity | undefined {
  const m = QUANTITY.exec(text);
  if (!m) return undefined;
  const [, sign, number, suffix = ''] = m as unknown as [string, string, string, string | undefined];
  const [whole = '', fraction = ''] = number.split('.');
  let numerator = BigInt((whole || '0') + fraction) * (sign === '-' ? -1n : 1n);
  let denominator = 10n ** BigInt(fraction.length);
  let exp10 = 0;
  if (suffix in BINARY) numerator *= 2n ** BigInt(BINARY[suffix]!);
  else if (suffix in DECIMAL) exp10 = DECIMAL[suffix]!;
  else if (suffix) exp10 = Number(suffix.slice(1));
  if (Math.abs(exp10) > 1000) return undefined;
  if (exp10 > 0) numerator *= 10n ** BigInt(exp10);
  else if (exp10 < 0) denominator *= 10n ** BigInt(-exp10);
  return { numerator, denominator };
}

/**
 * True when both texts are quantities of the same value: `quantitiesEqual('0.5', '500m')` and
 * `quantitiesEqual('1024Mi', '1Gi')` are true. False when either is not a quantity.
 */
export function quantitiesEqual(a: string, b: string): boolean {
  if (a === b) return true;
  const x = parseQuantity(a);
  const y = parseQuantity(b);
  return x !== undefined && y !== undefined && x.numerator * y.denominator === y.numerator * x.denominator;
}

/**
 * Orders two quantities by value: negative when `a` is less than `b`, 0 when equal, positive when greater
 * (a request against its limit, say). `undefined` when either is not a quantity.
 *
 * @example
 * compareQuantities('200m', '0.1'); // 1
 * compareQuantities('1Gi', '1024Mi'); // 0
 */
export function compareQuantities(a: string, b: string): number | undefined {
  const x = parseQuantity(a);
  const y = parseQuantity(b);
  if (x === undefined || y === undefined) return undefined;
  const left = x.numerator * y.denominator;
  const right = y.numerator * x.denominator;
  return left === right ? 0 : left < right ? -1 : 1;
}

/**
 * `q` rounded away from zero to a multiple of `10^scale` (`scale` -9 for nano, -3 for milli), as the API
 * server rounds what it stores: every quantity to nano precision, and resource lists (requests, limits) to
 * milli precision, so `0.0001` CPU is stored as `1m`.
 */
export function roundUpQuantity(q: Quantity, scale: number): Quantity {
  const unit = 10n ** BigInt(Math.abs(scale));
  const [num, den] = scale < 0 ? [q.numerator * unit, q.denominator] : [q.numerator, q.denominator * unit];
  const negative = num < 0n;
  const abs = negative ? -num : num;
  const steps = (abs + den - 1n) / den;
  const signed = negative ? -steps : steps;
  return scale < 0 ? { numerator: signed, denominator: unit } : { numerator: signed * unit, denominator: 1n };
}

function sameValue(x: Quantity, y: Quantity): boolean {
  return x.numerator * y.denominator === y.numerator * x.denominator;
}

/**
 * True when the API server, given the quantity `desired`, stores a value equal to `live`: equal values,
 * or `desired` rounded up to nano precision — or to milli precision for a value of a resource list
 * (`inResourceList`). False when either is not a quantity (unless the texts are equal).
 *
 * @example
 * quantityStoredAs('0.0001', '1m', true); // true: requests and limits are rounded up to milli
 * quantityStoredAs('0.5', '500m', false); // true
 */
export function quantityStoredAs(desired: string, live: string, inResourceList: boolean): boolean {
  if (desired === live) return true;
  const x = parseQuantity(desired);
  const y = parseQuantity(live);
  if (x === undefined || y === undefined) return false;
  return (
    sameValue(x, y) || sameValue(roundUpQuantity(x, -9), y) || (inResourceList && sameValue(roundUpQuantity(x, -3), y))
  );
}
