import { LIMITS, TAG_MSG } from '@dating/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale, loadLocale } from '../../../lib/i18n.ts';
import { ASK_FORM_CATALOGUE } from '../../../locales/ask-form/index.ts';
import { tagListProblem } from './tag-messages.ts';

const tooMany = Array.from({ length: LIMITS.tagsPerQuestionMax + 1 }, (_, i) => `t${i}`);
const tooLong = ['x'.repeat(LIMITS.tagMax + 1)];
const lookalike = ['dаting'];

afterEach(() => activateLocale('en'));

describe("the Ask form's tag refusals", () => {
  it("read in English as the contract's (and the server's) words", () => {
    expect(tagListProblem(['first-date'])).toBeNull();
    expect(tagListProblem(tooMany)).toBe(TAG_MSG.tagsTooMany);
    expect(tagListProblem(tooLong)).toBe(TAG_MSG.tagTooLong);
    expect(tagListProblem(lookalike)).toBe(TAG_MSG.tagLookalike);
  });

  it('read in the page’s language', async () => {
    for (const locale of ['es', 'ar'] as const) {
      await loadLocale(locale);
      await loadLocale(locale, ASK_FORM_CATALOGUE);
    }
    activateLocale('es');
    expect(tagListProblem(tooMany)).toBe('Una pregunta puede tener como máximo 10 etiquetas.');
    expect(tagListProblem(tooLong)).toBe('Las etiquetas pueden tener como máximo 32 caracteres.');
    activateLocale('ar');
    expect(tagListProblem(tooMany)).toBe('يمكن أن يكون للسؤال 10 وسوم على الأكثر.');
  });
});
