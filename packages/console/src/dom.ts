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
