/**
 * Yours to keep, yours to erase: the export of everything kept for an account or a key,
 * the deletion of an account (posts deleted or anonymized), the erasure of a key's posts,
 * and the moderation log's counts-only record of each.
 */
import { createHash } from 'node:crypto';
import { API_MSG, type ErasureCounts, type MyExport } from '@dating/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  type Author,
  createAdmin,
  createAnswer,
  createQuestion,
  createReport,
  createUser,
  likeQuestion,
  login,
} from './factories.ts';
import { describeEachEngine, newSession, type TestContext, uniqueName } from './harness.ts';

const hashOf = (session: string) => createHash('sha256').update(session).digest();

async function addUpdate(ctx: TestContext, questionId: number, auth: Author, text: string) {
  const res = await ctx.request({
    method: 'POST',
    url: `/api/questions/${questionId}/updates/`,
    ...auth,
    body: { text, ...(auth.session ? { session_id: auth.session } : {}) },
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function follow(ctx: TestContext, questionId: number, auth: Author) {
  const res = await ctx.request({
    method: 'POST',
    url: `/api/questions/${questionId}/follow/`,
    ...auth,
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

/** A device told by Web Push, stored as the push route stores one. */
async function addDevice(ctx: TestContext, owner: { userId?: number; session?: string }) {
  const endpoint = `https://push.example.test/send/${uniqueName('endpoint')}`;
  await sql`
    INSERT INTO push_subscriptions (user_id, session_hash, endpoint, p256dh, auth)
    VALUES (${owner.userId ?? null}, ${owner.session ? hashOf(owner.session) : null},
      ${endpoint}, 'P256DH-PUBLIC-KEY-SECRET', 'AUTH-SECRET-VALUE')`.execute(ctx.database.db);
  return endpoint;
}

async function exportOf(ctx: TestContext, auth: Author) {
  const res = await ctx.request({ method: 'GET', url: '/api/my/export/', ...auth });
  expect(res.statusCode, res.body).toBe(200);
  return { res, doc: res.json<MyExport>() };
}

async function count(ctx: TestContext, query: ReturnType<typeof sql<{ n: number }>>) {
  const { rows } = await query.execute(ctx.database.db);
  return rows[0]?.n ?? 0;
}

async function logEntries(ctx: TestContext, admin: { access: string }) {
  const res = await ctx.request({
    method: 'GET',
    url: '/api/moderation/log/?limit=100',
    token: admin.access,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ action: string; target_type: string; [k: string]: unknown }[]>();
}

function deleteAccount(
  ctx: TestContext,
  user: { access: string },
  body: { password: string; posts: string },
) {
  return ctx.request({ method: 'DELETE', url: '/api/my/account/', token: user.access, body });
}

describeEachEngine('export and delete', (ctx) => {
  describe('GET /api/my/export/', () => {
    it("gives an account everything kept for it, as a private attachment, devices' secrets left out", async () => {
      const user = await createUser(ctx, { email: `${uniqueName('mail')}@example.test` });
      const me = { token: user.access };
      const q = await createQuestion(ctx, {
        ...me,
        text: '<p>My own question</p>',
        tags: ['first date'],
      });
      await addUpdate(ctx, q.id, me, 'It went well.');
      const other = await createQuestion(ctx);
      const a = await createAnswer(ctx, other.id, { ...me, text: 'My reply elsewhere' });
      await createAnswer(ctx, q.id, { text: 'A stranger replies' });
      expect((await likeQuestion(ctx, other.id, me)).statusCode).toBe(200);
      await createReport(ctx, { question: other.id }, { ...me, reason: 'spam' });
      const endpoint = await addDevice(ctx, { userId: user.id });

      const { res, doc } = await exportOf(ctx, me);
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="dating-advice-data-\d{4}-\d{2}-\d{2}\.json"$/,
      );
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(doc.identity).toMatchObject({ type: 'account', id: user.id, username: user.username });
      expect(doc.questions).toEqual([
        expect.objectContaining({ id: q.id, text: '<p>My own question</p>', tags: ['first date'] }),
      ]);
      expect(doc.answers).toEqual([
        expect.objectContaining({ id: a.id, question: other.id, text: 'My reply elsewhere' }),
      ]);
      expect(doc.updates).toEqual([
        expect.objectContaining({ question: q.id, text: 'It went well.' }),
      ]);
      expect(doc.follows.map((f) => f.question).sort()).toEqual([q.id, other.id].sort());
      expect(doc.notifications).toEqual([
        expect.objectContaining({ kind: 'reply', question: q.id, excerpt: 'A stranger replies' }),
      ]);
      expect(doc.devices).toEqual([
        { push_service: 'https://push.example.test', created_at: expect.any(String) },
      ]);
      expect(doc.likes).toMatchObject({
        listed: true,
        items: [{ type: 'question', id: other.id }],
      });
      expect(doc.reports).toMatchObject({
        listed: true,
        items: [{ type: 'question', target: other.id, reason: 'spam' }],
      });
      expect(doc.sign_ins.length).toBeGreaterThan(0);
      for (const secret of [
        'AUTH-SECRET-VALUE',
        'P256DH-PUBLIC-KEY-SECRET',
        endpoint,
        'password',
      ]) {
        expect(res.body).not.toContain(secret);
      }
    });

    it('gives a key its posts, follows, inbox and devices, and says why its likes and reports are not listed', async () => {
      const key = newSession();
      const mine = { session: key };
      const q = await createQuestion(ctx, { ...mine, text: '<p>Asked with a key</p>' });
      const other = await createQuestion(ctx);
      await createAnswer(ctx, other.id, { ...mine, text: 'Replied with a key' });
      await createAnswer(ctx, q.id, { text: 'Someone answers the key' });
      expect((await likeQuestion(ctx, other.id, mine)).statusCode).toBe(200);
      await addDevice(ctx, { session: key });

      const { res, doc } = await exportOf(ctx, mine);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.json"$/);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(doc.identity).toEqual({
        type: 'anonymous_key',
        id: null,
        username: null,
        email: null,
        is_staff: false,
        created_at: null,
      });
      expect(doc.questions.map((x) => x.id)).toEqual([q.id]);
      expect(doc.answers.map((x) => x.text)).toEqual(['Replied with a key']);
      expect(doc.notifications.map((n) => n.excerpt)).toEqual(['Someone answers the key']);
      expect(doc.devices).toHaveLength(1);
      expect(doc.likes.listed).toBe(false);
      expect(doc.likes.items).toEqual([]);
      expect(doc.likes.reason).toMatch(/MAC/);
      expect(doc.reports.listed).toBe(false);
      expect(doc.reports.reason).toMatch(/MAC/);
      expect(doc.sign_ins).toEqual([]);
      expect(res.body).not.toContain(key);
      // Another key sees none of it.
      const { doc: stranger } = await exportOf(ctx, { session: newSession() });
      expect(stranger.questions).toEqual([]);
      expect(stranger.answers).toEqual([]);
    });

    it('gives a key its silences and why its hidden posts are hidden, never who silenced it', async () => {
      const key = newSession();
      const mine = { session: key };
      const q = await createQuestion(ctx, { ...mine, text: '<p>Asked, then silenced</p>' });
      const other = await createQuestion(ctx);
      const a = await createAnswer(ctx, other.id, { ...mine, text: 'A reply reported as spam' });
      const admin = await createAdmin(ctx);
      // Hidden by moderators' review of reports: the reason the author's page shows.
      await sql`UPDATE answers SET hidden_at = now(), hidden_reason = 'spam' WHERE id = ${a.id}`.execute(
        ctx.database.db,
      );
      const silenced = await ctx.request({
        method: 'POST',
        url: '/api/moderation/silences/',
        token: admin.access,
        body: { question: q.id, days: 3, reason: 'Repeated insults' },
      });
      expect(silenced.statusCode, silenced.body).toBe(201);

      const { res, doc } = await exportOf(ctx, mine);
      expect(doc.questions).toEqual([
        expect.objectContaining({ id: q.id, hidden: false, hidden_reason: null }),
      ]);
      expect(doc.answers).toEqual([
        expect.objectContaining({ id: a.id, hidden: true, hidden_reason: 'spam' }),
      ]);
      expect(doc.silences).toEqual([
        {
          reason: 'Repeated insults',
          days: 3,
          created_at: expect.any(String),
          ends_at: expect.any(String),
          lifted_at: null,
        },
      ]);
      const [silence] = doc.silences;
      const length = Date.parse(silence?.ends_at ?? '') - Date.parse(silence?.created_at ?? '');
      expect(Math.round(length / 86_400_000)).toBe(3);
      expect(res.body).not.toContain(admin.username);
      expect(res.body).not.toContain(`"created_by"`);
      // Nobody else's export holds it.
      const { doc: stranger } = await exportOf(ctx, { session: newSession() });
      expect(stranger.silences).toEqual([]);
    });

    it('needs an identity: 400 without one, 401 with a bad token', async () => {
      const none = await ctx.request({ method: 'GET', url: '/api/my/export/' });
      expect(none.statusCode).toBe(400);
      expect(none.json()).toEqual({ session_id: [API_MSG.sessionInvalid] });
      const bad = await ctx.request({
        method: 'GET',
        url: '/api/my/export/',
        token: 'not.a.token',
      });
      expect(bad.statusCode).toBe(401);
    });
  });

  describe('DELETE /api/my/account/', () => {
    it('refuses a wrong password on the field, and deletes nothing', async () => {
      const user = await createUser(ctx);
      const q = await createQuestion(ctx, { token: user.access });
      const res = await deleteAccount(ctx, user, { password: 'not my password', posts: 'delete' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ password: [API_MSG.passwordIncorrect] });
      const still = await ctx.request({ method: 'GET', url: `/api/questions/${q.id}/` });
      expect(still.statusCode).toBe(200);
      const status = await ctx.request({
        method: 'GET',
        url: '/api/user/status/',
        token: user.access,
      });
      expect(status.json()).toMatchObject({ is_authenticated: true });
      const unsigned = await ctx.request({
        method: 'DELETE',
        url: '/api/my/account/',
        body: { password: user.password, posts: 'delete' },
      });
      expect(unsigned.statusCode).toBe(401);
      const badChoice = await deleteAccount(ctx, user, { password: user.password, posts: 'keep' });
      expect(badChoice.statusCode).toBe(400);
    });

    it('with `delete`: its posts, likes, follows, inbox, devices and tokens go; a reply others answered stays "[deleted]"', async () => {
      const admin = await createAdmin(ctx);
      const user = await createUser(ctx);
      const me = { token: user.access };
      const q = await createQuestion(ctx, { ...me, text: '<p>Delete me with my account</p>' });
      await addUpdate(ctx, q.id, me, 'An update that goes too.');
      const threadReply = await createAnswer(ctx, q.id, { text: 'A reply in my thread' });
      const other = await createQuestion(ctx);
      const lonely = await createAnswer(ctx, other.id, { ...me, text: 'Nobody answered this' });
      const answered = await createAnswer(ctx, other.id, { ...me, text: 'Someone answered this' });
      await createAnswer(ctx, other.id, { text: 'Under it', parent_id: answered.id });
      expect((await likeQuestion(ctx, other.id, me)).statusCode).toBe(200);
      await addDevice(ctx, { userId: user.id });
      const second = await login(ctx, user.username, user.password);
      const before = await logEntries(ctx, admin);

      const res = await deleteAccount(ctx, user, { password: user.password, posts: 'delete' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        questions: 1,
        answers: 2,
        updates: 1,
        follows: 2,
        // A reply in its thread, and a reply under its reply.
        notifications: 2,
        devices: 1,
        likes: 1,
        posts: 'delete',
      });

      expect(
        (await ctx.request({ method: 'GET', url: `/api/questions/${q.id}/` })).statusCode,
      ).toBe(404);
      expect(
        (await ctx.request({ method: 'GET', url: `/api/answers/${threadReply.id}/` })).statusCode,
      ).toBe(404);
      const lonelyRes = await ctx.request({ method: 'GET', url: `/api/answers/${lonely.id}/` });
      expect(lonelyRes.statusCode, lonelyRes.body).toBe(404);
      const thread = await ctx.request({ method: 'GET', url: `/api/questions/${other.id}/` });
      const body = thread.json<{ likes: number; answers: { id: number; text: string }[] }>();
      expect(body.likes).toBe(0);
      expect(body.answers.map((x) => [x.id, x.text])).toEqual([
        [answered.id, API_MSG.deletedPlaceholder],
      ]);
      for (const table of [
        'question_follows',
        'notifications',
        'push_subscriptions',
        'refresh_tokens',
        'question_likes',
        'answer_likes',
      ] as const) {
        expect(
          await count(
            ctx,
            sql<{
              n: number;
            }>`SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE user_id = ${user.id}`,
          ),
          table,
        ).toBe(0);
      }
      expect(
        await count(
          ctx,
          sql<{ n: number }>`SELECT count(*)::int AS n FROM answers WHERE user_id = ${user.id}`,
        ),
      ).toBe(0);

      // Every token is refused: both sign-ins' access and refresh tokens.
      for (const pair of [user, second]) {
        const status = await ctx.request({
          method: 'GET',
          url: '/api/user/status/',
          token: pair.access,
        });
        expect(status.statusCode).toBe(401);
        const refresh = await ctx.request({
          method: 'POST',
          url: '/api/token/refresh/',
          body: { refresh: pair.refresh },
        });
        expect(refresh.statusCode).toBe(401);
      }
      const relogin = await ctx.request({
        method: 'POST',
        url: '/api/token/',
        body: { username: user.username, password: user.password },
      });
      expect(relogin.statusCode).toBe(401);

      // Logged as counts only.
      const after = await logEntries(ctx, admin);
      const added = after.slice(0, after.length - before.length);
      expect(added).toEqual([
        expect.objectContaining({
          action: 'delete_account',
          target_type: 'account',
          target_id: null,
          question: null,
          report: null,
          note: null,
          snapshot: null,
          admin: null,
          counts: {
            questions: 1,
            answers: 2,
            updates: 1,
            follows: 2,
            notifications: 2,
            devices: 1,
            likes: 1,
          },
        }),
      ]);
      expect(JSON.stringify(added)).not.toContain(user.username);
      expect(JSON.stringify(added)).not.toContain('Delete me');
    });

    it("with `delete`: no replay record keeps its update's words either", async () => {
      const user = await createUser(ctx);
      const q = await createQuestion(ctx, { token: user.access });
      const res = await ctx.request({
        method: 'POST',
        url: `/api/questions/${q.id}/updates/`,
        token: user.access,
        headers: { 'idempotency-key': `delete-${newSession()}` },
        body: { text: 'An update replayed for a day' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const replays = sql<{ n: number }>`SELECT count(*)::int AS n FROM idempotency_keys
        WHERE strpos(body, 'An update replayed for a day') > 0`;
      expect(await count(ctx, replays)).toBe(1);
      const gone = await deleteAccount(ctx, user, { password: user.password, posts: 'delete' });
      expect(gone.statusCode, gone.body).toBe(200);
      expect(await count(ctx, replays)).toBe(0);
    });

    it('with `anonymize`: its posts stay, belonging to nobody, for good', async () => {
      const admin = await createAdmin(ctx);
      const user = await createUser(ctx);
      const me = { token: user.access };
      const q = await createQuestion(ctx, { ...me, text: '<p>Keep this for others</p>' });
      const other = await createQuestion(ctx);
      const a = await createAnswer(ctx, other.id, { ...me, text: 'A reply that stays' });

      const res = await deleteAccount(ctx, user, { password: user.password, posts: 'anonymize' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ questions: 1, answers: 1, posts: 'anonymize' });

      const asAdmin = await ctx.request({
        method: 'GET',
        url: `/api/questions/${q.id}/`,
        token: admin.access,
      });
      expect(asAdmin.statusCode).toBe(200);
      expect(asAdmin.json()).toMatchObject({
        text: '<p>Keep this for others</p>',
        user: null,
        session_id: null,
      });
      const reply = await ctx.request({ method: 'GET', url: `/api/answers/${a.id}/` });
      expect(reply.json()).toMatchObject({ text: 'A reply that stays' });
      const { rows } = await sql<{ user_id: number | null; session_hash: Buffer | null }>`
        SELECT user_id, session_hash FROM questions WHERE id = ${q.id}
        UNION ALL SELECT user_id, session_hash FROM answers WHERE id = ${a.id}`.execute(
        ctx.database.db,
      );
      expect(rows).toEqual([
        { user_id: null, session_hash: null },
        { user_id: null, session_hash: null },
      ]);
      // No replay record of the account's writes names it any more.
      expect(
        await count(
          ctx,
          sql<{
            n: number;
          }>`SELECT count(*)::int AS n FROM idempotency_keys WHERE body ~ ${`"user":${user.id}[,}]`}`,
        ),
      ).toBe(0);
      const entries = await logEntries(ctx, admin);
      expect(entries[0]).toMatchObject({ action: 'anonymize_account', target_type: 'account' });
    });

    it('keeps the username from new accounts for 30 days, then frees it', async () => {
      const email = `${uniqueName('mail')}@example.test`;
      const user = await createUser(ctx, { email });
      const res = await deleteAccount(ctx, user, { password: user.password, posts: 'delete' });
      expect(res.statusCode, res.body).toBe(200);
      const password = 'another good password';
      const again = await ctx.request({
        method: 'POST',
        url: '/api/register/',
        body: { username: user.username.toUpperCase(), password, password2: password },
      });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ username: [API_MSG.usernameRecentlyDeleted] });
      const byEmail = await ctx.request({
        method: 'POST',
        url: '/api/register/',
        body: { username: uniqueName(), password, password2: password, email },
      });
      expect(byEmail.statusCode).toBe(400);
      expect(byEmail.json()).toEqual({ email: [API_MSG.emailRecentlyDeleted] });
      // Nothing in the database names it in the clear.
      const { rows } = await sql<{
        name_mac: Buffer;
      }>`SELECT name_mac FROM deleted_login_names`.execute(ctx.database.db);
      for (const row of rows) {
        expect(row.name_mac.toString('latin1')).not.toContain(user.username);
        expect(
          row.name_mac.equals(createHash('sha256').update(user.username.toLowerCase()).digest()),
        ).toBe(false);
      }
      // 30 days later (the rows dated back), the name is free again.
      await sql`UPDATE deleted_login_names SET deleted_at = now() - interval '30 days 1 minute'`.execute(
        ctx.database.db,
      );
      const later = await ctx.request({
        method: 'POST',
        url: '/api/register/',
        body: { username: user.username, password, password2: password, email },
      });
      expect(later.statusCode, later.body).toBe(201);
    });
  });

  describe('DELETE /api/my/anonymous/', () => {
    it('counts with dry_run, then erases what the key wrote or follows, its inbox and devices', async () => {
      const admin = await createAdmin(ctx);
      const key = newSession();
      const mine = { session: key };
      const q = await createQuestion(ctx, { ...mine, text: '<p>Erase me</p>' });
      await addUpdate(ctx, q.id, mine, 'An update of the key.');
      await createAnswer(ctx, q.id, { text: 'Someone replied to the key' });
      const other = await createQuestion(ctx);
      const answered = await createAnswer(ctx, other.id, { ...mine, text: 'The key replied' });
      await createAnswer(ctx, other.id, { text: 'Under the key', parent_id: answered.id });
      const followed = await createQuestion(ctx);
      await follow(ctx, followed.id, mine);
      await addDevice(ctx, { session: key });
      const expected: ErasureCounts = {
        questions: 1,
        answers: 1,
        updates: 1,
        follows: 3,
        notifications: 2,
        devices: 1,
      };

      const dry = await ctx.request({
        method: 'DELETE',
        url: '/api/my/anonymous/?dry_run=true',
        ...mine,
      });
      expect(dry.statusCode, dry.body).toBe(200);
      expect(dry.json()).toEqual(expected);
      expect(
        (await ctx.request({ method: 'GET', url: `/api/questions/${q.id}/` })).statusCode,
      ).toBe(200);
      const before = await logEntries(ctx, admin);

      const res = await ctx.request({ method: 'DELETE', url: '/api/my/anonymous/', ...mine });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(expected);
      expect(res.headers['cache-control']).toBe('private, no-store');

      expect(
        (await ctx.request({ method: 'GET', url: `/api/questions/${q.id}/` })).statusCode,
      ).toBe(404);
      const thread = await ctx.request({ method: 'GET', url: `/api/questions/${other.id}/` });
      expect(thread.json<{ answers: { text: string }[] }>().answers.map((x) => x.text)).toEqual([
        API_MSG.deletedPlaceholder,
      ]);
      const hash = hashOf(key);
      for (const table of [
        'questions',
        'answers',
        'question_follows',
        'notifications',
        'push_subscriptions',
      ] as const) {
        expect(
          await count(
            ctx,
            sql<{
              n: number;
            }>`SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE session_hash = ${hash}`,
          ),
          table,
        ).toBe(0);
      }
      const again = await ctx.request({ method: 'DELETE', url: '/api/my/anonymous/', ...mine });
      expect(again.json()).toEqual({
        questions: 0,
        answers: 0,
        updates: 0,
        follows: 0,
        notifications: 0,
        devices: 0,
      });

      // One entry, counts only; erasing nothing logs nothing.
      const after = await logEntries(ctx, admin);
      const added = after.slice(0, after.length - before.length);
      expect(added).toEqual([
        expect.objectContaining({
          action: 'erase_key',
          target_type: 'key',
          target_id: null,
          question: null,
          report: null,
          note: null,
          snapshot: null,
          admin: null,
          counts: expected,
        }),
      ]);
      expect(JSON.stringify(added)).not.toContain('Erase me');
    });

    it("leaves no replay record holding the key's words: its questions', replies' and updates' responses go with them", async () => {
      const key = newSession();
      const keyed = (url: string, body: object) =>
        ctx.request({
          method: 'POST',
          url,
          session: key,
          headers: { 'idempotency-key': `erase-${newSession()}` },
          body: { ...body, session_id: key },
        });
      const asked = await keyed('/api/questions/', {
        text: '<p>Replayed question words</p>',
        tag_names: [],
        gender: 'U',
        age_range: 'U',
      });
      expect(asked.statusCode, asked.body).toBe(201);
      const q = asked.json<{ id: number }>();
      const other = await createQuestion(ctx);
      for (const [url, body] of [
        [`/api/questions/${q.id}/updates/`, { text: 'Replayed update words' }],
        [`/api/questions/${other.id}/answers/`, { text: 'Replayed reply words' }],
      ] as const) {
        const res = await keyed(url, body);
        expect(res.statusCode, res.body).toBe(201);
      }
      // Someone else's reply in another thread, kept for its own author's retries.
      const someoneElse = newSession();
      const theirs = await ctx.request({
        method: 'POST',
        url: `/api/questions/${other.id}/answers/`,
        session: someoneElse,
        headers: { 'idempotency-key': `erase-${newSession()}` },
        body: { text: 'Replayed words of someone else', session_id: someoneElse },
      });
      expect(theirs.statusCode, theirs.body).toBe(201);
      const replays = (words: string) =>
        count(
          ctx,
          sql<{ n: number }>`SELECT count(*)::int AS n FROM idempotency_keys
            WHERE strpos(body, ${words}) > 0`,
        );
      expect(await replays('Replayed question words')).toBe(1);

      const res = await ctx.request({ method: 'DELETE', url: '/api/my/anonymous/', session: key });
      expect(res.statusCode, res.body).toBe(200);
      for (const words of [
        'Replayed question words',
        'Replayed update words',
        'Replayed reply words',
      ]) {
        expect(await replays(words), words).toBe(0);
      }
      expect(await replays('Replayed words of someone else')).toBe(1);
    });

    it('needs a key, alone: 400 without one or with a bearer token', async () => {
      const user = await createUser(ctx);
      const none = await ctx.request({ method: 'DELETE', url: '/api/my/anonymous/' });
      expect(none.statusCode).toBe(400);
      expect(none.json()).toEqual({ session_id: [API_MSG.sessionInvalid] });
      const signed = await ctx.request({
        method: 'DELETE',
        url: '/api/my/anonymous/',
        token: user.access,
        session: newSession(),
      });
      expect(signed.statusCode).toBe(400);
      expect(signed.json()).toEqual({ session_id: [API_MSG.anonymousKeyOnly] });
    });
  });
});
