/**
 * The specification's calls (product-spec.md, "The calls it makes"), through the balancer
 * over real HTTP, as a held-out acceptance run would make them: consecutive calls land on
 * different instances, behind PgBouncer in transaction mode. Every answer has the
 * specification's status, and none is a 5xx.
 */
import { describe, expect, it } from 'vitest';
import { TEST_ADMIN } from '../../scripts/topology/index.ts';
import { apiClient, balancerOf, newKey, questionIds, topology, uid } from './support.ts';

describe('the API through the balancer', () => {
  const seen: { call: string; status: number; body: string }[] = [];

  it("answers the specification's calls with its status codes, and never a 5xx", async () => {
    const api = apiClient(balancerOf(await topology()), seen);

    // Accounts: status, register, sign in by username and by email, refresh.
    const anonymousStatus = await api('GET', '/api/user/status/');
    expect(anonymousStatus.status).toBe(200);
    expect(anonymousStatus.json.is_authenticated).toBe(false);
    const username = `topo_${uid()}`;
    const password = `pw-${uid()}-${uid()}`;
    const email = `${username}@example.com`;
    const registered = await api('POST', '/api/register/', {
      body: { username, password, password2: password, email },
    });
    expect(registered.status, registered.text).toBe(201);
    const again = await api('POST', '/api/register/', {
      body: { username, password, password2: password },
    });
    expect(again.status).toBe(400);
    const mismatch = await api('POST', '/api/register/', {
      body: { username: `topo_${uid()}`, password, password2: `${password}x` },
    });
    expect(mismatch.status).toBe(400);
    const wrong = await api('POST', '/api/token/', {
      body: { username, password: 'not-it-at-all' },
    });
    expect(wrong.status).toBe(401);
    const byEmail = await api('POST', '/api/token/', { body: { email, password } });
    expect(byEmail.status, byEmail.text).toBe(200);
    const signIn = await api('POST', '/api/token/', { body: { username, password } });
    expect(signIn.status).toBe(200);
    const token: string = signIn.json.access;
    const refreshed = await api('POST', '/api/token/refresh/', {
      body: { refresh: signIn.json.refresh },
    });
    expect(refreshed.status).toBe(200);
    const status = await api('GET', '/api/user/status/', { token });
    expect(status.json).toMatchObject({ is_authenticated: true, user: { username } });

    // Asking: anonymously (a key) and signed in; tags trimmed, lowercased, deduplicated.
    const asker = newKey();
    const word = `topo${uid()}`;
    const anonymousQuestion = await api('POST', '/api/questions/', {
      key: asker,
      body: {
        text: `<p>Should I text first, ${word}?</p>`,
        tag_names: [` First-Date-${word} `, `first-date-${word}`, ''],
        gender: 'W',
        age_range: '26-35',
        session_id: asker,
      },
    });
    expect(anonymousQuestion.status, anonymousQuestion.text).toBe(201);
    const question: number = anonymousQuestion.json.id;
    expect(anonymousQuestion.json.tags.map((t: { name: string }) => t.name)).toEqual([
      `first-date-${word}`,
    ]);
    const signedQuestion = await api('POST', '/api/questions/', {
      token,
      body: { text: `<p>Signed in, ${word}</p>`, tag_names: [], gender: 'U', age_range: 'U' },
    });
    expect(signedQuestion.status, signedQuestion.text).toBe(201);
    const ownQuestion: number = signedQuestion.json.id;
    const blank = await api('POST', '/api/questions/', {
      key: asker,
      body: { text: '<p> </p>', tag_names: [], gender: 'U', age_range: 'U', session_id: asker },
    });
    expect(blank.status).toBe(400);
    const keyless = await api('POST', '/api/questions/', {
      body: { text: '<p>Who am I?</p>', tag_names: [], gender: 'U', age_range: 'U' },
    });
    expect(keyless.status).toBe(400);

    // Reading: tags, the feed, search, filters, a question, one that does not exist.
    const tags = await api('GET', '/api/tags/', { key: asker });
    expect(tags.status).toBe(200);
    const tag = (tags.json as { id: number; name: string }[]).find(
      (t) => t.name === `first-date-${word}`,
    );
    expect(tag).toBeDefined();
    const feed = await api('GET', '/api/questions/', { key: asker });
    expect(feed.status).toBe(200);
    expect(questionIds(feed)).toContain(question);
    const search = await api('GET', `/api/questions/?search=${word}`, { key: asker });
    expect(search.status).toBe(200);
    expect(questionIds(search)).toEqual(expect.arrayContaining([question, ownQuestion]));
    const byTag = await api('GET', `/api/questions/?tag_id=${tag?.id}`, { key: asker });
    expect(questionIds(byTag)).toEqual([question]);
    const byGroup = await api('GET', `/api/questions/?search=${word}&gender=W&age_range=26-35`, {
      key: asker,
    });
    expect(questionIds(byGroup)).toEqual([question]);
    const detail = await api('GET', `/api/questions/${question}/`, { key: asker });
    expect(detail.status).toBe(200);
    expect(detail.json).toMatchObject({ id: question, gender: 'W', age_range: '26-35' });
    expect((await api('GET', '/api/questions/999999999/')).status).toBe(404);

    // Replies: anonymous, nested, signed in; read one; edit and delete one's own only.
    const replier = newKey();
    const reply = await api('POST', `/api/questions/${question}/answers/`, {
      key: replier,
      body: { text: 'Yes, keep it light.', gender: 'M', age_range: '18-25', session_id: replier },
    });
    expect(reply.status, reply.text).toBe(201);
    const answer: number = reply.json.id;
    const nested = await api('POST', `/api/questions/${question}/answers/`, {
      key: asker,
      body: { text: 'Thanks!', parent_id: answer, session_id: asker },
    });
    expect(nested.status, nested.text).toBe(201);
    const signedReply = await api('POST', `/api/questions/${question}/answers/`, {
      token,
      body: { text: 'Ask about their weekend.', gender: 'U', age_range: 'U' },
    });
    expect(signedReply.status).toBe(201);
    const read = await api('GET', `/api/answers/${answer}/`, { key: replier });
    expect(read.status).toBe(200);
    expect(read.json.text).toContain('keep it light');
    const edited = await api('PATCH', `/api/answers/${answer}/`, {
      key: replier,
      body: { text: 'Yes, and keep it light.' },
    });
    expect(edited.status, edited.text).toBe(200);
    const notYours = await api('PATCH', `/api/answers/${answer}/`, {
      key: newKey(),
      body: { text: 'Hijacked.' },
    });
    expect(notYours.status).toBe(403);
    expect((await api('DELETE', `/api/answers/${nested.json.id}/`, { key: asker })).status).toBe(
      204,
    );

    // Likes: once per key or account; the second is the specification's 400.
    const liked = await api('POST', `/api/questions/${question}/like/`, {
      key: replier,
      body: { session_id: replier },
    });
    expect(liked.status, liked.text).toBe(200);
    expect(liked.json.likes).toBe(1);
    const twice = await api('POST', `/api/questions/${question}/like/`, {
      key: replier,
      body: { session_id: replier },
    });
    expect(twice.status).toBe(400);
    expect(twice.text).toMatch(/already liked this question/);
    expect((await api('POST', `/api/answers/${answer}/like/`, { token })).status).toBe(200);

    // One's own: replies (signed in only), a question edited and deleted by its owner.
    const mine = await api('GET', '/api/my/answers/', { token });
    expect(mine.status).toBe(200);
    expect(JSON.stringify(mine.json)).toContain('Ask about their weekend.');
    expect((await api('GET', '/api/my/answers/')).status).toBe(401);
    const following = await api('GET', '/api/my/following/', { token });
    expect(following.status).toBe(200);
    const patched = await api('PATCH', `/api/questions/${ownQuestion}/`, {
      token,
      body: { text: `<p>Signed in, edited, ${word}</p>` },
    });
    expect(patched.status, patched.text).toBe(200);
    expect((await api('DELETE', `/api/questions/${ownQuestion}/`, { token })).status).toBe(204);
    expect((await api('GET', `/api/questions/${ownQuestion}/`, { token })).status).toBe(404);

    // Reports, and an admin's review of them.
    const reporter = newKey();
    const report = await api('POST', '/api/reports/', {
      key: reporter,
      body: { answer, reason: 'spam', details: 'Looks like an ad.', session_id: reporter },
    });
    expect(report.status, report.text).toBe(201);
    expect(report.json).toMatchObject({ answer, reason: 'spam', status: 'pending' });
    expect((await api('GET', '/api/reports/')).status).toBe(401);
    expect((await api('GET', '/api/reports/', { token })).status).toBe(403);
    const admin = await api('POST', '/api/token/', { body: TEST_ADMIN });
    expect(admin.status, admin.text).toBe(200);
    const adminToken: string = admin.json.access;
    const pending = await api('GET', '/api/reports/', { token: adminToken });
    expect(pending.status).toBe(200);
    expect(JSON.stringify(pending.json)).toContain(`"id":${report.json.id}`);
    const reviewed = await api('PATCH', `/api/reports/${report.json.id}/`, {
      token: adminToken,
      body: { status: 'rejected', reviewed_at: new Date().toISOString() },
    });
    expect(reviewed.status, reviewed.text).toBe(200);
    expect(reviewed.json.status).toBe('rejected');
    expect(reviewed.json.reviewed_at).not.toBeNull();

    // Signing out.
    const out = await api('POST', '/api/token/blacklist/', {
      token,
      body: { refresh: refreshed.json.refresh },
    });
    expect(out.status).toBe(200);

    expect(seen.filter((s) => s.status >= 500)).toEqual([]);
  });

  it('answers many visitors at once without a 5xx', async () => {
    const api = apiClient(balancerOf(await topology()), seen);
    const visit = async () => {
      const key = newKey();
      const asked = await api('POST', '/api/questions/', {
        key,
        body: { text: `<p>Busy ${uid()}</p>`, tag_names: ['busy'], gender: 'U', age_range: 'U' },
      });
      if (asked.status !== 201) return;
      const other = newKey();
      await api('POST', `/api/questions/${asked.json.id}/answers/`, {
        key: other,
        body: { text: 'A reply.', session_id: other },
      });
      await api('POST', `/api/questions/${asked.json.id}/like/`, { key: other, body: {} });
      await api('GET', '/api/questions/');
      await api('GET', `/api/questions/${asked.json.id}/`, { key });
      await api('GET', '/api/questions/?search=busy');
      await api('GET', '/api/tags/');
    };
    const before = seen.length;
    await Promise.all(Array.from({ length: 24 }, visit));
    const mix = seen.slice(before);
    expect(mix.filter((s) => s.status >= 500)).toEqual([]);
    expect(mix.filter((s) => s.status >= 300)).toEqual([]);
    expect(mix.length).toBe(24 * 7);
  });
});
