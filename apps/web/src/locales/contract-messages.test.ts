/**
 * The contract's strings in the catalogues: English read word for word as the contract (and so
 * the specification) writes them (a missing key would read as its own name), every one of them there and no stale one, and the web app's
 * objects of the same names reading the page's language.
 */
import * as contract from '@dating/contract';
import { AGE_RANGES, GENDERS } from '@dating/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale, loadLocale } from '../lib/i18n.ts';
import * as web from '../lib/messages.ts';
import en from './en.ts';

/** Each localized constant, its contract original, and the keys the web app reads. */
const CONSTANTS = {
  UI: [web.UI, contract.UI],
  MSG: [web.MSG, contract.MSG],
  PII_MSG: [web.PII_MSG, contract.PII_MSG],
  GENDER_LABELS: [web.GENDER_LABELS, contract.GENDER_LABELS],
  AGE_RANGE_LABELS: [web.AGE_RANGE_LABELS, contract.AGE_RANGE_LABELS],
  FEED_SORT_LABELS: [web.FEED_SORT_LABELS, contract.FEED_SORT_LABELS],
  OUTCOME_UI: [web.OUTCOME_UI, contract.OUTCOME_UI],
  API_MSG: [web.API_TEXT, contract.API_MSG],
  OUTCOME_API_MSG: [web.OUTCOME_API_MSG, contract.OUTCOME_API_MSG],
} as const satisfies Record<string, readonly [object, object]>;

const strings = (source: object) =>
  Object.entries(source).filter((entry): entry is [string, string] => typeof entry[1] === 'string');

afterEach(() => activateLocale('en'));

describe("the contract's strings", () => {
  it.each(Object.entries(CONSTANTS))(
    '%s: English equals the contract word for word',
    (name, pair) => {
      const [localized, original] = pair;
      activateLocale('en');
      // The contract's keys: the web app's objects read them on demand and list none. Of
      // the server's messages, the catalogue holds the few the web app draws itself.
      const expected = strings(original).filter(([key]) =>
        name !== 'API_MSG' && name !== 'OUTCOME_API_MSG'
          ? true
          : Object.hasOwn(en, `${name}.${key}`),
      );
      expect(expected.length).toBeGreaterThan(0);
      for (const [key, text] of expected) {
        expect((localized as Record<string, unknown>)[key], `${name}.${key}`).toBe(text);
      }
    },
  );

  it('has every string of UI, MSG, OUTCOME_UI, PII_MSG and the labels, and none stale', () => {
    const whole = ['UI', 'MSG', 'PII_MSG', 'GENDER_LABELS', 'AGE_RANGE_LABELS', 'FEED_SORT_LABELS'];
    for (const name of [...whole, 'OUTCOME_UI'] as (keyof typeof CONSTANTS)[]) {
      for (const [key] of strings(CONSTANTS[name][1])) {
        expect(en).toHaveProperty([`${name}.${key}`]);
      }
    }
    for (const key of Object.keys(en)) {
      const [name, entry] = key.split(/\.(.*)/) as [string, string?];
      if (entry === undefined || !Object.hasOwn(CONSTANTS, name)) continue;
      expect(CONSTANTS[name as keyof typeof CONSTANTS][1], key).toHaveProperty([entry]);
    }
  });

  it("counts updates and names a perspective's group as the contract does, in English", () => {
    activateLocale('en');
    for (const n of [0, 1, 2, 3, 11, 100, 1000]) {
      expect(web.OUTCOME_UI.updateCount(n)).toBe(contract.OUTCOME_UI.updateCount(n));
    }
    for (const gender of [undefined, ...GENDERS]) {
      for (const age of [undefined, ...AGE_RANGES]) {
        expect(web.perspectiveHeading(gender, age)).toBe(contract.perspectiveHeading(gender, age));
      }
    }
  });

  it('reads Spanish and Arabic on their pages, with their plural forms', async () => {
    await loadLocale('es');
    await loadLocale('ar');
    activateLocale('es');
    expect(web.UI.emptyFeed).toBe(
      'Aún no hay publicaciones. ¡Sé la primera persona en pedir consejo!',
    );
    expect(web.MSG.questionEmpty).toBe('Escribe tu pregunta antes de enviarla.');
    expect(web.GENDER_LABELS.W).toBe('Mujer');
    expect(web.OUTCOME_UI.updateCount(1)).toBe('1 novedad');
    expect(web.OUTCOME_UI.updateCount(4)).toBe('4 novedades');
    expect(web.perspectiveHeading('W', '26-35')).toBe('¿Qué dicen las mujeres de 26-35?');
    activateLocale('ar');
    expect(web.UI.emptyFeed).toBe('لا توجد منشورات بعد. كن أول من يطلب النصيحة!');
    expect(web.PII_MSG.phone).toBe('يبدو هذا رقم هاتف. قد يتعرّف عليك من يعرفك.');
    expect([0, 1, 2, 3, 11, 100].map((n) => web.OUTCOME_UI.updateCount(n))).toEqual([
      'لا مستجدات',
      'مستجد واحد',
      'مستجدان',
      '3 مستجدات',
      '11 مستجدًا',
      '100 مستجد',
    ]);
    expect(web.perspectiveHeading('M', undefined)).toBe('ماذا يقول الرجال؟');
  });
});
