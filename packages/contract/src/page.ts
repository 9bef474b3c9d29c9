/**
 * What the server writes into the web app's page and the app reads back
 * (apps/server/src/plugins/web-app.ts and apps/web).
 */

/** The page's data: `<script type="application/json" id="initial-data">`. */
export const INITIAL_DATA_ID = 'initial-data';

/** The chosen theme, `light` or `dark`, which the server writes into `<html data-theme>`. */
export const THEME_COOKIE = 'theme';
