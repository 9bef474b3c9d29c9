/**
 * The review's scenario: clients retry creates that `kill -9` cut off.
 * Many clients post questions and replies, each with its own Idempotency-Key, until the
 * server dies under them; after the restart every client retries its request with the
 * same key. Every request, answered or cut off, then exists exactly once: the key is
 * written in the same transaction as what it creates, so no crash can part them.
 */

import { randomBytes } from 'node:crypto';
import path from 'node:path';
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

interface Create {
  key: string;
  url: string;
  body: Record<string, unknown>;
  session: string;
  text: string;
  table: 'questions' | 'answers';
}

interface Answered {
  status: number;
  body: unknown;
  replayed: boolean;
}

async function post(server: ServerProcess, create: Create): Promise<Answered> {
  const res = await fetch(`${server.baseUrl}${create.url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-session-id': create.session,
      'idempotency-key': create.key,
    },
    body: JSON.stringify(create.body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: kept for the failure message.
  }
  return { status: res.status, body, replayed: res.headers.get('idempotency-replayed') === 'true' };
}

const WORKERS = 16;
const KILL = { afterMs: 1_500, afterWrites: 40, latestMs: 20_000 };

async function setUp(engine: Engine) {
  const dataDir = await tempDir('idem-crash-');
  if (engine === 'pglite') {
    return {
      dataDir,
      databaseUrl: undefined,
      target: { engine: 'pglite', dataDir: path.join(dataDir, 'pgdata') } as const,
      drop: async () => {},
    };
  }
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL as string, 'idem');
  return {
    dataDir,
    databaseUrl: scratch.url,
    target: { engine: 'postgres', url: scratch.url, poolSize: 2 } as const,
    drop: scratch.drop,
  };
}

for (const engine of ENGINES) {
  describe(`creates retried with their Idempotency-Key after kill -9 [${engine}]`, () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    it('exist exactly once each, whether the crash cut them off or not', async () => {
      const env = await setUp(engine);
      cleanups.push(env.drop);
      let server = await startServer({ dataDir: env.dataDir, databaseUrl: env.databaseUrl });
      cleanups.push(async () => void (await server.stop('SIGKILL').catch(() => {})));

      const asker = newSession();
      const base = await call(server.baseUrl, 'POST', '/api/questions/', {
        session: asker,
        body: { text: '<p>The thread the replies go to</p>', session_id: asker },
      });
      expect(base.status).toBe(201);
      const questionId = (base.body as { id: number }).id;

      const sent: Create[] = [];
      const acked = new Map<string, Answered>();
      let stop = false;
      let cutOff = 0;
      const serverErrors: string[] = [];
      const worker = async (w: number) => {
        for (let n = 0; !stop; n += 1) {
          const key = randomBytes(12).toString('base64url');
          const session = newSession();
          const asQuestion = (n + w) % 2 === 0;
          const text = asQuestion ? `<p>Retried question ${key}</p>` : `Retried reply ${key}`;
          const create: Create = asQuestion
            ? {
                key,
                session,
                text,
                table: 'questions',
                url: '/api/questions/',
                body: { text, tag_names: ['retry'], session_id: session },
              }
            : {
                key,
                session,
                text,
                table: 'answers',
                url: `/api/questions/${questionId}/answers/`,
                body: { text, session_id: session },
              };
          sent.push(create);
          try {
            const res = await post(server, create);
            if (res.status === 201) acked.set(key, res);
            else if (res.status >= 500)
              serverErrors.push(`${res.status} ${JSON.stringify(res.body)}`);
          } catch {
            cutOff += 1;
            await sleep(20);
          }
        }
      };
      const workers = Array.from({ length: WORKERS }, (_, w) => worker(w));
      const started = Date.now();
      await sleep(KILL.afterMs);
      while (acked.size < KILL.afterWrites && Date.now() - started < KILL.latestMs) await sleep(50);
      const exit = await server.stop('SIGKILL');
      stop = true;
      await Promise.all(workers);
      expect(exit.signal).toBe('SIGKILL');
      expect(serverErrors).toEqual([]);
      expect(acked.size).toBeGreaterThan(10);
      expect(cutOff).toBeGreaterThan(0);

      // Every client retries its request, with its key, until it has an answer.
      server = await startServer({ dataDir: env.dataDir, databaseUrl: env.databaseUrl });
      const outcomes = new Map<string, Answered>();
      for (let i = 0; i < sent.length; i += 16) {
        await Promise.all(
          sent.slice(i, i + 16).map(async (create) => {
            for (let attempt = 0; attempt < 5; attempt += 1) {
              const res = await post(server, create).catch(() => null);
              if (res && res.status < 500) {
                outcomes.set(create.key, res);
                return;
              }
              await sleep(200);
            }
          }),
        );
      }
      for (const create of sent) {
        const outcome = outcomes.get(create.key);
        expect(outcome, create.key).toBeDefined();
        const first = acked.get(create.key);
        if (first) {
          // Answered before the crash: the retry gets that very answer.
          expect(outcome?.status).toBe(201);
          expect(outcome?.replayed).toBe(true);
          expect(outcome?.body).toEqual(first.body);
        } else {
          // Cut off: created now, or created before the crash, whose response was kept in
          // the creating transaction and is replayed: never a bare 409.
          expect(outcome?.status, JSON.stringify(outcome)).toBe(201);
        }
      }
      const stopped = await server.stop('SIGTERM');
      expect(stopped, server.output()).toEqual({ code: 0, signal: null });

      const database = await openDatabase(env.target);
      try {
        for (const table of ['questions', 'answers'] as const) {
          const texts = sent.filter((c) => c.table === table).map((c) => c.text);
          const rows = await sql<{ text: string; n: number }>`
            SELECT text, count(*)::int AS n FROM ${sql.table(table)}
            WHERE text = ANY(${texts}) GROUP BY text`.execute(database.db);
          const counts = new Map(rows.rows.map((row) => [row.text, row.n]));
          for (const text of texts) expect(counts.get(text), `${table}: ${text}`).toBe(1);
        }
      } finally {
        await database.close();
      }
    }, 180_000);
  });
}
