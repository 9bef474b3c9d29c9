import { type AgeRange, type Gender, LIMITS } from '@dating/contract';
import { type CompiledQuery, type Selectable, sql } from 'kysely';
import type { Executor } from '../db/connection.ts';
import { PREPARED } from '../db/prepared.ts';
import type { IdempotencyKeyClaim, Owner } from '../db/rows.ts';
import type { QuestionsTable } from '../db/schema.ts';
import type { KeyActivity } from '../lib/activity-macs.ts';
import type { ActiveCursor, FeedCursor, SearchCursor, TopCursor } from '../lib/cursor.ts';
import { automaticFollowsOf } from './follows.ts';
import { keyClaims } from './idempotency-keys.ts';
import { dropNotificationsOf } from './notifications.ts';

const QUESTION_COLUMNS = [
  'questions.id',
  'questions.text',
  'questions.likes',
  'questions.answer_count',
  'questions.gender',
  'questions.age_range',
  'questions.user_id',
  'questions.session_hash',
  'questions.hidden_at',
  'questions.hidden_reason',
  'questions.helpful_count',
  'questions.update_count',
  'questions.edited_at',
  'questions.language',
  'questions.created_at',
] as const;

export interface QuestionFilters {
  search?: string;
  tagId?: number;
  gender?: Gender;
  ageRange?: AgeRange;
  userId?: number;
  /** Only questions without answers (`sort=unanswered`). */
  unanswered?: boolean;
  /** Only questions with the asker's updates. */
  hasUpdates?: boolean;
  /** Only questions written in these languages, and those whose language is unknown. */
  languages?: readonly string[];
  /**
   * Hidden questions are left out, except for admins (`'all'`) and their own
   * author (a user, or an anonymous session).
   */
  hiddenVisibleTo?: 'all' | { userId: number | null; sessionHash: Buffer | null };
}

/**
 * Searching ranks a window of the newest matches, at most this many, then the next window
 * of older ones, and so on: a common word matches a large part of the site, and ranking
 * every match would cost a sort of all of them on each request. Every match is reachable;
 * relevance orders each window. The candidates come newest first through the primary key
 * (common words: a few hundred rows read) or the GIN index (rare ones), whichever the
 * planner finds cheaper. Measured on 100,000 questions: 1,000 candidates cost ~15 ms a
 * search of a word in a third of the questions on PostgreSQL (five times that on PGlite),
 * 300 about 3 ms.
 */
export const SEARCH_CANDIDATES: number = LIMITS.searchCountMax;

/**
 * A page's order and where it starts: a sort of the feed (migration 0010 gives each its
 * index) after its cursor, or a search (ranked) within its windows. `unanswered` is `new`
 * over the unanswered questions (`QuestionFilters.unanswered`).
 */
export type FeedPosition =
  | { sort: 'new' | 'unanswered'; after?: FeedCursor }
  | { sort: 'top'; after?: TopCursor }
  | { sort: 'active'; after?: ActiveCursor }
  | { search: SearchCursor };

export interface QuestionPageRow extends Record<string, unknown> {
  id: number;
  text: string;
  likes: number;
  answer_count: number;
  gender: Gender;
  age_range: AgeRange;
  user_id: number | null;
  session_hash: Buffer | null;
  hidden_at: Date | null;
  helpful_count: number;
  update_count: number;
  edited_at: Date | null;
  language: string | null;
  created_at: Date;
  /** The `top` sort's key, as the exact text of a PostgreSQL double (migration 0010). */
  top_score: string;
  /** The last activity in microseconds since the epoch (bigint, so text), for `active`. */
  activity_us: string;
  /** The search rank, as the exact text of a PostgreSQL real; null when not searching. */
  rank: string | null;
  /** Searching: the lowest id of the window of candidates, and how many it holds. */
  window_floor: number | null;
  window_size: number | null;
  /** The question's tag ids, from the same query (names: `tagsOfRows`). */
  tag_ids: number[];
}

