/**
 * "Notify me on this device", end to end: the page registers the service worker, subscribes
 * with the server's VAPID key and gives the server the subscription; a stranger's reply
 * makes the server push to a local push service (a stub on 127.0.0.1, which the server
 * takes with PUSH_ALLOW_INSECURE=true), which decrypts the push with the browser's keys;
 * the decrypted push, delivered to the real service worker, shows a notice that says only
 * what kind of news it is, and where it leads.
 *
 * Headless Chromium has no push service of its own (`pushManager.subscribe` fails with
 * "Registration failed - permission denied", and a real one would need the network), so
 * the browser's push service is the one thing stood in for: `subscribe` answers with the
 * stub's endpoint and keys the test made, as a push service would, and the test carries
 * the push from the stub to the service worker (DevTools' ServiceWorker.deliverPushMessage).
 */
import { randomUUID } from 'node:crypto';
import { strongSessionId } from '@dating/contract';
import {
  browserKeys,
  decryptPush,
  type PushServiceStub,
  startPushServiceStub,
} from '@dating/server/testing/push-service';
import { createAnswer, createQuestion } from '../support/api.ts';
import { expect, expectToast, test } from '../support/fixtures.ts';

let stub: PushServiceStub;
test.beforeAll(async () => {
  stub = await startPushServiceStub();
});
test.afterAll(() => stub.close());

test('Push reaches the stub and decrypts', async ({ page, context, request, baseURL }) => {
  const browser = browserKeys();
  const endpoint = stub.endpoint();
  await context.grantPermissions(['notifications']);
  await page.addInitScript(
    ({ endpoint, keys }) => {
      type Kept = { subscription: PushSubscription | null; serverKey: string | null };
      const kept: Kept = { subscription: null, serverKey: null };
      (window as unknown as { __push: Kept }).__push = kept;
      PushManager.prototype.subscribe = async function subscribe(options) {
        const serverKey = new Uint8Array(options?.applicationServerKey as ArrayBuffer);
        kept.serverKey = btoa(String.fromCharCode(...serverKey))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
        const subscription = {
          endpoint,
          expirationTime: null,
          options: { applicationServerKey: serverKey.buffer, userVisibleOnly: true },
          toJSON: () => ({ endpoint, expirationTime: null, keys }),
          unsubscribe: async () => {
            kept.subscription = null;
            return true;
          },
        } as unknown as PushSubscription;
        kept.subscription = subscription;
        return subscription;
      };
      PushManager.prototype.getSubscription = async () => kept.subscription;
    },
    { endpoint, keys: browser.keys },
  );

  // An anonymous asker: the tab's key asked a question.
  await page.goto('/');
  const session = strongSessionId(randomUUID);
  await page.evaluate((id) => {
    window.sessionStorage.setItem('session_id', id);
    // What the tab's own post would have marked: this key has posts, so it has an inbox.
    window.sessionStorage.setItem('private_key_in_use', '1');
  }, session);
  const question = await createQuestion(request, {}, { sessionId: session });

  await page.goto('/notifications');
  const toggle = page.getByRole('button', { name: 'Notify me on this device' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expectToast(page, 'This device will be notified.');
  const on = page.getByRole('button', { name: 'Notifying this device' });
  await expect(on).toHaveAttribute('aria-pressed', 'true');
  const { public_key } = await (await request.get('/api/push/key/')).json();
  expect(
    await page.evaluate(
      () => (window as unknown as { __push: { serverKey: string } }).__push.serverKey,
    ),
  ).toBe(public_key);

  // A stranger replies: the push reaches the push service, encrypted to this browser.
  const text = 'Private words that must never reach a push service';
  const reply = await createAnswer(request, question.id, { text });
  await expect.poll(() => stub.receivedOn(endpoint).length, { timeout: 20_000 }).toBe(1);
  const [push] = stub.receivedOn(endpoint);
  expect(push?.headers['content-encoding']).toBe('aes128gcm');
  expect(push?.body.toString('latin1')).not.toContain('Private');
  const plaintext = decryptPush(push?.body ?? Buffer.alloc(0), browser);
  const url = `/questions/${question.id}#answer-${reply.id}`;
  expect(JSON.parse(plaintext)).toEqual({ kind: 'reply', url });

  // Delivered to the service worker, it shows a notice that says what kind of news, not what.
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
    registrations.push(...event.registrations);
  });
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.some((r) => !r.isDeleted)).toBe(true);
  const registration = registrations.find((r) => !r.isDeleted);
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(baseURL as string).origin,
    registrationId: registration?.registrationId as string,
    data: plaintext,
  });
  const shown = () =>
    page.evaluate(async () => {
      const worker = await navigator.serviceWorker.ready;
      return (await worker.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        url: (n.data as { url?: string } | null)?.url,
      }));
    });
  await expect.poll(shown).toEqual([{ title: 'New reply', body: 'Open to read it.', url }]);

  // Turned off: the server forgets this device.
  await on.click();
  await expectToast(page, 'This device will no longer be notified.');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  // Another device of the same key is still told: once it has heard of the next reply, this
  // one would have too.
  const other = stub.endpoint();
  const subscribed = await request.post('/api/push/subscriptions/', {
    headers: { 'X-Session-Id': session },
    data: { endpoint: other, keys: browserKeys().keys },
  });
  expect(subscribed.status()).toBe(201);
  await createAnswer(request, question.id);
  await expect.poll(() => stub.receivedOn(other).length, { timeout: 20_000 }).toBe(1);
  expect(stub.receivedOn(endpoint)).toHaveLength(1);
});
