/**
 * Query plans are part of the tests: on seeded data, every hot query of the site must
 * reach questions, answers and likes through an index. A sequential scan of one of those
 * tables costs time in proportion to the whole site, so it is a failure here, long
 * before it is a slow page in production.
 *
 * The SQL is the repositories' own, compiled from the same query builders the routes run.
 */
import type { CompiledQuery } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectAnswersOfQuestion, selectAnswersOfUser } from '../src/repositories/answers.ts';
import {
  type FeedPosition,
  type QuestionFilters,
  selectQuestionPage,
} from '../src/repositories/questions.ts';
import { selectPendingReports } from '../src/repositories/reports.ts';
import { seedDatabase } from '../testing/seed.ts';
import { createTestContext, ENGINES } from './harness.ts';

const GUARDED_TABLES = new Set([
  'questions',
  'question_search',
  'answers',
  'question_likes',
  'answer_likes',
]);

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Sort Key'?: string[];
  Plans?: PlanNode[];
}

/**
 * Every index and constraint of the schema, by definition: the seed drops the loaded
 * tables' secondary indexes and foreign keys and makes them again after the load.
 */
async function schemaObjects(pool: pg.Pool) {
  const { rows } = await pool.query<{ object: string }>(
    `SELECT tablename || ': ' || indexdef AS object FROM pg_indexes
     WHERE schemaname = current_schema()
     UNION ALL
     SELECT conrelid::regclass::text || ': ' || conname || ' ' || pg_get_constraintdef(oid)
     FROM pg_constraint WHERE connamespace = current_schema()::regnamespace
     ORDER BY 1`,
  );
  return rows.map((row) => row.object);
}

function* nodes(plan: PlanNode): Generator<PlanNode> {
  yield plan;
  for (const child of plan.Plans ?? []) yield* nodes(child);
}

function describePlan(plan: PlanNode, depth = 0): string {
  const self = `${'  '.repeat(depth)}${plan['Node Type']}${plan['Relation Name'] ? ` on ${plan['Relation Name']}` : ''}`;
  return [self, ...(plan.Plans ?? []).map((child) => describePlan(child, depth + 1))].join('\n');
}