/** A query the repositories build once and either run or explain (query-plan tests). */
export interface BuiltQuery<Row> {
  compile(): CompiledQuery;
  execute(): Promise<Row[]>;
}

/**
 * The tag ids of the row of `questions` in the enclosing query: an index-only lookup.
 * Names come from the tag cache (tags.ts): joining `tags` here cost more than the page.
 */
function tagIdsOfRow() {
  return sql<
    number[]
  >`array(select question_tags.tag_id from question_tags where question_tags.question_id = questions.id)`.as(
    'tag_ids',
  );
}

/** The sort keys of the row of `questions`, for the next page's cursor. */
function sortKeysOfRow() {
  return [
    sql<string>`questions.top_score::text`.as('top_score'),
    sql<string>`(extract(epoch from questions.last_activity_at) * 1000000)::bigint::text`.as(
      'activity_us',
    ),
  ] as const;
}

/**
 * One page of questions in the order of its sort (newest first, top, unanswered, active),
 * or by search rank then newest when searching, each with its tags. Keyset pagination: the
 * cursor is the last row's sort key and id, so a deep page costs the same as the first.
 * Asks for one row more than the page to know whether there is a next.
 */
export function selectQuestionPage(
  db: Executor,
  filters: QuestionFilters,
  page: { limit: number; position?: FeedPosition },
): BuiltQuery<QuestionPageRow> {
  let filtered = db.selectFrom('questions');
  if (filters.tagId !== undefined) {
    const tagId = filters.tagId;
    filtered = filtered.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('question_tags')
          .select('question_tags.question_id')
          .whereRef('question_tags.question_id', '=', 'questions.id')
          .where('question_tags.tag_id', '=', tagId),
      ),
    );
  }
  if (filters.gender !== undefined) {
    filtered = filtered.where('questions.gender', '=', filters.gender);
  }
  if (filters.ageRange !== undefined) {
    filtered = filtered.where('questions.age_range', '=', filters.ageRange);
  }
  if (filters.userId !== undefined) {
    filtered = filtered.where('questions.user_id', '=', filters.userId);
  }
  if (filters.unanswered) filtered = filtered.where('questions.answer_count', '=', 0);
  if (filters.hasUpdates) {
    // The words of the partial index questions_with_updates_idx (migration 0011).
    filtered = filtered.where('questions.update_count', '>', 0);
  }
  if (filters.languages !== undefined) {
    // One statement whatever the number of languages (an array, not a list of parameters).
    const languages = [...filters.languages];
    filtered = filtered.where(
      sql<boolean>`(questions.language IS NULL OR questions.language = any(${languages}::text[]))`,
    );
  }
  const visibleTo = filters.hiddenVisibleTo;
  if (visibleTo !== 'all') {
    filtered = filtered.where((eb) => {
      const visible = [eb('questions.hidden_at', 'is', null)];
      if (visibleTo?.userId != null) visible.push(eb('questions.user_id', '=', visibleTo.userId));
      if (visibleTo?.sessionHash != null) {
        visible.push(eb('questions.session_hash', '=', visibleTo.sessionHash));
      }
      return eb.or(visible);
    });
  }

  const position: FeedPosition = page.position ?? { sort: 'new' };
  if (filters.search !== undefined) {
    const cursor = 'search' in position ? position.search : {};
    const tsquery = sql`websearch_to_tsquery('english', ${filters.search})`;
    // A window of the newest matches, each ranked as it is read (ids and scores only: the
    // vectors stay behind); then one page of them joined back. The window's size and
    // lowest id say where the next window starts.
    const score = sql<number>`ts_rank(question_search.search_vector, ${tsquery})`;
    let matches = filtered
      .innerJoin('question_search', 'question_search.question_id', 'questions.id')
      .select(['questions.id', score.as('score')])
      .where(sql<boolean>`question_search.search_vector @@ ${tsquery}`);
    if (cursor.below !== undefined) matches = matches.where('questions.id', '<', cursor.below);
    const candidates = matches.orderBy('questions.id', 'desc').limit(SEARCH_CANDIDATES).as('c');
    const window = db
      .selectFrom(candidates)
      .select([
        'c.id',
        'c.score',
        sql<number>`min(c.id) over ()`.as('floor'),
        sql<number>`(count(*) over ())::int`.as('size'),
      ])
      .as('candidates');
    let ranked = db
      .selectFrom(window)
      .select(['candidates.id', 'candidates.floor', 'candidates.size', 'candidates.score']);
    if (cursor.after !== undefined) {
      const { rank, id } = cursor.after;
      ranked = ranked.where(
        sql<boolean>`(candidates.score, candidates.id) < (${rank}::real, ${id})`,
      );
    }
    const top = ranked
      .orderBy('candidates.score', 'desc')
      .orderBy('candidates.id', 'desc')
      .limit(page.limit + 1)
      .as('ranked');
    return db
      .selectFrom(top)
      .innerJoin('questions', 'questions.id', 'ranked.id')
      .select([
        ...QUESTION_COLUMNS,
        ...sortKeysOfRow(),
        sql<string | null>`ranked.score::text`.as('rank'),
        sql<number | null>`ranked.floor`.as('window_floor'),
        sql<number | null>`ranked.size`.as('window_size'),
        tagIdsOfRow(),
      ])
      .orderBy('ranked.score', 'desc')
      .orderBy('questions.id', 'desc');
  }

  let query = filtered.select([
    ...QUESTION_COLUMNS,
    ...sortKeysOfRow(),
    sql<string | null>`null`.as('rank'),
    sql<number | null>`null`.as('window_floor'),
    sql<number | null>`null`.as('window_size'),
    tagIdsOfRow(),
  ]);
  if ('search' in position) throw new Error('a search page without search text');
  // Each order is the order of an index (migrations 0001, 0010), read from its start or
  // from the cursor's row on: (key, id) descending, compared as a row.
  switch (position.sort) {
    case 'top': {
      const after = position.after;
      if (after !== undefined) {
        query = query.where(
          sql<boolean>`(questions.top_score, questions.id) < (${after.score}::float8, ${after.id}::int)`,
        );
      }
      query = query.orderBy('questions.top_score', 'desc');
      break;
    }
    case 'active': {
      const after = position.after;
      if (after !== undefined) {
        // The cursor's microseconds back to a timestamp, exactly: interval arithmetic is
        // in whole microseconds.
        const at = sql`(timestamptz 'epoch' + ${after.at}::float8 * interval '1 microsecond')`;
        query = query.where(
          sql<boolean>`(questions.last_activity_at, questions.id) < (${at}, ${after.id}::int)`,
        );
      }
      query = query.orderBy('questions.last_activity_at', 'desc');
      break;
    }
    default: {
      const after = position.after;
      if (after !== undefined) query = query.where('questions.id', '<', after.id);
    }
  }
  return query.orderBy('questions.id', 'desc').limit(page.limit + 1);
}

