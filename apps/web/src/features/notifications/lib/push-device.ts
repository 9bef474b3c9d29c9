/**
 * This browser's side of Web Push: the service worker (`/sw.js`, which shows the notice and
 * opens its page), and the push subscription its push service gives, kept by the server
 * under the tab's identity (the account, or the private key). Nothing here runs until the
 * visitor asks: the worker is registered on the first "Notify me on this device".
 */
import type { PushSubscriptionBody } from '@dating/contract';
import { activeLocale } from '../../../lib/i18n.ts';
import { deletePushSubscription, getPushKey, savePushSubscription } from '../api/push.ts';

export const SERVICE_WORKER_URL = '/sw.js';

/**
 * The worker's address in the page's language: its notices are in the language of the page
 * that last turned notices on (a worker cannot read the page's catalogue; sw.js has its few
 * words in each language). Registering another address replaces the worker.
 */
export const serviceWorkerUrl = (locale = activeLocale()) =>
  `${SERVICE_WORKER_URL}?lang=${encodeURIComponent(locale)}`;

export type PushState = 'unsupported' | 'blocked' | 'off' | 'on';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Whether this device is told, may be, or cannot be. */
export async function readPushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  if (Notification.permission !== 'granted') return 'off';
  return (await currentSubscription()) === null ? 'off' : 'on';
}

/** The subscription as the server takes it (`PushSubscription.toJSON()`). */
function bodyOf(subscription: PushSubscription): PushSubscriptionBody {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/**
 * Asks the browser's permission, subscribes with the server's key and gives the server the
 * subscription. A subscription made with another key (the server's was replaced) is renewed.
 */
export async function turnPushOn(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'blocked' : 'off';
  await navigator.serviceWorker.register(serviceWorkerUrl(), { scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  const serverKey = keyBytes(await getPushKey());
  let subscription = await registration.pushManager.getSubscription();
  const kept = subscription?.options.applicationServerKey;
  if (subscription && kept && !sameBytes(new Uint8Array(kept), serverKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: serverKey,
  });
  await savePushSubscription(bodyOf(subscription));
  return 'on';
}

/** Stops this device's notices: the server forgets it, and the browser drops it. */
export async function turnPushOff(): Promise<PushState> {
  const subscription = await currentSubscription();
  if (subscription === null) return 'off';
  // Dropped by the browser even if the server cannot be told: its push service then answers
  // "gone" to the next push, and the server forgets the subscription.
  await deletePushSubscription(subscription.endpoint).finally(() => subscription.unsubscribe());
  return 'off';
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
