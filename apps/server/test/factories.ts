/** Small factories: each test builds the data it needs through the API itself. */
import { expect } from 'vitest';
import { ensureAdmin } from '../src/auth/admins.ts';
import { newSession, type TestContext, uniqueName } from './harness.ts';

export interface TestUser {
  id: number;
  username: string;
  password: string;
  access: string;
  refresh: string;
}

export async function createUser(
  ctx: TestContext,
  opts: { username?: string; password?: string; email?: string } = {},
): Promise<TestUser> {
  const username = opts.username ?? uniqueName();
  const password = opts.password ?? 'correct horse battery';
  const registered = await ctx.request({
    method: 'POST',
    url: '/api/register/',
    body: { username, password, password2: password, ...(opts.email ? { email: opts.email } : {}) },
  });
  expect(registered.statusCode, registered.body).toBe(201);
  return {
    ...registered.json<{ id: number }>(),
    username,
    password,
    ...(await login(ctx, username, password)),
  };
}

export async function login(ctx: TestContext, username: string, password: string) {
  const res = await ctx.request({
    method: 'POST',
    url: '/api/token/',
    body: { username, password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ access: string; refresh: string }>();
}

export async function createAdmin(ctx: TestContext): Promise<TestUser> {
  const username = uniqueName('admin');
  const password = 'admin password 123';
  const { id } = await ensureAdmin(ctx.database.db, username, password);
  return { id, username, password, ...(await login(ctx, username, password)) };
}

export interface Author {
  token?: string;
  session?: string;
}

export async function createQuestion(
  ctx: TestContext,
  opts: Author & { text?: string; tags?: string[]; gender?: string; age_range?: string } = {},
) {
  const session = opts.token ? opts.session : (opts.session ?? newSession());
  const res = await ctx.request({
    method: 'POST',
    url: '/api/questions/',
    token: opts.token,
    session,
    body: {
      text: opts.text ?? `<p>How do I ${uniqueName('ask')}?</p>`,
      tag_names: opts.tags ?? [],
      gender: opts.gender ?? 'U',
      age_range: opts.age_range ?? 'U',
      ...(session ? { session_id: session } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return {
    ...res.json<{ id: number; text: string; tags: { id: number; name: string }[] }>(),
    session,
  };
}

export async function createAnswer(
  ctx: TestContext,
  questionId: number,
  opts: Author & { text?: string; parent_id?: number } = {},
) {
  const session = opts.token ? opts.session : (opts.session ?? newSession());
  const res = await ctx.request({
    method: 'POST',
    url: `/api/questions/${questionId}/answers/`,
    token: opts.token,
    session,
    body: {
      text: opts.text ?? 'Be yourself.',
      ...(opts.parent_id ? { parent_id: opts.parent_id } : {}),
      ...(session ? { session_id: session } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ...res.json<{ id: number; text: string }>(), session };
}

/** A word no other test uses, letters only, so that full-text search finds it as one lexeme. */
export function uniqueWord(prefix = 'zq'): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let word = prefix;
  for (let i = 0; i < 10; i += 1) word += letters[Math.floor(Math.random() * letters.length)];
  return word;
}

/** The address in a `Link: <...>; rel="next"` header, or null when there is no next page. */
export function nextPage(link: unknown): string | null {
  if (typeof link !== 'string') return null;
  return /<([^>]+)>;\s*rel="next"/.exec(link)?.[1] ?? null;
}

/** Follows the Link headers from a first page to the last, returning every page's ids. */
export async function walkPages(ctx: TestContext, url: string, auth: Author = {}) {
  const pages: number[][] = [];
  let next: string | null = url;
  while (next !== null) {
    const res = await ctx.request({ method: 'GET', url: next, ...auth });
    expect(res.statusCode, res.body).toBe(200);
    pages.push(res.json<{ id: number }[]>().map((q) => q.id));
    next = nextPage(res.headers.link);
    expect(pages.length).toBeLessThan(100);
  }
  return pages;
}

export async function likeQuestion(ctx: TestContext, id: number, auth: Author) {
  return ctx.request({
    method: 'POST',
    url: `/api/questions/${id}/like/`,
    token: auth.token,
    body: auth.session ? { session_id: auth.session } : {},
  });
}

let reporterNetworks = 0;
/** A network no other report of these tests came from: auto-hide counts reporters by network. */
export function freshNetworkAddress(): string {
  reporterNetworks += 1;
  return `10.${(reporterNetworks >> 8) & 255}.${reporterNetworks & 255}.7`;
}

/** A report, by default from a network of its own (`remoteAddress` to choose one). */
export async function createReport(
  ctx: TestContext,
  target: { question: number } | { answer: number },
  opts: Author & { reason?: string; details?: string; remoteAddress?: string } = {},
) {
  const session = opts.token ? opts.session : (opts.session ?? newSession());
  const res = await ctx.request({
    method: 'POST',
    url: '/api/reports/',
    token: opts.token,
    session,
    remoteAddress: opts.remoteAddress ?? freshNetworkAddress(),
    body: {
      ...target,
      reason: opts.reason ?? 'spam',
      ...(opts.details === undefined ? {} : { details: opts.details }),
      ...(session ? { session_id: session } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ...res.json<{ id: number; session_id: string | null }>(), session };
}
