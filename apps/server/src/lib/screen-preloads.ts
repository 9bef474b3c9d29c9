/**
 * The files a lazily loaded screen of the web app needs, as `<link>`s for its page's head:
 * the browser then fetches them alongside the app's own files, instead of after the app has
 * run and asked for the screen. The web build lists them (SCREEN_FILES_PATH in its output):
 * the screen's chunks and their stylesheets, less what every page fetches already. The
 * stylesheets are preloaded, not applied: the app applies them with the screen, as it does
 * when the screen is reached by a link. The attributes are those the app's own loader uses,
 * so the browser takes the preloaded responses rather than asking twice.
 */

/** The `<link>`s for `files` (paths below the build's root: scripts and stylesheets). */
export function preloadLinks(files: readonly string[]): string {
  return files
    .map((file) =>
      file.endsWith('.css')
        ? `<link rel="preload" as="style" crossorigin href="/${file}">`
        : `<link rel="modulepreload" crossorigin href="/${file}">`,
    )
    .join('');
}

/** The page with `links` at the end of its head. */
export function withPreloads(html: string, links: string): string {
  const end = html.indexOf('</head>');
  return end === -1 || links === '' ? html : html.slice(0, end) + links + html.slice(end);
}
