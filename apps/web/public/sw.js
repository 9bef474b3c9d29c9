/*
 * The web app's service worker: Web Push only (it caches nothing and sees no request).
 * A push carries {kind, url}, encrypted to this browser; the notice says only what kind of
 * news there is, never what anyone wrote (it may show on a locked screen), and opens the
 * page on this site that the push names.
 */
const TITLES = {
  reply: 'New reply',
  answer_reply: 'New reply to your reply',
  update: 'A question you follow was updated',
  helped: 'Your reply helped',
  moderation: 'Moderators acted on your post',
};
const FALLBACK_TITLE = 'Something new for you';

/** A path on this site, or the home page: a push never sends the browser elsewhere. */
function pathOf(url) {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/';
}

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = {};
  }
  const title = Object.hasOwn(TITLES, message.kind) ? TITLES[message.kind] : FALLBACK_TITLE;
  const url = pathOf(message.url);
  event.waitUntil(
    self.registration.showNotification(title, {
      body: 'Open to read it.',
      icon: '/favicon.svg',
      // One notice per page: a later push about the same thread replaces it.
      tag: url.split('#')[0],
      renotify: true,
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(pathOf(event.notification.data?.url), self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open && 'navigate' in open) {
        try {
          await open.focus();
          await open.navigate(target);
          return;
        } catch {
          // Not this worker's client (never controlled): a new window instead.
        }
      }
      await self.clients.openWindow(target);
    })(),
  );
});
