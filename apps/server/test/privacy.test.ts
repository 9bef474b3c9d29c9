/**
 * "No response to one visitor contains another's session id anywhere in its body, nor
 * their user id": every read call, as every party, checked on the raw body; and the
 * database keeps only hashes of session ids.
 */
import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createAnswer,
  createQuestion,
  createReport,
  createUser,
  likeQuestion,
  type TestUser,
  uniqueWord,
} from './factories.ts';
import { describeEachEngine, newSession, type TestContext, uniqueName } from './harness.ts';

type Kind = 'question' | 'answer';
interface Item {
  kind: Kind;
  id: number;
  user: unknown;
  session_id: unknown;
}

/** Every question and answer in a response body, with its ownership fields. */
function items(body: unknown, kind: Kind, out: Item[] = []): Item[] {
  if (Array.isArray(body)) {
    for (const item of body) items(item, kind, out);
    return out;
  }
  if (typeof body !== 'object' || body === null) return out;
  const record = body as Record<string, unknown>;
  expect(record).toHaveProperty('user');
  expect(record).toHaveProperty('session_id');
  out.push({ kind, id: record.id as number, user: record.user, session_id: record.session_id });
  if (record.answers) items(record.answers, 'answer', out);
  if (record.replies) items(record.replies, 'answer', out);
  return out;
}

interface Party {
  name: string;
  session: string;
  user?: TestUser;
  /** Ids of what this party posted: anonymously with its session, or signed in. */
  bySession: { question: number[]; answer: number[] };
  byUser: { question: number[]; answer: number[] };
}

function party(name: string, user?: TestUser): Party {
  return {
    name,
    session: newSession(),
    user,
    bySession: { question: [], answer: [] },
    byUser: { question: [], answer: [] },
  };
}

