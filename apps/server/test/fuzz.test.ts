/**
 * API fuzzing, property-based: thousands of random requests across every route of the
 * OpenAPI document (so a new route is fuzzed as soon as it is documented), with random
 * methods, ids (real ones, and every odd spelling of one), query strings (real and
 * tampered cursors, repeated and bracketed parameters), JSON and non-JSON bodies, and
 * headers (session ids and bearer tokens, good and bad). Some values are signed with the
 * server's own key but hold numbers out of range (a token whose `sub` is 1e20, a cursor
 * whose score is 1e-400): only the secret's holder can make them, and they must still not
 * be a 5xx. A second run sends random proof-of-work payloads to every anonymous write.
 * None may answer 5xx, and every error comes in the error shape.
 */
import { randomUUID } from 'node:crypto';
import { API_MSG } from '@dating/contract';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { SignJWT } from 'jose';
import { beforeAll, expect, it } from 'vitest';
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

/** Requests per engine: the issue asks for at least 2,000. */
const RUNS = 2_400;
/** The server's secret in these runs, so that the fuzz can sign what only it should. */
const SECRET = 'fuzz-tests-secret-fuzz-tests-secret-fuzz-0123';

/** A token signed with the server's key, whose subject is any text. */
function signedToken(typ: 'access' | 'refresh', sub: string): Promise<string> {
  return new SignJWT({ typ })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setIssuer('dating-advice')
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime('15m')
    .sign(new TextEncoder().encode(SECRET));
}
const METHODS = ['GET', 'POST', 'PATCH', 'DELETE', 'PUT', 'HEAD', 'OPTIONS'] as const;

interface Route {
  method: (typeof METHODS)[number];
  path: string;
}

/** What the checks read of a response. */
interface Answered {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  json(): unknown;
}

/**
 * An event stream never ends, so it is asked for over a real connection (inject would wait
 * for its end): a 200 is checked to be a stream and then closed; anything else is read whole.
 */
async function overHttp(
  base: string,
  method: string,
  url: string,
  headers: Record<string, string>,
): Promise<Answered> {
  const controller = new AbortController();
  const res = await fetch(`${base}${url}`, { method, headers, signal: controller.signal });
  const body = res.ok ? '' : await res.text();
  controller.abort();
  return {
    statusCode: res.status,
    headers: Object.fromEntries(res.headers),
    body,
    json: () => JSON.parse(body),
  };
}

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

const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 30,
});
/** Strings that have broken parsers, validators and queries before. */
const nastyText = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  '\ud800',
  '\u202e',
  '\u200b',
  'x'.repeat(300),
  '-'.repeat(60),
  '<b>'.repeat(200),
  '<a href="\u2028javascript:alert(1)">x</a>',
  "'; DROP TABLE questions;--",
  '%',
  '%00',
  '0x4b',
  '075',
  '7.6e1',
  '1e99',
  '-1',
  'null',
  '__proto__',
  'ａｄｍｉｎ',
  '\u0430dmin',
);
/** Percent-encoded; a lone surrogate goes as the bytes UTF-8 would give it (invalid). */
const encodeQuery = (text: string) =>
  text.isWellFormed()
    ? encodeURIComponent(text)
    : encodeURIComponent(text.toWellFormed()).replaceAll('%EF%BF%BD', '%ED%A0%80');

/** Runs of search operators, which overflowed PostgreSQL's tsquery stack. */
const operatorRun = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('-', '- ', '(-', '!', '-"', 'or ', '"', '<->', '&|'),
      fc.integer({ min: 20, max: 70 }),
      fc.constantFrom('', 'date', ' x'),
    )
    .map(([operator, times, word]) => `${operator.repeat(times)}${word}`),
  fc
    .array(fc.constantFrom('-', '"', ' ', '(', '!', 'or ', 'a', '<->', '&', '|'), {
      minLength: 20,
      maxLength: 90,
    })
    .map((parts) => parts.join('')),
);

const anyText = fc.oneof(
  operatorRun,
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  printable,
  nastyText,
);

