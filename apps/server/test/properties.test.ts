/**
 * Property-based, through HTTP on a real database: random JSON bodies, mutations of valid
 * bodies, malformed JSON and random query strings never make the API answer 5xx, and
 * every 4xx comes in the error shape.
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createAnswer,
  createQuestion,
  createReport,
  createUser,
  nextPage,
  type TestUser,
  uniqueWord,
} from './factories.ts';
import { describeEachEngine, newSession } from './harness.ts';

/** `{"detail": "..."}` or `{"field": ["message", ...]}`. */
function isErrorShape(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const entries = Object.entries(body);
  if (entries.length === 0) return false;
  if ('detail' in body) {
    // A detail body carries its code too (plugins/errors.ts).
    return (
      typeof body.detail === 'string' &&
      typeof Reflect.get(body, 'code') === 'string' &&
      entries.length === 2
    );
  }
  return entries.every(
    ([, messages]) =>
      Array.isArray(messages) &&
      messages.length > 0 &&
      messages.every((m) => typeof m === 'string'),
  );
}

function expectNoServerError(res: LightMyRequestResponse, what: string) {
  const context = `${what}\n-> ${res.statusCode} ${res.body.slice(0, 500)}`;
  expect(res.statusCode, context).toBeLessThan(500);
  if (res.statusCode >= 400) expect(isErrorShape(res.json()), context).toBe(true);
}

/** Values that have broken parsers and validators before. */
const nasty = fc.constantFrom<unknown>(
  '',
  ' ',
  '\u0000',
  '\ud800',
  'x'.repeat(20_001),
  '<script>alert(1)</script>',
  '1',
  'null',
  'NaN',
  '__proto__',
  -1,
  0,
  0.5,
  2 ** 31,
  2 ** 53 + 1,
  -(2 ** 63),
  1e308,
  true,
  null,
  [],
  {},
  [null],
  { $ne: null },
);
const anyValue = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.string({ maxLength: 40 }), nasty);
/** Extra keys the caller may not set, or that no schema knows. */
const extraKeys = fc.dictionary(
  fc.oneof(
    fc.constantFrom(
      'likes',
      'user',
      'user_id',
      'is_staff',
      'status',
      'id',
      'created_at',
      'replies',
    ),
    fc.string({ maxLength: 8 }),
  ),
  anyValue,
  { maxKeys: 3 },
);

const REMOVE = Symbol('remove');

/**
 * A body: a valid one with up to two fields replaced by anything or removed and unknown
 * keys added; any JSON at all; or text that is not JSON.
 */
function bodies(valid: Record<string, fc.Arbitrary<unknown>>) {
  const mutation = fc.tuple(
    fc.constantFrom(...Object.keys(valid)),
    fc.oneof(anyValue, fc.constant(REMOVE)),
  );
  const mutated = fc
    .tuple(fc.record(valid), fc.array(mutation, { maxLength: 2 }), extraKeys)
    .map(([fields, mutations, extra]) => {
      const body: Record<string, unknown> = { ...extra, ...fields };
      for (const [key, value] of mutations) {
        if (value === REMOVE) delete body[key];
        else body[key] = value;
      }
      return JSON.stringify(body);
    });
  return fc.oneof(
    { weight: 5, arbitrary: mutated },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '{"__proto__": {"is_staff": true}, "text": "<p>x</p>"}',
        '{"constructor": {"prototype": {"is_staff": true}}}',
        '{"text": "<p>a</p>", "text": 5}',
        '{',
        '[]',
        '"',
        '\u0000',
      ),
    },
  );
}

const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 40,
});

