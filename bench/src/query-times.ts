/**
 * `node --import tsx bench/src/query-times.ts URL...`: the database side of the hot
 * queries, as the repositories build them, timed by EXPLAIN ANALYZE (median of 25 runs,
 * planning plus execution) on each seeded PostgreSQL database given. Far less sensitive to
 * a busy machine than HTTP latencies, so it shows how the queries grow with the data.
 */
import {
  COMMON_WORD,
  FIXED_WORD,
  openDatabase,
  RARE_WORD,
  selectAnswersOfQuestion,
  selectPendingReports,
  selectQuestionPage,
} from '@dating/server/testing';

const RUNS = 25;

for (const url of process.argv.slice(2)) {
  const handle = await openDatabase({ engine: 'postgres', url, poolSize: 1 });
  const { db, pool } = handle;
  const one = async (sql: string) => (await pool.query<{ v: number }>(sql)).rows[0]?.v ?? 1;
  const questions = await one('SELECT count(*)::int AS v FROM questions');
  const tag = await one(
    'SELECT tag_id AS v FROM question_tags GROUP BY 1 ORDER BY count(*) DESC LIMIT 1',
  );
  const thread = await one('SELECT id AS v FROM questions ORDER BY answer_count DESC LIMIT 1');
  const page = { limit: 20 };
  const shapes = {
    'feed, page 1': selectQuestionPage(db, {}, page),
    'feed by tag': selectQuestionPage(db, { tagId: tag }, page),
    'feed by gender and age': selectQuestionPage(db, { gender: 'W', ageRange: '26-35' }, page),
    'feed, deep page': selectQuestionPage(
      db,
      {},
      { limit: 20, position: { sort: 'new', after: { id: questions / 10 } } },
    ),
    'feed, top': selectQuestionPage(db, {}, { limit: 20, position: { sort: 'top' } }),
    'feed, active': selectQuestionPage(db, {}, { limit: 20, position: { sort: 'active' } }),
    'feed, unanswered': selectQuestionPage(
      db,
      { unanswered: true },
      { limit: 20, position: { sort: 'unanswered' } },
    ),
    'search, rare word': selectQuestionPage(db, { search: RARE_WORD }, page),
    'search, fixed matches': selectQuestionPage(db, { search: FIXED_WORD }, page),
    'search, common word': selectQuestionPage(db, { search: COMMON_WORD }, page),
    '200-answer thread': selectAnswersOfQuestion(db, thread),
    'pending reports': selectPendingReports(db, { limit: 100 }),
  };
  console.log(`\n${questions.toLocaleString('en')} questions (${new URL(url).pathname.slice(1)})`);
  for (const [name, query] of Object.entries(shapes)) {
    const compiled = query.compile();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const { rows } = await pool.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${compiled.sql}`, [
        ...compiled.parameters,
      ]);
      const plan = rows[0]['QUERY PLAN'][0] as {
        'Planning Time': number;
        'Execution Time': number;
      };
      times.push(plan['Planning Time'] + plan['Execution Time']);
    }
    times.sort((a, b) => a - b);
    console.log(`  ${name.padEnd(24)} ${(times[Math.floor(RUNS / 2)] as number).toFixed(3)} ms`);
  }
  await handle.close();
}
