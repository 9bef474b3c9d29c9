/**
 * Reports that count as much as they are worth (services/report-weights.ts): a reporter, and
 * a network, whose reports moderators rejected count less toward auto-hide (three people
 * hide a post, MODERATION_AUTOHIDE's default), one whose reports they approved counts more;
 * and what is kept of it names no target and no reporter.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { createAdmin, createQuestion, createReport, freshNetworkAddress } from './factories.ts';
import { describeEachEngine, newSession, type TestContext } from './harness.ts';

async function review(ctx: TestContext, token: string, reportId: number, status: string) {
  const res = await ctx.request({
    method: 'PATCH',
    url: `/api/reports/${reportId}/`,
    token,
    body: { status },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function isHidden(ctx: TestContext, id: number) {
  const res = await ctx.request({ method: 'GET', url: `/api/questions/${id}/` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ hidden: boolean }>().hidden;
}

/** A reporter: one key, always from one network. */
function reporter() {
  return { session: newSession(), remoteAddress: freshNetworkAddress() };
}

describeEachEngine('weighed reports', (ctx) => {
  it('a reporter whose reports were rejected counts half, and so does a fresh key of their network', async () => {
    const admin = (await createAdmin(ctx)).access;
    const bad = reporter();
    for (let i = 0; i < 2; i += 1) {
      const q = await createQuestion(ctx);
      const report = await createReport(ctx, { question: q.id }, bad);
      await review(ctx, admin, report.id, 'rejected');
    }
    const q = await createQuestion(ctx);
    await createReport(ctx, { question: q.id }, bad);
    await createReport(ctx, { question: q.id });
    await createReport(ctx, { question: q.id });
    // 0.5 + 1 + 1: not yet.
    expect(await isHidden(ctx, q.id)).toBe(false);
    await createReport(ctx, { question: q.id });
    expect(await isHidden(ctx, q.id)).toBe(true);

    // A fresh key from the same network weighs what the network does.
    const next = await createQuestion(ctx);
    await createReport(
      ctx,
      { question: next.id },
      {
        session: newSession(),
        remoteAddress: bad.remoteAddress,
      },
    );
    await createReport(ctx, { question: next.id });
    await createReport(ctx, { question: next.id });
    expect(await isHidden(ctx, next.id)).toBe(false);
  });

  it('a reporter whose reports were approved counts double', async () => {
    const admin = (await createAdmin(ctx)).access;
    const good = reporter();
    for (let i = 0; i < 3; i += 1) {
      const q = await createQuestion(ctx);
      const report = await createReport(ctx, { question: q.id }, good);
      await review(ctx, admin, report.id, 'approved');
    }
    const q = await createQuestion(ctx);
    await createReport(ctx, { question: q.id }, good);
    expect(await isHidden(ctx, q.id)).toBe(false);
    // 2 + 1: two people hide it.
    await createReport(ctx, { question: q.id });
    expect(await isHidden(ctx, q.id)).toBe(true);
  });

  it('keeps counts per keyed hash only: no target, no reporter, no address', async () => {
    const db = ctx.database.db;
    const { rows } = await sql<{ column_name: string }>`
      SELECT column_name FROM information_schema.columns
      WHERE table_name = 'reporter_accuracy' AND table_schema = current_schema()
      ORDER BY ordinal_position`.execute(db);
    expect(rows.map((r) => r.column_name)).toEqual(['subject', 'approved', 'rejected']);
    const counts = await db.selectFrom('reporter_accuracy').selectAll().execute();
    expect(counts.length).toBeGreaterThan(0);
    for (const row of counts) expect(row.subject).toHaveLength(16);
    // Reviewed reports keep no seal once counted (the next report filed counts them).
    const q = await createQuestion(ctx);
    await createReport(ctx, { question: q.id });
    const sealed = await db
      .selectFrom('reports')
      .select('id')
      .where('status', '<>', 'pending')
      .where('reporter_seal', 'is not', null)
      .execute();
    expect(sealed).toEqual([]);
    // What moderators read of a report carries none of it.
    const admin = (await createAdmin(ctx)).access;
    const list = await ctx.request({ method: 'GET', url: '/api/reports/', token: admin });
    expect(list.body).not.toMatch(/seal|accuracy|10\.\d+\.\d+\.7/);
  });
});
