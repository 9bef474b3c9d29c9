/**
 * Cutting a long text short. A module of its own: the feed's first load needs it
 * (./html-preview.ts) without the rest of ./html.ts.
 */

/** `text` cut at a word to at most about `max` characters, with an ellipsis. */
export function cutAtWord(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max).join('');
  const space = cut.lastIndexOf(' ');
  const body = space > max * 0.6 ? cut.slice(0, space) : cut;
  return `${body.replace(/[\s.,;:!?-]+$/, '')}…`;
}
