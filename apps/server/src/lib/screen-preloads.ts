/**
 * What a lazily loaded screen of the web app needs in its page's head, so that the server
 * can draw it (plugins/web-app.ts) and the browser paint it before the app runs. The web
 * build lists the screen's files (SCREEN_FILES_PATH in its output): its chunks and their
 * stylesheets, less what every page fetches already.
 * - The scripts are preloaded (`modulepreload`): fetched alongside the app's own files
 *   instead of after the app has run and asked for the screen.
 * - The stylesheets are written into the head as `<style>`, as the build does for the first
 *   load's (apps/web/vite.config.ts, inlineEntryCss): the drawing paints as soon as the HTML
 *   arrives, without more round trips, and without jumping when its styles would come. Each
 *   keeps a `disabled` link to its file, which the browser does not fetch: the app's loader
 *   finds it there and adds none of its own. The Content-Security-Policy allows these
 *   blocks by hash (plugins/security.ts reads this same head).
 * The attributes are those the app's own loader uses, so nothing is fetched twice.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SCREEN_FILES_PATH, type ScreenFiles } from '@dating/contract';

/**
 * The head's additions for `files` (paths below the build's root: scripts and stylesheets),
 * with `css(file)` the text of a stylesheet, or null when it cannot be read (then linked).
 */
export function screenHead(files: readonly string[], css: (file: string) => string | null) {
  return files
    .map((file) => {
      if (!file.endsWith('.css')) return `<link rel="modulepreload" crossorigin href="/${file}">`;
      const text = css(file);
      if (text === null) return `<link rel="stylesheet" crossorigin href="/${file}">`;
      // A stylesheet cannot end the element early.
      const block = text.replaceAll('</style', '<\\/style');
      return `<style>${block}</style><link rel="stylesheet" crossorigin href="/${file}" disabled>`;
    })
    .join('');
}

/**
 * The head's additions for the question screen of the build in `webDistDir`, read from its
 * files once at start-up; empty when the build lists none.
 */
export function questionScreenHead(webDistDir: string): string {
  const read = (file: string) => {
    try {
      return readFileSync(path.join(webDistDir, file), 'utf8');
    } catch {
      return null;
    }
  };
  const listed = read(SCREEN_FILES_PATH);
  if (listed === null) return '';
  try {
    const files = (JSON.parse(listed) as Partial<ScreenFiles>).question ?? [];
    return screenHead(files, read);
  } catch {
    return '';
  }
}

/** The page with `links` at the end of its head. */
export function withPreloads(html: string, links: string): string {
  const end = html.indexOf('</head>');
  return end === -1 || links === '' ? html : html.slice(0, end) + links + html.slice(end);
}
