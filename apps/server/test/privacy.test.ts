/**
 * "Nobody can link posts to an author or borrow an identity":
 * every read call, as every party (the owner's tab, another tab, the signed-in owner,
 * another user, an admin), on short threads and on a long thread both before and after it
 * is kept in memory. Each response is checked on its raw bytes (no other party's session
 * id, hash or user id anywhere) and item by item (ownership fields only on one's own
 * items, no field beyond the contract's, no label that follows a person across threads);
 * and the database keeps only hashes of session ids.
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
  nextPage,
  type TestUser,
  uniqueWord,
} from './factories.ts';
import { describeEachEngine, newSession, type TestContext, uniqueName } from './harness.ts';

type Kind = 'question' | 'answer';

/** Every field an item may carry (contract: questions.ts, answers.ts, my.ts). */
const ITEM_FIELDS = new Set([
  'id',
  'hidden',
  'text',
  'likes',
  'liked',
  'tags',
  'gender',
  'age_range',
  'user',
  'session_id',
  'created_at',
  'answer_count',
  'author_label',
  'answers',
  'question',
  'parent_id',
  'is_deleted',
  'replies',
  'question_text',
  'type',
  // Perspectives and outcomes: none names anybody.
  'helpful',
  'helped',
  'update_count',
  'updates',
  'perspectives',
  // Whether the viewer follows the question: the viewer's own, never anyone else's.
  'following',
  // Why a hidden post is hidden: to its author alone (checked below), never who reported it.
  'hidden_reason',
  // What the viewer may do with it (presenters/ownership.ts `rightsOf`): Edit says the
  // viewer wrote it, and only to that viewer (checked below).
  'can',
  // Where the rest of a long thread is (services/threads.ts): the question's id and a
  // position among its answers, the same for everybody.
  'answers_next',
  'replies_more',
  'replies_next',
  // When the text was last edited by its author: never a like's or a reply's time.
  'edited_at',
  // The language the text is written in, told from the text itself: nothing the text does
  // not already show.
  'language',
]);

interface Item {
  kind: Kind;
  id: number;
  question: number;
  user: unknown;
  session_id: unknown;
  can: { edit: boolean } | undefined;
  author_label: unknown;
  liked: unknown;
}

/** Every question and answer in a response body, nested ones included. */
function items(body: unknown, kind: Kind, out: Item[] = []): Item[] {
  if (Array.isArray(body)) {
    for (const item of body) items(item, kind, out);
    return out;
  }
  if (typeof body !== 'object' || body === null) return out;
  const record = body as Record<string, unknown>;
  // A page of a long thread (GET /api/questions/{id}/answers/): its answers.
  if (!('id' in record) && 'answers_next' in record) return items(record.answers, 'answer', out);
  const own = (record.type as Kind | undefined) ?? kind;
  for (const key of Object.keys(record)) expect(ITEM_FIELDS, `field ${key}`).toContain(key);
  expect(record).toHaveProperty('user');
  expect(record).toHaveProperty('session_id');
  if (record.hidden_reason !== undefined && record.hidden_reason !== null) {
    expect(record.user !== null || record.session_id !== null, 'hidden_reason on own only').toBe(
      true,
    );
  }
  out.push({
    kind: own,
    id: record.id as number,
    question: (own === 'question' ? record.id : record.question) as number,
    user: record.user,
    session_id: record.session_id,
    can: record.can as { edit: boolean } | undefined,
    author_label: record.author_label,
    liked: record.liked,
  });
  if (record.answers) items(record.answers, 'answer', out);
  if (record.replies) items(record.replies, 'answer', out);
  return out;
}

