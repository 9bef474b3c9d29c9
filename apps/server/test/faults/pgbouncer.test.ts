/**
 * The server behind PgBouncer in transaction mode, the pool most hosted PostgreSQL offers:
 * consecutive transactions of one client connection run on whichever server session is
 * free, so a session setting, a named prepared statement or a LISTEN made through it is
 * lost, or found by another client ("prepared statement ... already exists"). A pgbouncer
 * process of the test's own, with two server connections for many clients, so that they
 * are shared all the time; the app's queries go through it (DATABASE_URL), LISTEN and
 * migrations through a direct connection (DATABASE_LISTEN_URL), and a realistic mix of
 * calls runs at once: none may answer 5xx, and a reply reaches a thread's event stream.
 *
 * Needs PostgreSQL (TEST_DATABASE_URL) and Debian's `pgbouncer` (.ci/run installs it).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/connection.ts';
import { migrate } from '../../src/db/migrator.ts';
import { freshNetworkAddress } from '../factories.ts';
import { createTestContext, newSession, type TestContext, withSearchPath } from '../harness.ts';
import { freePort, sleep, tempDir } from './support.ts';

const POSTGRES_URL = process.env.TEST_DATABASE_URL;

function pgbouncerBinary(): string | null {
  for (const candidate of ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer']) {
    try {
      execFileSync(candidate, ['--version'], { stdio: 'ignore' });
      return candidate;
    } catch {}
  }
  return null;
}

const PGBOUNCER = pgbouncerBinary();
const skipReason =
  POSTGRES_URL === undefined
    ? 'needs PostgreSQL: TEST_DATABASE_URL is not set'
    : PGBOUNCER === null
      ? 'needs PgBouncer: `apt-get install pgbouncer` (.ci/run does)'
      : null;

interface Bouncer {
  url: string;
  stop(): Promise<void>;
}

/** PgBouncer in transaction mode in front of TEST_DATABASE_URL, on a free port. */
async function startPgbouncer(binary: string, directUrl: string): Promise<Bouncer> {
  const target = new URL(directUrl);
  const database = target.pathname.slice(1) || 'postgres';
  const user = decodeURIComponent(target.username || 'postgres');
  const dir = await tempDir('pgbouncer-');
  const port = await freePort();
  await writeFile(path.join(dir, 'users.txt'), `"${user}" ""\n`);
  await writeFile(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `${database} = host=${target.hostname} port=${target.port || 5432} dbname=${database}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      // Fewer server connections than the app's pool: every one serves many clients.
      'default_pool_size = 2',
      'max_client_conn = 200',
      '',
    ].join('\n'),
  );
  // PgBouncer will not run as root; as root it switches to `postgres` (-u).
  await chmod(dir, 0o755);
  const asRoot = process.getuid?.() === 0;
  const child: ChildProcess = spawn(
    binary,
    [...(asRoot ? ['-u', 'postgres'] : []), path.join(dir, 'pgbouncer.ini')],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Ready once it accepts connections.
  for (let tries = 0; ; tries += 1) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) break;
    if (tries > 100 || child.exitCode !== null)
      throw new Error(`pgbouncer did not start:\n${output}`);
    await sleep(50);
  }
  return {
    url: `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/${database}`,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

interface Reply {
  statusCode: number;
  body: string;
  json<T>(): T;
}

describe.skipIf(skipReason !== null)(
  `the server behind PgBouncer in transaction mode${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    const directUrl = POSTGRES_URL as string;
    const schema = `bouncer_${randomBytes(5).toString('hex')}`;
    let bouncer: Bouncer;
    let database: DatabaseHandle;
    let ctx: TestContext & { close(): Promise<void> };
    let base: string;

    beforeAll(async () => {
      bouncer = await startPgbouncer(PGBOUNCER as string, directUrl);
      const admin = new pg.Client({ connectionString: directUrl });
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      await admin.end();
      database = await openDatabase({
        engine: 'postgres',
        // Nothing but the address: PgBouncer refuses start-up options.
        url: bouncer.url,
        listenUrl: withSearchPath(directUrl, schema),
        schema,
        poolSize: 10,
      });
      await migrate(database.direct);
      ctx = await createTestContext('postgres', { database });
      base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      await ctx?.close();
      await database?.close();
      await bouncer?.stop();
      const admin = new pg.Client({ connectionString: directUrl });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
    });

    /** Every answer of the mix, to find any 5xx. */
    const seen: { call: string; status: number; body: string }[] = [];
    const call = async (
      name: string,
      method: 'GET' | 'POST',
      url: string,
      options: { session?: string; body?: unknown; remoteAddress?: string } = {},
    ): Promise<Reply> => {
      const res = await ctx.request({ method, url, ...options });
      seen.push({ call: name, status: res.statusCode, body: res.body });
      return res;
    };

    /** One visitor's visit: asks, replies, likes, follows, reports, and reads. */
    const visit = async (others: number[]) => {
      const session = newSession();
      const asked = await call('ask', 'POST', '/api/questions/', {
        session,
        body: {
          text: `<p>How do I say hello, take ${randomBytes(4).toString('hex')}?</p>`,
          tag_names: ['first-date'],
          gender: 'U',
          age_range: 'U',
          session_id: session,
        },
      });
      const id = asked.statusCode === 201 ? asked.json<{ id: number }>().id : undefined;
      const target = others[Math.floor(Math.random() * others.length)] ?? id;
      if (target === undefined) return;
      const replier = newSession();
      await call('reply', 'POST', `/api/questions/${target}/answers/`, {
        session: replier,
        body: { text: 'Smile and ask about their day.', session_id: replier },
      });
      await call('like', 'POST', `/api/questions/${target}/like/`, {
        session: replier,
        body: { session_id: replier },
      });
      await call('follow', 'POST', `/api/questions/${target}/follow/`, {
        session: replier,
        body: { session_id: replier },
      });
      await call('report', 'POST', '/api/reports/', {
        session: replier,
        remoteAddress: freshNetworkAddress(),
        // The visitor's own new question: three reports would hide the watched thread.
        body: { question: id ?? target, reason: 'spam', session_id: replier },
      });
      await call('feed', 'GET', '/api/questions/');
      await call('thread', 'GET', `/api/questions/${target}/`);
      await call('search', 'GET', '/api/questions/?search=hello');
    };

    it('answers a concurrent mix of calls without a 5xx, and streams a reply', async () => {
      // A thread watched over the event stream, whose LISTEN is on the direct connection.
      const watched = await call('ask', 'POST', '/api/questions/', {
        session: newSession(),
        body: {
          text: '<p>Is a second date too soon?</p>',
          tag_names: [],
          gender: 'U',
          age_range: 'U',
        },
      });
      expect(watched.statusCode, watched.body).toBe(201);
      const watchedId = watched.json<{ id: number }>().id;
      const controller = new AbortController();
      const stream = await fetch(`${base}/api/events/?question=${watchedId}`, {
        signal: controller.signal,
      });
      expect(stream.status).toBe(200);
      let received = '';
      void (async () => {
        const reader = stream.body?.getReader();
        const decoder = new TextDecoder();
        while (reader) {
          const chunk = await reader.read().catch(() => null);
          if (chunk === null || chunk.done) break;
          received += decoder.decode(chunk.value, { stream: true });
        }
      })();

      const others = [watchedId];
      for (let round = 0; round < 3; round += 1) {
        await Promise.all(Array.from({ length: 16 }, () => visit(others)));
        others.push(
          ...seen
            .filter((s) => s.call === 'ask' && s.status === 201)
            .map((s) => (JSON.parse(s.body) as { id: number }).id),
        );
      }
      const replier = newSession();
      const reply = await call('reply', 'POST', `/api/questions/${watchedId}/answers/`, {
        session: replier,
        body: { text: 'Not if you both want it.', session_id: replier },
      });
      expect(reply.statusCode, reply.body).toBe(201);
      const answerId = reply.json<{ id: number }>().id;
      const until = Date.now() + 5_000;
      while (!received.includes(`"answer":${answerId}`) && Date.now() < until) await sleep(20);
      controller.abort();
      expect(received).toContain(`"answer":${answerId}`);

      const failures = seen.filter((s) => s.status >= 500);
      expect(failures.slice(0, 5)).toEqual([]);
      // The mix did what it says: writes of every kind went through.
      for (const name of ['ask', 'reply', 'like', 'follow', 'report', 'feed', 'thread', 'search']) {
        expect(
          seen.some((s) => s.call === name && s.status < 300),
          `${name}: ${JSON.stringify(seen.find((s) => s.call === name))}`,
        ).toBe(true);
      }
    });
  },
);
