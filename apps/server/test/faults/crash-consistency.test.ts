/**
 * `kill -9` of the server in the middle of a burst of writes, then a restart on the same
 * data, on PGlite and on PostgreSQL: every write that was answered 2xx is there, the like
 * and answer counters equal their rows, and nothing is half-written.
 */
import path from 'node:path';
import { API_MSG } from '@dating/contract';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection.ts';
import { ENGINES, type Engine } from '../harness.ts';
import {
  call,
  createScratchDatabase,
  newSession,
  type ServerProcess,
  sleep,
  startServer,
  tempDir,
} from './support.ts';

/** Writes the server acknowledged with a 2xx, to be found again after the crash. */
interface Acknowledged {
  questions: Map<number, { text: string; tags: string[] }>;
  answers: Map<number, { questionId: number; text: string }>;
  questionLikes: { questionId: number; session: string }[];
  answerLikes: { answerId: number; session: string }[];
}

const WORKERS = 24;
/**
 * The kill comes at least 1.5 s into the burst and once the round has 40 acknowledged
 * writes (a loaded machine is slower), but no later than 20 s.
 */
const KILL = { afterMs: 1_500, afterWrites: 40, latestMs: 20_000 };

const pick = <T>(items: readonly T[], n: number): T | undefined => items[n % items.length];

/**
 * Many clients write at once until the server dies under them: questions with tags,
 * answers (some as replies), likes of questions and answers, each from a fresh session.
 * Only 2xx answers are recorded; a request cut off by the crash proves nothing.
 */
async function burst(server: ServerProcess, acked: Acknowledged) {
  let stop = false;
  let written = 0;
  let seq = 0;
  let cutOff = 0;
  const serverErrors: string[] = [];
  const note = (what: string, res: { status: number; body: unknown }) => {
    if (res.status >= 500)
      serverErrors.push(`${what} -> ${res.status} ${JSON.stringify(res.body)}`);
    return res;
  };
  const worker = async (w: number) => {
    while (!stop) {
      seq += 1;
      const n = seq;
      const session = newSession();
      const questionIds = [...acked.questions.keys()];
      const answerIds = [...acked.answers.keys()];
      try {
        const kind = n % 5;
        if (kind === 0 || questionIds.length === 0) {
          const text = `<p>Crash question ${n} from worker ${w}?</p>`;
          const tags = ['crash', `w${w}`];
          const res = note(
            'ask',
            await call(server.baseUrl, 'POST', '/api/questions/', {
              session,
              body: { text, tag_names: [...tags, 'CRASH '], session_id: session },
            }),
          );
          if (res.status === 201) {
            acked.questions.set((res.body as { id: number }).id, { text, tags });
            written += 1;
          }
        } else if (kind === 1 || kind === 2) {
          const questionId = pick(questionIds, n * 7) as number;
          const text = `Crash answer ${n}`;
          const parent = kind === 2 ? pick(answerIds, n * 3) : undefined;
          const parentOk =
            parent !== undefined && acked.answers.get(parent)?.questionId === questionId;
          const res = note(
            'answer',
            await call(server.baseUrl, 'POST', `/api/questions/${questionId}/answers/`, {
              session,
              body: { text, session_id: session, ...(parentOk ? { parent_id: parent } : {}) },
            }),
          );
          if (res.status === 201) {
            acked.answers.set((res.body as { id: number }).id, { questionId, text });
            written += 1;
          }
        } else if (kind === 3) {
          const questionId = pick(questionIds, n * 11) as number;
          const res = note(
            'like question',
            await call(server.baseUrl, 'POST', `/api/questions/${questionId}/like/`, {
              session,
              body: { session_id: session },
            }),
          );
          if (res.status === 200) {
            acked.questionLikes.push({ questionId, session });
            written += 1;
          }
        } else {
          const answerId = pick(answerIds, n * 13);
          if (answerId === undefined) continue;
          const res = note(
            'like answer',
            await call(server.baseUrl, 'POST', `/api/answers/${answerId}/like/`, {
              session,
              body: { session_id: session },
            }),
          );
          if (res.status === 200) {
            acked.answerLikes.push({ answerId, session });
            written += 1;
          }
        }
      } catch {
        cutOff += 1;
        await sleep(20);
      }
    }
  };
  const workers = Array.from({ length: WORKERS }, (_, w) => worker(w));
  const started = Date.now();
  await sleep(KILL.afterMs);
  while (written < KILL.afterWrites && Date.now() - started < KILL.latestMs) await sleep(50);
  const exit = await server.stop('SIGKILL');
  stop = true;
  await Promise.all(workers);
  return { exit, cutOff, serverErrors };
}

