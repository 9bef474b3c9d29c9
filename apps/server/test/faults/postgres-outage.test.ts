/**
 * PostgreSQL goes away while the server runs, then comes back: the API answers 503 in
 * the error shape (no hang, no crash), and recovers by itself with its data intact.
 * Runs against a private PostgreSQL instance, started and stopped by the test.
 */
import { API_MSG } from '@dating/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createPrivatePostgres,
  newSession,
  type PrivatePostgres,
  type ServerProcess,
  sleep,
  startServer,
  tempDir,
} from './support.ts';

const HAS_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!HAS_POSTGRES)(
  'PostgreSQL outage (needs PostgreSQL 15 binaries; runs when TEST_DATABASE_URL is set)',
  () => {
    let postgres: PrivatePostgres;
    let server: ServerProcess;

    beforeAll(async () => {
      postgres = await createPrivatePostgres();
      server = await startServer({ dataDir: await tempDir('outage-'), databaseUrl: postgres.url });
    });
    afterAll(async () => {
      await server?.stop('SIGKILL').catch(() => {});
      await postgres?.destroy();
    });

    it('answers 503 while the database is down and recovers when it is back', async () => {
      const session = newSession();
      const asked = await call(server.baseUrl, 'POST', '/api/questions/', {
        session,
        body: {
          text: '<p>Will this survive an outage?</p>',
          tag_names: ['Outage'],
          session_id: session,
        },
      });
      expect(asked.status, JSON.stringify(asked.body)).toBe(201);
      const questionId = (asked.body as { id: number }).id;
      const answered = await call(server.baseUrl, 'POST', `/api/questions/${questionId}/answers/`, {
        session,
        body: { text: 'It should.', session_id: session },
      });
      expect(answered.status).toBe(201);

      await postgres.stop();

      // Every kind of call answers quickly, in the error shape, and the process lives on.
      const down = [
        () => call(server.baseUrl, 'GET', '/api/questions/'),
        () => call(server.baseUrl, 'GET', `/api/questions/${questionId}/`),
        () =>
          call(server.baseUrl, 'POST', '/api/questions/', {
            session,
            body: { text: '<p>Lost in the outage?</p>', session_id: session },
          }),
        () =>
          call(server.baseUrl, 'POST', `/api/questions/${questionId}/like/`, {
            session,
            body: { session_id: session },
          }),
        () => call(server.baseUrl, 'GET', '/api/tags/'),
      ];
      for (const request of down) {
        const started = Date.now();
        const res = await request();
        expect(Date.now() - started).toBeLessThan(6_000);
        expect(res.status, JSON.stringify(res.body)).toBe(503);
        expect(res.body).toEqual({
          code: 'serviceUnavailable',
          detail: API_MSG.serviceUnavailable,
        });
        expect(res.headers.get('retry-after')).toBe('5');
      }
      const ready = await call(server.baseUrl, 'GET', '/api/health/ready/');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({
        code: 'databaseUnavailable',
        detail: API_MSG.databaseUnavailable,
      });
      const live = await call(server.baseUrl, 'GET', '/api/health/');
      expect(live.status).toBe(200);
      expect(server.child.exitCode).toBeNull();

      await postgres.start();

      // Recovers by itself: no restart of the server.
      const deadline = Date.now() + 15_000;
      let status = 0;
      while (Date.now() < deadline) {
        status = (await call(server.baseUrl, 'GET', '/api/health/ready/')).status;
        if (status === 200) break;
        await sleep(250);
      }
      expect(status).toBe(200);

      const detail = await call(server.baseUrl, 'GET', `/api/questions/${questionId}/`);
      expect(detail.status).toBe(200);
      expect(detail.body).toMatchObject({
        id: questionId,
        text: '<p>Will this survive an outage?</p>',
        tags: [{ name: 'outage' }],
        answer_count: 1,
        answers: [{ id: (answered.body as { id: number }).id, text: 'It should.' }],
      });
      // Every pooled connection is usable again: several calls at once all succeed.
      const after = await Promise.all(
        Array.from({ length: 12 }, () => call(server.baseUrl, 'GET', '/api/questions/')),
      );
      expect(after.map((r) => r.status)).toEqual(after.map(() => 200));
      const liked = await call(server.baseUrl, 'POST', `/api/questions/${questionId}/like/`, {
        session,
        body: { session_id: session },
      });
      expect(liked.status).toBe(200);
      expect(liked.body).toEqual({ likes: 1 });
      expect(server.child.exitCode).toBeNull();
    });
  },
);
