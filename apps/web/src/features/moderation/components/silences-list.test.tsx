/**
 * The silences' list names what each silence was made from in the page's language, from
 * `source_type` and `source_id` (not the API's `made_from`, whichever language that came in),
 * and marks the moderator's reason as their words.
 */
import type { Silence } from '@dating/contract';
import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activateLocale, loadLocale } from '../../../lib/i18n.ts';
import { MODERATION_CATALOGUE } from '../../../locales/moderation/index.ts';
import { answerEveryFetchWith } from '../../../test/fetch.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { SilencesList } from './silences-list.tsx';

const SILENCES: Silence[] = [
  {
    id: 1,
    source_type: 'answer',
    source_id: 12,
    // English, as a client that sent no Accept-Language gets it.
    made_from: 'author of answer 12',
    reason: 'Harassment again',
    days: 7,
    ends_at: '2026-12-14T02:00:00Z',
    created_at: '2026-12-07T02:00:00Z',
  },
  {
    id: 2,
    source_type: 'account',
    source_id: 7,
    made_from: 'account 7',
    reason: 'Ban evasion',
    days: 1,
    ends_at: '2026-12-08T02:00:00Z',
    created_at: '2026-12-07T02:00:00Z',
  },
];

beforeAll(async () => {
  await loadLocale('es');
  await loadLocale('es', MODERATION_CATALOGUE);
});
afterEach(() => activateLocale('en'));

const answering = () => answerEveryFetchWith(SILENCES);

describe('SilencesList', () => {
  it('reads in English as before', async () => {
    answering();
    renderWithApp(<SilencesList />);
    const card = await screen.findByRole('article', { name: 'author of answer 12' });
    expect(card.textContent).toContain('author of answer 12');
    expect(
      screen.getByRole('button', { name: 'Lift the silence of the account 7' }),
    ).not.toBeNull();
    expect(screen.getAllByTestId('silence-reason').map((el) => el.textContent)).toEqual([
      'Harassment again',
      'Ban evasion',
    ]);
  });

  it("draws what it was made from in the page's language", async () => {
    activateLocale('es');
    answering();
    renderWithApp(<SilencesList />);
    const card = await screen.findByRole('article', {
      name: 'quien escribió la respuesta n.º 12',
    });
    expect(card.textContent).not.toContain('author of');
    expect(
      screen.getByRole('button', { name: 'Levantar el silencio de: cuenta n.º 7' }),
    ).not.toBeNull();
  });
});
