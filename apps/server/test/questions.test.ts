import { API_MSG, LIMITS, LINK_REL, SESSION_ID_MSG } from '@dating/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { SEARCH_CANDIDATES } from '../src/repositories/questions.ts';
import {
  createAdmin,
  createAnswer,
  createQuestion,
  createUser,
  nextPage,
  uniqueWord,
  walkPages,
} from './factories.ts';
import {
  describeEachEngine,
  newSession,
  sendWhileWritesHeld,
  type TestContext,
  uniqueName,
} from './harness.ts';

interface QuestionJson {
  id: number;
  text: string;
  likes: number;
  tags: { id: number; name: string }[];
  gender: string;
  age_range: string;
  user: number | null;
  session_id: string | null;
  answer_count: number;
  answers?: AnswerJson[];
}
interface AnswerJson {
  id: number;
  text: string;
  parent_id: number | null;
  replies: AnswerJson[];
}

async function list(ctx: TestContext, query: string, auth: { token?: string } = {}) {
  const res = await ctx.request({ method: 'GET', url: `/api/questions/?${query}`, ...auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<QuestionJson[]>();
}

const ids = (items: { id: number }[]) => items.map((i) => i.id);

describeEachEngine('questions', (ctx) => {
  describe('POST /api/questions/', () => {
    it("answers exactly what the asker's next read shows, without reading it again", async () => {
      const word = uniqueName('t').toLowerCase();
      const user = await createUser(ctx);
      for (const auth of [{ session: newSession() }, { token: user.access }]) {
        // The first creates the tags; the second, its tags known, is written in one
        // statement (repositories/questions.ts); the third in a transaction with its key.
        const keys: Record<string, string>[] = [
          {},
          {},
          { 'idempotency-key': `ask-${uniqueName('k')}` },
        ];
        for (const idempotency of keys) {
          const asked = await ctx.request({
            method: 'POST',
            url: '/api/questions/',
            ...auth,
            headers: idempotency,
            body: {
              text: '<p>Which of <strong>these</strong> first?</p>',
              // Out of order, with a hyphen: listed by name as every read lists them.
              tag_names: [`${word}-zeta`, `${word}-a-c`, `${word}ab`, `${word}-b`],
              gender: 'W',
              age_range: '26-35',
              ...('session' in auth ? { session_id: auth.session } : {}),
            },
          });
          expect(asked.statusCode, asked.body).toBe(201);
          const { pii_warnings, support, ...written } = asked.json<Record<string, unknown>>();
          expect(pii_warnings).toEqual([]);
          const read = await ctx.request({
            method: 'GET',
            url: `/api/questions/${written.id}/`,
            ...auth,
          });
          expect(read.json()).toEqual(written);
          expect(written.following).toBe(true);
        }
      }
    });

    it('writes posts sent at once many to a statement, each as its asker will read it', async () => {
      const word = uniqueName('t').toLowerCase();
      const known = [`${word}-c`, `${word}-a`, `${word}-b`];
      await createQuestion(ctx, { tags: known });
      const user = await createUser(ctx);
      const repeated = newSession();
      const posts = [
        ...Array.from({ length: 12 }, (_, i) => ({
          auth: { session: newSession() },
          tags: known.slice(0, i % 4),
        })),
        // A new tag among known ones: written by the general path, which creates it.
        { auth: { session: newSession() }, tags: [known[0] as string, `${word}-new`] },
        // One asker's posts go to different statements (one asker a batch).
        ...[0, 1, 2].map(() => ({ auth: { session: repeated }, tags: known })),
        ...[0, 1].map(() => ({ auth: { token: user.access }, tags: [known[1] as string] })),
      ];
      // Seven waiting hold at least two posts a batch may join: at most three of one asker,
      // and one with a new tag, which the batch leaves to the general path.
      const { result: asked, held } = await sendWhileWritesHeld(
        ctx,
        { table: 'questions', batches: ctx.app.questionBatches, queued: 7 },
        () =>
          Promise.all(
            posts.map(({ auth, tags }, i) =>
              ctx.request({
                method: 'POST',
                url: '/api/questions/',
                ...auth,
                body: {
                  text: `<p>Asked at once, number ${i}</p>`,
                  tag_names: tags,
                  gender: i % 2 === 0 ? 'W' : 'M',
                  ...('session' in auth ? { session_id: auth.session } : {}),
                },
              }),
            ),
          ),
      );
      const written = asked.map((res) => {
        expect(res.statusCode, res.body).toBe(201);
        const { pii_warnings, support, ...question } = res.json<Record<string, unknown>>();
        return question as unknown as QuestionJson & { following: boolean };
      });
      for (const [i, question] of written.entries()) {
        const { auth, tags } = posts[i] as (typeof posts)[number];
        expect(question.text).toBe(`<p>Asked at once, number ${i}</p>`);
        expect(question.gender).toBe(i % 2 === 0 ? 'W' : 'M');
        expect(question.tags.map((tag) => tag.name)).toEqual([...tags].sort());
        expect(question.following).toBe(true);
        const read = await ctx.request({
          method: 'GET',
          url: `/api/questions/${question.id}/`,
          ...auth,
        });
        expect(read.json()).toEqual(question);
      }
      // They did share statements: a statement's rows carry its transaction's id.
      const { rows } = await sql<{ transactions: number }>`
        SELECT count(DISTINCT xmin::text)::int AS transactions FROM questions
        WHERE id = ANY(${written.map((q) => q.id)}::int[])`.execute(ctx.database.db);
      if (held) expect(rows[0]?.transactions).toBeLessThan(written.length);
      // ...never two of one asker's.
      const { rows: repeats } = await sql<{ transactions: number }>`
        SELECT count(DISTINCT xmin::text)::int AS transactions FROM questions
        WHERE id = ANY(${written.slice(13, 16).map((q) => q.id)}::int[])`.execute(ctx.database.db);
      expect(repeats[0]?.transactions).toBe(3);
    });

    it('shares statements with posts sent with an Idempotency-Key too, each replayed as sent', async () => {
      const word = uniqueName('t').toLowerCase();
      await createQuestion(ctx, { tags: [`${word}-k`] });
      const ask = (session: string, key: string, i: number) =>
        ctx.request({
          method: 'POST',
          url: '/api/questions/',
          session,
          headers: { 'idempotency-key': key },
          body: {
            text: `<p>Keyed at once ${i}</p>`,
            tag_names: [`${word}-k`],
            session_id: session,
          },
        });
      const sessions = Array.from({ length: 10 }, () => newSession());
      const keys = sessions.map(() => `ask-${uniqueName('k')}`);
      // The last one twice at once, with its key: one question, whatever the order. Three
      // waiting hold two askers at least.
      const { result: answered, held } = await sendWhileWritesHeld(
        ctx,
        { table: 'questions', batches: ctx.app.questionBatches, queued: 3 },
        () =>
          Promise.all([
            ...sessions.map((session, i) => ask(session, keys[i] as string, i)),
            ask(sessions[9] as string, keys[9] as string, 9),
          ]),
      );
      for (const res of answered.slice(0, 9)) expect(res.statusCode, res.body).toBe(201);
      const twins = answered.slice(9).map((res) => res.statusCode);
      expect(twins.filter((status) => status === 201).length).toBeGreaterThanOrEqual(1);
      for (const status of twins) expect([201, 409]).toContain(status);
      const ids = answered.filter((res) => res.statusCode === 201).map((res) => res.json().id);
      const twinIds = new Set(
        answered.slice(9).flatMap((res) => (res.statusCode === 201 ? [res.json().id] : [])),
      );
      expect(twinIds.size).toBe(1);
      // A repeat is answered with the first response, and creates nothing.
      for (const [i, session] of sessions.entries()) {
        const again = await ask(session, keys[i] as string, i);
        expect(again.statusCode).toBe(201);
        expect(again.headers['idempotency-replayed']).toBe('true');
        expect(again.json().text).toBe(`<p>Keyed at once ${i}</p>`);
      }
      const { rows } = await sql<{ n: number; transactions: number }>`
        SELECT count(*)::int AS n, count(DISTINCT xmin::text)::int AS transactions FROM questions
        WHERE text LIKE '<p>Keyed at once %' AND id = ANY(${ids}::int[])`.execute(ctx.database.db);
      expect(rows[0]?.n).toBe(10);
      if (held) expect(rows[0]?.transactions).toBeLessThan(10);
    });

    it('answers 201 with the sanitized detail, normalized tags and default labels', async () => {
      const session = newSession();
      const tag = uniqueName('t');
      const res = await ctx.request({
        method: 'POST',
        url: '/api/questions/',
        body: {
          text: '<p onclick="x()">Hi <script>alert(1)</script><a href="javascript:alert(1)">x</a> <a href="https://example.com">ok</a></p>',
          tag_names: [`  ${tag.toUpperCase()} `, tag, '', '   ', `${tag}b`],
          session_id: session,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const q = res.json<QuestionJson>();
      // The javascript: link loses its href; every link gets our rel.
      expect(q.text).toBe(
        `<p>Hi <a rel="${LINK_REL}">x</a> <a href="https://example.com" rel="${LINK_REL}">ok</a></p>`,
      );
      expect(q.tags.map((t) => t.name)).toEqual([tag, `${tag}b`]);
      expect(q).toMatchObject({
        gender: 'U',
        age_range: 'U',
        likes: 0,
        user: null,
        session_id: session,
        answers: [],
        answer_count: 0,
      });
      const detail = await ctx.request({ method: 'GET', url: `/api/questions/${q.id}/` });
      expect(detail.json().text).toBe(q.text);
    });

    it('takes the author from the token, never from the body', async () => {
      const owner = await createUser(ctx);
      const other = await createUser(ctx);
      const session = newSession();
      const res = await ctx.request({
        method: 'POST',
        url: '/api/questions/',
        token: owner.access,
        body: {
          text: 'Mine',
          session_id: session,
          user: other.id,
          likes: 500,
          gender: 'NB',
          age_range: '45+',
          answer_count: 9,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const q = res.json<QuestionJson>();
      // A signed-in author is the user: the session sent along is not stored with it.
      expect(q).toMatchObject({
        user: owner.id,
        session_id: null,
        likes: 0,
        answer_count: 0,
        gender: 'NB',
      });
      expect(q.age_range).toBe('45+');
      const theirs = await list(ctx, `user_id=${other.id}`, { token: other.access });
      expect(ids(theirs)).not.toContain(q.id);
      const mine = await list(ctx, `user_id=${owner.id}`, { token: owner.access });
      expect(ids(mine)).toContain(q.id);
    });

    it('ignores a body user for an anonymous asker: the session owns it', async () => {
      const victim = await createUser(ctx);
      const session = newSession();
      const res = await ctx.request({
        method: 'POST',
        url: '/api/questions/',
        body: { text: 'Anon', user: victim.id, session_id: session },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ user: null, session_id: session });
      const theirs = await list(ctx, `user_id=${victim.id}`, { token: victim.access });
      expect(theirs).toEqual([]);
    });

    it('refuses text that is empty once the markup is gone', async () => {
      for (const text of [
        '',
        '   ',
        '<p></p>',
        '<p> <br></p>',
        '<script>alert(1)</script>',
        '<img src=x>',
      ]) {
        const res = await ctx.request({
          method: 'POST',
          url: '/api/questions/',
          body: { text, session_id: newSession() },
        });
        expect(res.statusCode, text).toBe(400);
        expect(res.json()).toEqual({ text: ['Question text cannot be empty.'] });
      }
    });

    it('needs a session id from an anonymous asker', async () => {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/questions/',
        body: { text: 'Hi' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ session_id: [API_MSG.sessionInvalid] });
      const bad = await ctx.request({
        method: 'POST',
        url: '/api/questions/',
        body: { text: 'Hi', session_id: 'short' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ session_id: [SESSION_ID_MSG.sessionIdMalformed] });
    });

    it('accepts the X-Session-Id header instead of a body session id', async () => {
      const session = newSession();
      const res = await ctx.request({
        method: 'POST',
        url: '/api/questions/',
        session,
        body: { text: 'Header session' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().session_id).toBe(session);
    });

    it('enforces the text limit, inclusive', async () => {
      const session = newSession();
      const ok = await ctx.request({
        method: 'POST',
        url: '/api/questions/',
        body: { text: 'a'.repeat(LIMITS.questionTextMax), session_id: session },
      });
      expect(ok.statusCode).toBe(201);
      expect(ok.json().text).toHaveLength(LIMITS.questionTextMax);
      const over = await ctx.request({
        method: 'POST',
        url: '/api/questions/',
        body: { text: 'a'.repeat(LIMITS.questionTextMax + 1), session_id: session },
      });
      expect(over.statusCode).toBe(400);
      expect(Object.keys(over.json())).toEqual(['text']);
    });

    it('enforces the tag count and tag length limits, inclusive', async () => {
      const session = newSession();
      const post = (tag_names: string[]) =>
        ctx.request({
          method: 'POST',
          url: '/api/questions/',
          body: { text: 'Tags', tag_names, session_id: session },
        });
      const prefix = uniqueName('n');
      const ten = Array.from({ length: 10 }, (_, i) => `${prefix}-${i}`);
      const okTen = await post(ten);
      expect(okTen.statusCode, okTen.body).toBe(201);
      expect(okTen.json().tags).toHaveLength(10);
      const eleven = await post([...ten, `${prefix}-x`]);
      expect(eleven.statusCode).toBe(400);
      expect(eleven.json()).toEqual({ tag_names: ['A question can have at most 10 tags.'] });
      // Duplicates collapse before counting.
      const dupes = await post([...ten, ten[0]?.toUpperCase() ?? '']);
      expect(dupes.statusCode).toBe(201);

      const long = `${uniqueName('l')}${'x'.repeat(40)}`;
      const okLong = await post([long.slice(0, LIMITS.tagMax)]);
      expect(okLong.statusCode, okLong.body).toBe(201);
      expect(okLong.json().tags[0].name).toHaveLength(32);
      const tooLong = await post([long.slice(0, LIMITS.tagMax + 1)]);
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json()).toEqual({ tag_names: ['Tags can be at most 32 characters.'] });
      // Surrounding spaces do not count.
      const padded = await post([`  ${long.slice(1, LIMITS.tagMax + 1)}  `]);
      expect(padded.statusCode).toBe(201);
    });

    it('normalizes tags (NFKC, no invisible characters) and refuses ones only invisible', async () => {
      const word = uniqueWord();
      const post = (tag_names: string[]) =>
        ctx.request({
          method: 'POST',
          url: '/api/questions/',
          body: { text: 'Tags', tag_names, session_id: newSession() },
        });
      // Full-width letters, a zero-width space, a bidi override, a word joiner and a
      // no-break space all come down to one plain tag.
      const fullWidth = [...word].map((c) =>
        String.fromCodePoint((c.codePointAt(0) ?? 0) + 0xfee0),
      );
      const res = await post([
        fullWidth.join(''),
        `${word.slice(0, 3)}\u200b${word.slice(3)}`,
        `\u202e${word.toUpperCase()}\u2060`,
        `first\u00a0\u00a0date ${word}`,
      ]);
      expect(res.statusCode, res.body).toBe(201);
      expect(
        res
          .json()
          .tags.map((t: { name: string }) => t.name)
          .sort(),
      ).toEqual([word, `first date ${word}`].sort());
      // The feed finds the tag by any of those spellings.
      expect(ids(await list(ctx, `tag_id=${encodeURIComponent(fullWidth.join(''))}`))).toEqual([
        res.json().id,
      ]);
      for (const invisible of [
        '\u200b',
        '\u200b\u200c\u200d',
        '\u202e',
        '\ufe0f\u2060',
        '\u0001',
      ]) {
        const refused = await post(['fine', invisible]);
        expect(refused.statusCode, JSON.stringify(invisible)).toBe(400);
        expect(refused.json()).toEqual({ tag_names: ['A tag must contain visible characters.'] });
      }
      // Blank names are still simply ignored (spec §5).
      const blank = await post(['', '   ', word]);
      expect(blank.statusCode).toBe(201);
      expect(blank.json().tags.map((t: { name: string }) => t.name)).toEqual([word]);
    });

    it('stores no link a client could read as a script, and no markup nested too deep', async () => {
      const links = ['\u2028', '\u00a0', '\u180e', '\u200b', '\u3000', '\ufeff', '\u202e']
        .map(
          (c) => `<a href="${c}javascript:alert(1)">x</a><a href="${c}https://ok.example/">y</a>`,
        )
        .join('');
      const read = async (html: string) => {
        const res = await ctx.request({
          method: 'POST',
          url: '/api/questions/',
          body: { text: html, session_id: newSession() },
        });
        expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
        const id = res.json().id;
        const detail = await ctx.request({ method: 'GET', url: `/api/questions/${id}/` });
        return detail.json().text as string;
      };
      const linked = await read(links);
      expect(linked).not.toMatch(/javascript/i);
      expect(linked.match(/href="https:\/\/ok\.example\/"/g)).toHaveLength(7);
      // The review's question: 6,600 unclosed <b>, each of them kept.
      const deep = await read(`<p>${'<b>'.repeat(6_600)}deep`);
      expect(deep.match(/<b>/g)).toHaveLength(LIMITS.htmlNestingMax - 1);
      expect(deep).toContain('deep');
    });

    it('refuses unknown gender and age labels', async () => {
      for (const body of [{ gender: 'X' }, { age_range: '18-24' }, { gender: 'w' }]) {
        const res = await ctx.request({
          method: 'POST',
          url: '/api/questions/',
          body: { text: 'Labels', session_id: newSession(), ...body },
        });
        expect(res.statusCode).toBe(400);
        expect(Object.keys(res.json())).toEqual(Object.keys(body));
      }
    });
  });

  it('creates shared new tags from concurrent posts in any order, without deadlock', async () => {
    const names = Array.from({ length: 6 }, () => uniqueName('race'));
    const posts = Array.from({ length: 16 }, (_, i) => {
      // Each post lists the same new tags in a different order.
      const order = [...names].sort(() => (Math.random() < 0.5 ? -1 : 1));
      if (i % 2 === 1) order.reverse();
      return ctx.request({
        method: 'POST',
        url: '/api/questions/',
        body: { text: `Race ${i}`, tag_names: order, session_id: newSession() },
      });
    });
    const results = await Promise.all(posts);
    expect(results.map((r) => r.statusCode)).toEqual(Array(16).fill(201));
    const tags = await ctx.request({ method: 'GET', url: '/api/tags/' });
    const created = tags.json<{ name: string }[]>().filter((t) => names.includes(t.name));
    expect(created.map((t) => t.name).sort()).toEqual([...names].sort());
    expect(await list(ctx, `tag_id=${names[0]}&limit=100`)).toHaveLength(16);
  });

  it('lists the tags of the feed as {id, name, count}, by name, counting its questions', async () => {
    const prefix = uniqueName('abc');
    await createQuestion(ctx, { tags: [`${prefix}-c`, `${prefix}-a`] });
    await createQuestion(ctx, { tags: [`${prefix}-b`, `${prefix}-a`] });
    const hidden = await createQuestion(ctx, { tags: [`${prefix}-a`, `${prefix}-d`] });
    const deleted = await createQuestion(ctx, { tags: [`${prefix}-b`, `${prefix}-e`] });
    // A question hidden for review is not in the feed, and not counted; a deleted one is
    // gone. A tag that only they carried is not listed.
    await sql`UPDATE questions SET hidden_at = now() WHERE id = ${hidden.id}`.execute(
      ctx.database.db,
    );
    const admin = await createAdmin(ctx);
    const removal = await ctx.request({
      method: 'DELETE',
      url: `/api/questions/${deleted.id}/`,
      token: admin.access,
    });
    expect(removal.statusCode).toBe(204);
    const res = await ctx.request({ method: 'GET', url: '/api/tags/' });
    expect(res.statusCode).toBe(200);
    const tags = res.json<{ id: number; name: string; count: number }[]>();
    expect(tags.filter((t) => t.name.startsWith(prefix))).toEqual([
      { id: expect.any(Number), name: `${prefix}-a`, count: 2 },
      { id: expect.any(Number), name: `${prefix}-b`, count: 1 },
      { id: expect.any(Number), name: `${prefix}-c`, count: 1 },
    ]);
    // Shown again, its tag is back.
    await sql`UPDATE questions SET hidden_at = NULL WHERE id = ${hidden.id}`.execute(
      ctx.database.db,
    );
    const shown = (await ctx.request({ method: 'GET', url: '/api/tags/' })).json<
      { name: string }[]
    >();
    expect(shown.map((t) => t.name).filter((name) => name.startsWith(prefix))).toEqual(
      ['a', 'b', 'c', 'd'].map((x) => `${prefix}-${x}`),
    );
  });

  it('refuses tags holding personal information or passing for other tags, on tag_names', async () => {
    for (const [name, message] of [
      ['john-smith-from-work', /"john-smith-from-work" looks like a person's full name/],
      ['call-555-0100', /"call-555-0100" looks like a phone number/],
      ['me@example.com', /an e-mail address/],
      ['d\u0430ting', /one alphabet/],
      ['d\u0251ting', /one alphabet/],
      ['dati\u0578g', /one alphabet/],
    ] as const) {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/questions/',
        body: { text: '<p>A question</p>', tag_names: ['dating', name], session_id: newSession() },
      });
      expect(res.statusCode, name).toBe(400);
      expect(Object.keys(res.json()), name).toEqual(['tag_names']);
      expect(res.json().tag_names[0], name).toMatch(message);
    }
    // Its own code, and its words (the kinds too) in the request's language.
    const spanish = await ctx.request({
      method: 'POST',
      url: '/api/questions/',
      body: { text: '<p>A question</p>', tag_names: ['call-555-0100'], session_id: newSession() },
      headers: { 'accept-language': 'es' },
    });
    expect(spanish.headers['error-code']).toBe('tagPersonalInfo');
    expect(spanish.json()).toEqual({
      tag_names: [
        'La etiqueta «call-555-0100» parece un número de teléfono. Las etiquetas son públicas: describe el tema, no a las personas.',
      ],
    });
    const innocent = ['long-distance', 'first-date', 'age-gap', 'trust-issues', 'mother-in-law'];
    const res = await ctx.request({
      method: 'POST',
      url: '/api/questions/',
      body: { text: '<p>A question</p>', tag_names: innocent, session_id: newSession() },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(
      res
        .json<{ tags: { name: string }[] }>()
        .tags.map((t) => t.name)
        .sort(),
    ).toEqual([...innocent].sort());
  });

  describe('GET /api/questions/', () => {
    it('lists newest first', async () => {
      const tag = uniqueName('order');
      const a = await createQuestion(ctx, { tags: [tag] });
      const b = await createQuestion(ctx, { tags: [tag] });
      const c = await createQuestion(ctx, { tags: [tag] });
      expect(ids(await list(ctx, `tag_id=${tag}`))).toEqual([c.id, b.id, a.id]);
      const feed = await list(ctx, 'limit=100');
      const positions = [c.id, b.id, a.id].map((id) => ids(feed).indexOf(id));
      expect(positions.every((p) => p >= 0)).toBe(true);
      expect(positions).toEqual([...positions].sort((x, y) => x - y));
    });

    it('filters by tag id or tag name; an unknown name matches nothing', async () => {
      const tag = uniqueName('tag');
      const other = uniqueName('tag');
      const tagged = await createQuestion(ctx, { tags: [tag, other] });
      const onlyOther = await createQuestion(ctx, { tags: [other] });
      await createQuestion(ctx);
      const tagId = tagged.tags.find((t) => t.name === tag)?.id;
      expect(tagId).toBeDefined();
      expect(ids(await list(ctx, `tag_id=${tagId}`))).toEqual([tagged.id]);
      expect(ids(await list(ctx, `tag_id=${tag}`))).toEqual([tagged.id]);
      expect(
        ids(await list(ctx, `tag_id=${encodeURIComponent(` ${tag.toUpperCase()} `)}`)),
      ).toEqual([tagged.id]);
      expect(ids(await list(ctx, `tag_id=${other}`))).toEqual([onlyOther.id, tagged.id]);
      expect(await list(ctx, `tag_id=${uniqueName('nosuchtag')}`)).toEqual([]);
      expect(await list(ctx, 'tag_id=2147483647')).toEqual([]);
    });

    it('filters by a tag whose name is a number, as the specification client sends names', async () => {
      // A name like "2024" must not be read as the id of some other tag.
      const numeric = String(800_000_000 + Math.floor(Math.random() * 99_999_999));
      const q = await createQuestion(ctx, { tags: [numeric] });
      const other = await createQuestion(ctx, { tags: [uniqueName('other')] });
      expect(ids(await list(ctx, `tag_id=${numeric}`))).toEqual([q.id]);
      // A numeric id still works when no tag has that name.
      const otherTagId = other.tags[0]?.id;
      expect(ids(await list(ctx, `tag_id=${otherTagId}`))).toEqual([other.id]);
    });

    it('reads a tag id only in canonical decimal: other numbers are a 400, never an id', async () => {
      const tag = uniqueName('canon');
      const tagged = await createQuestion(ctx, { tags: [tag] });
      const id = tagged.tags[0]?.id ?? 0;
      expect(ids(await list(ctx, `tag_id=${id}`))).toEqual([tagged.id]);
      for (const value of [
        `0${id}`,
        `00${id}`,
        `${id}.0`,
        `0x${id.toString(16)}`,
        `${id / 10}e1`,
        `+${id}`,
        `${id}e0`,
        '99999999999',
      ]) {
        const res = await ctx.request({
          method: 'GET',
          url: `/api/questions/?tag_id=${encodeURIComponent(value)}`,
        });
        expect(res.statusCode, value).toBe(400);
        expect(res.json()).toEqual({ tag_id: [API_MSG.tagIdInvalid] });
      }
      // A tag named like a number is found by its name all the same.
      const named = await createQuestion(ctx, { tags: [`0${id}`] });
      expect(ids(await list(ctx, `tag_id=0${id}`))).toEqual([named.id]);
    });

    it('filters by gender, by age range and by both with a tag', async () => {
      const tag = uniqueName('labels');
      const w18 = await createQuestion(ctx, { tags: [tag], gender: 'W', age_range: '18-25' });
      const w36 = await createQuestion(ctx, { tags: [tag], gender: 'W', age_range: '36-45' });
      const m18 = await createQuestion(ctx, { tags: [tag], gender: 'M', age_range: '18-25' });
      const nb = await createQuestion(ctx, { tags: [tag], gender: 'NB', age_range: '45+' });
      expect(ids(await list(ctx, `tag_id=${tag}&gender=W`))).toEqual([w36.id, w18.id]);
      expect(ids(await list(ctx, `tag_id=${tag}&age_range=18-25`))).toEqual([m18.id, w18.id]);
      expect(ids(await list(ctx, `tag_id=${tag}&gender=W&age_range=18-25`))).toEqual([w18.id]);
      expect(ids(await list(ctx, `tag_id=${tag}&age_range=${encodeURIComponent('45+')}`))).toEqual([
        nb.id,
      ]);
      expect(await list(ctx, `tag_id=${tag}&gender=U`)).toEqual([]);
      const women = await list(ctx, 'gender=W&limit=100');
      expect(women.every((q) => q.gender === 'W')).toBe(true);
      expect(ids(women)).toEqual(expect.arrayContaining([w18.id, w36.id]));
      const young = await list(ctx, 'age_range=18-25&limit=100');
      expect(young.every((q) => q.age_range === '18-25')).toBe(true);
      expect(ids(young)).toEqual(expect.arrayContaining([w18.id, m18.id]));
    });

    it('refuses invalid filter values with 400', async () => {
      for (const query of [
        'gender=X',
        'gender=',
        'age_range=abc',
        'limit=abc',
        'limit=0',
        'limit=101',
        'limit=-1',
        'limit=1.5',
        'user_id=abc',
        `search=${'a'.repeat(LIMITS.searchMax + 1)}`,
      ]) {
        const res = await ctx.request({ method: 'GET', url: `/api/questions/?${query}` });
        expect(res.statusCode, query).toBe(400);
        const body = res.json();
        expect(typeof body === 'object' && body !== null, query).toBe(true);
        expect(Object.keys(body).length).toBeGreaterThan(0);
      }
      const field = await ctx.request({ method: 'GET', url: '/api/questions/?gender=X' });
      expect(field.json()).toEqual({ gender: [expect.stringContaining('Not a valid choice')] });
    });

    it('lists by user_id only for oneself', async () => {
      const owner = await createUser(ctx);
      const other = await createUser(ctx);
      const mine = await createQuestion(ctx, { token: owner.access });
      await createQuestion(ctx, { token: other.access });
      await createQuestion(ctx);
      const anonymous = await ctx.request({
        method: 'GET',
        url: `/api/questions/?user_id=${owner.id}`,
      });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ code: expect.any(String), detail: expect.any(String) });
      const foreign = await ctx.request({
        method: 'GET',
        url: `/api/questions/?user_id=${owner.id}`,
        token: other.access,
      });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toEqual({ code: expect.any(String), detail: expect.any(String) });
      const own = await list(ctx, `user_id=${owner.id}`, { token: owner.access });
      expect(ids(own)).toEqual([mine.id]);
      expect(own[0]?.user).toBe(owner.id);
    });

    describe('search', () => {
      it('finds a word of the text and a word only in a tag', async () => {
        const word = uniqueWord();
        const tagWord = uniqueWord();
        const inText = await createQuestion(ctx, { text: `<p>Should I text ${word} first?</p>` });
        const inTag = await createQuestion(ctx, {
          text: '<p>Unrelated words</p>',
          tags: [tagWord],
        });
        expect(ids(await list(ctx, `search=${word}`))).toEqual([inText.id]);
        expect(ids(await list(ctx, `search=${tagWord}`))).toEqual([inTag.id]);
        expect(ids(await list(ctx, `search=${word.toUpperCase()}`))).toEqual([inText.id]);
        // Markup is not searchable text.
        expect(await list(ctx, `search=${uniqueWord()}`)).toEqual([]);
      });

      it('ranks a better match first', async () => {
        const word = uniqueWord();
        const weak = await createQuestion(ctx, {
          text: `<p>A long question about many things, dinner, family, work, and ${word} once.</p>`,
        });
        const strong = await createQuestion(ctx, {
          text: `<p>${word} ${word}: is ${word} a good idea?</p>`,
          tags: [word],
        });
        const older = await createQuestion(ctx, { text: `<p>${word}</p>`, tags: [word] });
        const found = ids(await list(ctx, `search=${word}`));
        expect(found).toHaveLength(3);
        expect(found[0]).toBe(strong.id);
        expect(found.at(-1)).toBe(weak.id);
        expect(found).toContain(older.id);
      });

      it('combines search with filters', async () => {
        const word = uniqueWord();
        const w = await createQuestion(ctx, { text: `<p>${word}</p>`, gender: 'W' });
        await createQuestion(ctx, { text: `<p>${word}</p>`, gender: 'M' });
        expect(ids(await list(ctx, `search=${word}&gender=W`))).toEqual([w.id]);
      });

      it('answers an empty list for a search of stop words only, or of punctuation', async () => {
        await createQuestion(ctx, { text: '<p>the and of a</p>' });
        expect(await list(ctx, 'search=the')).toEqual([]);
        expect(await list(ctx, `search=${encodeURIComponent('the a of')}`)).toEqual([]);
        expect(await list(ctx, `search=${encodeURIComponent('!&|:*()\'"')}`)).toEqual([]);
        expect(await list(ctx, `search=${encodeURIComponent('"unclosed -or OR')}`)).toBeInstanceOf(
          Array,
        );
      });

      it('answers 200 to any run of operators, which once overflowed the tsquery stack', async () => {
        const word = uniqueWord();
        const q = await createQuestion(ctx, { text: `<p>${word} first date, a first-date</p>` });
        for (const search of [
          '-'.repeat(33),
          '-'.repeat(LIMITS.searchMax),
          `${'-'.repeat(40)}${word}`,
          `${'- '.repeat(40)}${word}`,
          `${'(-'.repeat(40)}${word}`,
          `${'!'.repeat(40)}${word}`,
          `${'-"'.repeat(40)}${word}`,
          `${word} ${'or '.repeat(60)}`,
          `${'"'.repeat(50)}${word}`,
          `${'a -'.repeat(60)}${word}`,
          `${'<->'.repeat(60)}${word}`,
          `${'&|!:*'.repeat(40)}`,
          `${word} ${'x '.repeat(90)}`,
        ]) {
          const res = await ctx.request({
            method: 'GET',
            url: `/api/questions/?search=${encodeURIComponent(search.slice(0, LIMITS.searchMax))}`,
          });
          expect(res.statusCode, search).toBe(200);
        }
        // Words still work as people type them: phrases, exclusions, or, hyphens.
        expect(ids(await list(ctx, `search=${encodeURIComponent(`"${word} first"`)}`))).toEqual([
          q.id,
        ]);
        expect(ids(await list(ctx, `search=${encodeURIComponent(`${word} -first`)}`))).toEqual([]);
        expect(ids(await list(ctx, `search=${encodeURIComponent(`nothere or ${word}`)}`))).toEqual([
          q.id,
        ]);
        expect(
          ids(await list(ctx, `search=${encodeURIComponent('first-date')}&limit=100`)),
        ).toContain(q.id);
        // A run of hyphens is one exclusion, as websearch reads it.
        expect(
          ids(await list(ctx, `search=${encodeURIComponent(`---${word}`)}&limit=100`)),
        ).not.toContain(q.id);
      });

      it('finds the new word after an edit, and not the old one', async () => {
        const owner = await createUser(ctx);
        const before = uniqueWord();
        const after = uniqueWord();
        const q = await createQuestion(ctx, { token: owner.access, text: `<p>${before}</p>` });
        expect(ids(await list(ctx, `search=${before}`))).toEqual([q.id]);
        const res = await ctx.request({
          method: 'PATCH',
          url: `/api/questions/${q.id}/`,
          token: owner.access,
          body: { text: `<p>${after}</p>` },
        });
        expect(res.statusCode).toBe(200);
        expect(ids(await list(ctx, `search=${after}`))).toEqual([q.id]);
        expect(await list(ctx, `search=${before}`)).toEqual([]);
      });
    });

    describe('keyset pagination', () => {
      it('walks every page of a filtered feed through the Link header, without gaps', async () => {
        const tag = uniqueName('page');
        const created: number[] = [];
        for (let i = 0; i < 7; i += 1)
          created.push((await createQuestion(ctx, { tags: [tag] })).id);
        const pages = await walkPages(ctx, `/api/questions/?tag_id=${tag}&limit=2`);
        expect(pages.map((p) => p.length)).toEqual([2, 2, 2, 1]);
        expect(pages.flat()).toEqual([...created].reverse());
        // The Link keeps the filters.
        const first = await ctx.request({
          method: 'GET',
          url: `/api/questions/?tag_id=${tag}&limit=2`,
        });
        expect(first.headers.link).toMatch(
          new RegExp(`^</api/questions/\\?[^>]*tag_id=${tag}[^>]*>; rel="next"$`),
        );
        // An exact multiple ends without a dangling empty page.
        const exact = await walkPages(ctx, `/api/questions/?tag_id=${tag}&limit=7`);
        expect(exact).toEqual([[...created].reverse()]);
      });

      it('walks ranked search results without duplicates or gaps, ties included', async () => {
        const word = uniqueWord();
        const created: number[] = [];
        for (let i = 0; i < 4; i += 1) {
          // Two groups of equal rank, and two distinct ones.
          const text = i % 2 === 0 ? `<p>${word}</p>` : `<p>${word} ${word} about ${i}</p>`;
          created.push((await createQuestion(ctx, { text })).id);
        }
        created.push((await createQuestion(ctx, { text: `<p>${word}</p>`, tags: [word] })).id);
        const all = ids(await list(ctx, `search=${word}&limit=100`));
        expect([...all].sort()).toEqual([...created].sort());
        const pages = await walkPages(ctx, `/api/questions/?search=${word}&limit=2`);
        expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
        expect(pages.flat()).toEqual(all);
      });

      it('reaches every match of a word in more questions than one window ranks', async () => {
        const word = uniqueWord();
        const total = SEARCH_CANDIDATES + 5;
        // Straight into the table: the API's posting limits are not what this is about.
        await sql`
          INSERT INTO questions (text, search_text)
          SELECT '<p>' || ${word} || ' ' || n || '</p>', ${word} || ' ' || n
          FROM generate_series(1, ${total}) AS n`.execute(ctx.database.db);
        const pages = await walkPages(ctx, `/api/questions/?search=${word}&limit=100`);
        const found = pages.flat();
        expect(found).toHaveLength(total);
        expect(new Set(found).size).toBe(total);
        // The newest window first, then the older matches.
        expect(pages.map((p) => p.length)).toEqual([100, 100, 100, 5]);
        expect(Math.min(...pages.slice(0, 3).flat())).toBeGreaterThan(
          Math.max(...(pages[3] ?? [])),
        );
      });

      it('refuses a garbage, unsigned, tampered or mismatched cursor with 400', async () => {
        const word = uniqueWord();
        for (let i = 0; i < 3; i += 1) await createQuestion(ctx, { text: `<p>${word} ${i}</p>` });
        const cursorOf = async (query: string) => {
          const res = await ctx.request({ method: 'GET', url: `/api/questions/?${query}` });
          const next = nextPage(res.headers.link);
          return new URL(next ?? '', 'http://x').searchParams.get('cursor') ?? '';
        };
        const feedCursor = await cursorOf('limit=1');
        const searchCursor = await cursorOf(`search=${word}&limit=1`);
        expect(feedCursor).not.toBe('');
        expect(searchCursor).not.toBe('');
        const unsigned = (value: unknown) =>
          Buffer.from(JSON.stringify(value)).toString('base64url');
        const [payload, mac] = searchCursor.split('.') as [string, string];
        const fields = JSON.parse(Buffer.from(payload, 'base64url').toString());
        const queries = [
          'cursor=garbage!!',
          'cursor=abc',
          `cursor=${unsigned({ id: 5 })}`,
          `cursor=${unsigned({ id: '1 OR 1=1' })}`,
          `cursor=${unsigned({ id: 1, rank: '1); drop' })}`,
          `search=love&cursor=${feedCursor}`,
          `cursor=${searchCursor}`,
          // A search cursor's rank, edited: these reached a ::real cast and answered 500.
          ...['1e99', 'e', '-', '.', '1e-50', 'NaN'].flatMap((rank) => [
            `search=${word}&cursor=${unsigned({ ...fields, rank })}`,
            `search=${word}&cursor=${unsigned({ ...fields, rank })}.${mac}`,
          ]),
          `search=${word}&cursor=${unsigned({ ...fields, id: 1 })}.${mac}`,
        ];
        for (const query of queries) {
          const res = await ctx.request({ method: 'GET', url: `/api/questions/?${query}` });
          expect(res.statusCode, query).toBe(400);
          expect(res.json()).toEqual({ cursor: ['Invalid cursor.'] });
        }
        // Even one signed with the server's own key is checked in full.
        for (const rank of ['1e99', 'e', '-', '.', '1e-50']) {
          const signed = ctx.app.cursors.encode('search', { ...fields, rank });
          const res = await ctx.request({
            method: 'GET',
            url: `/api/questions/?search=${word}&cursor=${signed}`,
          });
          expect(res.statusCode, rank).toBe(400);
        }
        // The real ones still page.
        expect(
          (
            await ctx.request({
              method: 'GET',
              url: `/api/questions/?search=${word}&cursor=${searchCursor}`,
            })
          ).statusCode,
        ).toBe(200);
      });
    });
  });

  describe('GET /api/questions/{id}/', () => {
    it('nests the whole thread, replies in posting order, to any depth', async () => {
      const q = await createQuestion(ctx);
      const a1 = await createAnswer(ctx, q.id, { text: 'first' });
      const a2 = await createAnswer(ctx, q.id, { text: 'second' });
      const r1 = await createAnswer(ctx, q.id, { text: 'r1', parent_id: a1.id });
      const r2 = await createAnswer(ctx, q.id, { text: 'r2', parent_id: a1.id });
      const rr = await createAnswer(ctx, q.id, { text: 'rr', parent_id: r1.id });
      const rrr = await createAnswer(ctx, q.id, { text: 'rrr', parent_id: rr.id });
      const res = await ctx.request({ method: 'GET', url: `/api/questions/${q.id}/` });
      expect(res.statusCode).toBe(200);
      const detail = res.json<QuestionJson>();
      expect(detail.answer_count).toBe(6);
      const shape = (nodes: AnswerJson[]): unknown =>
        nodes.map((n) => ({ id: n.id, replies: shape(n.replies) }));
      expect(shape(detail.answers ?? [])).toEqual([
        {
          id: a1.id,
          replies: [
            {
              id: r1.id,
              replies: [{ id: rr.id, replies: [{ id: rrr.id, replies: [] }] }],
            },
            { id: r2.id, replies: [] },
          ],
        },
        { id: a2.id, replies: [] },
      ]);
      expect(detail.answers?.[0]?.replies[0]?.replies[0]?.replies[0]).toMatchObject({
        text: 'rrr',
        parent_id: rr.id,
      });
    });

    it('answers 404 for an unknown, non-numeric, zero or out-of-range id', async () => {
      for (const id of ['2147483647', 'abc', '0', '-1', '99999999999', '1.5', '1e3', '%00']) {
        const res = await ctx.request({ method: 'GET', url: `/api/questions/${id}/` });
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toEqual({ code: expect.any(String), detail: 'Not found.' });
      }
    });
  });

  describe('PATCH /api/questions/{id}/', () => {
    it('lets the signed-in owner edit, sanitizing the new text', async () => {
      const owner = await createUser(ctx);
      const tag = uniqueName('keep');
      const q = await createQuestion(ctx, { token: owner.access, tags: [tag] });
      const res = await ctx.request({
        method: 'PATCH',
        url: `/api/questions/${q.id}/`,
        token: owner.access,
        body: { text: '<p>New <img src=x onerror=alert(1)>text</p>', likes: 99, user: 1 },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        id: q.id,
        text: '<p>New text</p>',
        likes: 0,
        user: owner.id,
        tags: [{ name: tag }],
      });
      const detail = await ctx.request({ method: 'GET', url: `/api/questions/${q.id}/` });
      expect(detail.json().text).toBe('<p>New text</p>');
    });

    it('refuses another user or key (403), nobody (401) and empty text (400)', async () => {
      const owner = await createUser(ctx);
      const other = await createUser(ctx);
      const q = await createQuestion(ctx, { token: owner.access, text: '<p>Original</p>' });
      const patch = (auth: { token?: string; session?: string }, text: string) =>
        ctx.request({
          method: 'PATCH',
          url: `/api/questions/${q.id}/`,
          ...auth,
          body: { text },
        });
      const foreign = await patch({ token: other.access }, 'Hijack');
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toEqual({ code: 'forbidden', detail: API_MSG.forbidden });
      const anonymous = await patch({ session: newSession() }, 'Hijack');
      expect(anonymous.statusCode).toBe(403);
      expect(anonymous.json()).toEqual({ code: 'forbidden', detail: API_MSG.forbidden });
      const nobody = await patch({}, 'Hijack');
      expect(nobody.statusCode).toBe(401);
      expect(nobody.json()).toEqual({ code: expect.any(String), detail: expect.any(String) });
      const empty = await patch({ token: owner.access }, '<p> </p>');
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({ text: ['Question text cannot be empty.'] });
      const missing = await patch({ token: owner.access }, 'x'.repeat(LIMITS.questionTextMax + 1));
      expect(missing.statusCode).toBe(400);
      const detail = await ctx.request({ method: 'GET', url: `/api/questions/${q.id}/` });
      expect(detail.json().text).toBe('<p>Original</p>');
      const unknown = await ctx.request({
        method: 'PATCH',
        url: '/api/questions/2147483647/',
        token: owner.access,
        body: { text: 'x' },
      });
      expect(unknown.statusCode).toBe(404);
    });

    it('lets the anonymous key that asked edit it, in X-Session-Id or in the body', async () => {
      const q = await createQuestion(ctx, { text: '<p>Original</p>' });
      const byHeader = await ctx.request({
        method: 'PATCH',
        url: `/api/questions/${q.id}/`,
        session: q.session,
        body: { text: '<p><strong>Edited</strong> by its key</p>' },
      });
      expect(byHeader.statusCode).toBe(200);
      expect(byHeader.json()).toMatchObject({
        text: '<p><strong>Edited</strong> by its key</p>',
        session_id: q.session,
        user: null,
      });
      const byBody = await ctx.request({
        method: 'PATCH',
        url: `/api/questions/${q.id}/`,
        body: { text: '<p>Again</p>', session_id: q.session },
      });
      expect(byBody.statusCode).toBe(200);
      const detail = await ctx.request({ method: 'GET', url: `/api/questions/${q.id}/` });
      expect(detail.json()).toMatchObject({ text: '<p>Again</p>', session_id: null });
    });

    it('ignores the key under a bearer token: an account never edits with a key', async () => {
      const user = await createUser(ctx);
      const q = await createQuestion(ctx);
      const res = await ctx.request({
        method: 'PATCH',
        url: `/api/questions/${q.id}/`,
        token: user.access,
        session: q.session,
        body: { text: 'Edit', session_id: q.session },
      });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('DELETE /api/questions/{id}/', () => {
    it('lets the anonymous key that asked delete it, with its thread', async () => {
      const q = await createQuestion(ctx);
      const a = await createAnswer(ctx, q.id);
      const res = await ctx.request({
        method: 'DELETE',
        url: `/api/questions/${q.id}/`,
        session: q.session,
      });
      expect(res.statusCode).toBe(204);
      const gone = await ctx.request({ method: 'GET', url: `/api/questions/${q.id}/` });
      expect(gone.statusCode).toBe(404);
      expect((await ctx.request({ method: 'GET', url: `/api/answers/${a.id}/` })).statusCode).toBe(
        404,
      );
    });

    it('lets the owner delete: 204, then 404, and its answers are gone', async () => {
      const owner = await createUser(ctx);
      const q = await createQuestion(ctx, { token: owner.access });
      const a = await createAnswer(ctx, q.id);
      const r = await createAnswer(ctx, q.id, { parent_id: a.id });
      const res = await ctx.request({
        method: 'DELETE',
        url: `/api/questions/${q.id}/`,
        token: owner.access,
      });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      const after = await ctx.request({ method: 'GET', url: `/api/questions/${q.id}/` });
      expect(after.statusCode).toBe(404);
      for (const id of [a.id, r.id]) {
        const answer = await ctx.request({ method: 'GET', url: `/api/answers/${id}/` });
        expect(answer.statusCode).toBe(404);
      }
      const again = await ctx.request({
        method: 'DELETE',
        url: `/api/questions/${q.id}/`,
        token: owner.access,
      });
      expect(again.statusCode).toBe(404);
    });

    it('refuses another user or key (403) and nobody (401); an admin may delete', async () => {
      const owner = await createUser(ctx);
      const other = await createUser(ctx);
      const admin = await createAdmin(ctx);
      const q = await createQuestion(ctx, { token: owner.access });
      const del = (auth: { token?: string; session?: string }) =>
        ctx.request({ method: 'DELETE', url: `/api/questions/${q.id}/`, ...auth });
      expect((await del({ token: other.access })).statusCode).toBe(403);
      expect((await del({ session: newSession() })).statusCode).toBe(403);
      expect((await del({})).statusCode).toBe(401);
      const still = await ctx.request({ method: 'GET', url: `/api/questions/${q.id}/` });
      expect(still.statusCode).toBe(200);
      expect((await del({ token: admin.access })).statusCode).toBe(204);
      const gone = await ctx.request({ method: 'GET', url: `/api/questions/${q.id}/` });
      expect(gone.statusCode).toBe(404);
    });
  });
});
