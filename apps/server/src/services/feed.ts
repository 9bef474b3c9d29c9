/**
 * The feed: one page of questions with the filters of `GET /api/questions/`, in the order
 * of its `sort` (newest first, top, unanswered, active) or ranked when searching, and where
 * the next page starts. Owns the list's rules (a tag given by name or id, `user_id` for
 * one's own questions only, sorts and their cursors, search windows, the viewer's likes)
 * so that the route only parses, calls and sends.
 *
 * A search stays ranked by relevance whatever the sort: relevance is what a search is for,
 * and a window of ranked candidates (SEARCH_CANDIDATES) cannot also be ordered by likes or
 * activity. `sort=unanswered` still keeps only the unanswered matches.
 */
import {
  ALL_LANGUAGES,
  CONTENT_LANGUAGES,
  FEED_SORT_DEFAULT,
  type FeedSort,
  isFeedSort,
  LIMITS,
  MAX_ID,
  normalizeTag,
  type QuestionListQuery,
  type QuestionSummary,
  readLanguageFilter,
} from '@dating/contract';
import type { Viewer } from '../auth/identity.ts';
import { moderates } from '../auth/roles.ts';
import type { Executor } from '../db/connection.ts';
import {
  type Cursors,
  decodeActiveCursor,
  decodeFeedCursor,
  decodeSearchCursor,
  decodeTopCursor,
  encodeActiveCursor,
  encodeFeedCursor,
  encodeSearchCursor,
  encodeTopCursor,
  type SearchCursor,
  type SearchKind,
} from '../lib/cursor.ts';
import { fieldError, forbidden, unauthorized } from '../lib/http-errors.ts';
import { nextPageLink } from '../lib/paging.ts';
import { searchQueryText } from '../lib/search-query.ts';
import { presentQuestion } from '../presenters/questions.ts';
import { likedAmong } from '../repositories/likes.ts';
import {
  type FeedPosition,
  listQuestions,
  type QuestionPageRow,
  SEARCH_CANDIDATES,
} from '../repositories/questions.ts';
import { findTagIdByName, tagsOfRows } from '../repositories/tags.ts';

/** The largest id: PostgreSQL `integer`. */

export interface FeedPage {
  questions: QuestionSummary[];
  /** The next page's cursor, or null on the last page. */
  next: string | null;
  /** The `Link` header naming the next page, or null on the last one. */
  link: string | null;
  /**
   * A search's first page: how many questions match, counted up to SEARCH_CANDIDATES (the
   * `X-Total-Count` header; that many means "at least"). Null otherwise.
   */
  total: number | null;
  /**
   * Who wrote each question of the page, never sent: so that the strangers' cache can tell
   * whether a private key owns one of them (services/feed-cache.ts).
   */
  authors: readonly QuestionAuthor[];
}

/** A question of a page and who asked it: an account, or the hash of a key. */
export interface QuestionAuthor {
  id: number;
  user_id: number | null;
  session_hash: Buffer | null;
}

/** The 400's message for a `language` filter that does not read. */
export const LANGUAGE_FILTER_INVALID = `Language must be all, or language codes separated by commas, each one of ${CONTENT_LANGUAGES.join(', ')}.`;

/**
 * The languages asked for: undefined for every language (absent, empty or `all`); a 400
 * for a code the server never gives.
 */
function languagesOf(raw: string | undefined): readonly string[] | undefined {
  if (raw === undefined) return undefined;
  const read = readLanguageFilter(raw);
  if (read === null) throw fieldError('language', 'languageFilterInvalid');
  return read === ALL_LANGUAGES ? undefined : read;
}

/** The sort asked for; anything but the four names is a 400. */
function sortOf(raw: string | undefined): FeedSort {
  if (raw === undefined || raw === '') return FEED_SORT_DEFAULT;
  if (!isFeedSort(raw)) throw fieldError('sort', 'sortInvalid');
  return raw;
}

/** Where a page of the sort starts, from its cursor: a 400 for a cursor of another sort. */
function positionOf(cursors: Cursors, sort: FeedSort, raw: string | undefined): FeedPosition {
  if (raw === undefined) return { sort };
  switch (sort) {
    case 'new':
      return { sort, after: decodeFeedCursor(cursors, raw, 'feed') };
    case 'unanswered':
      return { sort, after: decodeFeedCursor(cursors, raw, 'unanswered') };
    case 'top':
      return { sort, after: decodeTopCursor(cursors, raw) };
    case 'active':
      return { sort, after: decodeActiveCursor(cursors, raw) };
  }
}

/**
 * The tag a filter names. The specification's client sends the tag's name, so a name
 * wins, even one that looks like a number ("2024"); otherwise a canonical decimal number
 * is an id. Any other number (`075`, `7.6e1`, `0x4b`) is a 400, never read as an id.
 * Undefined without a filter; null for a tag that does not exist (the list is then empty).
 */
