/**
 * The activity log draws its words from codes and ids, and marks what people wrote (who
 * acted, the note) as theirs, the site's words around them whole.
 */
import type { ModerationLogEntry } from '@dating/contract';
import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activateLocale, loadLocale } from '../../../lib/i18n.ts';
import { MODERATION_CATALOGUE } from '../../../locales/moderation/index.ts';
import { answerEveryFetchWith } from '../../../test/fetch.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { ActivityLog } from './activity-log.tsx';

const SILENCE: ModerationLogEntry = {
  id: 3,
  action: 'silence',
  admin: { id: 4, username: 'alice' },
  role: 'moderator',
  created_at: '2026-12-07T02:00:00Z',
  target_type: 'answer',
  target_id: 12,
  question: 5,
  report: null,
  note: 'Harassment again',
  days: 7,
  snapshot: null,
  counts: null,
};

beforeAll(async () => {
  await loadLocale('es');
  await loadLocale('es', MODERATION_CATALOGUE);
});
afterEach(() => activateLocale('en'));

const answering = () => answerEveryFetchWith([SILENCE]);

describe('ActivityLog', () => {
  it('reads as before, with the name and the note marked as people’s words', async () => {
    answering();
    renderWithApp(<ActivityLog />);
    const entry = await screen.findByRole('article', {
      name: 'Author of reply #12 silenced for 7 days: Reply #12',
    });
    expect(entry.textContent).toContain('by alice (moderator)');
    expect(screen.getByTestId('username').textContent).toBe('alice');
    expect(screen.getByTestId('log-note').textContent).toBe('Harassment again');
  });

  it("in Spanish, the site's words around the name are Spanish", async () => {
    activateLocale('es');
    answering();
    renderWithApp(<ActivityLog />);
    const name = await screen.findByTestId('username');
    expect(name.textContent).toBe('alice');
    expect(name.parentElement?.textContent).toBe('por alice (moderación)');
  });
});
