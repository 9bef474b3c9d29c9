/**
 * Serves the built web app, with history fallback: any GET or HEAD outside /api/ that is
 * not a file gets index.html, so deep links like /questions/12 work on reload. Only a path
 * the app could route falls back: one with a dotfile or dot-segment (`/.git/config`,
 * `/.env`, `/a/../b`) or a file extension (`/backup.zip`, `/assets/gone.js`) names a file,
 * and a file that is not among the assets is a 404, not the page.
 *
 * The feed (`/`) and a question's page (`/questions/:id`) carry their first screen's data
 * (services/initial-data.ts) in the HTML, so it arrives without waiting for the JavaScript
 * to ask for it. It is what a stranger sees; such a page may be kept by the browser only
 * (`private`). When the database cannot give the data in time, the page goes without it and
 * the app asks for it as before: the data never holds the page back for long or breaks it.
 *
 * With the data, the first screen itself is drawn here too, when the web app's server build
 * is there (`dist-server/entry-server.js` beside the web app's `dist/`, made by `npm run
 * build`): the cards show as soon as the HTML and CSS arrive, and the app hydrates them. A
 * drawing that fails leaves `#root` empty, and the app draws the screen as before. The same
 * build names the page's title (a question's first line), which goes in the page's head. A
 * question's page also brings its screen's files there: its scripts to fetch at once, its
 * stylesheets written in (lib/screen-preloads.ts).
 *
 * The pages that explain the site (`/about`, `/privacy`, `/rules`) need no data: the same
 * build draws each whole, once per language, with its title, so they read without scripts.
 *
 * Every page is in the request's language (the `lang` cookie, else Accept-Language, else
 * English: lib/page-locale.ts): its `<html lang>` (and `dir="rtl"` for Arabic), its title,
 * its drawn first screen, and a preload of that language's catalogue for the app (English's
 * too: the app's first load carries no language's words).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import {
  API_MSG,
  FeedInitialData,
  FeedPageData,
  isSitePagePath,
  type PageData,
  QuestionInitialData,
  QuestionPageData,
  requestLocale,
  type ServerBuild,
  SITE_LOCALES,
  type SiteLocale,
  type SitePagePath,
} from '@dating/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DrawnScreens } from '../lib/drawn-screens.ts';
import { withFirstScreen, withInitialData, withTitle } from '../lib/html-data.ts';
import { localeHeads, withLocale } from '../lib/page-locale.ts';
import { chosenTheme, withTheme } from '../lib/page-theme.ts';
import { questionScreenHead, withPreloads } from '../lib/screen-preloads.ts';
import { initialDataFor } from '../services/initial-data.ts';

/** How long a page waits for its data before it goes without. */
const INITIAL_DATA_WAIT_MS = 1_000;
const TOO_SLOW = Symbol('too slow');

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Whether a (decoded) path is one the web app routes, rather than a file's. */
export function isPagePath(path: string): boolean {
  const segments = path.split(/[/\\]/);
  if (segments.some((segment) => segment.startsWith('.'))) return false;
  return !(segments.at(-1) ?? '').includes('.');
}

/** The best encoding the client takes of brotli and gzip, or null for none. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (q === undefined || Number(q) > 0) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  return accepted.has('gzip') ? 'gzip' : null;
}

/**
 * The page's data as JSON, through the contract's schemas (schemas/initial-data.ts), which
 * hold the API's own response schemas: the page carries exactly the fields
 * `GET /api/questions/` and `GET /api/questions/:id/` would send, never more. With `now`, the
 * clock the first screen is drawn at ("5 minutes ago"), which hydration must repeat; without
 * it, what a drawing is kept by.
 */
function pageDataJson(reply: FastifyReply, data: PageData, now?: number): string {
  // Fastify types serializeInput for plain objects only; TypeBox schemas work the same.
  const serialize = (value: object, schema: object) =>
    reply.serializeInput(value as Record<string, unknown>, schema as Record<string, unknown>);
  if ('question' in data) {
    return now === undefined
      ? serialize(data, QuestionPageData)
      : serialize({ ...data, now }, QuestionInitialData);
  }
  return now === undefined
    ? serialize(data, FeedPageData)
    : serialize({ ...data, now }, FeedInitialData);
}

