/**
 * The "edited" mark: `edited_at` is set by the owner's edit of the text only (not by likes,
 * replies or moderation), and the kept feed and thread show it at once.
 */
import { expect, it } from 'vitest';
import { createAnswer, createQuestion, createReport, likeQuestion } from './factories.ts';
import { describeEachEngine, newSession } from './harness.ts';

interface Node {
  id: number;
  edited_at: string | null;
  replies: Node[];
}

describeEachEngine('edited posts', (ctx) => {
  const detail = async (id: number) => {
    const res = await ctx.request({ method: 'GET', url: `/api/questions/${id}/` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ edited_at: string | null; answers: Node[] }>();
  };
  const inFeed = async (id: number) => {
    const res = await ctx.request({ method: 'GET', url: '/api/questions/?limit=100' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: number; edited_at: string | null }[]>().find((q) => q.id === id);
  };

  it('a question is marked edited by its edit only, and the kept feed shows it', async () => {
    const q = await createQuestion(ctx);
    expect(q).toMatchObject({ edited_at: null });
    // Read once so that the feed and the thread are kept in memory.
    expect((await inFeed(q.id))?.edited_at).toBeNull();
    expect((await detail(q.id)).edited_at).toBeNull();

    // Likes, replies and reports change the row but are no edit.
    expect((await likeQuestion(ctx, q.id, { session: newSession() })).statusCode).toBe(200);
    await createAnswer(ctx, q.id);
    await createReport(ctx, { question: q.id });
    expect((await detail(q.id)).edited_at).toBeNull();
    expect((await inFeed(q.id))?.edited_at).toBeNull();

    const before = Date.now();
    const res = await ctx.request({
      method: 'PATCH',
      url: `/api/questions/${q.id}/`,
      session: q.session,
      body: { text: '<p>Edited: how do I say no kindly?</p>', session_id: q.session },
    });
    expect(res.statusCode, res.body).toBe(200);
    const editedAt = res.json<{ edited_at: string }>().edited_at;
    expect(editedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(Date.parse(editedAt)).toBeGreaterThanOrEqual(before - 5_000);
    expect((await detail(q.id)).edited_at).toBe(editedAt);
    expect((await inFeed(q.id))?.edited_at).toBe(editedAt);
  });

  it('a reply is marked edited by its edit only, and the kept thread shows it', async () => {
    const q = await createQuestion(ctx);
    const a = await createAnswer(ctx, q.id);
    expect(a).toMatchObject({ edited_at: null });
    const nodeOf = async () => (await detail(q.id)).answers.find((n) => n.id === a.id);
    expect((await nodeOf())?.edited_at).toBeNull();
    const like = await ctx.request({
      method: 'POST',
      url: `/api/answers/${a.id}/like/`,
      body: { session_id: newSession() },
    });
    expect(like.statusCode, like.body).toBe(200);
    await createAnswer(ctx, q.id, { parent_id: a.id });
    expect((await nodeOf())?.edited_at).toBeNull();

    const res = await ctx.request({
      method: 'PATCH',
      url: `/api/answers/${a.id}/`,
      session: a.session,
      body: { text: 'Be yourself, and say so early.', session_id: a.session },
    });
    expect(res.statusCode, res.body).toBe(200);
    const editedAt = res.json<{ edited_at: string | null }>().edited_at;
    expect(editedAt).not.toBeNull();
    expect((await nodeOf())?.edited_at).toBe(editedAt);
  });
});
