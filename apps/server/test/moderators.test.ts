/**
 * Moderation beyond one admin (issue 39): moderators and what they may do, silencing an
 * author without unmasking them, acknowledged crisis flags, and the queue's health.
 */
import { createHash } from 'node:crypto';
import {
  type ModerationLogEntry,
  ModerationSummary,
  Silence,
  silencedDetail,
  UserStatus,
} from '@dating/contract';
import { sql } from 'kysely';
import { Value } from 'typebox/value';
import { expect, it } from 'vitest';
import { setModerator } from '../src/auth/moderators.ts';
import {
  createAdmin,
  createAnswer,
  createQuestion,
  createReport,
  createUser,
  type TestUser,
} from './factories.ts';
import { describeEachEngine, newSession, type TestContext } from './harness.ts';

async function moderator(ctx: TestContext, admin: TestUser): Promise<TestUser> {
  const user = await createUser(ctx);
  const res = await ctx.request({
    method: 'POST',
    url: '/api/moderation/moderators/',
    token: admin.access,
    body: { username: user.username },
  });
  expect(res.statusCode, res.body).toBe(200);
  return user;
}

/** Everything that could name a key: the key itself, and its SHA-256 (hex and base64). */
function keyForms(key: string): string[] {
  const hash = createHash('sha256').update(key).digest();
  return [key, hash.toString('hex'), hash.toString('base64'), hash.toString('base64url')];
}

