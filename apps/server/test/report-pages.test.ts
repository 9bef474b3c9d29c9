/**
 * The admin report list's first page is kept while the moderation version stands
 * (services/report-pages.ts, migration 0017): every change it shows must reach the next
 * request at once. Each step below changes one thing the page shows, then reads the page.
 */
import { expect, it } from 'vitest';
import { createAdmin, createAnswer, createQuestion, createReport } from './factories.ts';
import { describeEachEngine } from './harness.ts';

interface Listed {
  id: number;
  content: { text: string; hidden: boolean } | null;
}

describeEachEngine('the kept first page of the report list', (ctx) => {
  it('shows every change to reports and to reported content at once', async () => {
    const admin = await createAdmin(ctx);
    const list = async (limit = 100) => {
      const res = await ctx.request({
        method: 'GET',
        url: `/api/reports/?limit=${limit}`,
        token: admin.access,
      });
      expect(res.statusCode, res.body).toBe(200);
      return { reports: res.json<Listed[]>(), link: res.headers.link, body: res.body };
    };
    const find = async (id: number) => (await list()).reports.find((r) => r.id === id);

    const question = await createQuestion(ctx, { text: '<p>Kept list, first words</p>' });
    const before = await list();
    // Read twice at one version: the same bytes.
    expect((await list()).body).toBe(before.body);

    // A new report.
    const onQuestion = await createReport(ctx, { question: question.id });
    expect((await find(onQuestion.id))?.content?.text).toBe('<p>Kept list, first words</p>');

    // The reported question edited by its owner.
    const edited = await ctx.request({
      method: 'PATCH',
      url: `/api/questions/${question.id}/`,
      session: question.session,
      body: { text: '<p>Kept list, new words</p>', session_id: question.session },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await find(onQuestion.id))?.content?.text).toBe('<p>Kept list, new words</p>');

    // A reported reply edited, then deleted by its owner.
    const answer = await createAnswer(ctx, question.id, { text: 'Kept list reply' });
    const onAnswer = await createReport(ctx, { answer: answer.id });
    expect((await find(onAnswer.id))?.content?.text).toBe('Kept list reply');
    const answerEdited = await ctx.request({
      method: 'PATCH',
      url: `/api/answers/${answer.id}/`,
      session: answer.session,
      body: { text: 'Kept list reply, edited', session_id: answer.session },
    });
    expect(answerEdited.statusCode, answerEdited.body).toBe(200);
    expect((await find(onAnswer.id))?.content?.text).toBe('Kept list reply, edited');
    const deleted = await ctx.request({
      method: 'DELETE',
      url: `/api/answers/${answer.id}/`,
      session: answer.session,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await find(onAnswer.id))?.content).toBeNull();

    // A report reviewed leaves the queue.
    const rejected = await ctx.request({
      method: 'PATCH',
      url: `/api/reports/${onQuestion.id}/`,
      token: admin.access,
      body: { status: 'rejected' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await find(onQuestion.id)).toBeUndefined();
  });

  it('keeps each page size apart, and links the next page from the path alone', async () => {
    const admin = await createAdmin(ctx);
    const question = await createQuestion(ctx);
    await createReport(ctx, { question: question.id });
    await createReport(ctx, { question: question.id });
    const get = (url: string) => ctx.request({ method: 'GET', url, token: admin.access });
    const one = await get('/api/reports/?limit=1&extra=1');
    const two = await get('/api/reports/?limit=2');
    expect(one.json<Listed[]>()).toHaveLength(1);
    expect(two.json<Listed[]>()).toHaveLength(2);
    expect(one.headers.link).toMatch(/^<\/api\/reports\/\?limit=1&after=\d+>; rel="next"$/);
    // The kept page, asked for with another query, links the same way.
    const again = await get('/api/reports/?limit=1&other=2');
    expect(again.body).toBe(one.body);
    expect(again.headers.link).toBe(one.headers.link);
  });
});
