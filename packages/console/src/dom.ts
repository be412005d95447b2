/**
 * The one way the pages make elements: text goes in as text (never as HTML), so nothing the cluster says can
 * become markup; with the server's Content-Security-Policy there is no inline script or style either.
 */
export type Child = Node | string | null | undefined | false;

/** `<tag class=…>children</tag>`; attributes other than `class` are set as attributes. */
export function h(tag: string, attrs: Record<string, string> = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** An SVG element, as {@link h} (text as text; presentation by class: the CSP allows no inline style). */
export function s(tag: string, attrs: Record<string, string | number> = {}, ...children: Child[]): SVGElement {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}
