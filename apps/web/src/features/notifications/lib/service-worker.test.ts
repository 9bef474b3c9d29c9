/**
 * The service worker (public/sw.js) run in a stand-in for its global scope: its notices are
 * in the language of the address it was registered at (push-device.ts), English otherwise.
 */
import { describe, expect, it } from 'vitest';
import source from '../../../../public/sw.js?raw';
import { serviceWorkerUrl } from './push-device.ts';

interface Shown {
  title: string;
  body: string | undefined;
  lang: string | undefined;
  dir: string | undefined;
}

/** The notices the worker at `url` shows for pushes of these kinds. */
function notices(url: string, kinds: string[]): Shown[] {
  const shown: Shown[] = [];
  const listeners: Record<string, (event: unknown) => void> = {};
  const scope = {
    location: { href: new URL(url, 'https://site.example').href },
    addEventListener: (type: string, listener: (event: unknown) => void) => {
      listeners[type] = listener;
    },
    registration: {
      showNotification: (title: string, options: NotificationOptions) => {
        shown.push({ title, body: options.body, lang: options.lang, dir: options.dir });
      },
    },
  };
  new Function('self', source)(scope);
  for (const kind of kinds) {
    listeners.push?.({ data: { json: () => ({ kind, url: '/questions/1' }) }, waitUntil() {} });
  }
  return shown;
}

describe('the service worker', () => {
  it("is registered at the page's language", () => {
    expect(serviceWorkerUrl('es')).toBe('/sw.js?lang=es');
    expect(serviceWorkerUrl()).toBe('/sw.js?lang=en');
  });

  it('says what kind of news in the language it was registered in', () => {
    expect(notices(serviceWorkerUrl('en'), ['reply', 'nonsense'])).toEqual([
      { title: 'New reply', body: 'Open to read it.', lang: 'en', dir: 'ltr' },
      { title: 'Something new for you', body: 'Open to read it.', lang: 'en', dir: 'ltr' },
    ]);
    expect(notices(serviceWorkerUrl('es'), ['helped'])).toEqual([
      { title: 'Tu respuesta ayudó', body: 'Ábrelo para leerlo.', lang: 'es', dir: 'ltr' },
    ]);
    expect(notices(serviceWorkerUrl('ar'), ['reply'])).toEqual([
      { title: 'ردّ جديد', body: 'افتحه لتقرأه.', lang: 'ar', dir: 'rtl' },
    ]);
  });

  it('reads English at an old address or an unknown language, and never a prototype key', () => {
    for (const url of ['/sw.js', '/sw.js?lang=fr', '/sw.js?lang=constructor']) {
      expect(notices(url, ['toString']).map((n) => [n.title, n.lang])).toEqual([
        ['Something new for you', 'en'],
      ]);
    }
  });
});
