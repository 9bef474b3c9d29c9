/**
 * Writes that reach past an answer lock its question first, in the order a reply takes its
 * locks (the question, the notices it bumps, then the parent answer as its foreign key is
 * checked). A report that hid an answer locked the answer first and then deleted the
 * notices pointing at it; a reply to that answer in between held those notices and waited
 * for the answer: a deadlock, and one of the two failed.
 *
 * PostgreSQL only: PGlite has one connection, so nobody else can hold a row.
 */
import type { PoolClient } from 'pg';
import { expect, it } from 'vitest';
import { createAnswer, createQuestion, createReport, freshNetworkAddress } from './factories.ts';
import { describeEachEngine, newSession, type TestContext } from './harness.ts';

/** The backends `pid` blocks, once there are any (polled). */
async function blockedBy(ctx: TestContext, pid: number): Promise<number[]> {
  for (;;) {
    const { rows } = await ctx.database.pool.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))',
      [pid],
    );
    if (rows.length > 0) return rows.map((row) => row.pid);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describeEachEngine('lock order of writes beside replies', (ctx) => {
  it.skipIf(ctx.engine !== 'postgres')(
    'a report that hides an answer goes through, and a reply to that answer waits, then is refused',
    async () => {
      const question = await createQuestion(ctx);
      // The asker's notice of this answer points at it: hiding the answer deletes it.
      const answer = await createAnswer(ctx, question.id);
      // MODERATION_AUTOHIDE is 3: the third person's report hides the answer.
      for (let i = 0; i < 2; i++) await createReport(ctx, { answer: answer.id });

      // The thread's version is held, so the report stops right after hiding the answer
      // (which bumps it) and before it deletes the answer's notices.
      const holder: PoolClient = await ctx.database.pool.connect();
      let report: Promise<{ statusCode: number; body: string }> | undefined;
      let reply: Promise<{ statusCode: number; body: string }> | undefined;
      try {
        await holder.query('BEGIN');
        await holder.query('SELECT 1 FROM thread_versions WHERE question_id = $1 FOR UPDATE', [
          question.id,
        ]);
        const holderPid = (await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'))
          .rows[0]?.pid as number;
        const reporter = newSession();
        report = ctx.request({
          method: 'POST',
          url: '/api/reports/',
          session: reporter,
          remoteAddress: freshNetworkAddress(),
          body: { answer: answer.id, reason: 'spam', session_id: reporter },
        });
        const [reportPid] = await blockedBy(ctx, holderPid);
        // A reply to the answer meanwhile, which waits for the report.
        const replier = newSession();
        reply = ctx.request({
          method: 'POST',
          url: `/api/questions/${question.id}/answers/`,
          session: replier,
          body: { text: 'Be kind.', parent_id: answer.id, session_id: replier },
        });
        await blockedBy(ctx, reportPid as number);
      } finally {
        await holder.query('ROLLBACK');
        holder.release();
      }
      const [reported, replied] = await Promise.all([report, reply]);
      expect(reported?.statusCode, reported?.body).toBe(201);
      // The reply waited for the report, then found its parent hidden from its writer: refused
      // as for a parent that is not there (hidden stays hidden), never a deadlock or a 500.
      expect(replied?.statusCode, replied?.body).toBe(400);
      expect(JSON.parse(replied?.body ?? '{}')).toEqual({ parent_id: [expect.any(String)] });
    },
  );
});
