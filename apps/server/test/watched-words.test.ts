/**
 * Watched words (services/watched-words.ts) and the fair path back for the authors of
 * hidden posts (issue 39): who manages the words; `block`, `review` and `flag` on questions
 * (text, links, tags), replies, edits and updates, folded as tags are; why a hidden post is
 * hidden, told to its author alone; an edit putting it back in the queue once a day; its
 * author told when moderators restore or remove it; and the rules kept in step across two
 * server instances on one database.
 */
import { WATCHED_MSG } from '@dating/contract';
import { expect, it } from 'vitest';
import {
  type Author,
  createAdmin,
  createAnswer,
  createQuestion,
  createReport,
  createUser,
  uniqueWord,
} from './factories.ts';
import { createTestContext, describeEachEngine, newSession, type TestContext } from './harness.ts';

const BLOCKED = /This post contains a word or link that is not allowed here\. \(Rule \d+\.\)/;

async function watch(ctx: TestContext, token: string, word: string, action: string) {
  const res = await ctx.request({
    method: 'POST',
    url: '/api/moderation/watched-words/',
    token,
    body: { word, action },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number; word: string; action: string }>();
}

function ask(ctx: TestContext, text: string, tags: string[] = [], session = newSession()) {
  return ctx.request({
    method: 'POST',
    url: '/api/questions/',
    session,
    body: { text: `<p>${text}</p>`, tag_names: tags, session_id: session },
  });
}

function reply(ctx: TestContext, questionId: number, text: string, session = newSession()) {
  return ctx.request({
    method: 'POST',
    url: `/api/questions/${questionId}/answers/`,
    session,
    body: { text, session_id: session },
  });
}

async function questionAs(ctx: TestContext, id: number, who: Author) {
  const res = await ctx.request({ method: 'GET', url: `/api/questions/${id}/`, ...who });
  return res;
}

async function groups(ctx: TestContext, token: string) {
  const res = await ctx.request({ method: 'GET', url: '/api/reports/groups/', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<
    {
      target_type: string;
      target_id: number;
      priority: string;
      system?: string[];
      count: number;
      reports: number[];
    }[]
  >();
}

async function inbox(ctx: TestContext, who: Author) {
  const res = await ctx.request({ method: 'GET', url: '/api/notifications/', ...who });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ kind: string; excerpt: string }[]>();
}

describeEachEngine('watched words', (ctx) => {
  let admin: string;
  it('are managed by admins alone', async () => {
    admin = (await createAdmin(ctx)).access;
    const user = await createUser(ctx);
    const body = { word: uniqueWord('zw'), action: 'flag' };
    for (const who of [{}, { session: newSession() }, { token: user.access }]) {
      const post = await ctx.request({
        method: 'POST',
        url: '/api/moderation/watched-words/',
        ...who,
        body,
      });
      expect([401, 403]).toContain(post.statusCode);
      const list = await ctx.request({
        method: 'GET',
        url: '/api/moderation/watched-words/',
        ...who,
      });
      expect([401, 403]).toContain(list.statusCode);
    }
    const rule = await watch(ctx, admin, body.word, 'flag');
    expect(rule).toMatchObject({ word: body.word, action: 'flag' });
    // One rule per folded form: the same word in capitals is a duplicate.
    const again = await ctx.request({
      method: 'POST',
      url: '/api/moderation/watched-words/',
      token: admin,
      body: { word: body.word.toUpperCase(), action: 'block' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ word: [WATCHED_MSG.duplicate] });
    const star = await ctx.request({
      method: 'POST',
      url: '/api/moderation/watched-words/',
      token: admin,
      body: { word: ' * ', action: 'block' },
    });
    expect(star.statusCode).toBe(400);
    expect(star.body).toBe('{"word":["A watched word must hold at least one letter or digit."]}');
    // The rules' own refusals follow Accept-Language, their values put in.
    const refused = async (word: string, language: string) =>
      (
        await ctx.request({
          method: 'POST',
          url: '/api/moderation/watched-words/',
          token: admin,
          body: { word, action: 'block' },
          headers: { 'accept-language': language },
        })
      ).json();
    expect(await refused('*', 'es')).toEqual({
      word: ['Una palabra vigilada debe tener al menos una letra o un dígito.'],
    });
    const nine = 'one two three four five six seven eight nine';
    expect(await refused(nine, 'en')).toEqual({
      word: ['A watched phrase can have at most 8 words.'],
    });
    expect(await refused(nine, 'ar')).toEqual({
      word: ['يمكن أن تتكون العبارة المراقبة من 8 كلمات على الأكثر.'],
    });
    const list = await ctx.request({
      method: 'GET',
      url: '/api/moderation/watched-words/',
      token: admin,
    });
    expect(list.json<{ id: number }[]>().map((r) => r.id)).toContain(rule.id);
    const userDelete = await ctx.request({
      method: 'DELETE',
      url: `/api/moderation/watched-words/${rule.id}/`,
      token: user.access,
    });
    expect(userDelete.statusCode).toBe(403);
    const gone = await ctx.request({
      method: 'DELETE',
      url: `/api/moderation/watched-words/${rule.id}/`,
      token: admin,
    });
    expect(gone.statusCode).toBe(204);
    const twice = await ctx.request({
      method: 'DELETE',
      url: `/api/moderation/watched-words/${rule.id}/`,
      token: admin,
    });
    expect(twice.statusCode).toBe(404);
  });

  it('block: refuses questions, tags, links, replies, edits and updates, never echoing the words', async () => {
    const word = uniqueWord('zblock');
    const rule = await watch(ctx, admin, word, 'block');
    const spaced = [...word].join(' ');
    const lookalike = word.replace('o', 'о').replace('a', 'а'); // Cyrillic о and а
    for (const text of [
      `Find me on ${word}`,
      `Find me on ${word.toUpperCase()}!`,
      `Find me on ${spaced} please`,
      `Find me on ${lookalike}`,
      `Find me on ${word.slice(0, 3)}\u200b${word.slice(3)}`,
    ]) {
      const res = await ask(ctx, text);
      expect(res.statusCode, text).toBe(400);
      expect(res.json()).toEqual({ text: [WATCHED_MSG.blocked(rule.id)] });
      expect(res.body).not.toContain(word.slice(1));
    }
    const tagged = await ask(ctx, 'A plain question?', [word]);
    expect(tagged.statusCode).toBe(400);
    expect(tagged.json<{ tag_names: string[] }>().tag_names[0]).toMatch(BLOCKED);
    const linked = await ctx.request({
      method: 'POST',
      url: '/api/questions/',
      session: newSession(),
      body: {
        text: `<p>See <a href="https://example.com/${word}">this</a></p>`,
        tag_names: [],
      },
    });
    expect(linked.statusCode).toBe(400);
    const q = await createQuestion(ctx);
    const replied = await reply(ctx, q.id, `Try ${spaced}`);
    expect(replied.statusCode).toBe(400);
    expect(replied.body).toMatch(BLOCKED);
    const edit = await ctx.request({
      method: 'PATCH',
      url: `/api/questions/${q.id}/`,
      session: q.session,
      body: { text: `<p>Now on ${word}</p>` },
    });
    expect(edit.statusCode).toBe(400);
    const update = await ctx.request({
      method: 'POST',
      url: `/api/questions/${q.id}/updates/`,
      session: q.session,
      body: { text: `Update: ${word}`, session_id: q.session },
    });
    expect(update.statusCode).toBe(400);
    // Whole words only: a longer word holding it passes.
    expect((await ask(ctx, `Is ${word}s a word?`)).statusCode).toBe(201);
  });

  it('review: holds the post hidden, tells its author why, queues it, and a moderator approves it', async () => {
    const word = uniqueWord('zreview');
    await watch(ctx, admin, word, 'review');
    const asker = newSession();
    const res = await ask(ctx, `Should I message him on ${[...word].join(' ')}?`, [], asker);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ hidden: true, hidden_reason: 'watched_word' });
    const id = res.json<{ id: number }>().id;
    const own = await questionAs(ctx, id, { session: asker });
    expect(own.json()).toMatchObject({ hidden: true, hidden_reason: 'watched_word' });
    // Nobody else learns why, nor reads it; admins see it whole but not the author's line.
    const stranger = await questionAs(ctx, id, { session: newSession() });
    expect(stranger.json()).toMatchObject({ hidden: true, hidden_reason: null });
    expect(stranger.body).not.toContain(word.slice(2));
    const asAdmin = await questionAs(ctx, id, { token: admin });
    expect(asAdmin.json()).toMatchObject({ hidden: true, hidden_reason: null });
    const group = (await groups(ctx, admin)).find((g) => g.target_id === id);
    expect(group).toMatchObject({
      target_type: 'question',
      priority: 'hidden',
      system: ['watched_word_review'],
      count: 0,
    });
    const approve = await ctx.request({
      method: 'POST',
      url: `/api/reports/groups/question/${id}/review/`,
      token: admin,
      body: { status: 'rejected' },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    expect((await questionAs(ctx, id, { session: newSession() })).json()).toMatchObject({
      hidden: false,
    });
    expect((await inbox(ctx, { session: asker })).map((n) => n.excerpt)).toContain(
      'Moderators reviewed your question: it shows again.',
    );

    // A reply holding it is held too, under a visible question.
    const q = await createQuestion(ctx);
    const answerer = newSession();
    const held = await reply(ctx, q.id, `I use ${word.toUpperCase()}`, answerer);
    expect(held.statusCode, held.body).toBe(201);
    expect(held.json()).toMatchObject({ hidden: true, hidden_reason: 'watched_word' });
  });

  it('flag: publishes the post and files a report by the system, which hides nothing', async () => {
    const word = uniqueWord('zflag');
    await watch(ctx, admin, `${word}*`, 'flag');
    const tagged = await ask(ctx, 'Where do people meet?', [`${word}ing`]);
    expect(tagged.statusCode, tagged.body).toBe(201);
    expect(tagged.json()).toMatchObject({ hidden: false });
    const id = tagged.json<{ id: number }>().id;
    const group = (await groups(ctx, admin)).find((g) => g.target_id === id);
    expect(group).toMatchObject({ priority: 'reported', system: ['watched_word_flag'], count: 0 });
    // The system's report is nobody's: two people's reports do not reach the three that hide.
    await createReport(ctx, { question: id });
    await createReport(ctx, { question: id });
    expect((await questionAs(ctx, id, { session: newSession() })).statusCode).toBe(200);
  });

  it('tells the author of a post hidden by reports why, and nobody else', async () => {
    const q = await createQuestion(ctx);
    const a = await createAnswer(ctx, q.id, { text: 'Just text her every hour.' });
    for (const reason of ['harassment', 'harassment', 'spam']) {
      await createReport(ctx, { answer: a.id }, { reason });
    }
    const thread = async (who: Author) => {
      const res = await questionAs(ctx, q.id, who);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ answers: { id: number; hidden: boolean; hidden_reason: unknown }[] }>()
        .answers;
    };
    const mine = (await thread({ session: a.session })).find((x) => x.id === a.id);
    expect(mine).toMatchObject({ hidden: true, hidden_reason: 'harassment' });
    for (const who of [{ session: q.session }, { session: newSession() }, { token: admin }, {}]) {
      const seen = (await thread(who)).find((x) => x.id === a.id);
      expect(seen?.hidden_reason ?? null).toBeNull();
      expect(JSON.stringify(seen)).not.toContain('harassment');
    }
  });

  it('puts an edited hidden post back in the queue once a day, and tells its author of removal', async () => {
    const q = await createQuestion(ctx);
    for (let i = 0; i < 3; i += 1) await createReport(ctx, { question: q.id });
    const edit = (text: string) =>
      ctx.request({
        method: 'PATCH',
        url: `/api/questions/${q.id}/`,
        session: q.session,
        body: { text: `<p>${text}</p>` },
      });
    const first = await edit('I rewrote it kindly.');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ hidden: true, hidden_reason: 'spam' });
    expect((await groups(ctx, admin)).find((g) => g.target_id === q.id)).toMatchObject({
      priority: 'hidden',
      system: ['edited_after_hiding'],
      count: 3,
    });
    // A second edit the same day is saved, and queues nothing more.
    expect((await edit('And once more.')).statusCode).toBe(200);
    const reports = await ctx.request({ method: 'GET', url: '/api/reports/', token: admin });
    const edited = reports
      .json<{ question: number | null; source: string }[]>()
      .filter((r) => r.question === q.id && r.source === 'edited_after_hiding');
    expect(edited).toHaveLength(1);
    const remove = await ctx.request({
      method: 'POST',
      url: `/api/reports/groups/question/${q.id}/review/`,
      token: admin,
      body: { status: 'approved' },
    });
    expect(remove.statusCode, remove.body).toBe(200);
    expect((await inbox(ctx, { session: q.session })).map((n) => n.excerpt)).toContain(
      'Your question was removed by moderators.',
    );
  });
});

describeEachEngine('watched words across instances', (ctx) => {
  it('a rule added on one instance applies on another at once', async () => {
    const other = await createTestContext(ctx.engine, { database: ctx.database });
    try {
      const admin = (await createAdmin(ctx)).access;
      const word = uniqueWord('zshared');
      // The other instance compiles the rules (none of this one) first.
      expect((await ask(other, `About ${word}?`)).statusCode).toBe(201);
      await watch(ctx, admin, word, 'block');
      let status = 0;
      // The change feed brings the change over; until it has, the version is read.
      for (let i = 0; i < 50 && status !== 400; i += 1) {
        status = (await ask(other, `About ${word} again?`)).statusCode;
        if (status !== 400) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(status).toBe(400);
    } finally {
      await other.close();
    }
  });
});