describeEachEngine(
  'API fuzz: random requests to every route',
  (ctx) => {
    let routes: Route[] = [];
    let user: TestUser;
    let admin: TestUser;
    const session = newSession();
    const ids: number[] = [];
    const cursors: string[] = [];
    const forged = { cursors: [] as string[], tokens: [] as string[] };

    let base = '';

    beforeAll(async () => {
      base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const doc = await ctx.request({ method: 'GET', url: '/api/docs/json' });
      const paths = doc.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
      routes = Object.entries(paths).flatMap(([path, operations]) =>
        Object.keys(operations)
          .map((method) => method.toUpperCase())
          .filter((method): method is Route['method'] =>
            METHODS.includes(method as Route['method']),
          )
          .map((method) => ({ method, path })),
      );
      user = await createUser(ctx);
      admin = await createAdmin(ctx);
      const word = uniqueWord();
      for (let i = 0; i < 4; i += 1) {
        const q = await createQuestion(ctx, {
          session,
          text: `<p>${word} ${i}</p>`,
          tags: [`fuzz${i}`],
        });
        const a = await createAnswer(ctx, q.id, { session });
        const r = await createReport(ctx, { answer: a.id });
        ids.push(q.id, a.id, r.id);
      }
      await createQuestion(ctx, { token: user.access });
      // A second unanswered question: the unanswered sort has a second page, and a cursor.
      await createQuestion(ctx, { session });
      // Real cursors of every kind, to be sent as they are and tampered with.
      for (const [url, auth] of [
        ['/api/questions/?limit=1', {}],
        [`/api/questions/?search=${word}&limit=1`, {}],
        ['/api/my/anonymous/?limit=1', { session }],
        ['/api/questions/?limit=1&sort=top', {}],
        ['/api/questions/?limit=1&sort=active', {}],
        ['/api/questions/?limit=1&sort=unanswered', {}],
      ] as const) {
        const res = await ctx.request({ method: 'GET', url, ...auth });
        const next = nextPage(res.headers.link);
        const cursor = next ? new URL(next, 'http://x').searchParams.get('cursor') : null;
        if (cursor) cursors.push(cursor);
      }
      expect(cursors).toHaveLength(6);
      // Signed with the server's key, so only their numbers can be refused.
      for (const [kind, value] of [
        ['top', { score: '1e-400', id: ids[0] }],
        ['top', { score: '-1e-400', id: ids[0] }],
        ['feed', { id: 1e20 }],
        ['active', { at: 1e300, id: ids[0] }],
        ['posts', { at: -1, type: 'question', id: ids[0] }],
        ['search', { below: 2 ** 31 }],
        ['search', { rank: '1e-400', id: ids[0] }],
        ['log', { log: 1.5 }],
        ['thread', { q: ids[0], id: 2 ** 31 }],
        ['thread', { q: ids[0], h: 1 }],
        ['thread', { q: ids[0], p: ids[0], g: 'X' }],
        ['thread', { q: ids[0], p: 1e20 }],
        ['thread', { q: ids[0], p: ids[0] }],
      ] as const) {
        forged.cursors.push(ctx.app.cursors.encode(kind, value));
      }
      for (const sub of ['1e20', '2147483648', '0', '-1', '1.5', '0x10', String(user.id)]) {
        forged.tokens.push(await signedToken('access', sub), await signedToken('refresh', sub));
      }
    });

    it(`answers ${RUNS} random requests across every route without a 5xx`, async () => {
      expect(routes.length).toBeGreaterThanOrEqual(20);
      const idArb = fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...ids).map(String) },
        fc.integer({ min: -3, max: 2 ** 33 }).map(String),
        fc
          .constantFrom(...ids)
          .chain((id) =>
            fc.constantFrom(
              `0${id}`,
              `${id}.0`,
              `0x${id.toString(16)}`,
              `${id}e0`,
              `+${id}`,
              `${id}%00`,
              `%20${id}`,
              '9'.repeat(120),
              '%E0%A4%A',
              '%ff',
              '..',
            ),
          ),
        printable.map(encodeQuery),
      );
      const cursorArb = fc.oneof(
        fc.constantFrom(...cursors),
        fc.constantFrom(...forged.cursors),
        fc.constantFrom(...cursors).chain((cursor) =>
          fc.integer({ min: 0, max: cursor.length - 1 }).map((at) => {
            const swapped = cursor[at] === 'A' ? 'B' : 'A';
            return cursor.slice(0, at) + swapped + cursor.slice(at + 1);
          }),
        ),
        fc
          .record(
            {
              id: fc.integer(),
              rank: anyText,
              below: fc.integer(),
              score: fc.oneof(anyText, fc.double().map(String)),
              at: fc.oneof(fc.integer(), fc.double()),
            },
            { requiredKeys: [] },
          )
          .map((value) => Buffer.from(JSON.stringify(value)).toString('base64url')),
        fc.base64String({ maxLength: 60 }),
        anyText,
      );
      const queryKey = fc.oneof(
        {
          weight: 5,
          arbitrary: fc.constantFrom(
            'search',
            'tag_id',
            'gender',
            'age_range',
            'user_id',
            'limit',
            'cursor',
            'after',
            'sort',
            'perspective_gender',
            'perspective_age',
            'has_updates',
          ),
        },
        fc.constantFrom('tag_id[]', 'limit[0]', 'gender[]'),
        printable,
      );
      const queryValue = fc.oneof(
        fc.constantFrom(
          'W',
          'M',
          'NB',
          'U',
          '18-25',
          '45+',
          '1',
          '20',
          '100',
          '101',
          '0',
          'fuzz1',
          'true',
          'false',
        ),
        fc.constantFrom('new', 'top', 'unanswered', 'active', 'TOP', 'top ', 'hot', ''),
        fc.constantFrom(...ids).map(String),
        cursorArb,
        operatorRun,
        anyText,
      );
      const query = fc
        .array(fc.tuple(queryKey, queryValue), { maxLength: 5 })
        .map((pairs) =>
          pairs.length === 0
            ? ''
            : `?${pairs.map(([k, v]) => `${encodeQuery(k)}=${encodeQuery(v)}`).join('&')}`,
        );
      const fieldValue = fc.oneof(
        anyText,
        fc.jsonValue({ maxDepth: 2 }),
        fc.constantFrom(...ids),
        fc.constantFrom(session, newSession(), 'W', 'spam', 'approved', '<p>Fine?</p>'),
        fc.constant(user.username),
        fc.constant('correct horse battery'),
        fc.constantFrom(...forged.tokens),
      );
      const fieldName = fc.oneof(
        {
          weight: 5,
          arbitrary: fc.constantFrom(
            'text',
            'tag_names',
            'gender',
            'age_range',
            'session_id',
            'parent_id',
            'question',
            'answer',
            'reason',
            'details',
            'status',
            'username',
            'password',
            'password2',
            'email',
            'refresh',
          ),
        },
        printable,
      );
      const jsonBody = fc.oneof(
        { weight: 4, arbitrary: fc.dictionary(fieldName, fieldValue, { maxKeys: 6 }) },
        fc.jsonValue({ maxDepth: 3 }),
      );
      const body = fc.oneof(
        { weight: 3, arbitrary: fc.constant(undefined) },
        {
          weight: 6,
          arbitrary: jsonBody.map((value) => ({
            payload: JSON.stringify(value) ?? 'null',
            type: 'application/json',
          })),
        },
        fc.record({
          payload: fc.oneof(
            anyText,
            fc.constantFrom('{', '[[[[', '{"text":', 'text=x&session_id=y', '\u0000'),
          ),
          type: fc.constantFrom(
            'application/json',
            'application/json; charset=utf-16',
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/octet-stream',
            '',
            'application/jsonx',
          ),
        }),
      );
      const authorization = fc.oneof(
        { weight: 3, arbitrary: fc.constant(undefined) },
        fc.constant(`Bearer ${user.access}`),
        fc.constant(`Bearer ${admin.access}`),
        fc.constant(`Bearer ${user.refresh}`),
        fc.constantFrom(...forged.tokens).map((token) => `Bearer ${token}`),
        fc.constantFrom('Bearer', 'Bearer ', 'Bearer x.y.z', 'Basic YTpi', 'bearer abc'),
        printable.map((text) => `Bearer ${text}`),
      );
      const sessionHeader = fc.oneof(
        { weight: 3, arbitrary: fc.constant(undefined) },
        fc.constant(session),
        fc.constant(newSession()),
        fc.constantFrom('', 'short', '00000000-0000-0000-0000-000000000000', 'a'.repeat(200)),
        printable,
      );
      const request = fc.record({
        method: fc.oneof({ weight: 6, arbitrary: fc.constant(null) }, fc.constantFrom(...METHODS)),
        id: idArb,
        query,
        body,
        authorization,
        session: sessionHeader,
        extra: fc.constantFrom<Record<string, string>>(
          {},
          { accept: 'text/html' },
          { 'x-forwarded-for': '203.0.113.7' },
          { 'accept-encoding': 'br' },
          { 'idempotency-key': 'fuzz' },
        ),
      });

      const hits = new Map<string, number>();
      const statuses = new Map<number, number>();
      // Routes in turn, not drawn at random: with some eighty routes a random draw left one
      // with only twenty of the 2,400 requests now and then, and the run failed by chance.
      let sent = 0;
      await fc.assert(
        fc.asyncProperty(request, async (r) => {
          const route = routes[sent++ % routes.length] as Route;
          const method = r.method ?? route.method;
          const url = `${route.path.replaceAll('{id}', r.id)}${r.query}`;
          const headers: Record<string, string> = { ...r.extra };
          if (r.authorization !== undefined) headers.authorization = r.authorization;
          if (r.session !== undefined) headers['x-session-id'] = r.session;
          if (r.body !== undefined && r.body.type !== '') headers['content-type'] = r.body.type;
          const res = route.path.startsWith('/api/events/')
            ? await overHttp(base, method, url, headers)
            : await ctx.app.inject({
                method,
                url,
                headers,
                ...(r.body === undefined ? {} : { payload: r.body.payload }),
              } as InjectOptions);
          const key = `${route.method} ${route.path}`;
          hits.set(key, (hits.get(key) ?? 0) + 1);
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const what = `${method} ${url} ${JSON.stringify(headers)} ${r.body?.payload.slice(0, 200) ?? ''}`;
          expect(res.statusCode, `${what}\n-> ${res.body.slice(0, 300)}`).toBeLessThan(500);
          if (res.statusCode >= 400 && method !== 'HEAD') {
            expect(String(res.headers['content-type']), what).toMatch(/^application\/json/);
            expect(isErrorShape(res.json()), `${what}\n-> ${res.body.slice(0, 300)}`).toBe(true);
          }
        }),
        { numRuns: RUNS },
      );
      // Every request was sent, every route reached its share, and both outcomes happened.
      expect([...hits.values()].reduce((sum, n) => sum + n, 0)).toBe(RUNS);
      for (const route of routes) {
        expect(hits.get(`${route.method} ${route.path}`) ?? 0, route.path).toBeGreaterThanOrEqual(
          Math.floor(RUNS / routes.length),
        );
      }
      expect(Math.floor(RUNS / routes.length)).toBeGreaterThan(20);
      expect([...statuses.keys()].some((status) => status < 300)).toBe(true);
      expect([...statuses.keys()].some((status) => status >= 400)).toBe(true);
    }, 180_000);
  },
  { env: { JWT_SECRET: SECRET } },
);