describeEachEngine('moderators and silences', (ctx) => {
  let admin: TestUser;
  let mod: TestUser;
  const setup = async () => {
    admin ??= await createAdmin(ctx);
    mod ??= await moderator(ctx, admin);
  };
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, body?: unknown) =>
    ctx.request({ method, url, token, ...(body === undefined ? {} : { body }) });
  const log = async () => {
    const res = await call('GET', '/api/moderation/log/?limit=100', admin.access);
    expect(res.statusCode).toBe(200);
    return res.json<ModerationLogEntry[]>();
  };
  const silenceOf = (body: Record<string, unknown>, token = mod.access) =>
    call('POST', '/api/moderation/silences/', token, { days: 7, reason: 'Harassment', ...body });

  it('admins appoint, list and remove moderators; idempotent, 404 unknown, 400 bad input', async () => {
    await setup();
    const user = await createUser(ctx);
    const appoint = () =>
      call('POST', '/api/moderation/moderators/', admin.access, { username: user.username });
    expect((await appoint()).json()).toEqual({ id: user.id, username: user.username });
    expect((await appoint()).statusCode).toBe(200);
    const listed = await call('GET', '/api/moderation/moderators/', admin.access);
    expect(listed.json<{ username: string }[]>().map((m) => m.username)).toEqual(
      expect.arrayContaining([user.username, mod.username]),
    );
    const status = await call('GET', '/api/user/status/', user.access);
    expect(status.json()).toMatchObject({
      user: { id: user.id, is_staff: false, is_moderator: true },
      silenced: null,
    });
    expect(Value.Check(UserStatus, status.json())).toBe(true);

    const remove = () =>
      call('DELETE', '/api/moderation/moderators/', admin.access, { username: user.username });
    expect((await remove()).statusCode).toBe(200);
    expect((await remove()).statusCode).toBe(200);
    // The role goes at once: the next request is refused.
    expect((await call('GET', '/api/reports/groups/', user.access)).statusCode).toBe(403);

    const unknown = await call('POST', '/api/moderation/moderators/', admin.access, {
      username: 'nobody_by_this_name',
    });
    expect(unknown.statusCode).toBe(404);
    for (const body of [{}, { username: '' }, { username: 'has space' }, { username: 7 }]) {
      const bad = await call('POST', '/api/moderation/moderators/', admin.access, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
    // Logged once each way, by the admin acting as admin.
    const entries = (await log()).filter(
      (e) => e.target_type === 'account' && e.target_id === user.id,
    );
    expect(entries.map((e) => [e.action, e.role, e.admin?.id])).toEqual([
      ['remove_moderator', 'admin', admin.id],
      ['appoint_moderator', 'admin', admin.id],
    ]);
  });

  it('the command line appoints and removes, logged without an admin', async () => {
    const user = await createUser(ctx);
    expect(await setModerator(ctx.database.db, user.username, true, null)).toMatchObject({
      changed: true,
    });
    expect(await setModerator(ctx.database.db, user.username, true, null)).toMatchObject({
      changed: false,
    });
    expect(await setModerator(ctx.database.db, 'no_such_user_here', true, null)).toBeNull();
    expect((await call('GET', '/api/reports/groups/', user.access)).statusCode).toBe(200);
    await setModerator(ctx.database.db, user.username, false, null);
    expect((await call('GET', '/api/reports/groups/', user.access)).statusCode).toBe(403);
  });

  it('moderators review, read the log and silence; admin-only calls answer them 403', async () => {
    await setup();
    for (const url of [
      '/api/reports/',
      '/api/reports/groups/',
      '/api/moderation/log/',
      '/api/moderation/summary/',
      '/api/moderation/silences/',
    ]) {
      expect((await call('GET', url, mod.access)).statusCode, url).toBe(200);
      const user = await createUser(ctx);
      expect((await call('GET', url, user.access)).statusCode, url).toBe(403);
      expect((await call('GET', url)).statusCode, url).toBe(401);
    }
    expect((await call('GET', '/api/moderation/moderators/', mod.access)).statusCode).toBe(403);
    const other = await createUser(ctx);
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await call(method, '/api/moderation/moderators/', mod.access, {
        username: other.username,
      });
      expect(res.statusCode).toBe(403);
    }
  });

  it('a moderator sees hidden posts, reviews a group and is logged as moderator', async () => {
    await setup();
    const q = await createQuestion(ctx);
    for (let i = 0; i < 3; i += 1) await createReport(ctx, { question: q.id });
    const hidden = await call('GET', `/api/questions/${q.id}/`, mod.access);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ hidden: true, text: q.text });
    const review = await call('POST', `/api/reports/groups/question/${q.id}/review/`, mod.access, {
      status: 'rejected',
    });
    expect(review.statusCode, review.body).toBe(200);
    const entries = (await log()).filter(
      (e) => e.target_type === 'question' && e.target_id === q.id,
    );
    expect(entries.find((e) => e.action === 'reject')).toMatchObject({
      role: 'moderator',
      admin: { id: mod.id, username: mod.username },
    });
    expect(entries.find((e) => e.action === 'auto_hide')).toMatchObject({
      role: null,
      admin: null,
    });
  });

  it('silences the anonymous author of an answer without anyone learning the key', async () => {
    await setup();
    const q = await createQuestion(ctx);
    const key = newSession();
    const a = await createAnswer(ctx, q.id, { session: key });
    const before = Date.now();
    const res = await silenceOf({ answer: a.id, days: 7, reason: 'Harassment' });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json<Silence>();
    expect(Value.Check(Silence, made)).toBe(true);
    expect(made).toMatchObject({
      source_type: 'answer',
      source_id: a.id,
      made_from: `author of answer ${a.id}`,
      reason: 'Harassment',
      days: 7,
    });
    const ends = Date.parse(made.ends_at);
    expect(ends - before).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(ends - before).toBeLessThan(7 * 86_400_000 + 60_000);

    // The key reads, but every write answers 403 with the reason and the end.
    expect(
      (await ctx.request({ method: 'GET', url: `/api/questions/${q.id}/`, session: key }))
        .statusCode,
    ).toBe(200);
    const writes = [
      {
        method: 'POST',
        url: '/api/questions/',
        body: { text: '<p>Another one?</p>', session_id: key },
      },
      {
        method: 'POST',
        url: `/api/questions/${q.id}/answers/`,
        body: { text: 'More', session_id: key },
      },
      { method: 'PATCH', url: `/api/answers/${a.id}/`, body: { text: 'Edited', session_id: key } },
      { method: 'POST', url: `/api/questions/${q.id}/like/`, body: { session_id: key } },
      {
        method: 'POST',
        url: '/api/reports/',
        body: { question: q.id, reason: 'spam', session_id: key },
      },
    ] as const;
    for (const write of writes) {
      const refused = await ctx.request({ ...write, session: key });
      expect(refused.statusCode, `${write.method} ${write.url}`).toBe(403);
      expect(refused.json()).toEqual({
        code: 'silenced',
        detail: silencedDetail(new Date(made.ends_at), 'Harassment'),
        silenced_until: made.ends_at,
      });
      expect(refused.json().detail).toMatch(
        /^You cannot post until \d{4}-\d\d-\d\d \d\d:\d\d UTC: Harassment$/,
      );
    }
    // The key named in the header alone is refused too.
    const byHeader = await ctx.request({
      method: 'POST',
      url: `/api/questions/${q.id}/answers/`,
      session: key,
      body: { text: 'Header only' },
    });
    expect(byHeader.statusCode).toBe(403);
    // Others are not silenced.
    await createAnswer(ctx, q.id);
    // The author learns it from the status call; nobody else does.
    const own = await ctx.request({ method: 'GET', url: '/api/user/status/', session: key });
    expect(own.json()).toMatchObject({ silenced: { reason: 'Harassment', until: made.ends_at } });
    const stranger = await ctx.request({
      method: 'GET',
      url: '/api/user/status/',
      session: newSession(),
    });
    expect(stranger.json()).toMatchObject({ silenced: null });

    // Nothing staff see names the key or its hash.
    const listed = await call('GET', '/api/moderation/silences/', mod.access);
    const entries = (await log()).filter((e) => e.action === 'silence' && e.target_id === a.id);
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'silence',
        role: 'moderator',
        target_type: 'answer',
        days: 7,
        note: 'Harassment',
      }),
    ]);
    for (const text of [res.body, listed.body, JSON.stringify(entries)]) {
      for (const form of keyForms(key)) expect(text).not.toContain(form);
    }
    const row = listed.json<Silence[]>().find((s) => s.id === made.id);
    expect(Object.keys(row ?? {}).sort()).toEqual(
      [
        'id',
        'source_type',
        'source_id',
        'made_from',
        'reason',
        'days',
        'ends_at',
        'created_at',
      ].sort(),
    );

    // Lifting it early lets the key write again, and is logged.
    const lifted = await call('DELETE', `/api/moderation/silences/${made.id}/`, mod.access);
    expect(lifted.statusCode).toBe(204);
    expect(
      (await call('DELETE', `/api/moderation/silences/${made.id}/`, mod.access)).statusCode,
    ).toBe(404);
    await createAnswer(ctx, q.id, { session: key });
    expect(
      (await call('GET', '/api/moderation/silences/', mod.access))
        .json<Silence[]>()
        .some((s) => s.id === made.id),
    ).toBe(false);
    expect(
      (await log()).find((e) => e.action === 'lift_silence' && e.target_id === a.id),
    ).toMatchObject({
      target_type: 'answer',
      role: 'moderator',
    });
  });

  it("silences an account by its question or by id; the account's other writes are refused", async () => {
    await setup();
    const author = await createUser(ctx);
    const q = await createQuestion(ctx, { token: author.access });
    const res = await silenceOf({ question: q.id, days: 1, reason: 'Spam links' }, admin.access);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ made_from: `author of question ${q.id}` });
    const refused = await ctx.request({
      method: 'POST',
      url: `/api/questions/${q.id}/updates/`,
      token: author.access,
      body: { text: 'An update' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().silenced_until).toBe(res.json().ends_at);
    // Signed in, the account is who writes: a fresh key in the body changes nothing.
    const withKey = await ctx.request({
      method: 'POST',
      url: '/api/questions/',
      token: author.access,
      body: { text: '<p>Sneaky?</p>', session_id: newSession() },
    });
    expect(withKey.statusCode).toBe(403);
    // Rights over one's own data stay open.
    const deleted = await ctx.request({
      method: 'DELETE',
      url: `/api/questions/${q.id}/`,
      token: author.access,
    });
    expect(deleted.statusCode).toBe(204);

    const other = await createUser(ctx);
    const byId = await silenceOf({ user: other.id, days: 365, reason: 'Ban evasion' });
    expect(byId.statusCode).toBe(201);
    expect(byId.json()).toMatchObject({ source_type: 'account', made_from: `account ${other.id}` });
    const status = await call('GET', '/api/user/status/', other.access);
    expect(status.json().silenced).toMatchObject({ reason: 'Ban evasion' });
    expect(
      (await log()).find(
        (e) => e.action === 'silence' && e.target_type === 'account' && e.target_id === other.id,
      ),
    ).toMatchObject({ days: 365 });
  });

  it('writes what a silence was made from in the language Accept-Language asks for', async () => {
    await setup();
    const q = await createQuestion(ctx, { session: newSession() });
    const made = await ctx.request({
      method: 'POST',
      url: '/api/moderation/silences/',
      token: mod.access,
      headers: { 'Accept-Language': 'es-ES,es;q=0.9,en;q=0.5' },
      body: { question: q.id, days: 2, reason: 'Spam' },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      source_type: 'question',
      source_id: q.id,
      made_from: `quien escribió la pregunta n.º ${q.id}`,
    });
    expect(made.headers['content-language']).toBe('es');
    expect(String(made.headers.vary)).toContain('Accept-Language');
    const id = made.json<Silence>().id;
    const listed = async (language?: string) => {
      const res = await ctx.request({
        method: 'GET',
        url: '/api/moderation/silences/',
        token: mod.access,
        ...(language === undefined ? {} : { headers: { 'Accept-Language': language } }),
      });
      expect(String(res.headers.vary)).toContain('Accept-Language');
      return { res, row: res.json<Silence[]>().find((s) => s.id === id) };
    };
    const arabic = await listed('ar');
    expect(arabic.row?.made_from).toBe(`صاحب السؤال رقم ${q.id}`);
    expect(arabic.res.headers['content-language']).toBe('ar');
    // No header, or none of ours: English, as before.
    for (const language of [undefined, 'de']) {
      const english = await listed(language);
      expect(english.row?.made_from).toBe(`author of question ${q.id}`);
      expect(english.res.headers['content-language']).toBeUndefined();
    }
    expect((await call('DELETE', `/api/moderation/silences/${id}/`, mod.access)).statusCode).toBe(
      204,
    );
  });

  it("documents the silenced 403 on every write it refuses, and on no read or rights' call", async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/docs/json' });
    const paths = res.json<{
      paths: Record<string, Record<string, { responses: Record<string, { content?: unknown }> }>>;
    }>().paths;
    const silenced = (path: string, method: string) =>
      JSON.stringify(paths[path]?.[method]?.responses['403'] ?? null).includes('SilencedError');
    expect(silenced('/api/questions/', 'post')).toBe(true);
    expect(silenced('/api/questions/{id}/answers/', 'post')).toBe(true);
    expect(silenced('/api/reports/', 'post')).toBe(true);
    expect(silenced('/api/questions/', 'get')).toBe(false);
    expect(silenced('/api/my/account/', 'delete')).toBe(false);
    expect(silenced('/api/moderation/silences/', 'post')).toBe(false);
  });

  it('refuses bad silences: not exactly one target, days or reason out of range, staff, missing posts', async () => {
    await setup();
    const q = await createQuestion(ctx);
    for (const body of [
      { days: 7, reason: 'x' },
      { question: q.id, answer: 1, days: 7, reason: 'x' },
      { question: q.id, days: 0, reason: 'x' },
      { question: q.id, days: 366, reason: 'x' },
      { question: q.id, days: 7, reason: '' },
      { question: q.id, days: 7, reason: '   ' },
      { question: q.id, days: 7, reason: 'x'.repeat(501) },
      { user: mod.id, days: 7, reason: 'x' },
    ]) {
      const res = await call('POST', '/api/moderation/silences/', mod.access, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const missing = await silenceOf({ question: 2_000_000_000 });
    expect(missing.statusCode).toBe(404);
    const user = await createUser(ctx);
    expect((await silenceOf({ question: q.id }, user.access)).statusCode).toBe(403);
    expect((await call('DELETE', '/api/moderation/silences/1/', user.access)).statusCode).toBe(403);
  });

  it('a silenced key that claims into an account carries the silence over', async () => {
    await setup();
    const key = newSession();
    const q = await createQuestion(ctx, { session: key });
    const made = (await silenceOf({ question: q.id, days: 3, reason: 'Scam' })).json<Silence>();
    const account = await createUser(ctx);
    const claim = await ctx.request({
      method: 'POST',
      url: '/api/my/claim/',
      token: account.access,
      body: { session_id: key },
    });
    expect(claim.statusCode, claim.body).toBe(200);
    const refused = await ctx.request({
      method: 'POST',
      url: '/api/questions/',
      token: account.access,
      body: { text: '<p>Now with an account?</p>' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().silenced_until).toBe(made.ends_at);
    // The key itself stays silenced; the list shows the one silence, not the account's copy.
    const keyWrite = await ctx.request({
      method: 'POST',
      url: '/api/questions/',
      session: key,
      body: { text: '<p>Back to the key?</p>', session_id: key },
    });
    expect(keyWrite.statusCode).toBe(403);
    const listed = (await call('GET', '/api/moderation/silences/', mod.access)).json<Silence[]>();
    expect(listed.filter((s) => s.source_type === 'question' && s.source_id === q.id)).toHaveLength(
      1,
    );
    // Lifting it lifts the account's copy too.
    await call('DELETE', `/api/moderation/silences/${made.id}/`, mod.access);
    const again = await ctx.request({
      method: 'POST',
      url: '/api/questions/',
      token: account.access,
      body: { text: '<p>Allowed again?</p>' },
    });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('an acknowledged crisis flag is listed as acknowledged, not rejected', async () => {
    await setup();
    const res = await ctx.request({
      method: 'POST',
      url: '/api/questions/',
      body: { text: '<p>I keep cutting myself</p>', session_id: newSession() },
    });
    const q = res.json<{ id: number }>();
    const flags = (await call('GET', '/api/reports/?limit=100', mod.access)).json<
      { id: number; question: number; source: string }[]
    >();
    const flag = flags.find((r) => r.question === q.id && r.source === 'automatic');
    expect(flag).toBeDefined();
    const ack = await call('POST', `/api/reports/${flag?.id}/acknowledge/`, mod.access, {});
    expect(ack.statusCode, ack.body).toBe(200);
    expect(ack.json()).toMatchObject({ status: 'acknowledged' });
    const stored = await ctx.database.db
      .selectFrom('reports')
      .select('status')
      .where('id', '=', flag?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('acknowledged');
    expect((await log()).find((e) => e.report === flag?.id)).toMatchObject({
      action: 'acknowledge',
      role: 'moderator',
    });
  });

  it("summarizes the queue's health: pending, the oldest's age, the median review time", async () => {
    await setup();
    const db = ctx.database.db;
    // What the other tests left: closed, and reviewed 8 days ago (out of the week).
    await sql`UPDATE reports SET status = 'rejected', reviewed_at = now() WHERE status = 'pending'`.execute(
      db,
    );
    await sql`UPDATE reports SET created_at = now() - interval '9 days', reviewed_at = now() - interval '8 days'`.execute(
      db,
    );
    const empty = (
      await call('GET', '/api/moderation/summary/', mod.access)
    ).json<ModerationSummary>();
    expect(empty).toMatchObject({
      pending: 0,
      oldest_pending_age_seconds: null,
      median_review_seconds_7d: null,
    });

    const q = await createQuestion(ctx);
    const oldest = await createReport(ctx, { question: q.id });
    await createReport(ctx, { question: q.id });
    await sql`UPDATE reports SET created_at = now() - interval '1 hour' WHERE id = ${oldest.id}`.execute(
      db,
    );
    // Reviews this week that took 100, 200 and 300 seconds: the median is 200.
    for (const seconds of [100, 200, 300]) {
      const r = await createReport(ctx, { question: (await createQuestion(ctx)).id });
      await sql`UPDATE reports SET status = 'rejected', reviewed_at = now() - interval '1 day',
        created_at = now() - interval '1 day' - make_interval(secs => ${seconds}) WHERE id = ${r.id}`.execute(
        db,
      );
    }
    const res = await call('GET', '/api/moderation/summary/', mod.access);
    expect(res.statusCode).toBe(200);
    const summary = res.json<ModerationSummary>();
    expect(Value.Check(ModerationSummary, summary)).toBe(true);
    expect(summary.pending).toBe(2);
    expect(summary.oldest_pending_age_seconds).toBeGreaterThanOrEqual(3600);
    expect(summary.oldest_pending_age_seconds).toBeLessThan(3700);
    expect(summary.median_review_seconds_7d).toBe(200);
  });
});