interface Party {
  name: string;
  /** The tab's session id; a signed-in party's tab sends it too, and it must be ignored. */
  session: string;
  user?: TestUser;
  /** What this party posted anonymously with `session` (signed out). */
  bySession: { question: number[]; answer: number[] };
  /** What this party posted signed in. */
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

const hashHex = (session: string) => createHash('sha256').update(session).digest('hex');
const hashBase64 = (session: string) => createHash('sha256').update(session).digest('base64');

describeEachEngine('privacy', (ctx: TestContext) => {
  const word = uniqueWord();
  const tag = uniqueName('priv');
  /** The owner's tab, another tab, the signed-in owner, another user, an admin. */
  let ownerTab: Party;
  let otherTab: Party;
  let owner: Party;
  let otherUser: Party;
  let admin: Party;
  const questionIds: number[] = [];
  const answerIds: number[] = [];
  let longThread = 0;
  /** The question that the owner's tab, the other tab and the signed-in owner like. */
  let likedQuestion = 0;
  /** Threads where the owner's tab and the other tab answered in opposite orders. */
  let crossed: [number, number] = [0, 0];

  const as = (p: Party) => (p.user ? { token: p.user.access } : { session: p.session });
  const asBoth = (p: Party) => ({ token: p.user?.access, session: p.session });

  async function ask(p: Party, signedIn: boolean, text: string) {
    const q = await createQuestion(ctx, {
      ...(signedIn ? asBoth(p) : { session: p.session }),
      text: `<p>${text} ${word}</p>`,
      tags: [tag],
      gender: 'W',
      age_range: '26-35',
    });
    (signedIn ? p.byUser : p.bySession).question.push(q.id);
    questionIds.push(q.id);
    return q.id;
  }

  async function reply(p: Party, signedIn: boolean, questionId: number, parent?: number) {
    const a = await createAnswer(ctx, questionId, {
      ...(signedIn ? asBoth(p) : { session: p.session }),
      text: `${p.name} replies`,
      ...(parent ? { parent_id: parent } : {}),
    });
    (signedIn ? p.byUser : p.bySession).answer.push(a.id);
    answerIds.push(a.id);
    return a.id;
  }

  beforeAll(async () => {
    ownerTab = party('owner tab');
    otherTab = party('other tab');
    owner = party('signed-in owner', await createUser(ctx));
    otherUser = party('other user', await createUser(ctx));
    admin = party('admin', await createAdmin(ctx));

    const qTab = await ask(ownerTab, false, 'The tab asks');
    const qOwner = await ask(owner, true, 'The owner asks');
    const qOwnerAnon = await ask(owner, false, 'The owner asked before signing in');
    const qOther = await ask(otherUser, true, 'Another user asks');
    const aOwner = await reply(owner, true, qTab);
    const aOwnerAnon = await reply(owner, false, qTab, aOwner);
    await reply(ownerTab, false, qTab, aOwnerAnon);
    await reply(otherUser, true, qTab);
    const aOnOwner = await reply(ownerTab, false, qOwner);
    crossed = [qOwnerAnon, qOther];
    await reply(ownerTab, false, qOwnerAnon);
    await reply(otherTab, false, qOwnerAnon);
    await reply(otherTab, false, qOther);
    await reply(ownerTab, false, qOther);

    // Longer than the detail's first page (50 top-level answers): the parties' own replies
    // come on the next page, through the detail's Link header.
    longThread = await ask(otherUser, true, 'A long thread');
    for (let i = 0; i < 52; i += 1) await reply(otherTab, false, longThread);
    const aOnLong = await reply(ownerTab, false, longThread);
    await reply(owner, true, longThread);
    await reply(owner, false, longThread);

    likedQuestion = qTab;
    for (const p of [ownerTab, otherTab, owner]) {
      expect((await likeQuestion(ctx, qTab, as(p))).statusCode).toBe(200);
    }
    // The askers' outcomes: a reply marked "This helped" and an update, anonymous and signed in.
    const outcome = async (p: Party, questionId: number, answerId: number) => {
      const marked = await ctx.request({
        method: 'POST',
        url: `/api/answers/${answerId}/helpful/`,
        ...as(p),
      });
      expect(marked.statusCode, marked.body).toBe(200);
      // The marked reply is never the asker's own: it carries nobody's ids.
      expect(marked.json()).toMatchObject({ helpful: true, user: null, session_id: null });
      checkNoLeak(p, marked, 'POST helpful');
      const updated = await ctx.request({
        method: 'POST',
        url: `/api/questions/${questionId}/updates/`,
        ...as(p),
        body: { text: `${p.name} has news`, ...(p.user ? {} : { session_id: p.session }) },
      });
      expect(updated.statusCode, updated.body).toBe(201);
      expect(Object.keys(updated.json()).sort()).toEqual(['created_at', 'id', 'text']);
    };
    await outcome(ownerTab, qTab, aOwner);
    await outcome(owner, qOwner, aOnOwner);
    await outcome(otherUser, longThread, aOnLong);

    await createReport(ctx, { question: qOwner }, { session: ownerTab.session });
    await createReport(ctx, { question: qOther }, { session: ownerTab.session });
    await createReport(ctx, { question: qTab }, as(owner));
  });

  const parties = () => [ownerTab, otherTab, owner, otherUser, admin];

  /** The read calls of the site, each with the kind of items its body holds. */
  function readCalls(viewer: Party): { url: string; kind: Kind | null }[] {
    return [
      { url: '/api/questions/?limit=100', kind: 'question' },
      { url: '/api/questions/?limit=1', kind: 'question' },
      { url: `/api/questions/?search=${word}`, kind: 'question' },
      { url: `/api/questions/?search=${word}&limit=1`, kind: 'question' },
      { url: `/api/questions/?tag_id=${tag}`, kind: 'question' },
      { url: `/api/questions/?tag_id=${tag}&gender=W&age_range=26-35`, kind: 'question' },
      { url: '/api/questions/?has_updates=true', kind: 'question' },
      { url: '/api/questions/?has_updates=true&limit=1', kind: 'question' },
      ...questionIds.map((id) => ({ url: `/api/questions/${id}/`, kind: 'question' as const })),
      // Every thread filtered to a perspective (the replies here are all unspecified).
      ...questionIds.flatMap((id) => [
        { url: `/api/questions/${id}/?perspective_gender=U`, kind: 'question' as const },
        {
          url: `/api/questions/${id}/?perspective_gender=U&perspective_age=U`,
          kind: 'question' as const,
        },
      ]),
      // A long thread read again: the second read comes from the kept copy.
      { url: `/api/questions/${longThread}/`, kind: 'question' },
      ...answerIds.map((id) => ({ url: `/api/answers/${id}/`, kind: 'answer' as const })),
      { url: '/api/tags/', kind: null },
      { url: '/api/user/status/', kind: null },
      // Each party's inbox: replies to its posts, named by pseudonym only.
      { url: '/api/notifications/', kind: null },
      { url: '/api/notifications/unread/', kind: null },
      // What each party follows, named by the questions' first words only.
      { url: '/api/my/following/', kind: null },
      ...(viewer.user
        ? [
            { url: '/api/my/answers/', kind: 'answer' as const },
            { url: `/api/questions/?user_id=${viewer.user.id}`, kind: 'question' as const },
          ]
        : [{ url: '/api/my/anonymous/?limit=100', kind: 'question' as const }]),
      ...(viewer === admin ? [{ url: '/api/reports/?limit=100', kind: null }] : []),
    ];
  }

  /**
   * What the viewer may see as theirs: a signed-in request is its user only (one identity
   * per request), a signed-out one its tab's session only.
   */
  function expectedOwnership(viewer: Party, item: Item) {
    if (viewer.user) {
      return viewer.byUser[item.kind].includes(item.id)
        ? { user: viewer.user.id, session_id: null }
        : { user: null, session_id: null };
    }
    return viewer.bySession[item.kind].includes(item.id)
      ? { user: null, session_id: viewer.session }
      : { user: null, session_id: null };
  }

  function checkNoLeak(viewer: Party, res: LightMyRequestResponse, url: string) {
    const raw = `${res.body}\n${JSON.stringify(res.headers)}`;
    for (const other of parties()) {
      const label = `${viewer.name} GET ${url} shows ${other.name}'s`;
      if (other !== viewer || viewer.user) {
        expect(raw, `${label} session`).not.toContain(other.session);
      }
      expect(raw, `${label} session hash`).not.toContain(hashHex(other.session).slice(0, 8));
      expect(raw, `${label} session hash`).not.toContain(hashBase64(other.session).slice(0, 8));
      if (other !== viewer && other.user) {
        expect(raw, `${label} user id`).not.toMatch(new RegExp(`"user":${other.user.id}[,}]`));
      }
    }
  }

  /** Reads `url` and the pages its Link headers lead to. */
  async function readAll(viewer: Party, url: string) {
    const responses: LightMyRequestResponse[] = [];
    let next: string | null = url;
    while (next !== null && responses.length < 20) {
      const res = await ctx.request({ method: 'GET', url: next, ...asBoth(viewer) });
      if (viewer.user && next.startsWith('/api/my/anonymous/')) break;
      responses.push(res);
      next = nextPage(res.headers.link);
    }
    return responses;
  }

  it('shows each party only its own ownership fields on every read call, kept or fresh', async () => {
    for (const viewer of parties()) {
      let seen = 0;
      for (const { url, kind } of readCalls(viewer)) {
        for (const res of await readAll(viewer, url)) {
          expect(res.statusCode, `${viewer.name} ${url}: ${res.body}`).toBe(200);
          checkNoLeak(viewer, res, url);
          if (kind === null) continue;
          for (const item of items(res.json(), kind)) {
            const known = (item.kind === 'question' ? questionIds : answerIds).includes(item.id);
            if (!known) {
              // Someone else's content, from another test: never anyone's ids.
              expect(item.user === null || item.user === viewer.user?.id).toBe(true);
              expect(item.session_id === null || item.session_id === viewer.session).toBe(true);
              continue;
            }
            seen += 1;
            expect(
              { user: item.user, session_id: item.session_id },
              `${viewer.name} ${url} ${item.kind} ${item.id}`,
            ).toEqual(expectedOwnership(viewer, item));
            // The right to edit is the author's: it shows nobody else who wrote it.
            if (item.can !== undefined) {
              const own = expectedOwnership(viewer, item);
              expect(item.can.edit, `${viewer.name} ${url} can.edit ${item.kind} ${item.id}`).toBe(
                own.user !== null || own.session_id !== null,
              );
            }
            // `liked` is the viewer's own like only: never another party's.
            const likes = [ownerTab, otherTab, owner].includes(viewer);
            expect(item.liked, `${viewer.name} ${url} liked ${item.kind} ${item.id}`).toBe(
              likes && item.kind === 'question' && item.id === likedQuestion,
            );
          }
        }
      }
      expect(seen, viewer.name).toBeGreaterThan(30);
    }
  });

  it('gives no field that follows one anonymous author from thread to thread', async () => {
    const [x, y] = crossed;
    const labels = async (questionId: number) => {
      const res = await ctx.request({ method: 'GET', url: `/api/questions/${questionId}/` });
      const all = items(res.json(), 'question').filter((i) => i.kind === 'answer');
      const of = (p: Party) => all.find((i) => p.bySession.answer.includes(i.id))?.author_label;
      return { tab: of(ownerTab), other: of(otherTab) };
    };
    // The owner's tab answered first in one thread and second in the other; the other tab
    // the reverse. Labels follow the order within each thread, not the person.
    expect(await labels(x)).toEqual({ tab: 'Anon 1', other: 'Anon 2' });
    expect(await labels(y)).toEqual({ tab: 'Anon 2', other: 'Anon 1' });
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
        body: { text: 'Someone replies', parent_id: answerIds[2], session_id: session },
      }),
      await ctx.request({
        method: 'POST',
        url: `/api/questions/${questionIds[0]}/like/`,
        body: { session_id: session },
      }),
    ];
    for (const res of responses) {
      expect(res.statusCode).toBeLessThan(500);
      for (const p of parties()) expect(res.body).not.toContain(p.session);
    }
    // The reporter's own report carries the reporter's own session id, like every own item.
    expect(responses[0]?.json().session_id).toBe(session);
  });

  it('shows admins fingerprints scoped to the content, never session ids or user ids', async () => {
    const res = await ctx.request({
      method: 'GET',
      url: '/api/reports/?limit=100',
      token: admin.user?.access,
    });
    expect(res.statusCode).toBe(200);
    checkNoLeak(admin, res, '/api/reports/');
    const list = res.json<Record<string, unknown>[]>();
    const ours = list.filter(
      (r) => questionIds.includes(r.question as number) && r.reason === 'spam',
    );
    expect(ours).toHaveLength(3);
    for (const r of ours) {
      expect(r).not.toHaveProperty('user');
      expect(r).not.toHaveProperty('user_id');
      expect(String(r.session_id)).toMatch(/^[0-9a-f]{12}$/);
    }
    // The owner's tab reported two questions: its two reports do not look alike.
    expect(new Set(ours.map((r) => r.session_id)).size).toBe(3);
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
      // What is stored is the hash on posts: the owner's tab's carry SHA-256 of its session;
      // its likes and reports carry its MAC for each target, never the hash.
      const hash = createHash('sha256').update(ownerTab.session).digest();
      for (const table of ['questions', 'answers']) {
        const { rows } = await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE session_hash = ${hash}
        `.execute(db);
        expect(rows[0]?.n, table).toBeGreaterThan(0);
      }
      const macsOf = (session: string) => {
        const activity = ctx.app.activityMacs.forKeyHash(
          createHash('sha256').update(session).digest(),
        );
        return {
          question_likes: activity.sqlOf('like', 'question', sql.ref('question_id')),
          reports: sql`CASE WHEN question_id IS NOT NULL
            THEN ${activity.sqlOf('report', 'question', sql.ref('question_id'))}
            ELSE ${activity.sqlOf('report', 'answer', sql.ref('answer_id'))} END`,
        };
      };
      const keyed = async (table: string, where: unknown) =>
        (
          await sql<{ n: number }>`
            SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE ${where}`.execute(db)
        ).rows[0]?.n;
      for (const [table, mac] of Object.entries(macsOf(ownerTab.session))) {
        expect(await keyed(table, sql`key_mac = ${mac}`), table).toBeGreaterThan(0);
        expect(await keyed(table, sql`key_mac = ${hash}`), table).toBe(0);
      }
      // A signed-in party's tab session is never stored, in any table.
      const ownerTabHash = createHash('sha256').update(owner.session).digest();
      for (const [table, mac] of Object.entries(macsOf(owner.session))) {
        expect(await keyed(table, sql`key_mac IN (${ownerTabHash}, ${mac})`), table).toBe(0);
      }
    });

    it("stores a key's likes and reports under values shared with nothing else of the key", async () => {
      const key = newSession();
      const mine = await createQuestion(ctx, { session: key });
      const myReply = await createAnswer(ctx, mine.id, { session: key });
      const others = [await createQuestion(ctx), await createQuestion(ctx)];
      const answer = await createAnswer(ctx, others[0]?.id as number);
      for (const q of others)
        expect((await likeQuestion(ctx, q.id, { session: key })).statusCode).toBe(200);
      const likedAnswer = await ctx.request({
        method: 'POST',
        url: `/api/answers/${answer.id}/like/`,
        session: key,
        body: { session_id: key },
      });
      expect(likedAnswer.statusCode).toBe(200);
      for (const q of others) await createReport(ctx, { question: q.id }, { session: key });
      await createReport(ctx, { answer: answer.id }, { session: key });

      const db = ctx.database.db;
      const posts = await sql<{ value: Buffer }>`
        SELECT session_hash AS value FROM questions WHERE id = ${mine.id}
        UNION ALL SELECT session_hash FROM answers WHERE id = ${myReply.id}`.execute(db);
      const ids = others.map((q) => q.id);
      const activity = await sql<{ value: Buffer }>`
        SELECT key_mac AS value FROM question_likes WHERE question_id = ANY(${ids}::int[])
        UNION ALL SELECT key_mac FROM answer_likes WHERE answer_id = ${answer.id}
        UNION ALL SELECT key_mac FROM reports
          WHERE question_id = ANY(${ids}::int[]) OR answer_id = ${answer.id}`.execute(db);
      const hex = (rows: { value: Buffer }[]) => rows.map((row) => row.value.toString('hex'));
      const postValues = hex(posts.rows);
      const activityValues = hex(activity.rows);
      // One value for the key's posts (so its holder can list them)...
      expect(new Set(postValues).size).toBe(1);
      // ...and one per like and report, none equal to another or holding the posts' value.
      expect(activityValues, JSON.stringify(activity.rows)).toHaveLength(6);
      expect(new Set(activityValues).size).toBe(6);
      for (const value of activityValues) {
        expect(postValues[0] && value.includes(postValues[0])).toBe(false);
      }
      // Its holder still sees what it liked, and cannot like or report twice.
      const seen = await ctx.request({
        method: 'GET',
        url: `/api/questions/${ids[0]}/`,
        session: key,
      });
      expect(seen.json()).toMatchObject({ liked: true, answers: [{ id: answer.id, liked: true }] });
      expect((await likeQuestion(ctx, ids[1] as number, { session: key })).statusCode).toBe(400);
      const again = await ctx.request({
        method: 'POST',
        url: '/api/reports/',
        session: key,
        body: { question: ids[1], reason: 'spam', session_id: key },
      });
      expect(again.statusCode).toBe(400);
    });
  });
});
