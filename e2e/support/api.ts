/** Builds test data through the real API (each test makes its own). */
import { randomBytes, randomUUID } from 'node:crypto';
import { strongSessionId } from '@dating/contract';
import type { APIRequestContext } from '@playwright/test';
import { ADMIN } from './env.ts';

export const uid = () => randomUUID().slice(0, 8);

export interface Tokens {
  access: string;
  refresh: string;
}

export interface UserAccount {
  id: number;
  username: string;
  password: string;
  email: string;
}

async function json<T>(response: { ok(): boolean; status(): number; text(): Promise<string> }) {
  const text = await response.text();
  if (!response.ok()) throw new Error(`API ${response.status()}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function createUser(
  request: APIRequestContext,
  prefix = 'user',
): Promise<UserAccount> {
  const username = `${prefix}_${uid()}`;
  const password = `pw-${uid()}-${uid()}`;
  const email = `${username}@example.com`;
  const user = await json<{ id: number }>(
    await request.post('/api/register/', {
      data: { username, password, password2: password, email },
    }),
  );
  return { id: user.id, username, password, email };
}

export async function login(request: APIRequestContext, username: string, password: string) {
  return json<Tokens>(await request.post('/api/token/', { data: { username, password } }));
}

export const loginAdmin = (request: APIRequestContext) =>
  login(request, ADMIN.username, ADMIN.password);

interface Author {
  sessionId?: string;
  tokens?: Tokens;
}

function headers(author: Author): Record<string, string> {
  const out: Record<string, string> = {};
  if (author.sessionId) out['X-Session-Id'] = author.sessionId;
  if (author.tokens) out.Authorization = `Bearer ${author.tokens.access}`;
  return out;
}

export async function createQuestion(
  request: APIRequestContext,
  fields: { text?: string; tags?: string[]; gender?: string; age_range?: string } = {},
  author: Author = { sessionId: strongSessionId(randomUUID) },
) {
  return json<{ id: number; text: string; tags: { id: number; name: string }[] }>(
    await request.post('/api/questions/', {
      headers: headers(author),
      data: {
        text: fields.text ?? `<p>Question ${uid()}</p>`,
        tag_names: fields.tags ?? [],
        gender: fields.gender ?? 'U',
        age_range: fields.age_range ?? 'U',
        ...(author.sessionId ? { session_id: author.sessionId } : {}),
      },
    }),
  );
}

export async function createAnswer(
  request: APIRequestContext,
  questionId: number,
  fields: { text?: string; parent_id?: number; gender?: string; age_range?: string } = {},
  author: Author = { sessionId: strongSessionId(randomUUID) },
) {
  return json<{ id: number }>(
    await request.post(`/api/questions/${questionId}/answers/`, {
      headers: headers(author),
      data: {
        text: fields.text ?? `Answer ${uid()}`,
        gender: fields.gender ?? 'U',
        age_range: fields.age_range ?? 'U',
        ...(fields.parent_id ? { parent_id: fields.parent_id } : {}),
        ...(author.sessionId ? { session_id: author.sessionId } : {}),
      },
    }),
  );
}

/**
 * A network no other report of the run came from: a random IPv6 /64 of the global unicast
 * range. Reports weigh what their network's past reports earned (issue 39), so a network
 * whose reports other tests, in this worker or the other, saw rejected would weigh less.
 */
const freshReporterNetwork = () =>
  `2a00:${[0, 1, 2].map(() => randomBytes(2).toString('hex')).join(':')}::1`;

/**
 * A report by a fresh key, from a network of its own: auto-hide counts reporters by
 * network, so each report here is another person (the server trusts the loopback proxy's
 * X-Forwarded-For in these tests).
 */
export async function createReport(
  request: APIRequestContext,
  target: { question?: number; answer?: number },
  fields: { reason?: string; details?: string } = {},
) {
  const sessionId = strongSessionId(randomUUID);
  const network = freshReporterNetwork();
  return json<{ id: number }>(
    await request.post('/api/reports/', {
      headers: { 'X-Session-Id': sessionId, 'X-Forwarded-For': network },
      data: {
        ...target,
        reason: fields.reason ?? 'spam',
        details: fields.details ?? '',
        session_id: sessionId,
      },
    }),
  );
}
