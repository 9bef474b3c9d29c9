/**
 * The language a question is written in: detected when it is posted and when it is edited,
 * stored, sent as `language`, and the feed's `language` filter (unknown languages always
 * listed), through every sort, search and paging; a bad code is a 400.
 */
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { LANGUAGE_FILTER_INVALID } from '../src/services/feed.ts';
import { createQuestion, uniqueWord, walkPages } from './factories.ts';
import { describeEachEngine, type TestContext } from './harness.ts';

const ENGLISH = [
  'How do I tell my partner that I need more time for myself without hurting them?',
  'We met on a dating app last month and he still has not introduced me to any of his friends.',
  'My girlfriend and I have been dating for two years and she wants to move in together soon.',
];
const SPANISH = [
  '¿Cómo le digo a mi pareja que necesito más tiempo para mí sin hacerle daño?',
  'Llevo dos años saliendo con mi novia y quiere que vivamos juntos. No sé si estoy preparado.',
  'Conocí a alguien en una aplicación de citas y quiere verme este fin de semana.',
];
const ARABIC = [
  'كيف أخبر شريكي أنني بحاجة إلى مزيد من الوقت لنفسي دون أن أجرحه؟',
  'تعرفت على شخص في تطبيق مواعدة ويريد أن يقابلني نهاية الأسبوع',
];
const UNKNOWN = ['Help please', 'First date tips'];

async function storedLanguage(ctx: TestContext, id: number): Promise<string | null> {
  const { rows } = await sql<{ language: string | null }>`
    SELECT language FROM questions WHERE id = ${id}`.execute(ctx.database.db);
  return rows[0]?.language ?? null;
}