/** Every acknowledged write, read back through the restarted server's API. */
async function expectAcknowledgedWritesPresent(server: ServerProcess, acked: Acknowledged) {
  const answersSeen = new Map<number, number>();
  for (const [id, question] of acked.questions) {
    const res = await call(server.baseUrl, 'GET', `/api/questions/${id}/`);
    expect(res.status, `question ${id}`).toBe(200);
    const body = res.body as {
      text: string;
      tags: { name: string }[];
      answers: { id: number; replies: unknown[] }[];
    };
    expect(body.text).toBe(question.text);
    expect(body.tags.map((t) => t.name).sort()).toEqual([...question.tags].sort());
  }
  const questionIds = new Set([...acked.answers.values()].map((a) => a.questionId));
  for (const questionId of questionIds) {
    const res = await call(server.baseUrl, 'GET', `/api/questions/${questionId}/`);
    expect(res.status).toBe(200);
    type Node = { id: number; text: string; replies: Node[] };
    const walk = (nodes: Node[]) => {
      for (const node of nodes) {
        answersSeen.set(node.id, questionId);
        walk(node.replies);
      }
    };
    walk((res.body as { answers: Node[] }).answers);
  }
  for (const [id, answer] of acked.answers) {
    expect(answersSeen.get(id), `answer ${id}`).toBe(answer.questionId);
  }
  // A like is there when the same session cannot like again.
  const checks = [
    ...acked.questionLikes.map(
      (like) => () =>
        call(server.baseUrl, 'POST', `/api/questions/${like.questionId}/like/`, {
          session: like.session,
          body: { session_id: like.session },
        }).then((res) =>
          expect(res.body).toEqual({
            code: 'alreadyLikedQuestionSession',
            detail: API_MSG.alreadyLikedQuestionSession,
          }),
        ),
    ),
    ...acked.answerLikes.map(
      (like) => () =>
        call(server.baseUrl, 'POST', `/api/answers/${like.answerId}/like/`, {
          session: like.session,
          body: { session_id: like.session },
        }).then((res) =>
          expect(res.body).toEqual({
            code: 'alreadyLikedAnswerSession',
            detail: API_MSG.alreadyLikedAnswerSession,
          }),
        ),
    ),
  ];
  for (let i = 0; i < checks.length; i += 16) {
    await Promise.all(checks.slice(i, i + 16).map((check) => check()));
  }
}

