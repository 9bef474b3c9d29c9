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
