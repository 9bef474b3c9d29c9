/**
 * The lifetimes the privacy page promises (contract: retention.ts), kept by the server
 * (issue 37, item 8): read notifications go 90 days after being read (unread ones stay),
 * a sign-in's refresh tokens go once expired, a silence's record 30 days after it ended, and the lifetimes set in code are the ones
 * the page states. The pruning jobs run when a server starts and then periodically; the
 * test starts a second server on the same database to run them.
 */
import { RETENTION } from '@dating/contract';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { REFRESH_TOKEN_SECONDS } from '../src/auth/tokens.ts';
import { LIFETIME_MS } from '../src/plugins/idempotency.ts';
import { DEFAULT_RULES } from '../src/rate-limits.ts';
import { CHALLENGE_TTL_SECONDS } from '../src/services/proof-of-work.ts';
import { STALE_AFTER_MS } from '../src/services/push.ts';
import { createAnswer, createQuestion, createUser } from './factories.ts';
import { createTestContext, describeEachEngine, newSession } from './harness.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describeEachEngine('what is kept, and for how long', (ctx) => {
  /** Runs the pruning jobs as a server starting on this database does. */
  async function prune() {
    const other = await createTestContext(ctx.engine, { database: ctx.database });
    await other.close();
  }

  it(`deletes read notifications ${RETENTION.readNotificationsDays} days after they were read, never unread ones`, async () => {
    const asker = newSession();
    const questions = [];
    for (let i = 0; i < 4; i += 1) {
      const question = await createQuestion(ctx, { session: asker });
      await createAnswer(ctx, question.id);
      questions.push(question.id);
    }
    const [old, recent, readToday, unread] = questions as [number, number, number, number];
    const ago = (days: number) => new Date(Date.now() - days * DAY_MS);
    const db = ctx.database.db;
    // Read 91 and 89 days ago, read today, and unread since 200 days.
    await sql`UPDATE notifications SET read_at = ${ago(91)}, created_at = ${ago(92)}
      WHERE question_id = ${old}`.execute(db);
    await sql`UPDATE notifications SET read_at = ${ago(89)}, created_at = ${ago(92)}
      WHERE question_id = ${recent}`.execute(db);
    await sql`UPDATE notifications SET read_at = now(), created_at = ${ago(200)}
      WHERE question_id = ${readToday}`.execute(db);
    await sql`UPDATE notifications SET created_at = ${ago(200)}
      WHERE question_id = ${unread}`.execute(db);
    await prune();
    const { rows } = await sql<{ question_id: number }>`
      SELECT question_id FROM notifications WHERE question_id IN (${sql.join(questions)})
      ORDER BY question_id`.execute(db);
    expect(rows.map((row) => row.question_id)).toEqual([recent, readToday, unread]);
  });

  it(`deletes a silence ${RETENTION.endedSilenceDays} days after it ended or was lifted, never a running one`, async () => {
    const db = ctx.database.db;
    const questions = [];
    for (let i = 0; i < 5; i += 1) questions.push((await createQuestion(ctx)).id);
    const ago = (days: number) => new Date(Date.now() - days * DAY_MS);
    const days = RETENTION.endedSilenceDays;
    // [ends_at, lifted_at] of each: ran out long ago, ran out lately, lifted long ago
    // though it would run a year more, lifted lately, and running still.
    const ends: [Date, Date | null][] = [
      [ago(days + 1), null],
      [ago(days - 1), null],
      [ago(-365), ago(days + 1)],
      [ago(-365), ago(days - 1)],
      [ago(-3), null],
    ];
    for (const [i, [endsAt, liftedAt]] of ends.entries()) {
      await sql`INSERT INTO silences (session_hash, source_type, source_id, reason, days, ends_at,
          lifted_at, created_at)
        VALUES (${Buffer.alloc(32, i)}, 'question', ${questions[i]}, 'Insults', 1, ${endsAt},
          ${liftedAt}, ${ago(400)})`.execute(db);
    }
    await prune();
    const { rows } = await sql<{ source_id: number }>`
      SELECT source_id FROM silences WHERE source_id IN (${sql.join(questions)})
      ORDER BY source_id`.execute(db);
    expect(rows.map((row) => row.source_id)).toEqual([questions[1], questions[3], questions[4]]);
  });

  it('forgets a sign-in once it can no longer be renewed', async () => {
    const user = await createUser(ctx);
    const db = ctx.database.db;
    await sql`INSERT INTO refresh_tokens (jti, family_id, user_id, expires_at, used_at)
      VALUES (gen_random_uuid(), gen_random_uuid(), ${user.id}, now() - interval '1 minute', now() - interval '8 days'),
             (gen_random_uuid(), gen_random_uuid(), ${user.id}, now() - interval '1 minute', NULL)`.execute(
      db,
    );
    const count = async () => {
      const { rows } = await sql<{ live: number; expired: number }>`
        SELECT count(*) FILTER (WHERE expires_at > now())::int AS live,
               count(*) FILTER (WHERE expires_at <= now())::int AS expired
        FROM refresh_tokens WHERE user_id = ${user.id}`.execute(db);
      return rows[0];
    };
    expect(await count()).toEqual({ live: 1, expired: 2 });
    await prune();
    expect(await count()).toEqual({ live: 1, expired: 0 });
    // The live sign-in still renews.
    const renewed = await ctx.request({
      method: 'POST',
      url: '/api/token/refresh/',
      body: { refresh: user.refresh },
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
  });

  it('keeps the other lifetimes the privacy page states', () => {
    expect(REFRESH_TOKEN_SECONDS).toBe(RETENTION.signInDays * 24 * 60 * 60);
    expect(LIFETIME_MS).toBe(RETENTION.idempotencyKeyHours * 60 * 60 * 1000);
    expect(CHALLENGE_TTL_SECONDS).toBe(RETENTION.challengeMinutes * 60);
    expect(STALE_AFTER_MS).toBe(RETENTION.queuedPushMinutes * 60 * 1000);
    const longest = Math.max(...Object.values(DEFAULT_RULES).map((rule) => rule.windowSeconds));
    expect(longest).toBe(RETENTION.rateLimitWindowMaxHours * 60 * 60);
  });
});