/** The invariants, read straight from the database once the server has stopped. */
async function expectConsistent(target: Parameters<typeof openDatabase>[0]) {
  const database = await openDatabase(target);
  try {
    const count = async (query: ReturnType<typeof sql<{ n: number }>>) =>
      (await query.execute(database.db)).rows[0]?.n;
    expect(
      await count(sql`SELECT count(*)::int AS n FROM questions q
        WHERE q.likes <> (SELECT count(*) FROM question_likes l WHERE l.question_id = q.id)`),
      'questions whose likes differ from their like rows',
    ).toBe(0);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM answers a
        WHERE a.likes <> (SELECT count(*) FROM answer_likes l WHERE l.answer_id = a.id)`),
      'answers whose likes differ from their like rows',
    ).toBe(0);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM questions q
        WHERE q.answer_count <>
          (SELECT count(*) FROM answers a WHERE a.question_id = q.id AND NOT a.is_deleted)`),
      'questions whose answer_count differs from their answers',
    ).toBe(0);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM answers a
        WHERE NOT EXISTS (SELECT 1 FROM questions q WHERE q.id = a.question_id)
           OR (a.parent_id IS NOT NULL AND NOT EXISTS
                (SELECT 1 FROM answers p WHERE p.id = a.parent_id AND p.question_id = a.question_id))`),
      'answers without their question or parent',
    ).toBe(0);
    // A question and its tags are written in one transaction: never one without the other.
    expect(
      await count(sql`SELECT count(*)::int AS n FROM questions q
        WHERE q.tag_text <> coalesce((SELECT string_agg(t.name, ' ' ORDER BY t.name)
          FROM question_tags qt JOIN tags t ON t.id = qt.tag_id WHERE qt.question_id = q.id), '')
          AND q.tag_text <> ''
          AND (SELECT count(*) FROM question_tags qt WHERE qt.question_id = q.id)
              <> array_length(string_to_array(q.tag_text, ' '), 1)`),
      'questions whose tags are half-written',
    ).toBe(0);
    const totals = await sql<{ questions: number; answers: number; likes: number }>`
      SELECT (SELECT count(*)::int FROM questions) AS questions,
             (SELECT count(*)::int FROM answers) AS answers,
             (SELECT count(*)::int FROM question_likes) + (SELECT count(*)::int FROM answer_likes) AS likes`.execute(
      database.db,
    );
    return totals.rows[0];
  } finally {
    await database.close();
  }
}

function emptyAcknowledged(): Acknowledged {
  return { questions: new Map(), answers: new Map(), questionLikes: [], answerLikes: [] };
}

async function setUp(engine: Engine) {
  const dataDir = await tempDir('crash-');
  if (engine === 'pglite') {
    return {
      dataDir,
      databaseUrl: undefined,
      target: { engine: 'pglite', dataDir: path.join(dataDir, 'pgdata') } as const,
      drop: async () => {},
    };
  }
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL as string, 'crash');
  return {
    dataDir,
    databaseUrl: scratch.url,
    target: { engine: 'postgres', url: scratch.url, poolSize: 2 } as const,
    drop: scratch.drop,
  };
}

for (const engine of ENGINES) {
  describe(`kill -9 during a burst of writes [${engine}]`, () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    it('keeps every acknowledged write and every counter exact, across two crashes', async () => {
      const env = await setUp(engine);
      cleanups.push(env.drop);
      const acked = emptyAcknowledged();
      let totalCutOff = 0;

      // Two rounds: the second crash hits a database that recovered from the first.
      for (let round = 1; round <= 2; round += 1) {
        const server = await startServer({ dataDir: env.dataDir, databaseUrl: env.databaseUrl });
        cleanups.push(async () => void (await server.stop('SIGKILL').catch(() => {})));
        const { exit, cutOff, serverErrors } = await burst(server, acked);
        expect(exit.signal).toBe('SIGKILL');
        // Until the crash, the burst itself never broke the server.
        expect(serverErrors).toEqual([]);
        totalCutOff += cutOff;
      }
      // The burst really wrote, and really was cut off mid-flight.
      expect(acked.questions.size).toBeGreaterThan(3);
      expect(acked.answers.size).toBeGreaterThan(3);
      expect(acked.questionLikes.length + acked.answerLikes.length).toBeGreaterThan(3);
      expect(totalCutOff).toBeGreaterThan(0);

      const server = await startServer({ dataDir: env.dataDir, databaseUrl: env.databaseUrl });
      await expectAcknowledgedWritesPresent(server, acked);
      const exit = await server.stop('SIGTERM');
      expect(exit, server.output()).toEqual({ code: 0, signal: null });

      const totals = await expectConsistent(env.target);
      expect(totals?.questions).toBeGreaterThanOrEqual(acked.questions.size);
      expect(totals?.answers).toBeGreaterThanOrEqual(acked.answers.size);
    }, 150_000);
  });
}
