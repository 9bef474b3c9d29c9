/**
 * Nothing that depends on a key or a token may be kept by a shared cache: every GET route
 * of the OpenAPI document (so a new route is swept as soon as it is documented), asked
 * with a private key, a user's token and an admin's token, answers
 * `Cache-Control: private, no-store` and varies on `Authorization, X-Session-Id`, whatever
 * its status. Asked by a stranger, it still varies on both, so a cache never serves a
 * stranger's copy to somebody.
 */
import { beforeAll, expect, it } from 'vitest';
import {
  createAdmin,
  createAnswer,
  createQuestion,
  createReport,
  createUser,
  type TestUser,
} from './factories.ts';
import { describeEachEngine, newSession } from './harness.ts';

interface Answer {
  status: number;
  cacheControl: string | null;
  vary: string | null;
}

function varies(vary: string | null): boolean {
  const names = (vary ?? '').split(',').map((name) => name.trim().toLowerCase());
  return names.includes('authorization') && names.includes('x-session-id');
}

describeEachEngine('Cache-Control and Vary of identified requests', (ctx) => {
  let base = '';
  let paths: string[] = [];
  let user: TestUser;
  let admin: TestUser;
  const session = newSession();
  const ids: Record<string, number> = {};

  /** Over a real connection: the event stream never ends, so only its head is read. */
  async function get(url: string, headers: Record<string, string>): Promise<Answer> {
    const controller = new AbortController();
    const res = await fetch(`${base}${url}`, { headers, signal: controller.signal });
    controller.abort();
    return {
      status: res.status,
      cacheControl: res.headers.get('cache-control'),
      vary: res.headers.get('vary'),
    };
  }

  beforeAll(async () => {
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const doc = await ctx.request({ method: 'GET', url: '/api/docs/json' });
    const documented = doc.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
    paths = Object.entries(documented)
      .filter(([, operations]) => 'get' in operations)
      .map(([path]) => path);
    user = await createUser(ctx);
    admin = await createAdmin(ctx);
    const question = await createQuestion(ctx, { session });
    const answer = await createAnswer(ctx, question.id, { session });
    await createReport(ctx, { answer: answer.id });
    ids.questions = question.id;
    ids.answers = answer.id;
  });

  /** A documented path with its `{id}` filled by a real item of its kind. */
  function urlOf(path: string): string {
    const kind = path.split('/')[2] ?? '';
    return path.replace('{id}', String(ids[kind] ?? 1));
  }

  it('sweeps every documented GET route', () => {
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/my/anonymous/',
        '/api/questions/{id}/',
        '/api/answers/{id}/',
        '/api/reports/',
        '/api/notifications/',
        '/api/events/',
      ]),
    );
  });

  it('answers every GET made with a key, a token or an admin token as private, no-store', async () => {
    const identities: Record<string, Record<string, string>> = {
      key: { 'x-session-id': session },
      token: { authorization: `Bearer ${user.access}` },
      admin: { authorization: `Bearer ${admin.access}` },
    };
    const wrong: string[] = [];
    for (const path of paths) {
      for (const [who, headers] of Object.entries(identities)) {
        const answer = await get(urlOf(path), headers);
        if (answer.cacheControl !== 'private, no-store' || !varies(answer.vary)) {
          wrong.push(`${who} ${path} ${answer.status}: ${answer.cacheControl} | ${answer.vary}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("keeps strangers' caching but varies every API response on identity", async () => {
    const wrong: string[] = [];
    for (const path of paths) {
      const answer = await get(urlOf(path), {});
      if (!varies(answer.vary) || /public/.test(answer.cacheControl ?? '')) {
        wrong.push(`${path} ${answer.status}: ${answer.cacheControl} | ${answer.vary}`);
      }
    }
    expect(wrong).toEqual([]);
    // The strangers' feed stays revalidated by its ETag, as before.
    const feed = await ctx.request({ method: 'GET', url: '/api/questions/' });
    expect(feed.headers['cache-control']).toBe('no-cache');
    expect(feed.headers.etag).toBeDefined();
  });

  it('answers a write that names its key in the body as private, no-store', async () => {
    const res = await ctx.request({
      method: 'POST',
      url: `/api/answers/${ids.answers}/like/`,
      body: { session_id: newSession() },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(varies(String(res.headers.vary))).toBe(true);
  });
});
