/**
 * The theme a visitor chose in the web app, written into the page so the first paint has it
 * without a script: the app keeps the choice in a `theme` cookie (light or dark), and the
 * page's `<html>` gets `data-theme`. Without a choice the page follows the system's scheme
 * (CSS `color-scheme: light dark`). The cookie is one bit shared by everyone who chose the
 * same, so it identifies no one.
 */
import { THEME_COOKIE } from '@dating/contract';

export type Theme = 'light' | 'dark';

/** The chosen theme in a Cookie header, or null when there is none (or it is not valid). */
export function chosenTheme(cookieHeader: string | undefined): Theme | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === THEME_COOKIE && (value === 'light' || value === 'dark')) return value;
  }
  return null;
}

/** The page with the theme on its `<html>` element. */
export function withTheme(html: string, theme: Theme): string {
  return html.replace(/<html(?=[\s>])/, `<html data-theme="${theme}"`);
}
