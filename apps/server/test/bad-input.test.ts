/**
 * "Bad input never hurts": every malformed, mistyped, oversized or hostile request gets a
 * 4xx in the error shape, with no stack trace, and changes nothing it should not.
 */

import net from 'node:net';
import { API_MSG } from '@dating/contract';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { MALFORMED_TEXT } from '../src/lib/text-guard.ts';
import { DISCARD_MAX_BYTES } from '../src/plugins/errors.ts';
import {
  createAdmin,
  createAnswer,
  createQuestion,
  createReport,
  createUser,
} from './factories.ts';
import { describeEachEngine, newSession, type TestContext, uniqueName } from './harness.ts';

const JSON_TYPE = { 'content-type': 'application/json' };

type FetchOptions = NonNullable<Parameters<typeof fetch>[1]>;
type RequestBody = NonNullable<FetchOptions['body']>;

/** A 4xx with a JSON body in the error shape, and nothing of the server's insides. */
function expectClientError(res: LightMyRequestResponse, label = '') {
  expect(res.statusCode, `${label}: ${res.body}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(500);
  expect(String(res.headers['content-type']), label).toMatch(/^application\/json/);
  const body: unknown = res.json();
  expect(typeof body === 'object' && body !== null && !Array.isArray(body), label).toBe(true);
  const record = body as Record<string, unknown>;
  const keys = Object.keys(record);
  expect(keys.length, label).toBeGreaterThan(0);
  if ('detail' in record) {
    expect(keys, label).toEqual(['detail', 'code']);
    expect(typeof record.detail, label).toBe('string');
  } else {
    for (const value of Object.values(record)) {
      expect(Array.isArray(value), label).toBe(true);
      expect((value as unknown[]).length, label).toBeGreaterThan(0);
      for (const message of value as unknown[]) expect(typeof message, label).toBe('string');
    }
  }
  expect(res.body, label).not.toMatch(/\n\s+at |node_modules|\/work\/|\.ts:\d+|\bstack\b/);
  expect(res.body, label).not.toMatch(/FST_|statusCode|"error"/);
}

/** Row counts and sums that a refused request must leave as they were. */
async function snapshot(ctx: TestContext) {
  const { rows } = await sql<Record<string, number>>`
    SELECT (SELECT count(*)::int FROM questions) AS questions,
           (SELECT coalesce(sum(likes), 0)::int FROM questions) AS question_likes,
           (SELECT count(*)::int FROM answers) AS answers,
           (SELECT coalesce(sum(likes), 0)::int FROM answers) AS answer_likes,
           (SELECT count(*)::int FROM tags) AS tags,
           (SELECT count(*)::int FROM reports) AS reports,
           (SELECT count(*)::int FROM reports WHERE status <> 'pending') AS reviewed,
           (SELECT count(*)::int FROM users) AS users,
           (SELECT count(*)::int FROM users WHERE is_staff) AS staff,
           (SELECT count(*)::int FROM question_likes) AS question_like_rows,
           (SELECT count(*)::int FROM answer_likes) AS answer_like_rows
  `.execute(ctx.database.db);
  return rows[0];
}

/** Runs requests that must all be refused, and checks that nothing changed. */
async function expectAllRefused(
  ctx: TestContext,
  requests: {
    label: string;
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
    url: string;
    payload?: unknown;
    headers?: Record<string, string>;
  }[],
) {
  const before = await snapshot(ctx);
  for (const r of requests) {
    const res = await ctx.app.inject({
      method: r.method,
      url: r.url,
      headers: r.headers,
      ...(r.payload === undefined ? {} : { payload: r.payload as string }),
    });
    expectClientError(res, r.label);
  }
  expect(await snapshot(ctx)).toEqual(before);
}

describeEachEngine('bad input', (ctx) => {
  it('answers only the exact paths, with their trailing slash', async () => {
    for (const [method, url] of [
      ['GET', '/api/questions'],
      ['POST', '/api/questions'],
      ['GET', '/api/tags'],
      ['GET', '/api/reports'],
      ['POST', '/api/reports'],
      ['GET', '/api/health'],
      ['GET', '/api/user/status'],
      ['POST', '/api/token'],
    ] as const) {
      const res = await ctx.request({ method, url, body: method === 'POST' ? {} : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ code: expect.any(String), detail: 'Not found.' });
    }
    const tags = await ctx.request({ method: 'GET', url: '/api/tags/' });
    expect(tags.statusCode).toBe(200);
  });

  it('refuses malformed JSON bodies', async () => {
    const session = newSession();
    const bodies = [
      '{"text": ',
      '{text: "x"}',
      "{'text': 'x'}",
      '{"text": "x",}',
      '{"text": "x"} trailing',
      'undefined',
      'NaN',
      '',
      '\u0000',
      '[[[[[[[[[[',
      `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
      `{"text":${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)},"session_id":"${session}"}`,
      `{"__proto__": {"is_staff": true}, "text": "x", "session_id": "${session}"}`,
      `{"constructor": {"prototype": {"x": 1}}, "text": "x", "session_id": "${session}"}`,
    ];
    await expectAllRefused(
      ctx,
      bodies.map((payload) => ({
        label: payload.slice(0, 40),
        method: 'POST',
        url: '/api/questions/',
        payload,
        headers: JSON_TYPE,
      })),
    );
    expect(({} as Record<string, unknown>).is_staff).toBeUndefined();
  });

  it('refuses wrong types without coercing them', async () => {
    const q = await createQuestion(ctx);
    const a = await createAnswer(ctx, q.id);
    const session = newSession();
    const cases: { url: string; body: unknown; field?: string }[] = [
      { url: '/api/questions/', body: { text: 12345, session_id: session }, field: 'text' },
      { url: '/api/questions/', body: { text: true, session_id: session }, field: 'text' },
      { url: '/api/questions/', body: { text: null, session_id: session }, field: 'text' },
      { url: '/api/questions/', body: { text: ['x'], session_id: session }, field: 'text' },
      { url: '/api/questions/', body: { text: { $gt: '' }, session_id: session }, field: 'text' },
      {
        url: '/api/questions/',
        body: { text: 'x', tag_names: 'x', session_id: session },
        field: 'tag_names',
      },
      {
        url: '/api/questions/',
        body: { text: 'x', tag_names: [1], session_id: session },
        field: 'tag_names',
      },
      {
        url: '/api/questions/',
        body: { text: 'x', tag_names: [null], session_id: session },
        field: 'tag_names',
      },
      {
        url: '/api/questions/',
        body: { text: 'x', tag_names: { a: 1 }, session_id: session },
        field: 'tag_names',
      },
      {
        url: '/api/questions/',
        body: { text: 'x', session_id: 1234567890123456 },
        field: 'session_id',
      },
      {
        url: '/api/questions/',
        body: { text: 'x', gender: 1, session_id: session },
        field: 'gender',
      },
      {
        url: `/api/questions/${q.id}/answers/`,
        body: { text: 'x', parent_id: String(a.id), session_id: session },
        field: 'parent_id',
      },
      {
        url: `/api/questions/${q.id}/answers/`,
        body: { text: 'x', parent_id: 1.5, session_id: session },
        field: 'parent_id',
      },
      {
        url: `/api/questions/${q.id}/answers/`,
        body: { text: 'x', parent_id: true, session_id: session },
        field: 'parent_id',
      },
      {
        url: `/api/questions/${q.id}/answers/`,
        body: { text: 42, session_id: session },
        field: 'text',
      },
      {
        url: '/api/reports/',
        body: { question: String(q.id), reason: 'spam', session_id: session },
        field: 'question',
      },
      {
        url: '/api/reports/',
        body: { answer: [a.id], reason: 'spam', session_id: session },
        field: 'answer',
      },
      {
        url: '/api/reports/',
        body: { question: q.id, reason: 'spam', details: 5, session_id: session },
        field: 'details',
      },
      { url: `/api/questions/${q.id}/like/`, body: { session_id: 5 }, field: 'session_id' },
      {
        url: '/api/register/',
        body: { username: 5, password: 'long enough pw', password2: 'long enough pw' },
        field: 'username',
      },
      { url: '/api/token/', body: { username: ['x'], password: 'x' }, field: 'username' },
    ];
    const before = await snapshot(ctx);
    for (const c of cases) {
      const res = await ctx.request({ method: 'POST', url: c.url, body: c.body });
      const label = `${c.url} ${JSON.stringify(c.body)}`;
      expectClientError(res, label);
      expect(res.statusCode, label).toBe(400);
      if (c.field) expect(Object.keys(res.json()), label).toEqual([c.field]);
    }
    // A nullable field says what is wrong with the value, not that it is not null.
    const nullable = await ctx.request({
      method: 'POST',
      url: `/api/questions/${q.id}/answers/`,
      body: { text: 'x', parent_id: '1', session_id: session },
    });
    expect(nullable.json()).toEqual({ parent_id: ['Must be an integer.'] });
    const longDetails = await ctx.request({
      method: 'POST',
      url: '/api/reports/',
      body: { question: q.id, reason: 'spam', details: 'x'.repeat(2001), session_id: session },
    });
    expect(longDetails.json()).toEqual({
      details: ['Ensure this field has no more than 2000 characters.'],
    });
    // Bodies that are not objects at all.
    for (const body of ['[]', '[{"text":"x"}]', '"text"', '12345', 'true', 'null']) {
      for (const url of ['/api/questions/', `/api/questions/${q.id}/answers/`, '/api/reports/']) {
        const res = await ctx.app.inject({
          method: 'POST',
          url,
          payload: body,
          headers: JSON_TYPE,
        });
        expectClientError(res, `${url} ${body}`);
        expect(res.statusCode).toBe(400);
      }
      const patch = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/answers/${a.id}/`,
        payload: body,
        headers: { ...JSON_TYPE, 'x-session-id': a.session ?? '' },
      });
      expectClientError(patch, `PATCH ${body}`);
    }
    expect(await snapshot(ctx)).toEqual(before);
    const stillThere = await ctx.request({ method: 'GET', url: `/api/answers/${a.id}/` });
    expect(stillThere.json().text).toBe('Be yourself.');
  });

  it('refuses unknown enum values', async () => {
    const q = await createQuestion(ctx);
    const admin = await createAdmin(ctx);
    const report = await createReport(ctx, { question: q.id });
    await expectAllRefused(ctx, [
      ...['X', 'woman', 'w', '', ' W'].map((gender) => ({
        label: `gender ${gender}`,
        method: 'POST' as const,
        url: '/api/questions/',
        payload: JSON.stringify({ text: 'x', gender, session_id: newSession() }),
        headers: JSON_TYPE,
      })),
      ...['18-24', '45', 'u', '46+'].map((age_range) => ({
        label: `age ${age_range}`,
        method: 'POST' as const,
        url: `/api/questions/${q.id}/answers/`,
        payload: JSON.stringify({ text: 'x', age_range, session_id: newSession() }),
        headers: JSON_TYPE,
      })),
      ...['SPAM', 'abuse'].map((reason) => ({
        label: `reason ${reason}`,
        method: 'POST' as const,
        url: '/api/reports/',
        payload: JSON.stringify({ question: q.id, reason, session_id: newSession() }),
        headers: JSON_TYPE,
      })),
      ...['pending', 'deleted', 'Approved'].map((status) => ({
        label: `status ${status}`,
        method: 'PATCH' as const,
        url: `/api/reports/${report.id}/`,
        payload: JSON.stringify({ status }),
        headers: { ...JSON_TYPE, authorization: `Bearer ${admin.access}` },
      })),
      ...['gender=X', 'age_range=abc', 'gender=W&gender=M'].map((query) => ({
        label: query,
        method: 'GET' as const,
        url: `/api/questions/?${query}`,
      })),
    ]);
  });

  it('treats bad, huge or odd ids in paths as not found, and in bodies as 400', async () => {
    const q = await createQuestion(ctx);
    const paths = [
      'abc',
      '0',
      '-1',
      '1.5',
      '1e3',
      '0x10',
      '99999999999',
      '9007199254740993',
      '2147483648',
      '%20',
      'null',
      '1%00',
      `${'9'.repeat(100)}`,
      `${'9'.repeat(500)}`,
    ];
    const before = await snapshot(ctx);
    for (const id of paths) {
      for (const [method, url] of [
        ['GET', `/api/questions/${id}/`],
        ['GET', `/api/answers/${id}/`],
        ['PATCH', `/api/questions/${id}/`],
        ['DELETE', `/api/answers/${id}/`],
        ['POST', `/api/questions/${id}/like/`],
        ['POST', `/api/answers/${id}/like/`],
        ['POST', `/api/questions/${id}/answers/`],
      ] as const) {
        const res = await ctx.request({
          method,
          url,
          session: newSession(),
          body:
            method === 'GET' || method === 'DELETE'
              ? undefined
              : { text: 'x', session_id: newSession() },
        });
        expectClientError(res, `${method} ${url}`);
        // PATCH of a question needs a user: 401 comes first.
        expect([401, 404], `${method} ${url}`).toContain(res.statusCode);
      }
    }
    for (const url of ['/api/%ff/', '/api/questions/%E0%A4%A/', '/api/questions/%/']) {
      expectClientError(await ctx.request({ method: 'GET', url }), url);
    }
    for (const parent_id of ['0', '-1', '2147483648', '99999999999', '1e400', '9007199254740993']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/questions/${q.id}/answers/`,
        headers: JSON_TYPE,
        payload: `{"text":"x","parent_id":${parent_id},"session_id":"${newSession()}"}`,
      });
      expectClientError(res, `parent_id ${parent_id}`);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json())).toEqual(['parent_id']);
    }
    for (const question of [0, -5, 2147483648, 1e20]) {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/reports/',
        body: { question, reason: 'spam', session_id: newSession() },
      });
      expectClientError(res, `report ${question}`);
      expect(Object.keys(res.json())).toEqual(['question']);
    }
    expect(await snapshot(ctx)).toEqual(before);
  });

  it('reads path ids only in canonical decimal: every other spelling is not found', async () => {
    const owner = await createUser(ctx);
    const q = await createQuestion(ctx, { token: owner.access });
    const a = await createAnswer(ctx, q.id);
    const spellings = (id: number) => [
      `0${id}`,
      `00${id}`,
      `${id}.0`,
      `${id}.`,
      `0x${id.toString(16)}`,
      `0X${id.toString(16).toUpperCase()}`,
      `0o${id.toString(8)}`,
      `0b${id.toString(2)}`,
      `${(id / 10).toString()}e1`,
      `${id}e0`,
      `+${id}`,
      `%20${id}`,
      `${id}%20`,
      `${id}%00`,
      `%2B${id}`,
    ];
    const before = await snapshot(ctx);
    for (const id of spellings(q.id)) {
      for (const [method, url] of [
        ['GET', `/api/questions/${id}/`],
        ['POST', `/api/questions/${id}/answers/`],
        ['POST', `/api/questions/${id}/like/`],
        ['PATCH', `/api/questions/${id}/`],
        ['DELETE', `/api/questions/${id}/`],
      ] as const) {
        const res = await ctx.request({
          method,
          url,
          token: owner.access,
          body: method === 'GET' || method === 'DELETE' ? undefined : { text: 'x' },
        });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toEqual({ code: expect.any(String), detail: 'Not found.' });
      }
    }
    for (const id of spellings(a.id)) {
      for (const [method, url] of [
        ['GET', `/api/answers/${id}/`],
        ['PATCH', `/api/answers/${id}/`],
        ['DELETE', `/api/answers/${id}/`],
        ['POST', `/api/answers/${id}/like/`],
      ] as const) {
        const res = await ctx.request({
          method,
          url,
          session: a.session,
          body: method === 'GET' || method === 'DELETE' ? undefined : { text: 'x' },
        });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    // Nothing was deleted, edited or liked through another spelling of its id.
    expect(await snapshot(ctx)).toEqual(before);
    const detail = await ctx.request({ method: 'GET', url: `/api/questions/${q.id}/` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().answers.map((x: { id: number }) => x.id)).toEqual([a.id]);
  });

  it('reads query ids and numbers only in canonical decimal, and each parameter once', async () => {
    const user = await createUser(ctx);
    const admin = await createAdmin(ctx);
    const cases: [string, string, string][] = [
      ['limit=020', 'limit', ''],
      ['limit=2.0', 'limit', ''],
      ['limit=2e1', 'limit', ''],
      ['limit=0x10', 'limit', ''],
      ['limit=+5', 'limit', ''],
      ['limit=%205', 'limit', ''],
      [`user_id=0${user.id}`, 'user_id', user.access],
      [`user_id=${user.id}.0`, 'user_id', user.access],
      [`user_id=0x${user.id.toString(16)}`, 'user_id', user.access],
      // A list where one value belongs: never read as an unfiltered or coerced list.
      ['tag_id[]=1', 'tag_id', ''],
      ['tag_id[0]=x', 'tag_id', ''],
      ['tag_id=a&tag_id=b', 'tag_id', ''],
      ['gender=W&gender=M', 'gender', ''],
      ['age_range[]=U', 'age_range', ''],
      ['limit=1&limit=2', 'limit', ''],
      ['search=a&search=b', 'search', ''],
      ['cursor[]=x', 'cursor', ''],
      [`user_id=${user.id}&user_id=${user.id}`, 'user_id', user.access],
    ];
    for (const [query, field, token] of cases) {
      const res = await ctx.request({
        method: 'GET',
        url: `/api/questions/?${query}`,
        ...(token ? { token } : {}),
      });
      expectClientError(res, query);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json()), query).toEqual([field]);
    }
    for (const query of [
      'limit=05',
      'after=01',
      'after=1.0',
      'after=0x1',
      'after[]=1',
      'after=1&after=2',
    ]) {
      const res = await ctx.request({
        method: 'GET',
        url: `/api/reports/?${query}`,
        token: admin.access,
      });
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json()), query).toEqual([query.slice(0, query.search(/[[=]/))]);
    }
    const session = newSession();
    for (const query of ['limit=05', 'limit[]=5', 'cursor=a&cursor=b']) {
      const res = await ctx.request({ method: 'GET', url: `/api/my/anonymous/?${query}`, session });
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json()), query).toEqual([query.slice(0, query.search(/[[=]/))]);
    }
    // The canonical forms still work, and unknown parameters are still ignored.
    for (const query of ['limit=5', 'limit=100', 'unknown[]=1&other=a&other=b']) {
      const res = await ctx.request({ method: 'GET', url: `/api/questions/?${query}` });
      expect(res.statusCode, query).toBe(200);
    }
    const own = await ctx.request({
      method: 'GET',
      url: `/api/questions/?user_id=${user.id}`,
      token: user.access,
    });
    expect(own.statusCode).toBe(200);
    const reports = await ctx.request({
      method: 'GET',
      url: '/api/reports/?after=0&limit=5',
      token: admin.access,
    });
    expect(reports.statusCode).toBe(200);
  });

  it('reports every invalid field of a body at once, NUL and lone surrogates included', async () => {
    const q = await createQuestion(ctx);
    const session = newSession();
    const cases: [string, string, Record<string, unknown>][] = [
      [
        '/api/questions/',
        `{"gender":"X","age_range":5,"tag_names":"x","session_id":"${session}"}`,
        {
          text: [API_MSG.required],
          gender: [expect.stringContaining('Not a valid choice')],
          age_range: [expect.any(String)],
          tag_names: ['Must be a list.'],
        },
      ],
      [
        '/api/questions/',
        `{"text":"a\\u0000b","gender":"\\ud800","session_id":"${session}"}`,
        {
          text: [MALFORMED_TEXT],
          gender: [expect.any(String), MALFORMED_TEXT],
        },
      ],
      [
        '/api/questions/',
        `{"text":"ok","tag_names":["fine","x\\u0000"],"session_id":"${session}"}`,
        {
          tag_names: [MALFORMED_TEXT],
        },
      ],
      [
        `/api/questions/${q.id}/answers/`,
        `{"text":"\\udfff","parent_id":"1","session_id":"${session}"}`,
        {
          text: [MALFORMED_TEXT],
          parent_id: ['Must be an integer.'],
        },
      ],
      [
        '/api/reports/',
        `{"question":${q.id},"details":"\\ud800","session_id":"${session}"}`,
        {
          reason: [API_MSG.required],
          details: [MALFORMED_TEXT],
        },
      ],
      [
        '/api/token/',
        '{"username":"a\\u0000","password":"\\ud800"}',
        {
          username: [MALFORMED_TEXT],
          password: [MALFORMED_TEXT],
        },
      ],
    ];
    const before = await snapshot(ctx);
    for (const [url, payload, expected] of cases) {
      const res = await ctx.app.inject({ method: 'POST', url, payload, headers: JSON_TYPE });
      expectClientError(res, payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json(), payload).toEqual(expected);
    }
    // In a query string too, on the parameter.
    const query = await ctx.request({
      method: 'GET',
      url: '/api/questions/?search=a%00b&tag_id=%00',
    });
    expect(query.json()).toEqual({ search: [MALFORMED_TEXT], tag_id: [MALFORMED_TEXT] });
    // An unknown field is ignored, bad text and all.
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/questions/',
      payload: `{"text":"<p>fine</p>","nonsense":"\\u0000","session_id":"${session}"}`,
      headers: JSON_TYPE,
    });
    expect(unknown.statusCode, unknown.body).toBe(201);
    const { id } = unknown.json();
    const after = await snapshot(ctx);
    expect(after).toEqual({ ...before, questions: (before?.questions ?? 0) + 1 });
    expect(id).toBeGreaterThan(q.id);
  });

  it('refuses an oversized body with 413', async () => {
    const big = JSON.stringify({ text: 'a'.repeat(300 * 1024), session_id: newSession() });
    await expectAllRefused(ctx, [
      {
        label: 'question',
        method: 'POST',
        url: '/api/questions/',
        payload: big,
        headers: JSON_TYPE,
      },
      {
        label: 'register',
        method: 'POST',
        url: '/api/register/',
        payload: big,
        headers: JSON_TYPE,
      },
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/questions/',
      payload: big,
      headers: JSON_TYPE,
    });
    expect(res.statusCode).toBe(413);
    // Just under the limit parses, and then fails validation (too long) with 400.
    const under = JSON.stringify({ text: 'a'.repeat(200 * 1024), session_id: newSession() });
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/questions/',
      payload: under,
      headers: JSON_TYPE,
    });
    expect(ok.statusCode).toBe(400);
    expect(Object.keys(ok.json())).toEqual(['text']);
  });

  describe('an oversized body, over a real socket', () => {
    let base = '';
    beforeAll(async () => {
      const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      base = address;
    });

    it('reaches Node fetch as a 413, whatever the body and however it is sent', async () => {
      const big = (size: number) => JSON.stringify({ username: 'x'.repeat(size) });
      const slowly = (text: string) => {
        const bytes = new TextEncoder().encode(text);
        let at = 0;
        return new ReadableStream<Uint8Array>({
          async pull(controller) {
            if (at >= bytes.length) return controller.close();
            await new Promise((resolve) => setTimeout(resolve, 1));
            controller.enqueue(bytes.slice(at, at + 65_536));
            at += 65_536;
          },
        });
      };
      const bodies: [string, () => RequestBody][] = [
        ['2 MB string', () => big(2 * 1024 * 1024)],
        ['8 MB bytes', () => new Uint8Array(DISCARD_MAX_BYTES - 1024).fill(32)],
        ['2 MB blob', () => new Blob([big(2 * 1024 * 1024)])],
        ['2 MB stream, chunked', () => slowly(big(2 * 1024 * 1024))],
      ];
      for (const [label, body] of bodies) {
        for (let i = 0; i < 5; i += 1) {
          const res = await fetch(`${base}/api/register/`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: body(),
            duplex: 'half',
          } as FetchOptions);
          expect(res.status, label).toBe(413);
          expect(await res.json(), label).toEqual({
            code: expect.any(String),
            detail: expect.any(String),
          });
        }
      }
      // The server still answers on a new connection.
      const after = await fetch(`${base}/api/tags/`);
      expect(after.status).toBe(200);
    });

    it('reads the whole body before answering, so the client can finish sending it', async () => {
      const { port } = new URL(base);
      const size = 2 * 1024 * 1024;
      const socket = net.connect(Number(port), '127.0.0.1');
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve).once('error', reject);
      });
      const received: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => received.push(chunk));
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      const write = (data: string | Buffer) =>
        new Promise<void>((resolve, reject) => {
          socket.write(data, (error) => (error ? reject(error) : resolve()));
        });
      await write(
        `POST /api/register/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`,
      );
      // Sent in pieces with pauses, as a slow client would: a server that answered and
      // closed at once would reset the connection under the writes (EPIPE, ECONNRESET).
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      let answeredEarly = false;
      for (let sent = 0; sent < size; sent += chunk.length) {
        if (received.length > 0) answeredEarly = true;
        await write(chunk);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      await closed;
      expect(answeredEarly).toBe(false);
      const response = Buffer.concat(received).toString();
      expect(response).toMatch(/^HTTP\/1\.1 413 /);
      expect(response.toLowerCase()).toContain('connection: close');
    });
  });

  it('refuses NUL bytes and lone surrogates in bodies and query strings', async () => {
    const q = await createQuestion(ctx);
    const session = newSession();
    const payloads = [
      `{"text":"a\\u0000b","session_id":"${session}"}`,
      `{"text":"a\\ud800b","session_id":"${session}"}`,
      `{"text":"\\udfff","session_id":"${session}"}`,
      `{"text":"ok","tag_names":["x\\u0000"],"session_id":"${session}"}`,
      `{"text":"ok","tag_names":["\\ud83d"],"session_id":"${session}"}`,
      `{"te\\u0000xt":"ok","session_id":"${session}"}`,
      `{"text":"ok","session_id":"${session}\\u0000"}`,
    ];
    await expectAllRefused(ctx, [
      ...payloads.map((payload) => ({
        label: payload,
        method: 'POST' as const,
        url: '/api/questions/',
        payload,
        headers: JSON_TYPE,
      })),
      {
        label: 'answer NUL',
        method: 'POST',
        url: `/api/questions/${q.id}/answers/`,
        payload: `{"text":"a\\u0000","session_id":"${session}"}`,
        headers: JSON_TYPE,
      },
      {
        label: 'report surrogate',
        method: 'POST',
        url: '/api/reports/',
        payload: `{"question":${q.id},"reason":"spam","details":"\\ud800","session_id":"${session}"}`,
        headers: JSON_TYPE,
      },
      { label: 'search NUL', method: 'GET', url: '/api/questions/?search=a%00b' },
      { label: 'tag NUL', method: 'GET', url: '/api/questions/?tag_id=%00' },
      { label: 'cursor NUL', method: 'GET', url: '/api/questions/?cursor=%00' },
    ]);
    // Invalid UTF-8 in a query string decodes to replacement characters: harmless text.
    for (const query of ['search=%ED%A0%80', 'search=%ff%fe', 'search=%', 'tag_id=%ED%A0%80']) {
      const res = await ctx.request({ method: 'GET', url: `/api/questions/?${query}` });
      expect(res.statusCode, query).toBe(200);
      expect(res.json()).toEqual([]);
    }
    const oddKey = await ctx.request({ method: 'GET', url: '/api/questions/?%ff=1' });
    expect(oddKey.statusCode).toBe(200);
    // Well-formed astral characters are fine.
    const emoji = await ctx.request({
      method: 'POST',
      url: '/api/questions/',
      body: { text: 'Date ideas 💘', tag_names: ['💘'], session_id: newSession() },
    });
    expect(emoji.statusCode).toBe(201);
    const found = await ctx.request({
      method: 'GET',
      url: `/api/questions/?tag_id=${encodeURIComponent('💘')}`,
    });
    expect(found.json().map((x: { id: number }) => x.id)).toContain(emoji.json().id);
  });

  it('refuses bodies that are not JSON with 415', async () => {
    await expectAllRefused(ctx, [
      ...[
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
        'text/html',
      ].map((type) => ({
        label: type,
        method: 'POST' as const,
        url: '/api/questions/',
        payload: JSON.stringify({ text: 'x', session_id: newSession() }),
        headers: { 'content-type': type },
      })),
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/reports/',
      payload: 'question=1&reason=spam',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(415);
  });

  it('answers unknown paths and methods with 404 in the error shape', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope/'],
      ['PUT', '/api/questions/'],
      ['DELETE', '/api/questions/'],
      ['POST', '/api/tags/'],
    ] as const) {
      const res = await ctx.request({ method, url });
      expectClientError(res, `${method} ${url}`);
      expect(res.statusCode).toBe(404);
    }
  });

  it('refuses malformed credentials and ignores a malformed session header', async () => {
    for (const authorization of [
      'Bearer ',
      'Bearer x',
      `Bearer ${'a'.repeat(5000)}`,
      'Basic abc',
      'Bearer a.b.c',
    ]) {
      const res = await ctx.request({
        method: 'GET',
        url: '/api/questions/',
        headers: { authorization },
      });
      expectClientError(res, authorization.slice(0, 20));
      expect(res.statusCode).toBe(401);
    }
    const res = await ctx.request({
      method: 'POST',
      url: '/api/questions/',
      headers: { 'x-session-id': 'short' },
      body: { text: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['session_id']);
  });

  describe('fields a caller may not set', () => {
    it('ignores unknown fields', async () => {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/questions/',
        body: {
          text: 'Unknowns',
          session_id: newSession(),
          foo: 1,
          nested: { a: [1] },
          answers: [{ text: 'x' }],
        },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).not.toHaveProperty('foo');
      expect(res.json().answers).toEqual([]);
    });

    it('never takes likes, user, id, created_at or counts from a question or answer body', async () => {
      const owner = await createUser(ctx);
      const other = await createUser(ctx);
      const res = await ctx.request({
        method: 'POST',
        url: '/api/questions/',
        token: owner.access,
        body: {
          text: 'Forged',
          id: 1,
          likes: 1000,
          user: other.id,
          user_id: other.id,
          session_hash: 'x',
          created_at: '2000-01-01T00:00:00.000Z',
          answer_count: 5,
          is_staff: true,
        },
      });
      expect(res.statusCode).toBe(201);
      const q = res.json();
      expect(q).toMatchObject({ likes: 0, user: owner.id, answer_count: 0 });
      expect(q.created_at).not.toBe('2000-01-01T00:00:00.000Z');
      expect(Date.now() - Date.parse(q.created_at)).toBeLessThan(10 * 60_000);
      const patched = await ctx.request({
        method: 'PATCH',
        url: `/api/questions/${q.id}/`,
        token: owner.access,
        body: {
          text: 'Still mine',
          id: 1,
          likes: 9,
          user: other.id,
          created_at: '2000-01-01T00:00:00Z',
        },
      });
      expect(patched.json()).toMatchObject({
        id: q.id,
        likes: 0,
        user: owner.id,
        created_at: q.created_at,
      });
      const answer = await ctx.request({
        method: 'POST',
        url: `/api/questions/${q.id}/answers/`,
        body: {
          text: 'x',
          session_id: newSession(),
          id: 1,
          likes: 5,
          user: owner.id,
          is_deleted: true,
          question: 1,
        },
      });
      expect(answer.json()).toMatchObject({
        question: q.id,
        likes: 0,
        user: null,
        is_deleted: false,
      });
      const status = await ctx.request({
        method: 'GET',
        url: '/api/user/status/',
        token: owner.access,
      });
      expect(status.json().user.is_staff).toBe(false);
    });

    it('never takes status, reviewed_at or created_at from a report body', async () => {
      const q = await createQuestion(ctx);
      const res = await ctx.request({
        method: 'POST',
        url: '/api/reports/',
        body: {
          question: q.id,
          reason: 'spam',
          session_id: newSession(),
          status: 'approved',
          reviewed_at: '2000-01-01T00:00:00Z',
          created_at: '2000-01-01T00:00:00Z',
          id: 1,
        },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ status: 'pending', reviewed_at: null });
      expect(res.json().created_at).not.toContain('2000');
      const detail = await ctx.request({ method: 'GET', url: `/api/questions/${q.id}/` });
      expect(detail.statusCode).toBe(200);
    });

    it('never takes is_staff from a registration', async () => {
      const username = uniqueName();
      const res = await ctx.request({
        method: 'POST',
        url: '/api/register/',
        body: {
          username,
          password: 'long enough pw',
          password2: 'long enough pw',
          is_staff: true,
          id: 1,
        },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().id).not.toBe(1);
    });
  });

  it('never answers 5xx to random JSON bodies', async () => {
    let seed = 0x5eed;
    const random = () => {
      // Mulberry32: a small reproducible generator.
      seed = (seed + 0x6d2b79f5) | 0;
      let t = seed;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    const chars = [
      'a',
      'Z',
      ' ',
      '<',
      '>',
      '"',
      '&',
      '\\',
      '\u0000',
      '\ud800',
      '\udc00',
      '💘',
      'é',
      '\n',
      '%',
      "'",
      ';',
      '-',
    ];
    const randomString = () =>
      Array.from({ length: Math.floor(random() * 12) }, () => pick(chars)).join('');
    const keys = [
      'text',
      'tag_names',
      'gender',
      'age_range',
      'session_id',
      'user',
      'likes',
      'parent_id',
      'id',
      '__proto__',
      'constructor',
      '',
    ];
    const value = (depth: number): unknown => {
      const kind = Math.floor(random() * (depth > 2 ? 6 : 8));
      switch (kind) {
        case 0:
          return null;
        case 1:
          return random() < 0.5;
        case 2:
          return pick([0, -1, 1.5, 2147483648, 1e308, -0, 42]);
        case 3:
          return randomString();
        case 4:
          return pick(['W', 'M', 'NB', 'U', '18-25', '45+', newSession(), '<p>hi</p>', '']);
        case 5:
          return 'x'.repeat(Math.floor(random() * 25_000));
        case 6:
          return Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1));
        default: {
          const out: Record<string, unknown> = {};
          for (let i = 0; i < Math.floor(random() * 5); i += 1) out[pick(keys)] = value(depth + 1);
          return out;
        }
      }
    };
    const statuses = new Map<number, number>();
    for (let i = 0; i < 150; i += 1) {
      const body =
        random() < 0.7
          ? {
              text: value(1),
              tag_names: value(1),
              gender: value(2),
              session_id: newSession(),
              [pick(keys)]: value(1),
            }
          : value(0);
      const payload = JSON.stringify(body) ?? 'null';
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/questions/',
        payload,
        headers: JSON_TYPE,
      });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      expect(res.statusCode, payload.slice(0, 300)).toBeLessThan(500);
      if (res.statusCode >= 400) expectClientError(res, payload.slice(0, 300));
    }
    // The generator reaches both outcomes.
    expect([...statuses.keys()].some((s) => s >= 400)).toBe(true);
  });
});
