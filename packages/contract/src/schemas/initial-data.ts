/**
 * The first screen's data that comes with a page: the server writes it into the HTML as
 * `<script type="application/json" id="initial-data">` (page.ts `INITIAL_DATA_ID`) through
 * these schemas' serializers, and the web app reads it back as their `Static` types. It is
 * always what a stranger sees: the fields of the API's own responses, never more.
 */
import { type Static, Type } from 'typebox';
import { Nullable } from './common.ts';
import { FeedApiQuery, QuestionDetail, QuestionList } from './questions.ts';

/** `/` (with the filters of its address): the first page of that feed. */
export const FeedPageData = Type.Object({
  feed: Type.Object({
    /** The filters this page was read with, by their API names. */
    query: FeedApiQuery,
    items: QuestionList,
    /** The next page's API address, or null on the last page. */
    next: Nullable(Type.String()),
    /** A search's count of matches (its X-Total-Count), else null. */
    total: Nullable(Type.Integer({ minimum: 0 })),
  }),
});
export type FeedPageData = Static<typeof FeedPageData>;

/** `/questions/{id}`: the question with its thread. */
export const QuestionPageData = Type.Object({ question: QuestionDetail });
export type QuestionPageData = Static<typeof QuestionPageData>;

/** What a page's data holds besides: the clock its first screen was drawn at. */
const clock = {
  now: Type.Integer({
    description: 'When the server read it (ms since the epoch): "5 minutes ago" is drawn at this.',
  }),
};

export const FeedInitialData = Type.Object({ ...FeedPageData.properties, ...clock });
export const QuestionInitialData = Type.Object({ ...QuestionPageData.properties, ...clock });

/** A page's data as the page carries it. */
export type PageData = FeedPageData | QuestionPageData;
export type InitialData = Static<typeof FeedInitialData> | Static<typeof QuestionInitialData>;
