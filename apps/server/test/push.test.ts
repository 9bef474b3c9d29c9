/**
 * Web Push through HTTP on both engines, against a local push service (testing/
 * push-service.ts) that decrypts what it receives with the browser's keys, as a browser
 * would (RFC 8291, aes128gcm): subscribing and unsubscribing per identity, every bad input
 * with its status and message, what a push says (its kind and a link, never a post's text),
 * a push service's 410 forgetting the subscription, a claim moving the key's devices, and
 * one push per event with two instances listening.
 */

import { Writable } from 'node:stream';
import { API_MSG, LIMITS, SESSION_ID_MSG } from '@dating/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BrowserKeys,
  browserKeys,
  decryptPush,
  type PushServiceStub,
  type ReceivedPush,
  readVapid,
  startPushServiceStub,
} from '../testing/push-service.ts';
import {
  type Author,
  createAnswer,
  createQuestion,
  createReport,
  createUser,
} from './factories.ts';
import { createTestContext, ENGINES, newSession, type TestContext } from './harness.ts';

type Context = TestContext & { close(): Promise<void> };

/**
 * What the test's resolver answers for each name (the machine has no DNS of its own to ask,
 * and the names that lead inside must do so for certain). Any other name is not found.
 */
const ADDRESSES: Record<string, string[]> = {
  'fcm.googleapis.com': ['142.250.74.106', '2a00:1450:4001:82b::200a'],
  'push.example.com': ['93.184.215.14'],
  'private.example.com': ['10.1.2.3'],
  'private16.example.com': ['192.168.1.10'],
  'loopback.example.com': ['127.0.0.1'],
  'loopback6.example.com': ['::1'],
  'metadata.example.com': ['169.254.169.254'],
  'linklocal6.example.com': ['fe80::1'],
  'ula.example.com': ['fd12:3456::1'],
  'multicast.example.com': ['224.0.0.251'],
  'multicast6.example.com': ['ff02::fb'],
  'unspecified.example.com': ['0.0.0.0'],
  'unspecified6.example.com': ['::'],
  'cgnat.example.com': ['100.64.0.1'],
  'reserved.example.com': ['240.0.0.1'],
  'mapped.example.com': ['::ffff:127.0.0.1'],
  'mapped-private.example.com': ['::ffff:10.0.0.1'],
  'nat64.example.com': ['64:ff9b::a00:1'],
  'mixed.example.com': ['93.184.215.14', '10.0.0.8'],
};
const lookups: string[] = [];
/** Flipped by a test: what flip.example.com answers now. */
const flip = { addresses: ['93.184.215.14'] };
async function resolveHost(host: string): Promise<string[]> {
  lookups.push(host);
  if (host === 'flip.example.com') return flip.addresses;
  const addresses = ADDRESSES[host];
  if (addresses === undefined) {
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  }
  return addresses;
}

const subscribe = (ctx: TestContext, who: Author, body: unknown) =>
  ctx.request({ method: 'POST', url: '/api/push/subscriptions/', ...who, body });
const unsubscribe = (ctx: TestContext, who: Author, body: unknown) =>
  ctx.request({ method: 'DELETE', url: '/api/push/subscriptions/', ...who, body });