for (const engine of ENGINES) {
  describe(`query plans on seeded data [${engine}]`, () => {
    let ctx: Awaited<ReturnType<typeof createTestContext>>;
    let userId: number;
    let busyUserId: number;
    let questionId: number;
    let commonTag: number;
    let rareTag: number;
    let schemaBeforeSeed: string[];

    beforeAll(async () => {
      ctx = await createTestContext(engine);
      schemaBeforeSeed = await schemaObjects(ctx.database.pool);
      await seedDatabase(ctx.database.pool, { questions: 3_000, engine });
      const pick = async (query: string) =>
        (await ctx.database.pool.query<{ id: number }>(query)).rows[0]?.id as number;
      userId = await pick('SELECT user_id AS id FROM questions WHERE user_id IS NOT NULL LIMIT 1');
      busyUserId = await pick(
        'SELECT user_id AS id FROM answers WHERE user_id IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 1',
      );
      questionId = await pick('SELECT id FROM questions ORDER BY answer_count DESC LIMIT 1');
      commonTag = await pick(
        'SELECT tag_id AS id FROM question_tags GROUP BY 1 ORDER BY count(*) DESC LIMIT 1',
      );
      rareTag = await pick(
        'SELECT tag_id AS id FROM question_tags GROUP BY 1 ORDER BY count(*) ASC LIMIT 1',
      );
    }, 120_000);
    afterAll(() => ctx?.close());

    it('leaves every index and constraint the migrations made, foreign keys checked', async () => {
      const after = await schemaObjects(ctx.database.pool);
      expect(after).toEqual(schemaBeforeSeed);
      expect(after.some((object) => object.includes('FOREIGN KEY'))).toBe(true);
      // Added back validated: a foreign key added NOT VALID would not check the loaded rows.
      const { rows } = await ctx.database.pool.query(
        "SELECT conname FROM pg_constraint WHERE contype = 'f' AND NOT convalidated",
      );
      expect(rows).toEqual([]);
    });

    /**
     * The plan of a query, with sequential scans disabled: on a few thousand rows a
     * sequential scan can honestly be the cheapest plan, which would hide nothing and
     * prove nothing. With `enable_seqscan = off` the planner still chooses one when no
     * index can serve the query at all, and that missing index is what this test catches.
     */
    async function planOf(query: { compile(): CompiledQuery } | CompiledQuery) {
      const compiled = 'compile' in query ? query.compile() : query;
      const client = await ctx.database.pool.connect();
      try {
        await client.query('SET enable_seqscan = off');
        const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
          `EXPLAIN (FORMAT JSON) ${compiled.sql}`,
          [...compiled.parameters],
        );
        return (rows[0] as { 'QUERY PLAN': [{ Plan: PlanNode }] })['QUERY PLAN'][0].Plan;
      } finally {
        await client.query('RESET enable_seqscan');
        client.release();
      }
    }

    async function expectIndexed(query: { compile(): CompiledQuery } | CompiledQuery) {
      const plan = await planOf(query);
      const scans = [...nodes(plan)].filter(
        (n) => n['Node Type'] === 'Seq Scan' && GUARDED_TABLES.has(n['Relation Name'] ?? ''),
      );
      expect(scans, describePlan(plan)).toEqual([]);
      return plan;
    }

    const feed = (filters: QuestionFilters, after?: number) =>
      selectQuestionPage(ctx.database.db, filters, {
        limit: 20,
        position: filters.search
          ? { search: {} }
          : { sort: 'new', ...(after ? { after: { id: after } } : {}) },
      });

    /** A page of a sort; its order must come from an index, never from sorting the rows. */
    async function expectSortIndexed(filters: QuestionFilters, position: FeedPosition) {
      const plan = await expectIndexed(
        selectQuestionPage(ctx.database.db, filters, { limit: 20, position }),
      );
      const sorts = [...nodes(plan)].filter((n) => n['Node Type'].includes('Sort'));
      expect(sorts, describePlan(plan)).toEqual([]);
    }

    const visible = { hiddenVisibleTo: { userId: null, sessionHash: null } } as const;

    it('every sort of the feed reads its own index, page 1 and after a cursor', async () => {
      const { rows } = await ctx.database.pool.query<{ score: string; at: string }>(
        `SELECT top_score::text AS score,
           (extract(epoch FROM last_activity_at) * 1000000)::bigint::text AS at
         FROM questions WHERE id = 1500`,
      );
      const middle = rows[0] as { score: string; at: string };
      for (const filters of [{}, visible]) {
        await expectSortIndexed(filters, { sort: 'top' });
        await expectSortIndexed(filters, {
          sort: 'top',
          after: { score: middle.score, id: 1_500 },
        });
        await expectSortIndexed(filters, { sort: 'active' });
        await expectSortIndexed(filters, {
          sort: 'active',
          after: { at: Number(middle.at), id: 1_500 },
        });
        await expectSortIndexed({ ...filters, unanswered: true }, { sort: 'unanswered' });
        await expectSortIndexed(
          { ...filters, unanswered: true },
          { sort: 'unanswered', after: { id: 1_500 } },
        );
      }
    });

    it('sorts combined with filters never scan the questions', async () => {
      await expectIndexed(
        selectQuestionPage(
          ctx.database.db,
          { tagId: commonTag, gender: 'W' },
          { limit: 20, position: { sort: 'top' } },
        ),
      );
      await expectIndexed(
        selectQuestionPage(
          ctx.database.db,
          { ageRange: '45+' },
          { limit: 20, position: { sort: 'active' } },
        ),
      );
      await expectIndexed(
        selectQuestionPage(
          ctx.database.db,
          { search: 'relationship', unanswered: true },
          { limit: 20, position: { search: {} } },
        ),
      );
    });

    it('feed, page 1 and after a cursor', async () => {
      await expectIndexed(feed({}));
      await expectIndexed(feed({}, 1_500));
    });

    it('feed filtered by a common and a rare tag', async () => {
      await expectIndexed(feed({ tagId: commonTag }));
      await expectIndexed(feed({ tagId: rareTag }, 2_000));
    });

    it('feed filtered by gender, age range, both, and own user id', async () => {
      await expectIndexed(feed({ gender: 'NB' }));
      await expectIndexed(feed({ ageRange: '45+' }, 2_000));
      await expectIndexed(feed({ gender: 'W', ageRange: '26-35' }));
      await expectIndexed(feed({ userId }));
      await expectIndexed(feed({ gender: 'M', tagId: commonTag }));
    });

    it('search ranks a capped set of candidates, found through an index', async () => {
      for (const search of ['relationship', 'zeppelin', 'first date', 'relationship']) {
        const plan = await expectIndexed(feed({ search }));
        // The rank sort sees at most SEARCH_CANDIDATES rows: a Limit under it, not every match.
        const rankSort = [...nodes(plan)].find(
          (n) => n['Node Type'] === 'Sort' && n['Sort Key']?.some((k) => k.includes('score')),
        );
        expect(rankSort, describePlan(plan)).toBeDefined();
        const below = [...nodes(rankSort as PlanNode)].slice(1);
        expect(
          below.some((n) => n['Node Type'] === 'Limit'),
          describePlan(plan),
        ).toBe(true);
      }
      await expectIndexed(feed({ search: 'relationship', gender: 'W', tagId: commonTag }));
    });

    it("ranking reads a long question's search vector from its row, not from TOAST", async () => {
      // Made-up words of random letters: neither the text nor the vector compresses, and the
      // vector (~1.5 KB) is the widest value in the row, the one PostgreSQL moves out first.
      let state = 7;
      const letter = () => {
        state = (state * 48_271) % 2_147_483_647;
        return String.fromCharCode(97 + (state % 26));
      };
      const words = Array.from({ length: 90 }, () => Array.from({ length: 8 }, letter).join(''));
      const text = words.join(' ');
      const { rows } = await ctx.database.pool.query<{ id: number }>(
        'INSERT INTO questions (text, search_text) VALUES ($1, $1) RETURNING id',
        [text],
      );
      const id = rows[0]?.id as number;
      const blocksRead = async (expression: string) => {
        const { rows: plan } = await ctx.database.pool.query<{
          'QUERY PLAN': [{ Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number } }];
        }>(
          `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) SELECT ${expression} FROM question_search WHERE question_id = $1`,
          [id],
        );
        const top = (plan[0] as (typeof plan)[0])['QUERY PLAN'][0].Plan;
        return top['Shared Hit Blocks'] + top['Shared Read Blocks'];
      };
      await blocksRead('ctid'); // the first read of the new row also sets its hint bits
      const rowOnly = await blocksRead('ctid'); // the row itself, not only the index
      expect(await blocksRead(`ts_rank(search_vector, to_tsquery('english', '${words[0]}'))`)).toBe(
        rowOnly,
      );
    });

    it("a question's answer thread, and a user's own answers", async () => {
      await expectIndexed(selectAnswersOfQuestion(ctx.database.db, questionId));
      await expectIndexed(selectAnswersOfUser(ctx.database.db, busyUserId, 500));
    });

    it('pending reports, with their content', async () => {
      await expectIndexed(selectPendingReports(ctx.database.db, { limit: 100 }));
      await expectIndexed(selectPendingReports(ctx.database.db, { limit: 100, afterId: 10 }));
    });

    it('feed of questions with updates, through its partial index', async () => {
      // A few questions with updates, as on a real site (migration 0011 counts them).
      await ctx.database.pool.query('UPDATE questions SET update_count = 1 WHERE id % 300 = 0');
      await ctx.database.pool.query('ANALYZE questions');
      for (const plan of [
        await expectIndexed(feed({ hasUpdates: true })),
        await expectIndexed(feed({ hasUpdates: true }, 2_000)),
        await expectIndexed(feed({ hasUpdates: true, gender: 'W' })),
      ]) {
        const indexes = [...nodes(plan)].map((n) => n['Index Name']);
        expect(indexes, describePlan(plan)).toContain('questions_with_updates_idx');
      }
    });

    it("deleting a question or an answer finds its likes through an index (the foreign keys' cascade)", async () => {
      // What ON DELETE CASCADE runs for each deleted question or answer.
      await expectIndexed({
        sql: 'DELETE FROM question_likes WHERE question_id = $1',
        parameters: [questionId],
      } as unknown as CompiledQuery);
      await expectIndexed({
        sql: 'DELETE FROM answer_likes WHERE answer_id = $1',
        parameters: [1],
      } as unknown as CompiledQuery);
      await expectIndexed({
        sql: 'DELETE FROM answers WHERE question_id = $1',
        parameters: [questionId],
      } as unknown as CompiledQuery);
    });
  });
}
