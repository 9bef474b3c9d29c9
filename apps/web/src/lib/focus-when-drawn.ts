/**
 * A ref that focuses its element when the element is drawn: for a box that opens because the
 * user asked for it (Reply, Edit, a link's address). The `autoFocus` attribute does not do
 * this: browsers honour it only while a page loads, and Preact (build/preact.ts) writes it
 * as the attribute rather than focusing as React does. One function, so that the ref never
 * changes and does not focus again on a later render.
 */
export function focusWhenDrawn(element: HTMLElement | null): void {
  element?.focus();
}