/** Waits until `check` holds, for up to 5 s. */
async function eventually<T>(read: () => T | Promise<T>, check: (value: T) => boolean) {
  const until = Date.now() + 5_000;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

for (const engine of ENGINES) {
  describe(`push [${engine}]`, () => {
    let ctx: Context;
    let stub: PushServiceStub;
    let publicKey: string;
    const logLines: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });

    /** A browser subscribed on the stub under `who`: its endpoint and keys. */
    async function device(who: Author, status = 201) {
      const browser = browserKeys();
      const endpoint = stub.endpoint(status);
      const res = await subscribe(ctx, who, { endpoint, keys: browser.keys });
      expect(res.statusCode, res.body).toBe(201);
      return { endpoint, browser };
    }

    const pushesOn = (endpoint: string, at_least = 1) =>
      eventually(
        () => stub.receivedOn(endpoint),
        (pushes) => pushes.length >= at_least,
      );

    const subscriptionCount = async (endpoint: string) => {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM push_subscriptions WHERE endpoint = ${endpoint}`.execute(
        ctx.database.db,
      );
      return rows[0]?.n ?? 0;
    };

    /** What a received push says, decrypted with the browser's keys, and its VAPID claims. */
    function open(push: ReceivedPush, browser: BrowserKeys) {
      expect(push.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(push.headers.ttl)).toBeGreaterThan(0);
      const vapid = readVapid(push.headers.authorization);
      expect(vapid.publicKey).toBe(publicKey);
      expect(vapid.claims.aud).toBe(stub.origin);
      expect(vapid.claims.exp * 1000).toBeGreaterThan(Date.now());
      return JSON.parse(decryptPush(push.body, browser)) as unknown;
    }

    beforeAll(async () => {
      stub = await startPushServiceStub();
      ctx = await createTestContext(engine, {
        env: { PUSH_ALLOW_INSECURE: 'true' },
        resolveHost,
        logger: { level: 'warn', stream: logStream },
      });
      publicKey = (await ctx.request({ method: 'GET', url: '/api/push/key/' })).json<{
        public_key: string;
      }>().public_key;
    });
    afterAll(async () => {
      await ctx?.close();
      await stub?.close();
    });

    it('gives the VAPID public key to anyone', async () => {
      const res = await ctx.request({ method: 'GET', url: '/api/push/key/' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      const key = Buffer.from(res.json<{ public_key: string }>().public_key, 'base64url');
      expect(key).toHaveLength(65);
      expect(key[0]).toBe(4);
    });

    it('pushes a reply to the asker’s device: its kind and link, encrypted, never the text', async () => {
      const q = await createQuestion(ctx);
      const asker = { session: q.session };
      const { endpoint, browser } = await device(asker);
      const text = 'My secret advice: tell her about the letter.';
      const reply = await createAnswer(ctx, q.id, { text });

      const [push] = await pushesOn(endpoint);
      expect(push, 'a push reached the push service').toBeDefined();
      const received = push as ReceivedPush;
      expect(received.body.toString('latin1')).not.toContain('secret');
      expect(open(received, browser)).toEqual({
        kind: 'reply',
        url: `/questions/${q.id}#answer-${reply.id}`,
      });
    });

    it('pushes to an account’s devices, and each event again while the item is unread', async () => {
      const user = await createUser(ctx);
      const q = await createQuestion(ctx);
      const answer = await createAnswer(ctx, q.id, { token: user.access });
      const phone = await device({ token: user.access });
      const laptop = await device({ token: user.access });

      const nested = await createAnswer(ctx, q.id, { parent_id: answer.id, text: 'Agreed.' });
      for (const { endpoint, browser } of [phone, laptop]) {
        const [push] = await pushesOn(endpoint);
        expect(open(push as ReceivedPush, browser)).toEqual({
          kind: 'answer_reply',
          url: `/questions/${q.id}#answer-${nested.id}`,
        });
      }
      // A second reply bumps the unread item: the device hears of it too.
      const again = await createAnswer(ctx, q.id, { parent_id: answer.id, text: 'Me too.' });
      const pushes = await pushesOn(phone.endpoint, 2);
      expect(open(pushes[1] as ReceivedPush, phone.browser)).toEqual({
        kind: 'answer_reply',
        url: `/questions/${q.id}#answer-${again.id}`,
      });

      // "This helped" from the asker.
      const marked = await ctx.request({
        method: 'POST',
        url: `/api/answers/${answer.id}/helpful/`,
        session: q.session,
      });
      expect(marked.statusCode, marked.body).toBe(200);
      const helped = await pushesOn(phone.endpoint, 3);
      expect(open(helped[2] as ReceivedPush, phone.browser)).toEqual({
        kind: 'helped',
        url: `/questions/${q.id}#answer-${answer.id}`,
      });
    });

    it('never pushes one’s own action', async () => {
      const q = await createQuestion(ctx);
      const asker = { session: q.session };
      const { endpoint, browser } = await device(asker);
      await createAnswer(ctx, q.id, { ...asker, text: 'Thanks all.' });
      // A stranger's reply afterwards: the one push the asker's device gets.
      const stranger = await createAnswer(ctx, q.id);
      const pushes = await pushesOn(endpoint);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(stub.receivedOn(endpoint)).toHaveLength(1);
      expect(open(pushes[0] as ReceivedPush, browser)).toMatchObject({
        url: `/questions/${q.id}#answer-${stranger.id}`,
      });
    });

    it('pushes nothing of a hidden question to those it is hidden from', async () => {
      const q = await createQuestion(ctx);
      const follower = { session: newSession() };
      const follow = (id: number, who: Author) =>
        ctx.request({ method: 'POST', url: `/api/questions/${id}/follow/`, ...who });
      expect((await follow(q.id, follower)).statusCode).toBe(204);
      const answer = await createAnswer(ctx, q.id);
      const answerer = { session: answer.session };
      const devices = [await device(follower), await device(answerer)];
      for (let i = 0; i < 3; i += 1) await createReport(ctx, { question: q.id });
      // The asker goes on: a reply under the answerer's, an update, "This helped".
      await createAnswer(ctx, q.id, { session: q.session, parent_id: answer.id, text: 'Hm.' });
      const update = await ctx.request({
        method: 'POST',
        url: `/api/questions/${q.id}/updates/`,
        session: q.session,
        body: { text: 'An update.' },
      });
      expect(update.statusCode, update.body).toBe(201);
      const marked = await ctx.request({
        method: 'POST',
        url: `/api/answers/${answer.id}/helpful/`,
        session: q.session,
      });
      expect(marked.statusCode, marked.body).toBe(200);
      // Then news of a visible question they both follow: the one push each gets.
      const other = await createQuestion(ctx);
      for (const who of [follower, answerer])
        expect((await follow(other.id, who)).statusCode).toBe(204);
      const news = await createAnswer(ctx, other.id);
      for (const { endpoint, browser } of devices) {
        const [push] = await pushesOn(endpoint);
        expect(open(push as ReceivedPush, browser)).toEqual({
          kind: 'reply',
          url: `/questions/${other.id}#answer-${news.id}`,
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      for (const { endpoint } of devices) expect(stub.receivedOn(endpoint)).toHaveLength(1);
    });

    it('subscribes idempotently, and unsubscribes only the identity’s own device', async () => {
      const q = await createQuestion(ctx);
      const asker = { session: q.session };
      const { endpoint, browser } = await device(asker);
      const again = await subscribe(ctx, asker, { endpoint, keys: browser.keys });
      expect(again.statusCode).toBe(201);
      expect(again.headers['cache-control']).toBe('private, no-store');
      expect(await subscriptionCount(endpoint)).toBe(1);

      // Another identity cannot take this device off.
      const other = await unsubscribe(ctx, { session: newSession() }, { endpoint });
      expect(other.statusCode).toBe(204);
      expect(await subscriptionCount(endpoint)).toBe(1);

      const off = await unsubscribe(ctx, asker, { endpoint });
      expect(off.statusCode).toBe(204);
      expect(off.headers['cache-control']).toBe('private, no-store');
      expect(await subscriptionCount(endpoint)).toBe(0);
      expect((await unsubscribe(ctx, asker, { endpoint })).statusCode).toBe(204);

      // Unsubscribed: a reply is no push (the later subscriber's push is the barrier).
      const later = await device(asker);
      await createAnswer(ctx, q.id);
      await pushesOn(later.endpoint);
      expect(stub.receivedOn(endpoint)).toHaveLength(0);
    });

    it('moves a browser to the identity that subscribes it last', async () => {
      const first = { session: newSession() };
      const second = { session: newSession() };
      const { endpoint, browser } = await device(first);
      const res = await subscribe(ctx, second, { endpoint, keys: browser.keys });
      expect(res.statusCode).toBe(201);
      expect(await subscriptionCount(endpoint)).toBe(1);
      // It is the second identity's now: the first can no longer take it off.
      await unsubscribe(ctx, first, { endpoint });
      expect(await subscriptionCount(endpoint)).toBe(1);
      await unsubscribe(ctx, second, { endpoint });
      expect(await subscriptionCount(endpoint)).toBe(0);
    });

    it('forgets a subscription the push service says is gone (410, 404)', async () => {
      for (const status of [410, 404]) {
        const q = await createQuestion(ctx);
        const { endpoint } = await device({ session: q.session }, status);
        expect(await subscriptionCount(endpoint)).toBe(1);
        await createAnswer(ctx, q.id);
        await pushesOn(endpoint);
        expect(
          await eventually(
            () => subscriptionCount(endpoint),
            (n) => n === 0,
          ),
        ).toBe(0);
      }
    });

    it('keeps a subscription the push service refuses for a while (500)', async () => {
      const q = await createQuestion(ctx);
      const { endpoint } = await device({ session: q.session }, 500);
      await createAnswer(ctx, q.id);
      await pushesOn(endpoint);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await subscriptionCount(endpoint)).toBe(1);
    });

    it('moves a claimed key’s devices into the account', async () => {
      const q = await createQuestion(ctx);
      const { endpoint, browser } = await device({ session: q.session });
      // An unread notification moves with the key: that is no news, and pushes nothing.
      await createAnswer(ctx, q.id);
      await pushesOn(endpoint);
      const user = await createUser(ctx);
      const laptop = await device({ token: user.access });
      const claim = await ctx.request({
        method: 'POST',
        url: '/api/my/claim/',
        token: user.access,
        body: { session_id: q.session },
      });
      expect(claim.statusCode, claim.body).toBe(200);
      const { rows } = await sql<{ user_id: number | null; session_hash: Buffer | null }>`
        SELECT user_id, session_hash FROM push_subscriptions WHERE endpoint = ${endpoint}`.execute(
        ctx.database.db,
      );
      expect(rows).toEqual([{ user_id: user.id, session_hash: null }]);
      // The next reply reaches both of the account's devices, and is the laptop's first push.
      const reply = await createAnswer(ctx, q.id);
      const pushes = await pushesOn(endpoint, 2);
      await pushesOn(laptop.endpoint);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(stub.receivedOn(endpoint)).toHaveLength(2);
      expect(stub.receivedOn(laptop.endpoint)).toHaveLength(1);
      expect(open(pushes[1] as ReceivedPush, browser)).toEqual({
        kind: 'reply',
        url: `/questions/${q.id}#answer-${reply.id}`,
      });
    });

    it('sends one push per event with two instances listening', async () => {
      const second = await createTestContext(engine, {
        database: ctx.database,
        env: { PUSH_ALLOW_INSECURE: 'true' },
      });
      try {
        const q = await createQuestion(ctx);
        const { endpoint } = await device({ session: q.session });
        await createAnswer(second, q.id);
        await pushesOn(endpoint);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(stub.receivedOn(endpoint)).toHaveLength(1);
      } finally {
        await second.close();
      }
    });

    it('still pushes when the database connection was opened by a request long over', async () => {
      // A database connection's events run in the async context of whatever opened it: on
      // PGlite the change feed hears on the pool's connection, so when a request reopened
      // it, every push was taken under that request's deadline, long past by then, and
      // none was sent (the e2e push test after a few hundred others).
      const deadlineMs = 300;
      const short = await createTestContext(engine, {
        database: ctx.database,
        env: { PUSH_ALLOW_INSECURE: 'true', REQUEST_DEADLINE_MS: String(deadlineMs) },
      });
      try {
        const q = await createQuestion(ctx);
        const { endpoint } = await device({ session: q.session });
        const idle = await ctx.database.pool.connect();
        idle.release(true);
        const read = await short.request({ method: 'GET', url: `/api/questions/${q.id}/` });
        expect(read.statusCode).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, deadlineMs + 100));

        await createAnswer(ctx, q.id);
        expect(await pushesOn(endpoint)).toHaveLength(1);
      } finally {
        await short.close();
      }
    });

    it('does not push to a host that leads inside by now, and keeps the subscription', async () => {
      flip.addresses = ['93.184.215.14'];
      const q = await createQuestion(ctx);
      const browser = browserKeys();
      const endpoint = `https://flip.example.com/push/${engine}`;
      const res = await subscribe(ctx, { session: q.session }, { endpoint, keys: browser.keys });
      expect(res.statusCode, res.body).toBe(201);
      // The name now answers a loopback address (DNS rebinding), among public ones.
      flip.addresses = ['93.184.215.14', '::ffff:127.0.0.1'];
      lookups.length = 0;
      logLines.length = 0;
      await createAnswer(ctx, q.id);
      const refused = await eventually(
        () => logLines.filter((line) => line.includes('not public: not sent')),
        (lines) => lines.length > 0,
      );
      expect(refused).toHaveLength(1);
      expect(lookups).toContain('flip.example.com');
      expect(refused[0]).not.toContain('flip.example.com');
      expect(await subscriptionCount(endpoint)).toBe(1);
    });

    describe('bad input', () => {
      const good = () => ({ endpoint: stub.endpoint(), keys: browserKeys().keys });

      it('needs an identity: the same 400 as other anonymous actions', async () => {
        for (const send of [subscribe, unsubscribe]) {
          const none = await send(ctx, {}, good());
          expect(none.statusCode).toBe(400);
          expect(none.json()).toEqual({ session_id: [API_MSG.sessionInvalid] });
          expect(none.headers['cache-control']).toBe('private, no-store');
          const weak = await send(ctx, { session: 'abc' }, good());
          expect(weak.statusCode).toBe(400);
          expect(weak.json()).toEqual({ session_id: [SESSION_ID_MSG.sessionIdMalformed] });
        }
      });

      it('refuses endpoints that are not a push service’s https URL', async () => {
        const who = { session: newSession() };
        const keys = browserKeys().keys;
        const cases: [string, string][] = [
          ['not a url', API_MSG.pushEndpointInvalid],
          ['http://push.example.com/send/abc', API_MSG.pushEndpointInsecure],
          ['ftp://push.example.com/send/abc', API_MSG.pushEndpointInsecure],
          ['http://127.0.0.2:8080/push/abc', API_MSG.pushEndpointInsecure],
          ['https://127.0.0.1/push/abc', API_MSG.pushEndpointInvalid],
          ['https://[::1]/push/abc', API_MSG.pushEndpointInvalid],
          ['https://10.1.2.3/push/abc', API_MSG.pushEndpointInvalid],
          ['https://localhost/push/abc', API_MSG.pushEndpointInvalid],
          ['https://db.internal/push/abc', API_MSG.pushEndpointInvalid],
          ['https://intranet/push/abc', API_MSG.pushEndpointInvalid],
          ['https://user:pw@push.example.com/abc', API_MSG.pushEndpointInvalid],
          ['https://push.example.com:8443/send/abc', API_MSG.pushEndpointPort],
          ['https://push.example.com:80/send/abc', API_MSG.pushEndpointPort],
          ['https://nowhere.example.com/send/abc', API_MSG.pushEndpointUnresolved],
        ];
        // Names that lead inside, to any kind of address that is not the public internet's.
        for (const host of Object.keys(ADDRESSES)) {
          if (host === 'fcm.googleapis.com' || host === 'push.example.com') continue;
          cases.push([`https://${host}/send/abc`, API_MSG.pushEndpointPrivate]);
        }
        for (const [endpoint, message] of cases) {
          const res = await subscribe(ctx, who, { endpoint, keys });
          expect(res.statusCode, endpoint).toBe(400);
          expect(res.json(), endpoint).toEqual({ endpoint: [message] });
        }
        const long = `https://push.example.com/${'a'.repeat(LIMITS.pushEndpointMax)}`;
        const tooLong = await subscribe(ctx, who, { endpoint: long, keys });
        expect(tooLong.statusCode).toBe(400);
        expect(tooLong.json()).toEqual({
          endpoint: [`Ensure this field has no more than ${LIMITS.pushEndpointMax} characters.`],
        });
        // A real push service's https endpoint is taken.
        const fcm = await subscribe(ctx, who, {
          endpoint: 'https://fcm.googleapis.com/fcm/send/abc:APA91b',
          keys,
        });
        expect(fcm.statusCode, fcm.body).toBe(201);
        // Its port spelled out is the same endpoint.
        const spelled = await subscribe(ctx, who, {
          endpoint: 'https://push.example.com:443/send/abc',
          keys,
        });
        expect(spelled.statusCode, spelled.body).toBe(201);
      });

      it('allows http://127.0.0.1 only when PUSH_ALLOW_INSECURE=true', async () => {
        const strict = await createTestContext(engine, { database: ctx.database });
        try {
          const res = await subscribe(strict, { session: newSession() }, good());
          expect(res.statusCode).toBe(400);
          expect(res.json()).toEqual({ endpoint: [API_MSG.pushEndpointInsecure] });
        } finally {
          await strict.close();
        }
      });

      it('refuses keys that are not a browser’s', async () => {
        const who = { session: newSession() };
        const endpoint = stub.endpoint();
        const { p256dh, auth } = browserKeys().keys;
        const notOnCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString(
          'base64url',
        );
        const cases: [unknown, string[]][] = [
          [{ p256dh: p256dh.slice(1), auth }, [API_MSG.pushP256dhInvalid]],
          [{ p256dh: `${p256dh.slice(1)}=`, auth }, [API_MSG.pushP256dhInvalid]],
          [{ p256dh: `+${p256dh.slice(1)}`, auth }, [API_MSG.pushP256dhInvalid]],
          [{ p256dh: notOnCurve, auth }, [API_MSG.pushP256dhInvalid]],
          [{ p256dh, auth: auth.slice(2) }, [API_MSG.pushAuthInvalid]],
          [{ p256dh, auth: `${auth.slice(1)}/` }, [API_MSG.pushAuthInvalid]],
          [{ p256dh: 'x', auth: 'y' }, [API_MSG.pushP256dhInvalid, API_MSG.pushAuthInvalid]],
          [{ p256dh }, [API_MSG.required]],
          [{ p256dh: 12, auth }, ['Must be a string.']],
        ];
        for (const [keys, messages] of cases) {
          const res = await subscribe(ctx, who, { endpoint, keys });
          expect(res.statusCode, JSON.stringify(keys)).toBe(400);
          expect(res.json(), JSON.stringify(keys)).toEqual({ keys: messages });
        }
        const missing = await subscribe(ctx, who, {});
        expect(missing.statusCode).toBe(400);
        expect(missing.json()).toEqual({
          endpoint: [API_MSG.required],
          keys: [API_MSG.required],
        });
        const noEndpoint = await unsubscribe(ctx, who, {});
        expect(noEndpoint.statusCode).toBe(400);
        expect(noEndpoint.json()).toEqual({ endpoint: [API_MSG.required] });
      });

      it(`keeps at most ${LIMITS.pushSubscriptionsMax} devices per identity`, async () => {
        const who = { session: newSession() };
        const endpoints: string[] = [];
        for (let i = 0; i < LIMITS.pushSubscriptionsMax; i++) {
          endpoints.push((await device(who)).endpoint);
        }
        const over = await subscribe(ctx, who, good());
        expect(over.statusCode).toBe(400);
        expect(over.json()).toEqual({ endpoint: [API_MSG.pushSubscriptionsMax] });
        // One of its own again is no new device.
        const renewed = await subscribe(ctx, who, {
          endpoint: endpoints[0],
          keys: browserKeys().keys,
        });
        expect(renewed.statusCode).toBe(201);
        // With one off, another fits.
        await unsubscribe(ctx, who, { endpoint: endpoints[1] });
        expect((await subscribe(ctx, who, good())).statusCode).toBe(201);
      });
    });
  });
}
