/**
 * The files a lazily loaded screen of the web app needs, as `<link>`s for its page's head:
 * the browser then fetches them alongside the app's own files, instead of after the app has
 * run and asked for the screen. The web build lists them (SCREEN_FILES_PATH in its output):
 * the screen's chunks and their stylesheets, less what every page fetches already. The
 * scripts are preloaded; the stylesheets are applied at once, since the server draws the
 * screen before its code arrives (and for readers without scripts), and a drawing without
 * its styles would jump when they came. The app's own loader sees them in the head and adds
 * none of its own; the scripts' attributes are those it uses, so the browser takes the
 * preloaded responses rather than asking twice.
 */

/** The `<link>`s for `files` (paths below the build's root: scripts and stylesheets). */
export function preloadLinks(files: readonly string[]): string {
  return files
    .map((file) =>
      file.endsWith('.css')
        ? `<link rel="stylesheet" crossorigin href="/${file}">`
        : `<link rel="modulepreload" crossorigin href="/${file}">`,
    )
    .join('');
}

/** The page with `links` at the end of its head. */
export function withPreloads(html: string, links: string): string {
  const end = html.indexOf('</head>');
  return end === -1 || links === '' ? html : html.slice(0, end) + links + html.slice(end);
}