describeEachEngine('random input never yields a 5xx', (ctx) => {
  let user: TestUser;
  let questionId: number;
  let answerId: number;
  const session = newSession();

  beforeAll(async () => {
    user = await createUser(ctx);
    questionId = (await createQuestion(ctx, { session })).id;
    answerId = (await createAnswer(ctx, questionId, { session })).id;
  });

  const sessionArb = () =>
    fc.oneof({ weight: 3, arbitrary: fc.constant(session) }, fc.constant(newSession()), printable);
  /** Mostly no Authorization header; else a valid token or a broken one. */
  const authArb = () =>
    fc.oneof(
      { weight: 4, arbitrary: fc.constant(null) },
      fc.constant(`Bearer ${user.access}`),
      fc.constantFrom('Bearer x', 'Bearer', 'Basic abc', 'Bearer a.b.c'),
      printable,
    );

  /** POSTs `payload` as JSON with random identity headers; asserts no 5xx. */
  async function post(
    url: string,
    payload: string,
    headers: { session?: string | null; auth?: string | null },
  ) {
    const res = await ctx.app.inject({
      method: 'POST',
      url,
      payload,
      headers: {
        'content-type': 'application/json',
        ...(headers.session ? { 'x-session-id': headers.session } : {}),
        ...(headers.auth ? { authorization: headers.auth } : {}),
      },
    });
    expectNoServerError(res, `POST ${url} ${payload.slice(0, 300)}`);
  }

  it('POST /api/questions/', async () => {
    const body = bodies({
      text: fc.oneof(
        fc.constant('<p>Is this fine?</p>'),
        fc.string({ minLength: 1, maxLength: 80 }).map((t) => `<p>${t}</p>`),
      ),
      tag_names: fc.array(fc.string({ maxLength: 12 }), { maxLength: 4 }),
      gender: fc.constantFrom('W', 'M', 'NB', 'U'),
      age_range: fc.constantFrom('18-25', '26-35', '36-45', '45+', 'U'),
      session_id: sessionArb(),
    });
    await fc.assert(
      fc.asyncProperty(body, sessionArb(), authArb(), async (payload, s, auth) => {
        await post('/api/questions/', payload, { session: s, auth });
      }),
      { numRuns: 300 },
    );
  });

  it('POST /api/questions/{id}/answers/', async () => {
    const id = fc.oneof(
      { weight: 3, arbitrary: fc.constant(String(questionId)) },
      fc.integer({ min: -5, max: 2 ** 40 }).map(String),
      printable.map(encodeURIComponent),
    );
    const body = bodies({
      text: fc.string({ minLength: 1, maxLength: 80 }),
      parent_id: fc.constantFrom(answerId, null),
      gender: fc.constantFrom('W', 'M', 'NB', 'U'),
      age_range: fc.constantFrom('18-25', '45+', 'U'),
      session_id: sessionArb(),
    });
    await fc.assert(
      fc.asyncProperty(id, body, sessionArb(), authArb(), async (qid, payload, s, auth) => {
        await post(`/api/questions/${qid}/answers/`, payload, { session: s, auth });
      }),
      { numRuns: 300 },
    );
  });

  it('POST /api/reports/', async () => {
    const body = bodies({
      // Exactly one of question and answer makes a valid report.
      question: fc.constantFrom(questionId, null),
      answer: fc.constantFrom(null, answerId),
      reason: fc.constantFrom('inappropriate', 'offensive', 'harassment', 'spam', 'other'),
      details: fc.string({ maxLength: 60 }),
      session_id: sessionArb(),
    });
    await fc.assert(
      fc.asyncProperty(body, sessionArb(), authArb(), async (payload, s, auth) => {
        await post('/api/reports/', payload, { session: s, auth });
      }),
      { numRuns: 300 },
    );
  });

  // Registering and signing in hash passwords (argon2id): fewer runs keep these quick.
  it('POST /api/register/', async () => {
    const body = bodies({
      username: fc.oneof(
        fc.stringMatching(/^[a-z0-9_]{3,20}$/),
        fc.string({ unit: 'grapheme', minLength: 3, maxLength: 20 }),
      ),
      password: fc.constant('long enough password'),
      password2: fc.constant('long enough password'),
      email: fc.emailAddress(),
    });
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        await post('/api/register/', payload, {});
      }),
      { numRuns: 60 },
    );
  });

  it('POST /api/token/', async () => {
    const body = bodies({
      username: fc.oneof(fc.constant(user.username), printable),
      password: fc.oneof(fc.constant(user.password), fc.string({ maxLength: 20 })),
    });
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        await post('/api/token/', payload, {});
      }),
      { numRuns: 60 },
    );
  });

  it('GET /api/questions/ with random query strings', async () => {
    const key = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.constantFrom(
          'search',
          'tag_id',
          'gender',
          'age_range',
          'user_id',
          'limit',
          'cursor',
        ),
      },
      printable.map(encodeURIComponent),
    );
    const value = fc.oneof(
      fc.constantFrom(
        'W',
        'NB',
        '18-25',
        '45+',
        '1',
        '0',
        '-1',
        '100',
        '101',
        '1e3',
        String(user.id),
      ),
      fc.constantFrom('%', '%ZZ', '%00', '%E0%A4%A', '+', '&', '=', '#', '[]', '[0]=1'),
      fc.string({ maxLength: 30 }).map(encodeURIComponent),
      fc.string({ unit: 'grapheme', maxLength: 10 }).map(encodeURIComponent),
      fc.base64String({ maxLength: 40 }),
    );
    const pairs = fc.array(
      fc.tuple(key, value).map(([k, v]) => `${k}=${v}`),
      { maxLength: 5 },
    );
    await fc.assert(
      fc.asyncProperty(pairs, authArb(), async (list, auth) => {
        const url = `/api/questions/?${list.join('&')}`;
        const res = await ctx.app.inject({
          method: 'GET',
          url,
          headers: auth ? { authorization: auth } : {},
        });
        expectNoServerError(res, `GET ${url}`);
      }),
      { numRuns: 500 },
    );
  });

  describe('list calls with random searches and cursors', () => {
    const word = uniqueWord();
    /** Real cursors of each list, as their Link headers give them. */
    const real: Record<'feed' | 'search' | 'posts' | 'reports', string> = {
      feed: '',
      search: '',
      posts: '',
      reports: '',
    };
    let admin: TestUser;

    beforeAll(async () => {
      admin = await createAdmin(ctx);
      for (let i = 0; i < 3; i += 1) {
        const q = await createQuestion(ctx, { session, text: `<p>${word} ${i}</p>` });
        await createReport(ctx, { question: q.id });
      }
      const cursorOf = async (url: string, auth: { session?: string; token?: string }) => {
        const res = await ctx.request({ method: 'GET', url, ...auth });
        expect(res.statusCode, res.body).toBe(200);
        const next = nextPage(res.headers.link);
        return next ? new URL(next, 'http://x').searchParams : null;
      };
      real.feed = (await cursorOf('/api/questions/?limit=1', {}))?.get('cursor') ?? '';
      real.search =
        (await cursorOf(`/api/questions/?search=${word}&limit=1`, {}))?.get('cursor') ?? '';
      real.posts = (await cursorOf('/api/my/anonymous/?limit=1', { session }))?.get('cursor') ?? '';
      real.reports =
        (await cursorOf('/api/reports/?limit=1', { token: admin.access }))?.get('after') ?? '';
      for (const [kind, cursor] of Object.entries(real)) expect(cursor, kind).not.toBe('');
    });

    /** Searches as people (and attackers) type them: runs of operators above all. */
    const searchText = fc.oneof(
      fc
        .tuple(
          fc.constantFrom('-', '- ', '(-', '!', '-"', 'or ', '"', '<->', '&|', ':*', "'"),
          fc.integer({ min: 1, max: 100 }),
          fc.constantFrom('', word, ' x', 'first-date'),
        )
        .map(([operator, times, tail]) => `${operator.repeat(times)}${tail}`),
      fc
        .array(
          fc.constantFrom('-', '"', ' ', '(', ')', '!', 'or', 'OR', 'a', word, '&', '|', ':'),
          {
            maxLength: 60,
          },
        )
        .map((parts) => parts.join('')),
      fc.string({ maxLength: 200 }),
      fc.string({ unit: 'grapheme', maxLength: 40 }),
    );
    /** Real cursors (once beforeAll has them), edited ones, unsigned JSON with odd ranks, noise. */
    const cursorArb = () =>
      fc.oneof(
        fc.constantFrom(...Object.values(real)),
        fc
          .tuple(
            fc.constantFrom('feed', 'search', 'posts') as fc.Arbitrary<'feed' | 'search' | 'posts'>,
            fc.nat(),
            fc.constantFrom('A', '_', '.', '0'),
          )
          .map(([kind, at, c]) => {
            const text = real[kind];
            const i = at % text.length;
            return text.slice(0, i) + c + text.slice(i + 1);
          }),
        fc
          .record(
            {
              id: fc.oneof(fc.integer(), fc.string({ maxLength: 5 })),
              rank: fc.oneof(
                fc.constantFrom('1e99', 'e', '-', '.', '1e-50', 'NaN', '0.1', "1'); --"),
                fc.string({ maxLength: 12 }),
              ),
              below: fc.integer(),
              at: fc.integer(),
              type: fc.constantFrom('question', 'answer', 'x'),
            },
            { requiredKeys: [] },
          )
          .chain((value) =>
            fc
              .constantFrom('', `.${real.search.split('.')[1] ?? ''}`)
              .map((mac) => `${Buffer.from(JSON.stringify(value)).toString('base64url')}${mac}`),
          ),
        fc.base64String({ maxLength: 120 }),
        fc.string({ maxLength: 60 }),
      );
    const encode = (text: string) =>
      text.isWellFormed() ? encodeURIComponent(text) : encodeURIComponent(text.toWellFormed());

    it('GET /api/questions/: random searches and cursors never yield a 5xx', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.option(searchText, { nil: undefined }),
          fc.option(cursorArb(), { nil: undefined }),
          fc.option(fc.constantFrom('1', '5', '100', '0', '020', '2e1'), { nil: undefined }),
          async (search, after, limit) => {
            const params = [
              search === undefined ? '' : `search=${encode(search)}`,
              after === undefined ? '' : `cursor=${encode(after)}`,
              limit === undefined ? '' : `limit=${limit}`,
            ].filter(Boolean);
            const url = `/api/questions/?${params.join('&')}`;
            const res = await ctx.app.inject({ method: 'GET', url });
            expectNoServerError(res, `GET ${url}`);
          },
        ),
        { numRuns: 600 },
      );
    });

    it('GET /api/my/anonymous/ and /api/reports/: random cursors never yield a 5xx', async () => {
      await fc.assert(
        fc.asyncProperty(
          cursorArb(),
          fc.oneof(cursorArb(), fc.integer().map(String)),
          async (mine, after) => {
            const posts = `/api/my/anonymous/?cursor=${encode(mine)}`;
            expectNoServerError(
              await ctx.app.inject({
                method: 'GET',
                url: posts,
                headers: { 'x-session-id': session },
              }),
              `GET ${posts}`,
            );
            const reports = `/api/reports/?after=${encode(after)}`;
            expectNoServerError(
              await ctx.app.inject({
                method: 'GET',
                url: reports,
                headers: { authorization: `Bearer ${admin.access}` },
              }),
              `GET ${reports}`,
            );
          },
        ),
        { numRuns: 300 },
      );
    });
  });
});