/** Paths into a proof-of-work payload whose values the fuzz replaces. */
const PAYLOAD_PATHS = [
  [],
  ['challenge'],
  ['challenge', 'parameters'],
  ['challenge', 'signature'],
  ['challenge', 'parameters', 'algorithm'],
  ['challenge', 'parameters', 'nonce'],
  ['challenge', 'parameters', 'salt'],
  ['challenge', 'parameters', 'cost'],
  ['challenge', 'parameters', 'keyLength'],
  ['challenge', 'parameters', 'keyPrefix'],
  ['challenge', 'parameters', 'keySignature'],
  ['challenge', 'parameters', 'expiresAt'],
  ['solution'],
  ['solution', 'counter'],
  ['solution', 'derivedKey'],
] as const;

/** `value` with the field at `path` replaced (or removed, for undefined). */
function replaced(value: unknown, path: readonly string[], by: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return by;
  const object = typeof value === 'object' && value !== null ? value : {};
  return { ...object, [head]: replaced((object as Record<string, unknown>)[head], rest, by) };
}

describeEachEngine(
  'API fuzz: random proof-of-work payloads on every anonymous write',
  (ctx) => {
    it('answers every one with a 4xx in the error shape, never a 5xx', async () => {
      const doc = await ctx.request({ method: 'GET', url: '/api/docs/json' });
      type Operation = { parameters?: { in: string; name: string }[] };
      const paths = doc.json<{ paths: Record<string, Record<string, Operation>> }>().paths;
      // The writes that take a solved challenge (the document lists its X-Altcha header).
      const writes = Object.entries(paths)
        .filter(([, operations]) =>
          operations.post?.parameters?.some((p) => p.in === 'header' && p.name === 'X-Altcha'),
        )
        .map(([path]) => path);
      expect(writes.length).toBeGreaterThanOrEqual(6);
      const question = await createQuestion(ctx, { token: (await createUser(ctx)).access });
      const answer = await createAnswer(ctx, question.id, {
        token: (await createUser(ctx)).access,
      });
      const challenge = (await ctx.request({ method: 'GET', url: '/api/challenge/' })).json();
      const solution = { counter: 2, derivedKey: '00'.repeat(32) };
      const encode = (value: unknown) =>
        Buffer.from(JSON.stringify(value) ?? 'null').toString('base64');

      const payload = fc.oneof(
        // The shape of the report: parameters null, which reached the checker.
        fc.constant(
          encode({
            challenge: { signature: 'x', parameters: null },
            solution: { counter: 1, derivedKey: 'x' },
          }),
        ),
        {
          weight: 6,
          arbitrary: fc
            .tuple(
              fc.constantFrom(...PAYLOAD_PATHS),
              fc.oneof(
                fc.jsonValue({ maxDepth: 2 }),
                fc.constantFrom(null, undefined, [], {}, -1, 1e300, 2 ** 53, '', 'x'),
              ),
            )
            .map(([path, by]) => encode(replaced({ challenge, solution }, path, by))),
        },
        fc.jsonValue({ maxDepth: 3 }).map(encode),
        fc.oneof(anyText, fc.base64String({ maxLength: 80 })),
      );
      const request = fc.record({
        path: fc.constantFrom(...writes),
        payload,
        inBody: fc.boolean(),
      });
      let invalid = 0;
      await fc.assert(
        fc.asyncProperty(request, async ({ path, payload, inBody }) => {
          const url = path
            .replace('{id}', String(path.startsWith('/api/answers/') ? answer.id : question.id))
            .replace(/\{[^}]+\}/g, '1');
          const body = {
            text: '<p>A question about dating?</p>',
            question: question.id,
            reason: 'spam',
            session_id: newSession(),
            ...(inBody ? { altcha: payload } : {}),
          };
          const res = await ctx.request({
            method: 'POST',
            url,
            body,
            ...(inBody ? {} : { headers: { 'x-altcha': payload } }),
          });
          const what = `POST ${url} ${Buffer.from(payload, 'base64').toString().slice(0, 300)}`;
          expect(res.statusCode, `${what}\n-> ${res.body.slice(0, 300)}`).toBeLessThan(500);
          expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
          expect(isErrorShape(res.json()), `${what}\n-> ${res.body}`).toBe(true);
          if (res.json().detail === API_MSG.powInvalid) invalid += 1;
        }),
        { numRuns: 600 },
      );
      expect(invalid).toBeGreaterThan(100);
    }, 120_000);
  },
  { env: { POW_DIFFICULTY: '3' } },
);
