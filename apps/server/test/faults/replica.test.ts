/**
 * Reads on a real streaming replica that lags (db/read-replicas.ts, plugins/replica-reads.ts).
 * A PostgreSQL primary of the test's own (initdb, on a free port), a hot standby made from
 * it with pg_basebackup and streaming from it, and the app reading from the standby
 * (DATABASE_READ_URL). With the standby's replay paused (`pg_wal_replay_pause()`), it lags
 * for as long as the test likes:
 * - the writer's next reads see the write: with the `Read-After` position its write was
 *   answered with, and without it (the recent-writer record of its key);
 * - a stranger's read is answered 200 from the standby, and does not show the write yet;
 * - once the standby is stopped, reads are still answered 200, by the primary.
 *
 * Needs PostgreSQL's server programs (Debian's postgresql package: PG_BIN, default
 * /usr/lib/postgresql/15/bin); as root, they run as the `postgres` user.
 */
import { existsSync } from 'node:fs';
import { chown, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/connection.ts';
import { migrate } from '../../src/db/migrator.ts';
import { parseLsn } from '../../src/db/read-replicas.ts';
import { createTestContext, newSession, type TestContext } from '../harness.ts';
import {
  asPostgres,
  call,
  createPrivatePostgres,
  freePort,
  PG_BIN,
  type PrivatePostgres,
  sleep,
  startCluster,
  startServer,
  stopCluster,
  tempDir,
} from './support.ts';

const skipReason = ['initdb', 'pg_ctl', 'pg_basebackup'].every((program) =>
  existsSync(path.join(PG_BIN, program)),
)
  ? null
  : `needs PostgreSQL's server programs in ${PG_BIN} (Debian's postgresql package; or set PG_BIN)`;

interface Standby {
  url: string;
  /** Runs SQL on the standby, on a connection of its own. */
  sql(text: string): Promise<pg.QueryResult>;
  stop(): Promise<void>;
  destroy(): Promise<void>;
}

/** A hot standby of `primary`, streaming from it, on a free port. */
async function startStandby(primary: PrivatePostgres): Promise<Standby> {
  const dir = await tempDir('pg-standby-');
  const dataDir = path.join(dir, 'data');
  // Owned by `postgres` (as root): the same owner as the primary's directory.
  const owner = await stat(primary.dir);
  await chown(dir, owner.uid, owner.gid);
  // -R: standby.signal and primary_conninfo, so that it starts as a streaming standby.
  await asPostgres('pg_basebackup', [
    '-D',
    dataDir,
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
    '-R',
    '-X',
    'stream',
  ]);
  const port = await freePort();
  await startCluster(dataDir, dir, port, '-c hot_standby=on');
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    async sql(text) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return await client.query(text);
      } finally {
        await client.end();
      }
    },
    async stop() {
      await stopCluster(dataDir, 'fast');
    },
    async destroy() {
      await stopCluster(dataDir, 'immediate').catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}

