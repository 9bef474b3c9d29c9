import { describe, expect, it } from 'vitest';
import { DrawnScreens } from './drawn-screens.ts';

function setup(fail = false) {
  let now = 1_000_000;
  const draws: string[] = [];
  const screens = new DrawnScreens(
    async (url, json, locale = 'en') => {
      draws.push(`${url} ${json}`);
      await Promise.resolve();
      if (fail) throw new Error('no');
      return locale === 'en' ? `<p>${url}</p>` : `<p lang="${locale}">${url}</p>`;
    },
    () => now,
  );
  const clock = (body: string) => (at: number) => `{${body},"now":${at}}`;
  return {
    draws,
    advance: (ms: number) => {
      now += ms;
    },
    screen: (url: string, body: string, locale?: 'en' | 'es' | 'ar') =>
      screens.screen(url, body, clock(body), locale),
  };
}

describe('DrawnScreens', () => {
  it('keeps a drawing per language: the same page in another language is drawn anew', async () => {
    const { draws, screen } = setup();
    const en = await screen('/', '"feed":1');
    const es = await screen('/', '"feed":1', 'es');
    const ar = await screen('/', '"feed":1', 'ar');
    expect(en.markup).toBe('<p>/</p>');
    expect(es.markup).toBe('<p lang="es">/</p>');
    expect(ar.markup).toBe('<p lang="ar">/</p>');
    expect(await screen('/', '"feed":1', 'es')).toEqual(es);
    expect(draws).toHaveLength(3);
  });

  it('draws once for the same address and data, and gives the clock it drew at', async () => {
    const { draws, advance, screen } = setup();
    const first = await screen('/', '"feed":1');
    advance(14_000);
    expect(await screen('/', '"feed":1')).toEqual(first);
    expect(first).toEqual({ json: '{"feed":1,"now":1000000}', markup: '<p>/</p>' });
    expect(draws).toHaveLength(1);
  });

  it('draws again for other data, another address, or after 15 s', async () => {
    const { draws, advance, screen } = setup();
    await screen('/', '"feed":1');
    await screen('/', '"feed":2');
    await screen('/?sort=top', '"feed":1');
    advance(15_000);
    expect((await screen('/', '"feed":1')).json).toBe('{"feed":1,"now":1015000}');
    expect(draws).toHaveLength(4);
  });

  it('shares a drawing in progress, and keeps no failed one', async () => {
    const ok = setup();
    await Promise.all([ok.screen('/', '"a"'), ok.screen('/', '"a"')]);
    expect(ok.draws).toHaveLength(1);

    const failing = setup(true);
    await expect(failing.screen('/', '"a"')).rejects.toThrow('no');
    await expect(failing.screen('/', '"a"')).rejects.toThrow('no');
    expect(failing.draws).toHaveLength(2);
  });
});
