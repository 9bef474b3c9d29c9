/**
 * Focus for what is drawn right after a post (the support panel, the keep-access offer):
 * when it closes, focus goes back to the post it followed, so a keyboard or screen reader
 * user lands where they were.
 */
export function focusPostBefore(element: HTMLElement | null): void {
  const post = element?.previousElementSibling;
  if (!(post instanceof HTMLElement)) return;
  // A card that is not focusable by itself becomes a focus target (not a Tab stop).
  if (!post.hasAttribute('tabindex')) post.setAttribute('tabindex', '-1');
  post.focus({ preventScroll: true });
}
