import type { SiteLocale } from './site-locale.ts';
/**
 * What the server writes into the web app's page and the app reads back
 * (apps/server/src/plugins/web-app.ts and apps/web), and what the app marks in it.
 */

/** The page's data: `<script type="application/json" id="initial-data">`. */
export const INITIAL_DATA_ID = 'initial-data';

/** The chosen theme, `light` or `dark`, which the server writes into `<html data-theme>`. */
export const THEME_COOKIE = 'theme';

/**
 * The user timing mark (`performance.mark`) the app makes once it has taken the page over:
 * hydrated the screen the server drew, or drawn its own. Until then its buttons do nothing.
 * `npm run bench:web` reads it.
 */
export const APP_READY_MARK = 'app-ready';

/**
 * How the app's report of an error React recovered from begins (hydrateRoot's
 * onRecoverableError, above all a server drawing the browser's first render did not match):
 * reported as an uncaught error, which fails every end-to-end test that sees it.
 */
export const RECOVERABLE_ERROR_PREFIX = 'Recoverable error:';

/**
 * What the web app's server build exports (apps/web/src/entry-server.tsx, built to
 * `dist-server/entry-server.js`), for the server that loads it to draw a page.
 */
export interface ServerBuild {
  /**
   * The first screen's markup, drawn from the page's address and its data's JSON, in
   * `locale` (English when absent, as older builds draw).
   */
  renderFirstScreen(url: string, dataJson: string, locale?: SiteLocale): Promise<string>;
  /** The tab title of a question's page, or of the feed's (null), in `locale`. */
  pageTitle(question: { text: string } | null, locale?: SiteLocale): string;
  /**
   * A page that explains the site (one of SITE_PAGE_PATHS), drawn whole: it needs no data,
   * so it reads the same to everyone, and without scripts. Absent from older builds.
   */
  renderSitePage?(
    path: SitePagePath,
    locale?: SiteLocale,
  ): Promise<{ title: string; markup: string }>;
}

/** The pages that explain the site: the same for everyone, drawn on the server. */
export const SITE_PAGE_PATHS = ['/about', '/privacy', '/rules'] as const;
export type SitePagePath = (typeof SITE_PAGE_PATHS)[number];

export function isSitePagePath(path: string): path is SitePagePath {
  return (SITE_PAGE_PATHS as readonly string[]).includes(path);
}

/**
 * Where the web app's build writes, below its root, the files each lazily loaded screen
 * needs beyond what the first load fetches (its chunks and stylesheets, as paths below the
 * root, in the order they are reached), so that the server can have a page ask for its
 * screen's files at once without knowing how the app's sources are laid out.
 */
export const SCREEN_FILES_PATH = '.vite/screen-files.json';

/** The screens whose files the build lists at SCREEN_FILES_PATH, and those files. */
export interface ScreenFiles {
  /** A question's page (`/questions/:id`). */
  question: string[];
  /**
   * Each language's catalogue (English's too: the first load carries none): a page in that
   * language asks for it with the page. Absent from older builds.
   */
  locales?: Partial<Record<SiteLocale, string[]>>;
}
