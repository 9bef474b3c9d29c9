/**
 * `can`: what the requester may do with a question or an answer, on every response that
 * shows one (presenters/ownership.ts `rightsOf`), and that the server then does as it says.
 * Owner (signed in), stranger (no key, or another key), anonymous author (by the key),
 * admin; hidden posts, a deleted reply, and a long thread served from what is kept.
 */
import type { AnswerNode, QuestionDetail, Rights } from '@dating/contract';
import { describe, expect, it } from 'vitest';
import {
  type Author,
  createAdmin,
  createAnswer,
  createQuestion,
  createReport,
  createUser,
} from './factories.ts';
import { describeEachEngine, newSession, type TestContext } from './harness.ts';

const AUTHOR: Rights = { edit: true, delete: true, reply: true, report: false };
const STRANGER: Rights = { edit: false, delete: false, reply: true, report: true };
const ADMIN: Rights = { edit: false, delete: true, reply: true, report: true };
const NOTHING: Rights = { edit: false, delete: false, reply: false, report: false };

async function detail(ctx: TestContext, id: number, auth: Author = {}): Promise<QuestionDetail> {
  const res = await ctx.request({ method: 'GET', url: `/api/questions/${id}/`, ...auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<QuestionDetail>();
}

function find(nodes: readonly AnswerNode[], id: number): AnswerNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = find(node.replies, id);
    if (found) return found;
  }
  return undefined;
}

/** Hidden while moderators review it: three reporters from three networks. */
async function hide(ctx: TestContext, target: { question: number } | { answer: number }) {
  for (let i = 0; i < 3; i += 1) await createReport(ctx, target);
}

