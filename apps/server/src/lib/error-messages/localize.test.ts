import { API_MSG } from '@dating/contract';
import { describe, expect, it } from 'vitest';
import { ES } from './es.ts';
import { localizeError } from './localize.ts';

describe('localizeError', () => {
  it("adds code after a detail body's fields, keeping them", () => {
    const silenced = {
      detail: 'You cannot post until 2026-12-14 02:00 UTC: spam',
      silenced_until: 'x',
    };
    const out = localizeError(403, silenced, 'en');
    expect(out?.codes).toEqual(['silenced']);
    expect(JSON.stringify(out?.body)).toBe(
      '{"detail":"You cannot post until 2026-12-14 02:00 UTC: spam","silenced_until":"x","code":"silenced"}',
    );
  });

  it('keeps the field shape exactly, translating each message', () => {
    const body = { password: [API_MSG.passwordTooShort, API_MSG.passwordNumeric], email: ['?'] };
    const out = localizeError(400, body, 'es');
    expect(out?.body).toEqual({
      password: [ES.passwordTooShort, ES.passwordNumeric],
      email: [ES.badRequest],
    });
    expect(out?.codes).toEqual(['passwordTooShort', 'passwordNumeric', 'badRequest']);
    expect(out?.language).toBe('es');
  });

  it('leaves a body that already has its code as it is (a stored response sent again)', () => {
    const stored = { detail: ES.alreadyReported, code: 'alreadyReported' };
    expect(localizeError(400, stored, 'en')).toEqual({
      body: stored,
      codes: ['alreadyReported'],
      language: null,
    });
  });

  it('is null for a body in neither error shape', () => {
    expect(localizeError(400, [1, 2], 'es')).toBeNull();
    expect(localizeError(400, {}, 'es')).toBeNull();
    expect(localizeError(400, { count: 3 }, 'es')).toBeNull();
    expect(localizeError(400, 'text', 'es')).toBeNull();
  });
});