export function listQuestions(
  db: Executor,
  filters: QuestionFilters,
  page: { limit: number; position?: FeedPosition },
): Promise<QuestionPageRow[]> {
  return selectQuestionPage(db, filters, page).execute();
}

/**
 * A question, with the version of its thread ('0' before its first answer; migration 0003)
 * and the version of its row: `xmin`, the transaction that wrote this version of the row,
 * which every change to the row (an edit, a like, an update, a hide, a claim) replaces.
 */
function selectQuestionWithVersions(db: Executor, id: number) {
  return db
    .selectFrom('questions')
    .leftJoin('thread_versions', 'thread_versions.question_id', 'questions.id')
    .select([
      ...QUESTION_COLUMNS,
      sql<string>`coalesce(thread_versions.version, 0)::text`.as('thread_version'),
      sql<string>`questions.xmin::text`.as('row_version'),
    ])
    .where('questions.id', '=', id);
}

export function findQuestion(db: Executor, id: number) {
  return selectQuestionWithVersions(db, id).executeTakeFirst();
}

/**
 * `findQuestion` with the question's tags by name, in one round trip: the question page's
 * read, which a kept thread's response otherwise waits on twice.
 */
export function findQuestionWithTags(db: Executor, id: number) {
  return selectQuestionWithVersions(db, id)
    .select(
      sql<{ id: number; name: string }[]>`(
        SELECT coalesce(json_agg(json_build_object('id', t.id, 'name', t.name) ORDER BY t.name), '[]')
        FROM question_tags qt JOIN tags t ON t.id = qt.tag_id
        WHERE qt.question_id = questions.id)`.as('tags'),
    )
    .executeTakeFirst();
}

