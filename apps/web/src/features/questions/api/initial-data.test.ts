import { readFeedState } from '@dating/contract';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { getSessionId, tokens } from '../../../lib/storage.ts';
import { seedInitialData } from './initial-data.ts';

const question = {
  id: 7,
  text: '<p>Hi</p>',
  likes: 0,
  tags: [],
  gender: 'U',
  age_range: 'U',
  user: null,
  session_id: null,
  created_at: '2026-01-01T00:00:00.000Z',
  answer_count: 0,
  author_label: 'Asker',
  hidden: false,
};

/** A document holding `data` as the server writes it, in `lang`. */
function page(data: unknown, lang = 'en'): Document {
  const doc = document.implementation.createHTMLDocument('page');
  doc.documentElement.lang = lang;
  const element = doc.createElement('script');
  element.type = 'application/json';
  element.id = 'initial-data';
  element.textContent = JSON.stringify(data).replace(/</g, '\\u003c');
  doc.body.append(element);
  return doc;
}

const at = (pathname: string, search = '') => ({ pathname, search });

describe('the data that came with the page', () => {
  it("fills the feed's first page under the key of the address's filters", () => {
    const client = createQueryClient();
    const feed = {
      // The server asks for the page's language and English, as the app does.
      query: { search: 'x', tag_id: 'trust', sort: 'top', language: 'en' },
      items: [question],
      next: '/api/n',
      total: 1,
    };
    seedInitialData(client, page({ feed }), at('/', '?tag=trust&q=x&sort=top'));
    const state = client.getQueryState(
      queryKeys.questionList({ search: 'x', tag: 'trust', sort: 'top' }),
    );
    expect(state?.data).toEqual({
      pages: [{ items: [question], next: '/api/n', total: 1 }],
      pageParams: [null],
    });
    expect(state?.dataUpdatedAt).toBeGreaterThan(0);
  });

  it("takes the feed listed in the page's language and English, as the server drew it", () => {
    const feed = (language: string) => ({
      query: { language },
      items: [question],
      next: null,
      total: null,
    });
    const seeded = (doc: Document, search = '') => {
      const client = createQueryClient();
      seedInitialData(client, doc, at('/', search));
      const state = readFeedState(new URLSearchParams(search));
      return client.getQueryData(queryKeys.questionList(state)) !== undefined;
    };
    expect(seeded(page({ feed: feed('ar,en') }, 'ar'))).toBe(true);
    expect(seeded(page({ feed: feed('es,en') }, 'es'))).toBe(true);
    // Data for another language's page is not this page's list.
    expect(seeded(page({ feed: feed('en') }, 'ar'))).toBe(false);
    expect(seeded(page({ feed: feed('ar,en') }, 'en'))).toBe(false);
    // A language the address names wins, whatever the page's.
    expect(seeded(page({ feed: feed('all') }, 'ar'), '?language=all')).toBe(true);
    // An unknown page language reads as English.
    expect(seeded(page({ feed: feed('en') }, 'fr'))).toBe(true);
  });

  it('ignores data for other filters or another page', () => {
    const client = createQueryClient();
    const feed = { query: { search: 'x' }, items: [question], next: null };
    seedInitialData(client, page({ feed }), at('/', '?q=y'));
    seedInitialData(client, page({ feed }), at('/questions/7'));
    seedInitialData(client, page({ question }), at('/questions/8'));
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });

  it('fills the question of /questions/:id, and ignores text that is not JSON', () => {
    const client = createQueryClient();
    seedInitialData(client, page({ question: { ...question, answers: [] } }), at('/questions/7'));
    expect(client.getQueryData(queryKeys.question(7))).toMatchObject({ id: 7, answers: [] });
    const broken = page(null);
    (broken.getElementById('initial-data') as HTMLElement).textContent = '{not json';
    seedInitialData(client, broken, at('/'));
    expect(client.getQueryCache().getAll()).toHaveLength(1);
  });

  it('marks it stale at once for a visitor with a private key or an account', () => {
    getSessionId();
    const client = createQueryClient();
    seedInitialData(client, page({ question: { ...question, answers: [] } }), at('/questions/7'));
    expect(client.getQueryState(queryKeys.question(7))?.dataUpdatedAt).toBe(0);

    window.sessionStorage.clear();
    tokens.store({ access: 'a', refresh: 'r' });
    const signedIn = createQueryClient();
    seedInitialData(
      signedIn,
      page({ feed: { query: { language: 'en' }, items: [], next: null } }),
      at('/'),
    );
    expect(signedIn.getQueryState(queryKeys.questionList({}))?.dataUpdatedAt).toBe(0);
  });
});
