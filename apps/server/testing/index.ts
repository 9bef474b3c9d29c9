/**
 * `@dating/server/testing`: what tools outside the server (the benchmarks, the seed script)
 * may use of it, so that they meet the server only here and never reach into `src/`. A
 * database opened, migrated and seeded as the server would; the query builders the
 * query-plan tests compile, for timing them on seeded data; the feed cursor, for a deep
 * page; and the entry files that start the server, for running it as a process.
 */
import { fileURLToPath } from 'node:url';

export { openConfiguredDatabase } from '../src/bootstrap.ts';
export { loadConfig } from '../src/config.ts';
export { type DatabaseHandle, openDatabase } from '../src/db/connection.ts';
export { migrate } from '../src/db/migrator.ts';
export { Cursors, encodeFeedCursor } from '../src/lib/cursor.ts';
export { selectAnswersOfQuestion, selectAnswersOfUser } from '../src/repositories/answers.ts';
export {
  type FeedPosition,
  type QuestionFilters,
  selectQuestionPage,
} from '../src/repositories/questions.ts';
export { selectPendingReports } from '../src/repositories/reports.ts';
export * from './seed.ts';

/** The server's process entry: one process (`npm start` runs it). */
export const SERVER_ENTRY = fileURLToPath(new URL('../src/server.ts', import.meta.url));
/** The cluster's entry: WEB_CONCURRENCY server processes on one port. */
export const CLUSTER_ENTRY = fileURLToPath(new URL('../src/cluster.ts', import.meta.url));
export * from './push-service.ts';