async function tagFilter(
  db: Executor,
  raw: string | undefined,
): Promise<number | null | undefined> {
  const value = raw?.trim();
  if (value === undefined || value === '') return undefined;
  const name = normalizeTag(value);
  // A tag stored before names were normalized is found as it was written.
  const tag =
    (name === '' ? undefined : await findTagIdByName(db, name)) ??
    (name === value.toLowerCase() ? undefined : await findTagIdByName(db, value.toLowerCase()));
  if (tag) return tag.id;
  if (/^[1-9][0-9]{0,9}$/.test(value) && Number(value) <= MAX_ID) return Number(value);
  if (Number.isFinite(Number(value))) throw fieldError('tag_id', 'tagIdInvalid');
  return null;
}

/** Where the page of `sort` after `last` starts. */
function sortCursor(cursors: Cursors, sort: FeedSort, last: QuestionPageRow): string {
  switch (sort) {
    case 'new':
      return encodeFeedCursor(cursors, { id: last.id }, 'feed');
    case 'unanswered':
      return encodeFeedCursor(cursors, { id: last.id }, 'unanswered');
    case 'top':
      return encodeTopCursor(cursors, { score: last.top_score, id: last.id });
    case 'active':
      return encodeActiveCursor(cursors, { at: Number(last.activity_us), id: last.id });
  }
}

/**
 * Where the page after `rows` (one more than the page asked for) starts, or null at the
 * end. Search goes on within its window of candidates, then to the next, older window
 * when this one was full (it may hold no more matches: that page is then empty).
 */
function nextCursor(
  cursors: Cursors,
  rows: QuestionPageRow[],
  limit: number,
  sort: FeedSort,
  search: { from: SearchCursor; kind: SearchKind } | undefined,
): string | null {
  const last = rows.slice(0, limit).at(-1);
  if (search === undefined) {
    return rows.length > limit && last ? sortCursor(cursors, sort, last) : null;
  }
  const window = rows[0];
  if (rows.length > limit && last?.rank) {
    const after = { rank: last.rank, id: last.id };
    return encodeSearchCursor(cursors, { ...search.from, after }, search.kind);
  }
  if (window?.window_size === SEARCH_CANDIDATES && window.window_floor !== null) {
    return encodeSearchCursor(cursors, { below: window.window_floor }, search.kind);
  }
  return null;
}

/** One page of the feed for `viewer`; `requestUrl` is the address the next page extends. */
export async function feedPage(
  db: Executor,
  cursors: Cursors,
  viewer: Viewer,
  query: QuestionListQuery,
  requestUrl: string,
): Promise<FeedPage> {
  if (query.user_id !== undefined) {
    if (!viewer.user) throw unauthorized();
    if (query.user_id !== viewer.user.id) throw forbidden('ownQuestionsOnly');
  }
  const sort = sortOf(query.sort);
  const languages = languagesOf(query.language);
  const searching = (query.search?.trim() ?? '') !== '';
  const searchKind: SearchKind = sort === 'unanswered' ? 'search-unanswered' : 'search';
  // The cursor is checked whatever else the request says: a bad one is always a 400.
  const searchFrom = !searching
    ? undefined
    : query.cursor
      ? decodeSearchCursor(cursors, query.cursor, searchKind)
      : {};
  const position: FeedPosition =
    searchFrom === undefined ? positionOf(cursors, sort, query.cursor) : { search: searchFrom };
  const empty: FeedPage = {
    questions: [],
    next: null,
    link: null,
    total: searching ? 0 : null,
    authors: [],
  };
  // A search of punctuation alone names no word, and finds nothing.
  const search = searching ? searchQueryText(query.search ?? '') : undefined;
  if (search === null) return empty;
  const tagId = await tagFilter(db, query.tag_id);
  if (tagId === null) return empty;
  const limit = query.limit ?? LIMITS.pageSizeDefault;
  const rows = await listQuestions(
    db,
    {
      search,
      tagId,
      gender: query.gender,
      ageRange: query.age_range,
      userId: query.user_id,
      unanswered: sort === 'unanswered',
      hasUpdates: query.has_updates === 'true',
      languages,
      hiddenVisibleTo: moderates(viewer.user)
        ? 'all'
        : { userId: viewer.user?.id ?? null, sessionHash: viewer.sessionHash },
    },
    { limit, position },
  );
  const page = rows.slice(0, limit);
  const [tags, liked] = await Promise.all([
    tagsOfRows(db, page),
    likedAmong(
      db,
      'question',
      page.map((row) => row.id),
      viewer,
    ),
  ]);
  const next = nextCursor(
    cursors,
    rows,
    limit,
    sort,
    searchFrom === undefined ? undefined : { from: searchFrom, kind: searchKind },
  );
  return {
    questions: page.map((row, i) => presentQuestion(viewer, row, tags[i] ?? [], liked.has(row.id))),
    next,
    link: nextPageLink(requestUrl, next === null ? null : { cursor: next }),
    // The newest window's size: every match when it is not full.
    total: searching && query.cursor === undefined ? (rows[0]?.window_size ?? 0) : null,
    authors: page.map((row) => ({
      id: row.id,
      user_id: row.user_id,
      session_hash: row.session_hash,
    })),
  };
}
