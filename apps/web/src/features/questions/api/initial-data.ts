/**
 * The first screen's data that came with the page: the server puts the feed's first page
 * (on `/`) or the question with its thread (on `/questions/:id`) in the HTML as
 * `<script type="application/json" id="initial-data">` (apps/server/src/services/
 * initial-data.ts), so the first cards need no request. It is what a stranger sees: a
 * visitor with an identity (a private key in this tab, or a signed-in account) gets it
 * marked stale, so the query asks again in the background at once and "(yours)", Edit,
 * Delete and likes appear.
 */
import {
  feedApiQuery,
  INITIAL_DATA_ID,
  type InitialData,
  isSiteLocale,
  parseQuestionPath,
  readFeedState,
} from '@dating/contract';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';
import { peekSessionId, tokens } from '../../../lib/storage.ts';
import type { QuestionPage } from './get-questions.ts';

export function readInitialData(doc: Document = document): InitialData | null {
  const text = doc.getElementById(INITIAL_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as InitialData;
  } catch {
    return null;
  }
}

/** The same query, whatever the order of its parameters. */
function sameQuery(a: object, b: object): boolean {
  const sorted = (query: object) =>
    JSON.stringify(Object.entries(query).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)));
  return sorted(a) === sorted(b);
}

function hasIdentity(): boolean {
  return tokens.access() !== null || peekSessionId() !== null;
}

/**
 * Puts the page's data in the query cache under the keys the screens ask for, when it is
 * the data of the address being shown.
 */
export function seedInitialData(
  queryClient: QueryClient,
  doc: Document = document,
  location: Pick<Location, 'pathname' | 'search'> = window.location,
): void {
  const data = readInitialData(doc);
  if (data === null) return;
  // The page's language as the server wrote it: this runs before main.tsx has activated it.
  const lang = doc.documentElement.lang;
  // Stale at once for a visitor who may own some of it: shown, then asked for again.
  seedQueries(queryClient, data, location, {
    stale: hasIdentity(),
    pageLanguage: isSiteLocale(lang) ? lang : 'en',
  });
}

/**
 * The same, from data already read (the server renders the first screen with it), for a
 * page in `pageLanguage`: the feed's data is taken only if it lists what the app would ask
 * for, that language and English unless the address names languages.
 */
export function seedQueries(
  queryClient: QueryClient,
  data: InitialData,
  location: Pick<Location, 'pathname' | 'search'>,
  { stale, pageLanguage }: { stale: boolean; pageLanguage: string },
): void {
  const updatedAt = stale ? 0 : Date.now();
  if ('feed' in data && location.pathname === '/') {
    const state = readFeedState(new URLSearchParams(location.search));
    if (!sameQuery(feedApiQuery(state, { pageLanguage }), data.feed.query)) return;
    const page: QuestionPage = {
      items: data.feed.items,
      next: data.feed.next,
      total: data.feed.total ?? null,
    };
    queryClient.setQueryData(
      queryKeys.questionList(state),
      { pages: [page], pageParams: [null] },
      { updatedAt },
    );
  } else if ('question' in data) {
    const id = data.question.id;
    if (parseQuestionPath(location.pathname)?.id !== id) return;
    queryClient.setQueryData(queryKeys.question(id), data.question, { updatedAt });
  }
}
