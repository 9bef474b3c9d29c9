/**
 * Kept unread counts (services/unread-counts.ts): served from memory while the change feed
 * is heard, dropped by its announcements, never kept while it is lost, distrusted after a
 * write of this process; and, over HTTP, a count that is right at once after a reply or a
 * "mark read", on this instance and (PostgreSQL) on another.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChangeFeed } from '../src/db/change-feed.ts';
import type { Owner } from '../src/db/rows.ts';
import { hashSessionId } from '../src/lib/session-id.ts';
import { markRead, recipientKey } from '../src/repositories/notifications.ts';
import { LOCAL_WRITE_DISTRUST_MS, UnreadCounts } from '../src/services/unread-counts.ts';
import { createAnswer, createQuestion } from './factories.ts';
import { createTestContext, ENGINES, newSession, type TestContext } from './harness.ts';

type Context = TestContext & { close(): Promise<void> };

/** A change feed the test speaks for. */
function feedByHand() {
  const feed = {
    announce: (_payload: string) => {},
    gap: () => {},
    lose: () => {},
  };
  const changeFeed: ChangeFeed = {
    listen: async (onChange, onGap, onLost) => {
      feed.announce = onChange;
      feed.gap = onGap;
      feed.lose = onLost ?? (() => {});
      return async () => {};
    },
  };
  return { feed, changeFeed };
}

describe('kept unread counts', () => {
  let ctx: Context;
  let counts: UnreadCounts;
  let feed: ReturnType<typeof feedByHand>['feed'];
  let now = 1_000_000;
  let inbox: Owner;
  let questionId: number;

  /** A notification written behind the service's back: only the feed can tell of it. */
  const writeUnheard = (kind: string) =>
    sql`INSERT INTO notifications (session_hash, kind, question_id, excerpt)
        VALUES (${inbox.sessionHash}, ${kind}, ${questionId}, 'x')`.execute(ctx.app.db);
  const readAllUnheard = () =>
    sql`UPDATE notifications SET read_at = now() WHERE session_hash = ${inbox.sessionHash}`.execute(
      ctx.app.db,
    );

  beforeAll(async () => {
    ctx = await createTestContext('pglite');
    const byHand = feedByHand();
    feed = byHand.feed;
    counts = new UnreadCounts(ctx.app.db, () => now);
    await counts.start(byHand.changeFeed);
    const q = await createQuestion(ctx);
    questionId = q.id;
    inbox = { userId: null, sessionHash: hashSessionId(newSession()) };
  });
  afterAll(async () => {
    await counts?.stop();
    await ctx?.close();
  });

  it('serves a kept count until the feed announces a change of that inbox', async () => {
    expect(await counts.get(inbox)).toBe(0);
    await writeUnheard('reply');
    expect(await counts.get(inbox)).toBe(0);
    feed.announce(`n:u${2_000_000}`);
    expect(await counts.get(inbox)).toBe(0);
    feed.announce(`n:${recipientKey(inbox)}`);
    expect(await counts.get(inbox)).toBe(1);
  });

  it('keeps nothing while the feed is lost, and drops everything when it is back', async () => {
    feed.lose();
    expect(counts.size).toBe(0);
    await writeUnheard('update');
    expect(await counts.get(inbox)).toBe(2);
    await writeUnheard('helped');
    expect(await counts.get(inbox)).toBe(3);
    expect(counts.size).toBe(0);
    feed.gap();
    expect(await counts.get(inbox)).toBe(3);
    expect(counts.size).toBe(1);
    await readAllUnheard();
    feed.gap();
    expect(await counts.get(inbox)).toBe(0);
  });

  it("reads an inbox from the database for a while after this process's own write", async () => {
    await writeUnheard('reply');
    feed.announce(`n:${recipientKey(inbox)}`);
    expect(await counts.get(inbox)).toBe(1);
    // Marked read here, and not yet announced by the feed: the count is right at once.
    await markRead(ctx.app.db, inbox, 'all');
    expect(await counts.get(inbox)).toBe(0);
    await writeUnheard('reply');
    expect(await counts.get(inbox)).toBe(1);
    now += LOCAL_WRITE_DISTRUST_MS + 1;
    expect(await counts.get(inbox)).toBe(1);
    await writeUnheard('update');
    expect(await counts.get(inbox)).toBe(1);
    feed.announce(`n:${recipientKey(inbox)}`);
    expect(await counts.get(inbox)).toBe(2);
  });

  it('does not keep a count read while its inbox changed', async () => {
    await readAllUnheard();
    feed.announce(`n:${recipientKey(inbox)}`);
    const reading = counts.get(inbox);
    feed.announce(`n:${recipientKey(inbox)}`);
    expect(await reading).toBe(0);
    expect(counts.size).toBe(0);
  });

  it('asks the database once for readers of one inbox at the same moment', async () => {
    const other: Owner = { userId: null, sessionHash: hashSessionId(newSession()) };
    const [a, b] = await Promise.all([counts.get(other), counts.get(other)]);
    expect([a, b]).toEqual([0, 0]);
    expect(counts.size).toBe(1);
  });
});

const unreadOf = async (ctx: TestContext, session: string) => {
  const res = await ctx.request({ method: 'GET', url: '/api/notifications/unread/', session });
  expect(res.statusCode).toBe(200);
  return res.json<{ count: number }>().count;
};

for (const engine of ENGINES) {
  describe(`the unread count over HTTP, kept [${engine}]`, () => {
    let ctx: Context;
    beforeAll(async () => {
      ctx = await createTestContext(engine);
    });
    afterAll(async () => {
      await ctx?.close();
    });

    it('is right at once after each reply and each "mark read", again and again', async () => {
      const q = await createQuestion(ctx);
      const asker = q.session as string;
      for (let round = 0; round < 10; round += 1) {
        expect(await unreadOf(ctx, asker)).toBe(0);
        await createAnswer(ctx, q.id);
        expect(await unreadOf(ctx, asker)).toBe(1);
        const read = await ctx.request({
          method: 'POST',
          url: '/api/notifications/read/',
          session: asker,
          body: { all: true },
        });
        expect(read.statusCode).toBe(204);
      }
      expect(await unreadOf(ctx, asker)).toBe(0);
    });
  });
}

// Two instances on one database: PostgreSQL only (PGlite belongs to one process).
for (const engine of ENGINES.filter((name) => name === 'postgres')) {
  describe(`the unread count kept by another instance [${engine}]`, () => {
    let first: Context;
    let second: Context;
    beforeAll(async () => {
      first = await createTestContext(engine);
      second = await createTestContext(engine, { database: first.database });
    });
    afterAll(async () => {
      await second?.close();
      await first?.close();
    });

    it('changes within a second of a reply written through the other instance', async () => {
      const q = await createQuestion(first);
      const asker = q.session as string;
      expect(await unreadOf(second, asker)).toBe(0);
      expect(await unreadOf(second, asker)).toBe(0);
      await createAnswer(first, q.id);
      await vi.waitFor(async () => expect(await unreadOf(second, asker)).toBe(1), {
        timeout: 1_000,
        interval: 20,
      });
    });
  });
}
