/**
 * The feed: one page of questions with the filters of `GET /api/questions/`, newest first
 * or ranked when searching, and where the next page starts. Owns the list's rules (a tag
 * given by name or id, `user_id` for one's own questions only, cursors, search windows) so
 * that the route only parses, calls and sends.
 */
import {
  API_MSG,
  LIMITS,
  normalizeTag,
  type QuestionListQuery,
  type QuestionSummary,
} from '@dating/contract';
import type { Viewer } from '../auth/identity.ts';
import type { Executor } from '../db/connection.ts';
import {
  type Cursors,
  decodeFeedCursor,
  decodeSearchCursor,
  encodeFeedCursor,
  encodeSearchCursor,
  type SearchCursor,
} from '../lib/cursor.ts';
import { fieldError, forbidden, unauthorized } from '../lib/http-errors.ts';
import { nextPageLink } from '../lib/paging.ts';
import { searchQueryText } from '../lib/search-query.ts';
import { presentQuestion } from '../presenters/questions.ts';
import {
  listQuestions,
  type QuestionPageRow,
  SEARCH_CANDIDATES,
} from '../repositories/questions.ts';
import { findTagIdByName, tagsOfRows } from '../repositories/tags.ts';

/** The largest id: PostgreSQL `integer`. */
const MAX_ID = 2_147_483_647;

export interface FeedPage {
  questions: QuestionSummary[];
  /** The next page's cursor, or null on the last page. */
  next: string | null;
  /** The `Link` header naming the next page, or null on the last one. */
  link: string | null;
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
  if (Number.isFinite(Number(value))) throw fieldError('tag_id', API_MSG.tagIdInvalid);
  return null;
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
  search: SearchCursor | undefined,
): string | null {
  const last = rows.slice(0, limit).at(-1);
  if (search === undefined) {
    return rows.length > limit && last ? encodeFeedCursor(cursors, { id: last.id }) : null;
  }
  const window = rows[0];
  if (rows.length > limit && last?.rank) {
    return encodeSearchCursor(cursors, { ...search, after: { rank: last.rank, id: last.id } });
  }
  if (window?.window_size === SEARCH_CANDIDATES && window.window_floor !== null) {
    return encodeSearchCursor(cursors, { below: window.window_floor });
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
    if (query.user_id !== viewer.user.id) throw forbidden('You can only list your own questions.');
  }
  const searching = (query.search?.trim() ?? '') !== '';
  // The cursor is checked whatever else the request says: a bad one is always a 400.
  const searchFrom = !searching
    ? undefined
    : query.cursor
      ? decodeSearchCursor(cursors, query.cursor)
      : {};
  const after = !searching && query.cursor ? decodeFeedCursor(cursors, query.cursor) : searchFrom;
  // A search of punctuation alone names no word, and finds nothing.
  const search = searching ? searchQueryText(query.search ?? '') : undefined;
  if (search === null) return { questions: [], next: null, link: null };
  const tagId = await tagFilter(db, query.tag_id);
  if (tagId === null) return { questions: [], next: null, link: null };
  const limit = query.limit ?? LIMITS.pageSizeDefault;
  const rows = await listQuestions(
    db,
    {
      search,
      tagId,
      gender: query.gender,
      ageRange: query.age_range,
      userId: query.user_id,
      hiddenVisibleTo: viewer.user?.is_staff
        ? 'all'
        : { userId: viewer.user?.id ?? null, sessionHash: viewer.sessionHash },
    },
    { limit, after },
  );
  const page = rows.slice(0, limit);
  const tags = await tagsOfRows(db, page);
  const next = nextCursor(cursors, rows, limit, searchFrom);
  return {
    questions: page.map((row, i) => presentQuestion(viewer, row, tags[i] ?? [])),
    next,
    link: nextPageLink(requestUrl, next === null ? null : { cursor: next }),
  };
}