/** Locks the row for the rest of the transaction (replies, edits and deletes). */
export async function findQuestionForUpdate(db: Executor, id: number) {
  const { rows } =
    await sql<LockedQuestion>`${PREPARED}SELECT id, user_id, session_hash, hidden_at FROM questions WHERE id = ${id}
    FOR UPDATE`.execute(db);
  return rows[0];
}

/** A post's author and hidden state, and its question's (presenters/ownership.ts `visibleTo`). */
export interface PostVisibility {
  post: Pick<Selectable<QuestionsTable>, 'user_id' | 'session_hash' | 'hidden_at'>;
  question: Pick<Selectable<QuestionsTable>, 'user_id' | 'session_hash' | 'hidden_at'>;
}

/**
 * What whether a post shows is read from: the post (a question, or an answer) and its
 * question, in one query; undefined when there is none.
 */
export async function findPostVisibility(
  db: Executor,
  target: { type: 'question' | 'answer'; id: number },
): Promise<PostVisibility | undefined> {
  const { rows } = await sql<{
    user_id: number | null;
    session_hash: Buffer | null;
    hidden_at: Date | null;
    q_user_id: number | null;
    q_session_hash: Buffer | null;
    q_hidden_at: Date | null;
  }>`${PREPARED}SELECT p.user_id, p.session_hash, p.hidden_at, q.user_id AS q_user_id,
      q.session_hash AS q_session_hash, q.hidden_at AS q_hidden_at
    FROM ${target.type === 'question' ? sql`questions` : sql`answers`} p
    JOIN questions q ON q.id = ${target.type === 'question' ? sql`p.id` : sql`p.question_id`}
    WHERE p.id = ${target.id}`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  return {
    post: { user_id: row.user_id, session_hash: row.session_hash, hidden_at: row.hidden_at },
    question: {
      user_id: row.q_user_id,
      session_hash: row.q_session_hash,
      hidden_at: row.q_hidden_at,
    },
  };
}

/** A question's row as a reply reads it, locked. */
export type LockedQuestion = Pick<
  Selectable<QuestionsTable>,
  'id' | 'user_id' | 'session_hash' | 'hidden_at'
>;

export interface NewQuestion {
  text: string;
  searchText: string;
  tagText: string;
  gender: Gender;
  ageRange: AgeRange;
  /** Detected from its text (lib/content-language.ts); null when it cannot be told. */
  language: string | null;
}

type ColumnName<T> = T extends `questions.${infer C}` ? C : never;
/** A question's row as `QUESTION_COLUMNS` select it, with its versions as `findQuestion`'s. */
type InsertedQuestion = Pick<
  Selectable<QuestionsTable>,
  ColumnName<(typeof QUESTION_COLUMNS)[number]>
> & { thread_version: string; row_version: string };

/** The columns a new question's INSERT writes. */
const WRITTEN_COLUMNS = sql`text, search_text, tag_text, gender, age_range, language, user_id, session_hash`;

/**
 * What a new question's INSERT returns, for both ways of posting one: the row as
 * findQuestion reads it, so that the asker's response needs no second read.
 */
function returningQuestion() {
  const columns = sql.join(QUESTION_COLUMNS.map((column) => sql.ref(column)));
  return sql`RETURNING ${columns}, '0' AS thread_version, questions.xmin::text AS row_version`;
}