describe.skipIf(skipReason !== null)(
  `reads on a streaming replica that lags${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    let primary: PrivatePostgres;
    let standby: Standby;
    let database: DatabaseHandle;
    let ctx: TestContext & { close(): Promise<void> };
    const redisUrl = process.env.TEST_REDIS_URL;

    beforeAll(async () => {
      primary = await createPrivatePostgres();
      standby = await startStandby(primary);
      database = await openDatabase({
        engine: 'postgres',
        url: primary.url,
        readUrls: [standby.url],
        poolSize: 5,
        replicaOptions: { pollIntervalMs: 50 },
      });
      await migrate(database.direct);
      ctx = await createTestContext('postgres', {
        database,
        // The recent-writer record in Redis, shared by instances, when there is one.
        ...(redisUrl === undefined
          ? {}
          : { env: { REDIS_URL: redisUrl, REDIS_PREFIX: `replica-test-${process.pid}:` } }),
      });
    }, 60_000);

    afterAll(async () => {
      await ctx?.close();
      await database?.close();
      await standby?.destroy();
      await primary?.destroy();
    });

    /** Until the standby has replayed everything the primary has written. */
    async function caughtUp() {
      const admin = new pg.Client({ connectionString: primary.url });
      await admin.connect();
      const target = parseLsn(
        (await admin.query('SELECT pg_current_wal_lsn()::text AS lsn')).rows[0].lsn,
      );
      await admin.end();
      for (let tries = 0; tries < 200; tries += 1) {
        const replayed = database.reads?.snapshot()[0]?.replayed ?? null;
        if (target !== null && replayed !== null && replayed >= target) return;
        await sleep(50);
      }
      throw new Error('the standby did not catch up');
    }

    const ask = async (session: string, text: string) => {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/questions/',
        session,
        body: { text, tag_names: ['replicas'], gender: 'U', age_range: 'U', session_id: session },
      });
      expect(res.statusCode).toBe(201);
      return res;
    };

    const feedIds = async (options: { session?: string; readAfter?: string } = {}) => {
      const res = await ctx.request({
        method: 'GET',
        url: '/api/questions/',
        ...(options.session ? { session: options.session } : {}),
        ...(options.readAfter ? { headers: { 'read-after': options.readAfter } } : {}),
      });
      expect(res.statusCode).toBe(200);
      return res.json<{ id: number }[]>().map((question) => question.id);
    };

    it('shows writers their writes while the replica lags; strangers get 200, older', async () => {
      // Something on both, and the feed read once from the standby.
      const earlier = (await ask(newSession(), '<p>Before the pause: how do I start?</p>')).json<{
        id: number;
      }>().id;
      await caughtUp();
      expect(await feedIds()).toContain(earlier);
      await standby.sql('SELECT pg_wal_replay_pause()');

      const author = newSession();
      const written = await ask(author, '<p>During the pause: should I text first?</p>');
      const id = written.json<{ id: number }>().id;
      const readAfter = written.headers['read-after'];
      expect(typeof readAfter).toBe('string');
      expect(parseLsn(readAfter)).not.toBeNull();
      // The standby has not replayed the write.
      const replayed = database.reads?.snapshot()[0]?.replayed ?? null;
      expect(replayed).not.toBeNull();
      expect((replayed ?? 0n) < (parseLsn(readAfter) ?? 0n)).toBe(true);

      // The writer, with the position: the primary serves what the standby cannot.
      expect(await feedIds({ readAfter: readAfter as string })).toContain(id);
      const detail = await ctx.request({
        method: 'GET',
        url: `/api/questions/${id}/`,
        headers: { 'read-after': readAfter as string },
      });
      expect(detail.statusCode).toBe(200);
      // The writer without the header (another tab's read, a reload): its key's record.
      expect(await feedIds({ session: author })).toContain(id);
      const own = await ctx.request({
        method: 'GET',
        url: `/api/questions/${id}/`,
        session: author,
      });
      expect(own.statusCode).toBe(200);

      // A stranger: served by the lagging standby, which has not got it yet.
      expect(await feedIds()).not.toContain(id);
      expect(await feedIds({ session: newSession() })).not.toContain(id);
      const strangers = await ctx.request({ method: 'GET', url: `/api/questions/${id}/` });
      expect(strangers.statusCode).toBe(404);
      const tags = await ctx.request({ method: 'GET', url: '/api/tags/' });
      expect(tags.statusCode).toBe(200);
      // A position that is not one is ignored: a stranger's read.
      expect(await feedIds({ readAfter: 'not-a-position' })).not.toContain(id);

      // Replay resumes: strangers see it as the standby catches up.
      await standby.sql('SELECT pg_wal_replay_resume()');
      await caughtUp();
      expect(await feedIds()).toContain(id);
    }, 30_000);

    it('does the same as a server process configured with DATABASE_READ_URL', async () => {
      const dataDir = await tempDir('replica-server-');
      const server = await startServer({
        dataDir,
        databaseUrl: primary.url,
        env: { DATABASE_READ_URL: standby.url },
      });
      try {
        await standby.sql('SELECT pg_wal_replay_pause()');
        const author = newSession();
        const asked = await call(server.baseUrl, 'POST', '/api/questions/', {
          session: author,
          body: {
            text: '<p>Through the real server: is a call better than a text?</p>',
            tag_names: ['replicas'],
            gender: 'U',
            age_range: 'U',
            session_id: author,
          },
        });
        expect(asked.status).toBe(201);
        const id = (asked.body as { id: number }).id;
        const readAfter = asked.headers.get('read-after');
        expect(parseLsn(readAfter)).not.toBeNull();
        const idsOf = (answered: { body: unknown }) =>
          (answered.body as { id: number }[]).map((question) => question.id);
        const withPosition = await call(server.baseUrl, 'GET', '/api/questions/', {
          headers: { 'read-after': readAfter as string },
        });
        expect(idsOf(withPosition)).toContain(id);
        const ownKey = await call(server.baseUrl, 'GET', '/api/questions/', { session: author });
        expect(idsOf(ownKey)).toContain(id);
        const stranger = await call(server.baseUrl, 'GET', '/api/questions/');
        expect(stranger.status).toBe(200);
        expect(idsOf(stranger)).not.toContain(id);
      } finally {
        await server.stop('SIGTERM');
        await rm(dataDir, { recursive: true, force: true });
        await standby.sql('SELECT pg_wal_replay_resume()');
      }
    }, 60_000);

    it('answers reads from the primary once the replica is gone', async () => {
      await standby.sql('SELECT pg_wal_replay_pause()');
      const id = (
        await ask(newSession(), '<p>Before the standby stops: is it too soon?</p>')
      ).json<{
        id: number;
      }>().id;
      expect(await feedIds()).not.toContain(id);
      await standby.stop();
      // At once, before any poll has noticed: the failed read runs again on the primary.
      const statuses: number[] = [];
      for (let i = 0; i < 10; i += 1) {
        const res = await ctx.request({ method: 'GET', url: '/api/questions/' });
        statuses.push(res.statusCode);
        expect(res.json<{ id: number }[]>().map((question) => question.id)).toContain(id);
        const detail = await ctx.request({ method: 'GET', url: `/api/questions/${id}/` });
        statuses.push(detail.statusCode);
        const tags = await ctx.request({ method: 'GET', url: '/api/tags/' });
        statuses.push(tags.statusCode);
      }
      expect(new Set(statuses)).toEqual(new Set([200]));
      await sleep(200);
      expect(database.reads?.snapshot()[0]?.healthy).toBe(false);
    }, 30_000);
  },
);
