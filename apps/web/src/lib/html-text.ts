/**
 * The text of some HTML as a browser reads it: DOMParser builds an inert document (no
 * scripts run, no images load) and only its text is taken. The server's drawing of the
 * first screen has no DOMParser and reads the same text with htmlparser2 instead
 * (./html-text.server.ts, put in its place by vite.config.ts): a question page's title is
 * drawn from it on both sides.
 */
export function textOfHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  // Elements whose content is not text a reader sees.
  for (const element of doc.body.querySelectorAll('script, style, template, noscript')) {
    element.remove();
  }
  return doc.body.textContent ?? '';
}