describeEachEngine('what the requester may do (can)', (ctx) => {
  describe('a question and its answers', () => {
    it('gives the signed-in owner, a stranger, another key and an admin each their own rights', async () => {
      const owner = await createUser(ctx);
      const admin = await createAdmin(ctx);
      const q = await createQuestion(ctx, { token: owner.access });
      const a = await createAnswer(ctx, q.id, { token: owner.access });
      const parties: [string, Author, Rights][] = [
        ['owner', { token: owner.access }, AUTHOR],
        // The owner's tab also holds a key: the account decides, the key is ignored.
        ['owner with a key', { token: owner.access, session: newSession() }, AUTHOR],
        ['nobody', {}, STRANGER],
        ['another key', { session: newSession() }, STRANGER],
        ['another account', { token: (await createUser(ctx)).access }, STRANGER],
        ['admin', { token: admin.access }, ADMIN],
      ];
      for (const [name, auth, rights] of parties) {
        const read = await detail(ctx, q.id, auth);
        expect(read.can, `${name}: question`).toEqual(rights);
        expect(find(read.answers, a.id)?.can, `${name}: answer`).toEqual(rights);
        const one = await ctx.request({ method: 'GET', url: `/api/answers/${a.id}/`, ...auth });
        expect(one.json<AnswerNode>().can, `${name}: GET /api/answers/{id}/`).toEqual(rights);
        const feed = await ctx.request({
          method: 'GET',
          url: '/api/questions/?limit=100',
          ...auth,
        });
        const card = feed.json<QuestionDetail[]>().find((item) => item.id === q.id);
        expect(card?.can, `${name}: the feed`).toEqual(rights);
      }
    });

    it('gives the anonymous author the rights by the key, and the key only', async () => {
      const q = await createQuestion(ctx);
      const a = await createAnswer(ctx, q.id, { session: q.session });
      const mine = await detail(ctx, q.id, { session: q.session });
      expect(mine.can).toEqual(AUTHOR);
      expect(find(mine.answers, a.id)?.can).toEqual(AUTHOR);
      const other = await detail(ctx, q.id, { session: newSession() });
      expect(other.can).toEqual(STRANGER);
      expect(find(other.answers, a.id)?.can).toEqual(STRANGER);
    });

    it('says what the server then does: edits and deletes go through exactly where it says so', async () => {
      const admin = await createAdmin(ctx);
      const q = await createQuestion(ctx);
      const a = await createAnswer(ctx, q.id);
      const b = await createAnswer(ctx, q.id);
      const stranger = { session: newSession() };
      const edit = (id: number, auth: Author) =>
        ctx.request({
          method: 'PATCH',
          url: `/api/answers/${id}/`,
          ...auth,
          body: { text: 'Changed.', ...(auth.session ? { session_id: auth.session } : {}) },
        });
      const remove = (id: number, auth: Author) =>
        ctx.request({ method: 'DELETE', url: `/api/answers/${id}/`, ...auth });
      expect(find((await detail(ctx, q.id, stranger)).answers, a.id)?.can.edit).toBe(false);
      expect((await edit(a.id, stranger)).statusCode).toBe(403);
      expect((await remove(a.id, stranger)).statusCode).toBe(403);
      expect((await edit(a.id, { session: a.session })).statusCode).toBe(200);
      const asAdmin = { token: admin.access };
      expect(find((await detail(ctx, q.id, asAdmin)).answers, b.id)?.can).toEqual(ADMIN);
      expect((await edit(b.id, asAdmin)).statusCode).toBe(403);
      expect((await remove(b.id, asAdmin)).statusCode).toBe(204);
    });

    it('offers nothing on a deleted reply kept as a placeholder for its replies', async () => {
      const q = await createQuestion(ctx);
      const a = await createAnswer(ctx, q.id);
      await createAnswer(ctx, q.id, { parent_id: a.id });
      const gone = await ctx.request({
        method: 'DELETE',
        url: `/api/answers/${a.id}/`,
        session: a.session,
      });
      expect(gone.statusCode).toBe(204);
      for (const auth of [{}, { session: a.session }, { token: (await createAdmin(ctx)).access }]) {
        const node = find((await detail(ctx, q.id, auth)).answers, a.id);
        expect(node?.is_deleted).toBe(true);
        expect(node?.can).toEqual(NOTHING);
      }
    });
  });

  describe('hidden while moderators review it', () => {
    it('a hidden question: nothing for others; its author and admins keep theirs and may reply', async () => {
      const admin = await createAdmin(ctx);
      const q = await createQuestion(ctx);
      await hide(ctx, { question: q.id });
      expect((await detail(ctx, q.id)).can).toEqual(NOTHING);
      expect((await detail(ctx, q.id, { session: newSession() })).can).toEqual(NOTHING);
      expect((await detail(ctx, q.id, { session: q.session })).can).toEqual(AUTHOR);
      expect((await detail(ctx, q.id, { token: admin.access })).can).toEqual(ADMIN);
      // What `reply` says is what the server takes.
      const post = (auth: Author) =>
        ctx.request({
          method: 'POST',
          url: `/api/questions/${q.id}/answers/`,
          ...auth,
          body: { text: 'A reply.', ...(auth.session ? { session_id: auth.session } : {}) },
        });
      expect((await post({ session: newSession() })).statusCode).toBe(403);
      expect((await post({ session: q.session })).statusCode).toBe(201);
      expect((await post({ token: admin.access })).statusCode).toBe(201);
    });

    it('a hidden reply: a notice with nothing for others; whole with rights for its author and admins', async () => {
      const admin = await createAdmin(ctx);
      const q = await createQuestion(ctx);
      const a = await createAnswer(ctx, q.id);
      await hide(ctx, { answer: a.id });
      const of = async (auth: Author) => find((await detail(ctx, q.id, auth)).answers, a.id)?.can;
      expect(await of({})).toEqual(NOTHING);
      expect(await of({ session: q.session })).toEqual(NOTHING);
      expect(await of({ session: a.session })).toEqual(AUTHOR);
      expect(await of({ token: admin.access })).toEqual(ADMIN);
    });
  });

  it('a long thread kept for strangers still gives its authors and admins their own rights', async () => {
    const admin = await createAdmin(ctx);
    const q = await createQuestion(ctx);
    const answers = [];
    for (let i = 0; i < 22; i += 1) answers.push(await createAnswer(ctx, q.id, { text: `a${i}` }));
    const first = answers[0];
    if (!first) throw new Error('no answer');
    // Read twice by strangers: the thread and the response are kept.
    await detail(ctx, q.id);
    const stranger = await detail(ctx, q.id);
    expect(stranger.answers.every((node) => node.can.edit === false)).toBe(true);
    expect(find(stranger.answers, first.id)?.can).toEqual(STRANGER);
    expect(
      find((await detail(ctx, q.id, { session: first.session })).answers, first.id)?.can,
    ).toEqual(AUTHOR);
    // The asker wrote none of the replies: the kept thread, with a stranger's rights on them.
    const asker = await detail(ctx, q.id, { session: q.session });
    expect(asker.can).toEqual(AUTHOR);
    expect(find(asker.answers, first.id)?.can).toEqual(STRANGER);
    const asAdmin = await detail(ctx, q.id, { token: admin.access });
    expect(asAdmin.can).toEqual(ADMIN);
    expect(find(asAdmin.answers, first.id)?.can).toEqual(ADMIN);
  });
});
