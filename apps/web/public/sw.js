/*
 * The web app's service worker: Web Push only (it caches nothing and sees no request).
 * A push carries {kind, url}, encrypted to this browser; the notice says only what kind of
 * news there is, never what anyone wrote (it may show on a locked screen), and opens the
 * page on this site that the push names.
 */
/*
 * The notices' words in the site's three languages (the web app's catalogues cannot reach a
 * worker). The page registers the worker as /sw.js?lang=xx, in its own language
 * (push-device.ts); anything else reads English.
 */
const WORDS = {
  en: {
    reply: 'New reply',
    answer_reply: 'New reply to your reply',
    update: 'A question you follow was updated',
    helped: 'Your reply helped',
    moderation: 'Moderators acted on your post',
    fallback: 'Something new for you',
    body: 'Open to read it.',
  },
  es: {
    reply: 'Nueva respuesta',
    answer_reply: 'Nueva respuesta a tu respuesta',
    update: 'Hay novedades en una pregunta que sigues',
    helped: 'Tu respuesta ayudó',
    moderation: 'El equipo de moderación revisó tu publicación',
    fallback: 'Tienes algo nuevo',
    body: 'Ábrelo para leerlo.',
  },
  ar: {
    reply: 'ردّ جديد',
    answer_reply: 'ردّ جديد على ردّك',
    update: 'مستجد في سؤال تتابعه',
    helped: 'كان ردّك مفيدًا',
    moderation: 'راجع فريق الإشراف منشورك',
    fallback: 'لديك شيء جديد',
    body: 'افتحه لتقرأه.',
  },
};
const KINDS = ['reply', 'answer_reply', 'update', 'helped', 'moderation'];
const LANG = new URL(self.location.href).searchParams.get('lang');
const locale = Object.hasOwn(WORDS, LANG ?? '') ? LANG : 'en';
const words = WORDS[locale];

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
  const title = KINDS.includes(message.kind) ? words[message.kind] : words.fallback;
  const url = pathOf(message.url);
  event.waitUntil(
    self.registration.showNotification(title, {
      body: words.body,
      lang: locale,
      dir: locale === 'ar' ? 'rtl' : 'ltr',
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
