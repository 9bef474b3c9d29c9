/**
 * The leftover check's strings: the domain catalogues' are known as well as the main one's,
 * and a count reads as digits in any grouping, so a Spanish or Arabic count formatted by
 * Intl is its own language's.
 */
import { describe, expect, it } from 'vitest';
import { foreignStrings, leftovers } from './site-strings.ts';

const shown = (...texts: string[]) => texts.map((text) => ({ text, where: '<p>' }));

describe('foreignStrings', () => {
  it("finds another language's words from a domain catalogue", async () => {
    const english = await foreignStrings('en', 'es');
    expect(leftovers(shown('3 reports', '12,345 reports'), english)).toEqual([
      '"3 reports" (moderation/en.ts queueReportCount) at <p>',
      '"12,345 reports" (moderation/en.ts queueReportCount) at <p>',
    ]);
    const spanish = await foreignStrings('es', 'ar');
    expect(leftovers(shown('12.345 denuncias'), spanish)).toEqual([
      '"12.345 denuncias" (moderation/es.ts queueReportCount) at <p>',
    ]);
  });

  it("leaves the page's own language alone, its grouped counts too", async () => {
    const english = await foreignStrings('en', 'es');
    expect(leftovers(shown('12.345 denuncias', '12.345 respuestas'), english)).toEqual([]);
    const spanish = await foreignStrings('es', 'en');
    expect(leftovers(shown('1000 reports', '12345 replies'), spanish)).toEqual([]);
  });
});
