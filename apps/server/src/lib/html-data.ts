/**
 * Data inside an HTML page, as `<script type="application/json" id="initial-data">`: the
 * browser never runs it (the strict CSP stays as it is) and the app reads it with
 * JSON.parse. The JSON is made safe to sit in HTML: every `<` is written `\u003c`, so no
 * text in it (a question holding `</script>` or `<!--`) can end the element early, and
 * U+2028/U+2029 are escaped too, as old JavaScript parsers read them as line breaks.
 */

import { INITIAL_DATA_ID } from '@dating/contract';

/** JSON text with `<`, U+2028 and U+2029 escaped; JSON.parse reads back the same value. */
export function escapeJsonForHtml(json: string): string {
  return json.replace(
    /[<\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The page with the JSON text `json` in it, at the end of its body. */
export function withInitialData(html: string, json: string): string {
  const element = `<script type="application/json" id="${INITIAL_DATA_ID}">${escapeJsonForHtml(json)}</script>`;
  const end = html.lastIndexOf('</body>');
  return end === -1 ? html + element : html.slice(0, end) + element + html.slice(end);
}

/** Where the web app draws itself (apps/web/index.html). */
const ROOT = '<div id="root"></div>';

/** The page with `markup`, the first screen drawn on the server, inside its `#root`. */
export function withFirstScreen(html: string, markup: string): string {
  const at = html.indexOf(ROOT);
  if (at === -1) return html;
  return `${html.slice(0, at)}<div id="root">${markup}</div>${html.slice(at + ROOT.length)}`;
}

/**
 * The page with `title` as its `<title>` (the first one, in its head). The title is text: its
 * `&` and `<` are escaped, so no question's first line can end the element or add markup.
 */
export function withTitle(html: string, title: string): string {
  const found = /<title>[^<]*<\/title>/.exec(html);
  if (found === null) return html;
  const text = title.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return `${html.slice(0, found.index)}<title>${text}</title>${html.slice(found.index + found[0].length)}`;
}