/** A new question and its tags (their ids), in one statement. */
export async function insertQuestion(
  db: Executor,
  q: NewQuestion,
  asker: Owner,
  tagIds: readonly number[],
): Promise<InsertedQuestion> {
  const { rows } = await sql<InsertedQuestion>`${PREPARED}
    WITH asked AS (
      INSERT INTO questions (${WRITTEN_COLUMNS})
      SELECT ${q.text}, ${q.searchText}, ${q.tagText}, ${q.gender}, ${q.ageRange},
        ${q.language}::text, ${asker.userId}::int, ${asker.sessionHash}::bytea
      ${returningQuestion()}
    ), linked AS (
      INSERT INTO question_tags (question_id, tag_id)
      SELECT asked.id, unnest(${[...tagIds]}::int[]) FROM asked
    )
    SELECT * FROM asked`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('the question was not inserted');
  return row;
}

/** A question just inserted, its tags (by name) and whether its asker now follows it. */
export interface InsertedQuestionWithTags {
  row: InsertedQuestion;
  tags: { id: number; name: string }[];
  following: boolean;
}

/** A question to post with tags that may all exist already. */
export interface NewQuestionWithTags {
  question: NewQuestion;
  asker: Owner;
  tagNames: readonly string[];
  /** Its request's idempotency key, taken by the same statement (`keyClaims`). */
  key?: IdempotencyKeyClaim;
}

/**
 * Questions whose tags all exist already (most posts reuse tags), each linked to its tags,
 * and each asker's automatic follow (repositories/follows.ts `automaticFollowsOf`), in one
 * statement, however many: one round trip and one commit for all (db/write-batches.ts),
 * where the general path takes five for one (BEGIN, the tags, the question, the follow,
 * COMMIT). A question with a tag that does not exist yet is not written, and its result is
 * undefined: the caller takes the general path, which creates the tag. So is one whose
 * idempotency key another request holds: the general path answers it as that key says.
 *
 * Each question's id is drawn before its insert, so that its row, tags and follow are
 * matched to it exactly. Call with one question per asker at most: an asker's follows are
 * counted once for the statement.
 */
export async function insertQuestionsWithKnownTags(
  db: Executor,
  posts: readonly NewQuestionWithTags[],
  followsMax: number,
): Promise<(InsertedQuestionWithTags | undefined)[]> {
  if (posts.length === 0) return [];
  const names = posts.map((post) => [...new Set(post.tagNames)]);
  const of = <T>(pick: (post: NewQuestionWithTags) => T) => posts.map(pick);
  const { rows } = await sql<
    InsertedQuestion & Omit<InsertedQuestionWithTags, 'row'> & { n: string }
  >`${PREPARED}
    WITH wanted AS (
      SELECT * FROM unnest(${of((p) => p.question.text)}::text[],
        ${of((p) => p.question.searchText)}::text[], ${of((p) => p.question.tagText)}::text[],
        ${of((p) => p.question.gender)}::text[], ${of((p) => p.question.ageRange)}::text[],
        ${of((p) => p.question.language)}::text[], ${of((p) => p.asker.userId)}::int[],
        ${of((p) => p.asker.sessionHash)}::bytea[],
        ${names.map((tags) => tags.length)}::int[], ${of((p) => p.key?.id ?? null)}::bytea[],
        ${of((p) => p.key?.fingerprint ?? null)}::bytea[],
        ${of((p) => p.key?.expiresAt ?? null)}::timestamptz[])
        WITH ORDINALITY AS w(text, search_text, tag_text, gender, age_range, language,
          user_id, session_hash, tag_count, key_id, key_fingerprint, key_expires_at, n)
    ), known AS (
      SELECT named.n, tags.id, tags.name
      FROM unnest(${names.flatMap((tags, i) => tags.map(() => i + 1))}::int[],
        ${names.flat()}::text[]) AS named (n, name)
      JOIN tags ON tags.name = named.name
    ), ready AS MATERIALIZED (
      SELECT w.*, nextval(pg_get_serial_sequence('questions', 'id'))::int AS id FROM wanted w
      WHERE (SELECT count(*) FROM known WHERE known.n = w.n) = w.tag_count
    ), ${keyClaims(sql`(SELECT key_id AS id, key_fingerprint AS fingerprint,
        key_expires_at AS expires_at FROM ready WHERE key_id IS NOT NULL)`)},
    written AS (
      SELECT * FROM ready WHERE key_id IS NULL OR key_id IN (SELECT id FROM claimed)
    ), asked AS (
      INSERT INTO questions (id, ${WRITTEN_COLUMNS}) OVERRIDING SYSTEM VALUE
      SELECT id, ${WRITTEN_COLUMNS} FROM written
      ${returningQuestion()}
    ), linked AS (
      INSERT INTO question_tags (question_id, tag_id)
      SELECT written.id, known.id FROM written JOIN known ON known.n = written.n
    ), followed AS (
      ${automaticFollowsOf(sql`(SELECT id AS question_id, user_id, session_hash FROM written)`, followsMax)}
    )
    SELECT written.n, asked.*,
      EXISTS (SELECT 1 FROM followed WHERE followed.question_id = written.id) AS following,
      -- By name, in the database's order, as ensureTags and every read of a question list them.
      coalesce((SELECT json_agg(json_build_object('id', known.id, 'name', known.name)
        ORDER BY known.name) FROM known WHERE known.n = written.n), '[]') AS tags
    FROM written JOIN asked ON asked.id = written.id`.execute(db);
  const written = new Map(
    rows.map(({ n, following, tags, ...row }) => [Number(n), { row, tags, following }]),
  );
  return posts.map((_, i) => written.get(i + 1));
}

