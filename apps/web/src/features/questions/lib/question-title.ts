/**
 * A question's title: the first line of its text, cut at 70 characters. The question page
 * shows it as its heading and tab title, and the server puts the same title in the page it
 * sends (src/entry-server.tsx), for a tab, a link preview or a reader without scripts.
 */
import { htmlToText } from '../../../lib/html.ts';
import { TEXT } from '../../../lib/messages.ts';

export function questionTitle(html: string): string {
  return htmlToText(html).split('\n')[0]?.slice(0, 70) || TEXT.question;
}

/** The question page's tab title. */
export function questionPageTitle(html: string): string {
  return `${questionTitle(html)} · ${TEXT.brand}`;
}
