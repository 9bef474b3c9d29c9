/**
 * The first screen drawn on the server: the server's web-app plugin calls this
 * with a page's address and the data it sends with the page (the feed's first page, or a
 * question with its thread), and puts the markup in `#root`. The browser shows the cards as
 * soon as the HTML and CSS arrive, before any JavaScript; main.tsx then hydrates the markup.
 *
 * It draws what a stranger sees, exactly as the browser's first render will (the same data
 * in the same query cache, the same clock: components/ui/time-ago.tsx), so hydration finds
 * no difference. Built by `vite build --ssr` into dist-server/; the server runs it in Node.
 */
import {
  type InitialData,
  type ServerBuild,
  SITE_LOCALES,
  type SiteLocale,
} from '@dating/contract';
import { prerender } from 'react-dom/static';
import { App } from './app/app.tsx';
import { preloadScreen } from './app/router.tsx';
import { seedQueries } from './features/questions/api/initial-data.ts';
import { questionPageTitle } from './features/questions/lib/question-title.ts';
import { activateLocale, activeLocale, loadLocale } from './lib/i18n.ts';
import { TEXT } from './lib/messages.ts';
import { createQueryClient } from './lib/query-client.ts';
import { sitePage } from './lib/site-page-messages.ts';
import { DOMAIN_CATALOGUES } from './locales/domains.ts';

// The server holds every language's catalogues, the main one and each domain's (each a few
// kilobytes), so that no drawing or title waits for one.
await Promise.all(
  SITE_LOCALES.flatMap((locale) => [
    loadLocale(locale),
    ...DOMAIN_CATALOGUES.map((catalogue) => loadLocale(locale, catalogue)),
  ]),
);

/** The markup of `url`'s first screen, drawn with `dataJson` (the page's JSON data). */
export const renderFirstScreen: ServerBuild['renderFirstScreen'] = async (
  url,
  dataJson,
  locale = 'en',
) => {
  const data = JSON.parse(dataJson) as InitialData;
  const queryClient = createQueryClient();
  seedQueries(queryClient, data, new URL(url, 'http://page'), {
    stale: false,
    pageLanguage: locale,
  });
  return draw(queryClient, url, data.now, locale);
};

/**
 * A page that explains the site, with its title: drawn from no data, as the browser's
 * first render draws it (nobody signed in yet, the tab's key unread).
 */
export const renderSitePage: NonNullable<ServerBuild['renderSitePage']> = async (
  path,
  locale = 'en',
) => {
  const markup = await draw(createQueryClient(), path, null, locale);
  return { title: inLocale(locale, () => `${sitePage(path).title} · ${TEXT.brand}`), markup };
};

/**
 * `read()` with `locale` active. The messages are module state (lib/i18n.ts) and a drawing
 * awaits (the screen's code, React's prerender): two drawings at once in different languages
 * would read each other's. So drawings run one at a time, each with its language active
 * throughout. Nothing is lost by the queue: a drawing is CPU work in this one thread, which
 * two could only interleave, not run side by side.
 */
let drawing: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(locale: SiteLocale, work: () => Promise<T>): Promise<T> {
  const turn = drawing.then(() => {
    activateLocale(locale);
    return work();
  });
  // The next drawing waits for this one to settle, whether it worked or not.
  drawing = turn.catch(() => {});
  return turn;
}

/**
 * `read()` with `locale` active, for synchronous work: it runs whole, between a drawing's
 * awaits at worst, and gives the drawing its language back.
 */
function inLocale<T>(locale: SiteLocale, read: () => T): T {
  const previous = activeLocale();
  activateLocale(locale);
  try {
    return read();
  } finally {
    activateLocale(previous);
  }
}

/** The markup of `url`'s screen with the queries `queryClient` holds. */
function draw(
  queryClient: ReturnType<typeof createQueryClient>,
  url: string,
  pageNow: number | null,
  locale: SiteLocale,
): Promise<string> {
  return oneAtATime(locale, () => drawNow(queryClient, url, pageNow));
}

async function drawNow(
  queryClient: ReturnType<typeof createQueryClient>,
  url: string,
  pageNow: number | null,
): Promise<string> {
  try {
    // The screen's code first, as the browser loads it before taking the drawing over
    // (main.tsx): neither side suspends for it, so the drawing holds no suspense markers.
    await preloadScreen(new URL(url, 'http://page').pathname);
    // prerender (not renderToString, nor the streaming renderers) waits for every lazily
    // loaded part, so the markup is whole, and sends nothing until then: a part that fails to
    // draw fails the whole, the page is sent undrawn and the browser draws all of it (a
    // streamed page would be half sent by then).
    let failure: unknown = null;
    const { prelude } = await prerender(
      <App queryClient={queryClient} pageNow={pageNow} url={url} />,
      {
        // Never outline a large part to be swapped in by an inline script, which the CSP
        // (script-src 'self') would block, leaving it hidden.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onError(error) {
          failure ??= error;
        },
      },
    );
    // React puts the screen's <title> first (it belongs in the head, where the server writes
    // it: pageTitle). Left in #root, it would stay in the body beside the one React keeps
    // in the head: a stale second title once the screen changes.
    const html = (await new Response(prelude).text()).replace(/<title>[^<]*<\/title>/g, '');
    if (failure !== null) throw failure;
    if (/<script/i.test(html)) throw new Error('the drawn screen holds a script: not sent');
    return html;
  } finally {
    queryClient.clear();
  }
}

/**
 * The tab title a page's screen sets: a question's page (`question`, as the page's data
 * holds it) or the feed (null). The server puts it in the page's head, so a page read
 * without scripts (a link preview, say) has it too, and the tab keeps it when the app takes
 * over.
 */
export const pageTitle: ServerBuild['pageTitle'] = (question, locale = 'en') =>
  inLocale(locale, () => (question === null ? TEXT.brand : questionPageTitle(question.text)));