describeEachEngine('privacy', (ctx: TestContext) => {
  const word = uniqueWord();
  const tag = uniqueName('priv');
  let A: Party;
  let B: Party;
  let C: Party;
  let admin: TestUser;
  let questionIds: number[] = [];
  let answerIds: number[] = [];
  const reports: number[] = [];

  beforeAll(async () => {
    A = party('A');
    B = party('B', await createUser(ctx));
    C = party('C', await createUser(ctx));
    admin = await createAdmin(ctx);
    const asA = { session: A.session };
    const asB = { token: B.user?.access, session: B.session };
    const asBAnonymous = { session: B.session };

    const qA = await createQuestion(ctx, {
      ...asA,
      text: `<p>A asks about ${word}</p>`,
      tags: [tag],
      gender: 'W',
      age_range: '26-35',
    });
    A.bySession.question.push(qA.id);
    const qB = await createQuestion(ctx, {
      ...asB,
      text: `<p>B asks about ${word}</p>`,
      tags: [tag],
      gender: 'W',
      age_range: '26-35',
    });
    B.byUser.question.push(qB.id);

    const aA = await createAnswer(ctx, qB.id, { ...asA, text: 'A answers B' });
    A.bySession.answer.push(aA.id);
    const aB = await createAnswer(ctx, qA.id, { ...asB, text: 'B answers A' });
    B.byUser.answer.push(aB.id);
    const aBanon = await createAnswer(ctx, qA.id, {
      ...asBAnonymous,
      text: 'B before signing in',
      parent_id: aB.id,
    });
    B.bySession.answer.push(aBanon.id);
    const aAnested = await createAnswer(ctx, qA.id, {
      ...asA,
      text: 'A again',
      parent_id: aBanon.id,
    });
    A.bySession.answer.push(aAnested.id);
    const aC = await createAnswer(ctx, qA.id, { token: C.user?.access, text: 'C answers' });
    C.byUser.answer.push(aC.id);

    for (const q of [qA.id, qB.id]) {
      expect((await likeQuestion(ctx, q, asA)).statusCode).toBe(200);
      expect((await likeQuestion(ctx, q, asB)).statusCode).toBe(200);
    }
    for (const a of [aA.id, aB.id]) {
      for (const auth of [asA, asB] as { token?: string; session?: string }[]) {
        const res = await ctx.request({
          method: 'POST',
          url: `/api/answers/${a}/like/`,
          token: auth.token,
          session: auth.session,
        });
        expect(res.statusCode).toBe(200);
      }
    }
    reports.push((await createReport(ctx, { question: qB.id }, asA)).id);
    reports.push((await createReport(ctx, { answer: aB.id }, asA)).id);
    reports.push((await createReport(ctx, { answer: aA.id }, asB)).id);
    reports.push((await createReport(ctx, { question: qA.id }, asBAnonymous)).id);

    questionIds = [qA.id, qB.id];
    answerIds = [aA.id, aB.id, aBanon.id, aAnested.id, aC.id];
  });

  const parties = () => [A, B, C];

  /** The read calls of the site, each with the kind of items its body holds. */
  const readCalls = (viewer: Party): { url: string; kind: Kind | null }[] => {
    return [
      { url: '/api/questions/?limit=100', kind: 'question' },
      { url: '/api/questions/?limit=1', kind: 'question' },
      { url: `/api/questions/?search=${word}`, kind: 'question' },
      { url: `/api/questions/?search=${word}&limit=1`, kind: 'question' },
      { url: `/api/questions/?tag_id=${tag}`, kind: 'question' },
      { url: `/api/questions/?tag_id=${tag}&gender=W&age_range=26-35`, kind: 'question' },
      { url: '/api/questions/?gender=W&limit=100', kind: 'question' },
      { url: '/api/questions/?age_range=26-35&limit=100', kind: 'question' },
      ...questionIds.map((id) => ({ url: `/api/questions/${id}/`, kind: 'question' as const })),
      ...answerIds.map((id) => ({ url: `/api/answers/${id}/`, kind: 'answer' as const })),
      { url: '/api/tags/', kind: null },
      { url: '/api/user/status/', kind: null },
      ...(viewer.user
        ? [
            { url: '/api/my/answers/', kind: 'answer' as const },
            { url: `/api/questions/?user_id=${viewer.user.id}`, kind: 'question' as const },
          ]
        : []),
    ];
  };

  /** Whether the viewer may see an item as theirs, and how. */
  function expectedOwnership(viewer: Party, item: Item) {
    if (viewer.bySession[item.kind].includes(item.id))
      return { user: null, session_id: viewer.session };
    if (viewer.byUser[item.kind].includes(item.id))
      return { user: viewer.user?.id, session_id: null };
    return { user: null, session_id: null };
  }

  function checkNoLeak(viewer: Party, res: LightMyRequestResponse, url: string) {
    for (const other of parties()) {
      if (other === viewer) continue;
      expect(res.body, `${viewer.name} GET ${url} shows ${other.name}'s session`).not.toContain(
        other.session,
      );
      expect(JSON.stringify(res.headers)).not.toContain(other.session);
    }
  }

  it('shows each party only its own ownership fields on every read call', async () => {
    for (const viewer of parties()) {
      let seen = 0;
      for (const { url, kind } of readCalls(viewer)) {
        const res = await ctx.request({
          method: 'GET',
          url,
          token: viewer.user?.access,
          session: viewer.session,
        });
        expect(res.statusCode, `${viewer.name} ${url}: ${res.body}`).toBe(200);
        checkNoLeak(viewer, res, url);
        if (kind === null) continue;
        for (const item of items(res.json(), kind)) {
          const known =
            (item.kind === 'question' ? questionIds : answerIds).includes(item.id) ||
            url.includes('/my/') ||
            url.includes('user_id');
          if (!known) {
            // Someone else's content, from another test: never anyone's ids.
            expect(item.user === null || item.user === viewer.user?.id).toBe(true);
            continue;
          }
          seen += 1;
          expect(
            { user: item.user, session_id: item.session_id },
            `${viewer.name} ${url} ${item.kind} ${item.id}`,
          ).toEqual(expectedOwnership(viewer, item));
        }
      }
      expect(seen).toBeGreaterThan(10);
    }
  });

  it('carries session_id and user on own items only', async () => {
    const asA = await ctx.request({
      method: 'GET',
      url: `/api/questions/${questionIds[0]}/`,
      session: A.session,
    });
    expect(asA.json().session_id).toBe(A.session);
    const asB = await ctx.request({
      method: 'GET',
      url: `/api/questions/${questionIds[1]}/`,
      token: B.user?.access,
    });
    expect(asB.json().user).toBe(B.user?.id);
    // Without the token, B's signed-in question is not recognisably B's.
    const asBAnonymous = await ctx.request({
      method: 'GET',
      url: `/api/questions/${questionIds[1]}/`,
      session: B.session,
    });
    expect(asBAnonymous.json()).toMatchObject({ user: null, session_id: null });
  });

  it('keeps sessions out of the responses to writes by others', async () => {
    const session = newSession();
    const responses = [
      await ctx.request({
        method: 'POST',
        url: '/api/reports/',
        body: { question: questionIds[0], reason: 'other', session_id: session },
      }),
      await ctx.request({
        method: 'POST',
        url: `/api/questions/${questionIds[0]}/answers/`,
        body: { text: 'C replies', parent_id: answerIds[3], session_id: session },
      }),
      await ctx.request({
        method: 'POST',
        url: `/api/questions/${questionIds[0]}/like/`,
        body: { session_id: session },
      }),
      await ctx.request({
        method: 'POST',
        url: `/api/questions/${questionIds[0]}/like/`,
        body: { session_id: A.session },
      }),
    ];
    for (const res of responses) {
      expect(res.statusCode).toBeLessThan(500);
      for (const p of parties()) expect(res.body).not.toContain(p.session);
    }
    // The reporter's own report carries the reporter's own session id, like every own item.
    expect(responses[0]?.json().session_id).toBe(session);
  });

  it('shows admins fingerprints, never session ids or user ids', async () => {
    const res = await ctx.request({
      method: 'GET',
      url: '/api/reports/?limit=100',
      token: admin.access,
      session: newSession(),
    });
    expect(res.statusCode).toBe(200);
    for (const p of parties()) expect(res.body).not.toContain(p.session);
    const list = res.json<Record<string, unknown>[]>();
    const ours = list.filter((r) => reports.includes(r.id as number));
    expect(ours).toHaveLength(reports.length);
    for (const r of ours) {
      expect(r).not.toHaveProperty('user');
      expect(r).not.toHaveProperty('user_id');
      expect(String(r.session_id)).toMatch(/^[0-9a-f]{4,16}$/);
    }
    // A's two reports share a fingerprint; B's two (signed in, and not) do too.
    expect(ours[0]?.session_id).toBe(ours[1]?.session_id);
    expect(ours[2]?.session_id).toBe(ours[3]?.session_id);
    expect(ours[0]?.session_id).not.toBe(ours[2]?.session_id);
  });

  describe('storage', () => {
    it('stores only SHA-256 hashes of session ids, never the ids', async () => {
      const db = ctx.database.db;
      const columns = await sql<{ table_name: string; column_name: string; data_type: string }>`
        SELECT table_name, column_name, data_type
        FROM information_schema.columns
        WHERE table_schema = current_schema()
          AND data_type IN ('text', 'character varying', 'bytea', 'json', 'jsonb', 'tsvector')
      `.execute(db);
      expect(columns.rows.length).toBeGreaterThan(10);
      const sessions = parties().map((p) => p.session);
      for (const { table_name, column_name, data_type } of columns.rows) {
        const column = sql.ref(`${table_name}.${column_name}`);
        for (const session of sessions) {
          const hit =
            data_type === 'bytea'
              ? sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table_name)}
                  WHERE position(convert_to(${session}, 'UTF8') IN ${column}) > 0
                     OR position(convert_to(${session.replaceAll('-', '')}, 'UTF8') IN ${column}) > 0`
              : sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table_name)}
                  WHERE strpos(lower(${column}::text), lower(${session})) > 0`;
          const { rows } = await hit.execute(db);
          expect(rows[0]?.n, `${table_name}.${column_name}`).toBe(0);
        }
      }
      // What is stored is the hash: A's rows carry SHA-256(A's session).
      const hashA = createHash('sha256').update(A.session).digest();
      for (const table of ['questions', 'answers', 'question_likes', 'answer_likes', 'reports']) {
        const { rows } = await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE session_hash = ${hashA}
        `.execute(db);
        expect(rows[0]?.n, table).toBeGreaterThan(0);
      }
    });
  });
});