export function updateQuestionText(
  db: Executor,
  id: number,
  text: { html: string; plain: string; language: string | null },
) {
  return db
    .updateTable('questions')
    .set({
      text: text.html,
      search_text: text.plain,
      language: text.language,
      updated_at: new Date(),
      edited_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Deletes a question, its thread (by cascade), its thread's version row and the
 * notifications about it.
 */
export async function deleteQuestion(db: Executor, id: number) {
  const deleted = await db.deleteFrom('questions').where('id', '=', id).executeTakeFirst();
  await db.deleteFrom('thread_versions').where('question_id', '=', id).execute();
  await dropNotificationsOf(db, { type: 'question', id }, 'deleted');
  return deleted;
}

/** Replies marked "This helped" (migration 0011); call with the question row locked. */
export function changeHelpfulCount(db: Executor, questionId: number, delta: 1 | -1) {
  return db
    .updateTable('questions')
    .set({ helpful_count: sql`greatest(helpful_count + ${delta}, 0)` })
    .where('id', '=', questionId)
    .execute();
}

export function changeAnswerCount(db: Executor, questionId: number, delta: number) {
  return db
    .updateTable('questions')
    .set({ answer_count: sql`greatest(answer_count + ${delta}, 0)` })
    .where('id', '=', questionId)
    .execute();
}

/**
 * Whether a private key sees a feed page of these questions otherwise than a stranger does,
 * beyond owning one of them (which the caller knows from the rows): it likes one of them,
 * or it owns a hidden question (shown to it in the feed, to nobody else). One query, through
 * the unique (question, key MAC) likes index and the session index of migration 0008.
 */
export async function keyMarksFeed(
  db: Executor,
  sessionHash: Buffer,
  activity: KeyActivity,
  questionIds: readonly number[],
): Promise<{ likesAny: boolean; ownsHidden: boolean }> {
  const likeMacs = questionIds.map((id) => activity.of('like', 'question', id));
  const { rows } = await sql<{ likes_any: boolean; owns_hidden: boolean }>`
    SELECT EXISTS (
        SELECT 1 FROM question_likes
        WHERE question_id = ANY(${[...questionIds]}::int[]) AND key_mac = ANY(${likeMacs}::bytea[])
      ) AS likes_any, EXISTS (
        SELECT 1 FROM questions WHERE session_hash = ${sessionHash} AND hidden_at IS NOT NULL
      ) AS owns_hidden`.execute(db);
  return { likesAny: rows[0]?.likes_any === true, ownsHidden: rows[0]?.owns_hidden === true };
}
