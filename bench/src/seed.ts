/**
 * `npm run seed -- --questions N [--seed S] [--reset]`: fills the configured database
 * (DATABASE_URL for PostgreSQL, else PGlite in DATA_DIR, as the server) with realistic
 * questions, threads, likes and reports, migrating it first.
 */
import { parseArgs } from 'node:util';
import { loadConfig, migrate, openConfiguredDatabase, seedDatabase } from '@dating/server/testing';

const { values } = parseArgs({
  options: {
    questions: { type: 'string', default: '10000' },
    seed: { type: 'string', default: '20261122' },
    reset: { type: 'boolean', default: false },
  },
});
const questions = Number(values.questions);
if (!Number.isInteger(questions) || questions < 1) {
  console.error('--questions must be a positive whole number.');
  process.exit(2);
}

const config = loadConfig(process.env);
const database = await openConfiguredDatabase(config);
try {
  await migrate(database.pool);
  console.log(`Seeding ${questions.toLocaleString('en')} questions on ${database.engine}...`);
  let lastReport = 0;
  const summary = await seedDatabase(database.pool, {
    questions,
    seed: Number(values.seed),
    reset: values.reset,
    engine: database.engine,
    onProgress(done, total) {
      const now = Date.now();
      if (now - lastReport > 5_000 || done === total) {
        lastReport = now;
        console.log(`  ${done.toLocaleString('en')} / ${total.toLocaleString('en')} questions`);
      }
    },
    onPhase(phase, milliseconds) {
      console.log(`  ${phase}: ${(milliseconds / 1000).toFixed(1)} s`);
    },
  });
  console.log(JSON.stringify(summary, null, 2));
  console.log(`Seeded in ${(summary.milliseconds / 1000).toFixed(1)} s.`);
} finally {
  await database.close();
}