describeEachEngine('question languages', (ctx) => {
  const tag = uniqueWord('lang');
  const byLanguage: Record<'en' | 'es' | 'ar' | 'none', number[]> = {
    en: [],
    es: [],
    ar: [],
    none: [],
  };
  const all = () => Object.values(byLanguage).flat();

  beforeAll(async () => {
    // Interleaved, so that every page of a filtered list skips some questions. The first
    // question makes the tag (the general path), the others share a batch's statement.
    const texts = [
      ...ENGLISH.map((text) => ['en', text] as const),
      ...SPANISH.map((text) => ['es', text] as const),
      ...ARABIC.map((text) => ['ar', text] as const),
      ...UNKNOWN.map((text) => ['none', text] as const),
    ];
    for (let round = 0; round < 3; round += 1) {
      for (const [language, text] of texts) {
        const q = await createQuestion(ctx, { tags: [tag], text: `<p>${text}</p>` });
        byLanguage[language].push(q.id);
      }
    }
  }, 120_000);

  const list = (query: string) => `/api/questions/?tag_id=${tag}&limit=3&${query}`;
  const sorted = (ids: number[]) => [...ids].sort((a, b) => b - a);

  it('stores and sends the detected language when a question is posted', async () => {
    const posted = await createQuestion(ctx, { text: `<p>${SPANISH[1]}</p>` });
    expect((posted as unknown as { language: string | null }).language).toBe('es');
    expect(await storedLanguage(ctx, posted.id)).toBe('es');
    for (const [language, ids] of Object.entries(byLanguage)) {
      for (const id of ids) {
        expect(await storedLanguage(ctx, id)).toBe(language === 'none' ? null : language);
      }
    }
    const detail = await ctx.request({ method: 'GET', url: `/api/questions/${byLanguage.ar[0]}/` });
    expect(detail.json<{ language: string | null }>().language).toBe('ar');
    const feed = await ctx.request({
      method: 'GET',
      url: `/api/questions/?tag_id=${tag}&limit=50&language=all`,
    });
    expect(feed.statusCode, feed.body).toBe(200);
    const languages = new Map(
      feed.json<{ id: number; language: string | null }[]>().map((q) => [q.id, q.language]),
    );
    expect(languages.get(byLanguage.en[0] as number)).toBe('en');
    expect(languages.get(byLanguage.none[0] as number)).toBeNull();
  });

  it('detects the language again when the author edits the text', async () => {
    const q = await createQuestion(ctx, { text: `<p>${ENGLISH[0]}</p>` });
    expect(await storedLanguage(ctx, q.id)).toBe('en');
    const edit = async (text: string) => {
      const res = await ctx.request({
        method: 'PATCH',
        url: `/api/questions/${q.id}/`,
        session: q.session,
        body: { text: `<p>${text}</p>`, session_id: q.session },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ language: string | null }>().language;
    };
    expect(await edit(ARABIC[0] as string)).toBe('ar');
    expect(await storedLanguage(ctx, q.id)).toBe('ar');
    expect(await edit('Help please')).toBeNull();
    expect(await storedLanguage(ctx, q.id)).toBeNull();
  });

  it('lists every language without the parameter, with `all` and when empty', async () => {
    const everything = sorted(all());
    expect((await walkPages(ctx, list(''))).flat()).toEqual(everything);
    expect((await walkPages(ctx, list('language=all'))).flat()).toEqual(everything);
    expect((await walkPages(ctx, list('language='))).flat()).toEqual(everything);
  });

  it('filters by languages, unknown ones always listed, through the pages of every sort', async () => {
    const cases: [string, number[]][] = [
      ['es', [...byLanguage.es, ...byLanguage.none]],
      ['es,en', [...byLanguage.es, ...byLanguage.en, ...byLanguage.none]],
      ['AR', [...byLanguage.ar, ...byLanguage.none]],
      ['fr', byLanguage.none],
    ];
    for (const [language, expected] of cases) {
      for (const sort of ['new', 'top', 'active', 'unanswered']) {
        const pages = await walkPages(ctx, list(`language=${language}&sort=${sort}`));
        expect(
          pages.flat().sort((a, b) => b - a),
          `${language} ${sort}`,
        ).toEqual(sorted(expected));
        // Paged, three at a time.
        expect(pages.length).toBeGreaterThanOrEqual(Math.ceil(expected.length / 3));
      }
    }
  });

  it('filters a search by language', async () => {
    const word = uniqueWord('w');
    const spanish = await createQuestion(ctx, { text: `<p>${SPANISH[0]} ${word}</p>` });
    const english = await createQuestion(ctx, { text: `<p>${ENGLISH[1]} ${word}</p>` });
    const unknown = await createQuestion(ctx, { text: `<p>Help ${word}</p>` });
    expect(await storedLanguage(ctx, spanish.id)).toBe('es');
    expect(await storedLanguage(ctx, english.id)).toBe('en');
    const search = (language: string) =>
      walkPages(ctx, `/api/questions/?search=${word}&limit=1&language=${language}`);
    expect((await search('es')).flat().sort()).toEqual([spanish.id, unknown.id].sort());
    expect((await search('en')).flat().sort()).toEqual([english.id, unknown.id].sort());
    expect((await search('all')).flat().sort()).toEqual(
      [spanish.id, english.id, unknown.id].sort(),
    );
  });

  it('keeps the strangers’ kept pages of each filter apart', async () => {
    const first = async (language: string) => {
      const res = await ctx.request({ method: 'GET', url: list(`language=${language}`) });
      expect(res.statusCode, res.body).toBe(200);
      return { ids: res.json<{ id: number }[]>().map((q) => q.id), etag: res.headers.etag };
    };
    const arabic = await first('ar');
    const english = await first('en');
    expect(arabic.etag).not.toBe(english.etag);
    expect((await first('ar')).ids).toEqual(arabic.ids);
    expect(arabic.ids.every((id) => [...byLanguage.ar, ...byLanguage.none].includes(id))).toBe(
      true,
    );
    expect(english.ids.every((id) => [...byLanguage.en, ...byLanguage.none].includes(id))).toBe(
      true,
    );
  });

  it('refuses unknown codes with a 400 that says which are known', async () => {
    for (const bad of ['xx', 'en,xx', 'english', 'en-US', 'all,en', 'und', 'en;es']) {
      const res = await ctx.request({
        method: 'GET',
        url: `/api/questions/?language=${encodeURIComponent(bad)}`,
      });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual({ language: [LANGUAGE_FILTER_INVALID] });
    }
    expect(LANGUAGE_FILTER_INVALID).toContain('en, es, ar');
  });
});
