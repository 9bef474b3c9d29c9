/**
 * The server's drawing of a screen loaded on demand: the same the first time a process
 * draws it as every time after, and whole. The browser loads the screen's code before it
 * takes the drawing over (main.tsx), so the drawing must hold the screen itself, never a
 * boundary left for the browser to fill in.
 */
import type { QuestionDetail } from '@dating/contract';
import { describe, expect, it } from 'vitest';
import { pageTitle, renderFirstScreen, renderSitePage } from './entry-server.tsx';
import { answerNode, STRANGER_RIGHTS } from './test/answer-node.ts';

const now = Date.parse('2026-12-05T12:00:00Z');
const created_at = '2026-12-05T11:00:00Z';

const question: QuestionDetail = {
  id: 7,
  text: '<p>Should I say it first?</p>',
  likes: 2,
  liked: false,
  tags: [{ id: 1, name: 'communication' }],
  gender: 'W',
  age_range: '26-35',
  user: null,
  session_id: null,
  can: STRANGER_RIGHTS,
  created_at,
  edited_at: null,
  answer_count: 2,
  author_label: 'Asker',
  hidden: false,
  helped: false,
  update_count: 0,
  language: null,
  following: false,
  answers: [
    answerNode({ id: 1, question: 7, text: 'Say it when you mean it.', created_at }),
    answerNode({ id: 2, question: 7, text: 'Wait a little.', created_at }),
  ],
  answers_next: null,
  updates: [],
  perspectives: {
    gender: { W: 0, M: 0, NB: 0, U: 2 },
    age_range: { '18-25': 0, '26-35': 0, '36-45': 0, '45+': 0, U: 2 },
  },
};

describe('renderFirstScreen', () => {
  it("draws a question's page in one pass, the first time as every time after", async () => {
    const data = JSON.stringify({ question, now });
    const first = await renderFirstScreen('/questions/7', data);
    const second = await renderFirstScreen('/questions/7', data);
    expect(first).toContain('Say it when you mean it.');
    // No boundary left pending (`<!--$?-->`) or to be drawn by the browser (`<!--$!-->`).
    expect(first).not.toMatch(/<!--\$[?!]/);
    expect(first).toBe(second);
  });

  it('leaves the title to the head: the drawn screen holds none', async () => {
    const markup = await renderFirstScreen('/questions/7', JSON.stringify({ question, now }));
    expect(markup).toContain('Should I say it first?');
    expect(markup).not.toContain('<title>');
  });
});

describe('the language of a drawing', () => {
  it('draws each page in its own language, even when drawings overlap', async () => {
    const data = JSON.stringify({ question, now });
    const [es, ar, en, esAgain] = await Promise.all([
      renderFirstScreen('/questions/7', data, 'es'),
      renderFirstScreen('/questions/7', data, 'ar'),
      renderFirstScreen('/questions/7', data),
      renderFirstScreen('/questions/7', data, 'es'),
    ]);
    expect(es).toContain('Volver al inicio');
    expect(es).toContain('2 respuestas');
    expect(es).not.toContain('Back to Home');
    expect(ar).toContain('العودة إلى الرئيسية');
    expect(ar).toContain('ردّان');
    expect(ar).not.toContain('Volver al inicio');
    expect(en).toContain('Back to Home');
    expect(en).not.toContain('العودة');
    expect(esAgain).toBe(es);
  });

  it('names the tab in the language asked for', () => {
    expect(pageTitle(null, 'es')).toBe('Consejos para citas');
    expect(pageTitle({ text: '<p>¿Le escribo?</p>' }, 'ar')).toBe(
      '¿Le escribo? · نصائح في المواعدة',
    );
    expect(pageTitle(null)).toBe('Dating Advice');
  });
});

describe('the pages that explain the site', () => {
  it('draws each in its language, from its own catalogue, even when drawings overlap', async () => {
    const [en, es, ar] = await Promise.all([
      renderSitePage('/about'),
      renderSitePage('/about', 'es'),
      renderSitePage('/privacy', 'ar'),
    ]);
    expect(en.title).toBe('About this site · Dating Advice');
    expect(en.markup).toContain('Your private key');
    expect(es.title).toBe('Sobre este sitio · Consejos para citas');
    expect(es.markup).toContain('Tu clave privada');
    expect(es.markup).not.toContain('Your private key');
    expect(ar.title).toBe('الخصوصية: من يمكنه معرفة ماذا · نصائح في المواعدة');
    expect(ar.markup).toContain('الزوار الآخرون');
    expect(ar.markup).not.toContain('Other visitors');
  });
});