/** The web app's server build, or null when it was not built. */
async function loadServerBuild(file: string): Promise<ServerBuild | null> {
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as ServerBuild;
}

export default fp(
  async (app: FastifyInstance, opts: { root: string }) => {
    if (!existsSync(path.join(opts.root, 'index.html'))) {
      app.log.warn({ root: opts.root }, 'web app not built; serving the API only');
      return;
    }
    const indexHtml = await readFile(path.join(opts.root, 'index.html'), 'utf8');
    // The web app's server build sits beside its browser build (`npm run build`).
    const build = await loadServerBuild(
      path.join(path.dirname(opts.root), 'dist-server', 'entry-server.js'),
    );
    if (build === null) app.log.info('no server build of the web app; pages carry data only');
    const drawn = build === null ? null : new DrawnScreens(build.renderFirstScreen);

    // A question's page brings its screen's files with the page (lib/screen-preloads.ts).
    const questionScreen = questionScreenHead(opts.root);
    if (questionScreen === '') app.log.warn("the build lists no question screen's files");

    // Each language's page: its <html lang>, and its catalogue preloaded.
    const catalogueHeads = localeHeads(opts.root);
    const localized = (html: string, locale: SiteLocale) =>
      withPreloads(withLocale(html, locale), catalogueHeads[locale]);
    // The languages whose page is index.html as built, sent as the file: none once the build
    // lists the catalogues, as every language's page (English's too) preloads its own.
    const asBuilt = new Set(SITE_LOCALES.filter((l) => localized(indexHtml, l) === indexHtml));

    /** `html` with the title the screen will set, when the server build can say it. */
    function titled(
      html: string,
      question: { text: string } | null,
      locale: SiteLocale,
      log: FastifyBaseLogger,
    ) {
      if (build === null) return html;
      try {
        return withTitle(html, build.pageTitle(question, locale));
      } catch (error) {
        log.error({ err: error }, 'page title not made; the app will set it');
        return html;
      }
    }

    // The heads that do not depend on the request but its language, made once each: the
    // feed's title is fixed.
    const questionHead = withPreloads(indexHtml, questionScreen);
    const feedHeads = new Map<SiteLocale, string>();
    function feedHead(locale: SiteLocale, log: FastifyBaseLogger): string {
      let head = feedHeads.get(locale);
      if (head === undefined) {
        head = localized(titled(indexHtml, null, locale, log), locale);
        feedHeads.set(locale, head);
      }
      return head;
    }

    /**
     * index.html with what the page's screen needs in its head, in `locale`: the title it
     * will set, and a question's screen's files.
     */
    function headFor(request: FastifyRequest, data: PageData, locale: SiteLocale): string {
      return 'question' in data
        ? localized(titled(questionHead, data.question, locale, request.log), locale)
        : feedHead(locale, request.log);
    }

    /**
     * The page with its data and its head (`headFor`), and its first screen drawn when that
     * works. A question's screen is loaded lazily by the app, so its drawing stays dead until
     * that code arrives (preloaded by the head): it is drawn with its controls disabled until
     * then (the web app's hooks/use-hydrated.ts), so nothing typed into it is lost.
     */
    async function pageWith(
      request: FastifyRequest,
      reply: FastifyReply,
      data: PageData,
      locale: SiteLocale,
    ): Promise<string> {
      const html = headFor(request, data, locale);
      const withClock = (now: number) => pageDataJson(reply, data, now);
      if (drawn === null) return withInitialData(html, withClock(Date.now()));
      try {
        const key = pageDataJson(reply, data);
        const { json, markup } = await drawn.screen(request.url, key, withClock, locale);
        return withFirstScreen(withInitialData(html, json), markup);
      } catch (error) {
        request.log.error({ err: error }, 'first screen not drawn; the app will draw it');
        return withInitialData(html, withClock(Date.now()));
      }
    }

    await app.register(fastifyStatic, {
      root: opts.root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file; they go out as they are.
      preCompressed: true,
      maxAge: '1h',
      setHeaders(res, filePath) {
        // Vite's hashed assets never change; everything else must revalidate.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });

    /** The page's data, or null when it has none or the database failed or was too slow. */
    async function dataOf(request: FastifyRequest, locale: SiteLocale): Promise<PageData | null> {
      let timer: NodeJS.Timeout | undefined;
      const tooSlow = new Promise<typeof TOO_SLOW>((resolve) => {
        timer = setTimeout(() => resolve(TOO_SLOW), INITIAL_DATA_WAIT_MS);
      });
      // A stranger's first screen: a replica may draw it (plugins/replica-reads.ts).
      const reading = app.replicaReads.read(request, (db) =>
        initialDataFor(
          { db, cursors: app.cursors, threads: app.threads, feedCache: app.feedCache },
          new URL(request.url, 'http://page'),
          locale,
        ),
      );
      try {
        const data = await Promise.race([reading, tooSlow]);
        if (data !== TOO_SLOW) return data;
        // Left to finish (or fail) on its own; the page goes now.
        reading.catch(() => {});
        request.log.warn('page sent without its data: the database was too slow');
        return null;
      } catch (error) {
        request.log.warn({ err: error }, 'page sent without its data');
        return null;
      } finally {
        clearTimeout(timer);
      }
    }

    /**
     * A page that explains the site, drawn once per language: its HTML, or null when it
     * cannot be.
     */
    const sitePages = new Map<string, Promise<string | null>>();
    function sitePageHtml(
      pagePath: SitePagePath,
      locale: SiteLocale,
      log: FastifyBaseLogger,
    ): Promise<string | null> {
      const render = build?.renderSitePage;
      if (render === undefined) return Promise.resolve(null);
      const key = `${locale} ${pagePath}`;
      let drawing = sitePages.get(key);
      if (drawing === undefined) {
        drawing = render(pagePath, locale).then(
          ({ title, markup }) =>
            withFirstScreen(withTitle(localized(indexHtml, locale), title), markup),
          (error: unknown) => {
            log.error({ err: error }, 'site page not drawn; the app will draw it');
            // Tried again by the next request.
            sitePages.delete(key);
            return null;
          },
        );
        sitePages.set(key, drawing);
      }
      return drawing;
    }

    // The fallback is a route, not a not-found handler: the errors plugin owns that one,
    // and every real route (API, hashed asset) is more specific than this wildcard.
    app.get<{ Params: { '*': string } }>(
      '/*',
      { schema: { hide: true } },
      async (request, reply) => {
        if (request.url.startsWith('/api/') || !isPagePath(request.params['*'])) {
          return reply.code(404).send({ detail: API_MSG.notFound });
        }
        const pagePath = `/${request.params['*']}`;
        const locale = requestLocale(request.headers.cookie, request.headers['accept-language']);
        const sitePage = isSitePagePath(pagePath)
          ? await sitePageHtml(pagePath, locale, request.log)
          : null;
        const data =
          sitePage === null && request.method === 'GET' ? await dataOf(request, locale) : null;
        const theme = chosenTheme(request.headers.cookie);
        // The page differs by the theme and language cookies and by the browser's languages
        // too, for any cache between.
        reply.header('Vary', 'Accept-Encoding, Cookie, Accept-Language');
        if (sitePage === null && data === null && theme === null && asBuilt.has(locale)) {
          return reply
            .header('Cache-Control', 'no-cache')
            .sendFile('index.html', { cacheControl: false });
        }
        let html =
          sitePage ??
          (data === null
            ? localized(indexHtml, locale)
            : await pageWith(request, reply, data, locale));
        if (theme !== null) html = withTheme(html, theme);
        reply
          .header('Cache-Control', data === null ? 'no-cache' : 'private, no-cache')
          .type('text/html; charset=utf-8');
        const encoding = pickEncoding(request.headers['accept-encoding']);
        if (encoding === null) return reply.send(html);
        // Made for each request (the data changes): a fast brotli level, still far smaller.
        const body =
          encoding === 'br'
            ? await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
            : await gz(html, { level: 6 });
        return reply.header('Content-Encoding', encoding).send(body);
      },
    );
  },
  { name: 'web-app', dependencies: ['errors'] },
);
