/**
 * The files a lazily loaded screen of the web app needs, as `<link>`s for its page's head:
 * the browser then fetches them alongside the app's own files, instead of after the app has
 * run and asked for the screen. Read from Vite's build manifest (`dist/.vite/manifest.json`):
 * the screen's chunk, the chunks it imports and their stylesheets, less what every page
 * fetches already (the entry and its imports, which index.html lists). The stylesheets are
 * preloaded, not applied: the app applies them with the screen, as it does when the screen
 * is reached by a link. The attributes are those the app's own loader uses, so the browser
 * takes the preloaded responses rather than asking twice.
 */

/** One chunk of Vite's manifest, by the key the manifest gives it. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

export type Manifest = Record<string, ManifestChunk>;

/** The `<link>`s for the screen built from `source` (say, 'src/app/routes/question.tsx'). */
export function screenPreloads(manifest: Manifest, source: string): string {
  const reach = (key: string, seen: Set<string>) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) reach(next, seen);
  };
  const everyPage = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry) reach(key, everyPage);
  }
  if (manifest[source] === undefined) return '';
  const screen = new Set<string>();
  reach(source, screen);
  const links: string[] = [];
  for (const key of screen) {
    const chunk = manifest[key];
    if (everyPage.has(key) || chunk === undefined) continue;
    links.push(`<link rel="modulepreload" crossorigin href="/${chunk.file}">`);
    for (const css of chunk.css ?? []) {
      links.push(`<link rel="preload" as="style" crossorigin href="/${css}">`);
    }
  }
  return links.join('');
}

/** The page with `links` at the end of its head. */
export function withPreloads(html: string, links: string): string {
  const end = html.indexOf('</head>');
  return end === -1 || links === '' ? html : html.slice(0, end) + links + html.slice(end);
}
