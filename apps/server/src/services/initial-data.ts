/**
 * The data a page's first screen needs, sent with its HTML (plugins/web-app.ts) so that the
 * browser does not wait for the JavaScript to ask for it: the feed's first page for `/`
 * (with the filters of the address, read as the web app reads them:
 * packages/contract/src/feed-params.ts), and the question with its thread
 * for `/questions/:id`. The HTML request carries no session key or token, so this is what a
 * stranger sees: no owner fields, nothing liked, a hidden question's notice. The web app
 * shows it at once and asks again in the background when the visitor has an identity.
 */
import {
  type FeedApiQuery,
  feedApiQuery,
  type PageData,
  parseQuestionPath,
  type QuestionSummary,
  readFeedState,
  type SiteLocale,
} from '@dating/contract';
import { STRANGER } from '../auth/identity.ts';
import type { Executor } from '../db/connection.ts';
import type { Cursors } from '../lib/cursor.ts';
import { nextPageLink } from '../lib/paging.ts';
import { type FeedPage, feedPage } from './feed.ts';
import type { FeedCache } from './feed-cache.ts';
import type { ThreadService } from './threads.ts';

export interface InitialDataSources {
  db: Executor;
  cursors: Cursors;
  threads: ThreadService;
  feedCache: FeedCache;
}

/**
 * The feed's filters in a page address (`/?q=...&tag=...&gender=W&age_range=26-35&
 * has_updates=true&sort=top`), read as the web app reads them, with the same table
 * (packages/contract/src/feed-params.ts): unknown parameters and unreadable values are
 * dropped, and so is the default sort. Unless the address names languages, the feed lists the
 * page's language (`locale`) and English, as the web app asks (feed-params.ts `feedApiQuery`).
 */
export function feedFiltersOfPage(query: URLSearchParams, locale: SiteLocale): FeedApiQuery {
  return feedApiQuery(readFeedState(query), { pageLanguage: locale });
}

/** The API address of the feed with these filters (what the next page's link extends). */
function feedApiUrl(filters: FeedApiQuery): string {
  const query = new URLSearchParams(filters as Record<string, string>).toString();
  return query ? `/api/questions/?${query}` : '/api/questions/';
}

/** `<...>; rel="next"` → the address inside. */
function linkTarget(link: string | null): string | null {
  return link === null ? null : (/^<([^>]*)>/.exec(link)?.[1] ?? null);
}

/**
 * The first page of the feed as a stranger sees it: the strangers' page kept for the API
 * (services/feed-cache.ts) when there is one at the current version, else read here. A
 * search is never kept.
 */
export async function strangersFeedPage(
  sources: InitialDataSources,
  filters: FeedApiQuery,
): Promise<Pick<FeedPage, 'questions' | 'link' | 'total'>> {
  const apiUrl = feedApiUrl(filters);
  const kept =
    filters.search === undefined ? await sources.feedCache.peek(sources.db, filters) : null;
  if (kept === null) return feedPage(sources.db, sources.cursors, STRANGER, filters, apiUrl);
  return {
    // The list route's own serialization of the same page (a stranger's, no owner fields).
    questions: JSON.parse(kept.body.toString('utf8')) as QuestionSummary[],
    link: nextPageLink(apiUrl, kept.next === null ? null : { cursor: kept.next }),
    total: null,
  };
}

/**
 * The data of the page at `url` (path and query), drawn in `locale`, or null when the page
 * has none to send (another path, or a question that is not there). Throws what the
 * database throws.
 */
export async function initialDataFor(
  sources: InitialDataSources,
  url: URL,
  locale: SiteLocale,
): Promise<PageData | null> {
  if (url.pathname === '/') {
    const filters = feedFiltersOfPage(url.searchParams, locale);
    const page = await strangersFeedPage(sources, filters);
    return {
      feed: {
        query: filters,
        items: page.questions,
        next: linkTarget(page.link),
        total: page.total,
      },
    };
  }
  const id = parseQuestionPath(url.pathname)?.id;
  if (id === undefined) return null;
  const question = await sources.threads.detail(sources.db, STRANGER, id);
  return question ? { question } : null;
}
