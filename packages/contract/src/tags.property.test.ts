/** Property-based: tag normalization is a projection onto clean, unique, lower-case names. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeTag, normalizeTags, TAG_MSG, tagListProblem } from './tags.ts';

/** Names as people type them: case, padding, Unicode, whitespace of every kind. */
const rawName = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc
    .tuple(
      fc.constantFrom('', ' ', '\t', '\n', '\u00a0', '\u2003', '\ufeff'),
      fc.constantFrom('Dating', 'DATING', 'dating', 'First Date', 'İstanbul', 'ΣΑΣ', 'ß', 'Ǆ'),
      fc.constantFrom('', ' ', '\t', '\r\n', '\u3000'),
    )
    .map(([a, b, c]) => a + b + c),
  // Invisible and compatibility characters mixed into a name.
  fc
    .array(
      fc.constantFrom(
        'a',
        'Ｂ',
        'ﬁ',
        '豈',
        '\u200b',
        '\u202e',
        '\u2060',
        '\ufe0f',
        '\u00ad',
        ' ',
        '\u0007',
      ),
      { maxLength: 10 },
    )
    .map((parts) => parts.join('')),
);
const names = fc.array(rawName, { maxLength: 15 });

describe('normalizeTags (property-based)', () => {
  it('is idempotent', () => {
    fc.assert(
      fc.property(names, (input) => {
        const once = normalizeTags(input);
        expect(normalizeTags(once)).toEqual(once);
      }),
      { numRuns: 2_000 },
    );
  });

  it('yields trimmed, lower-case, NFKC, visible, non-empty, duplicate-free names', () => {
    fc.assert(
      fc.property(names, (input) => {
        const output = normalizeTags(input);
        for (const name of output) {
          expect(name).toBe(name.trim());
          expect(name).toBe(name.toLowerCase());
          expect(name).toBe(name.normalize('NFKC'));
          expect(name).not.toMatch(/[\p{Cc}\p{Default_Ignorable_Code_Point}]|\s\s/u);
          expect(name).not.toBe('');
        }
        expect(new Set(output).size).toBe(output.length);
      }),
      { numRuns: 2_000 },
    );
  });

  it('keeps every name it was given, in first-seen order, and nothing else', () => {
    fc.assert(
      fc.property(names, (input) => {
        const expected: string[] = [];
        for (const raw of input) {
          const name = normalizeTag(raw);
          if (name !== '' && !expected.includes(name)) expected.push(name);
        }
        expect(normalizeTags(input)).toEqual(expected);
      }),
      { numRuns: 1_000 },
    );
  });
});

describe('look-alike tags (property-based)', () => {
  /** Letters of other scripts, or of Latin's phonetic and small-capital blocks, that pass for a-z. */
  const lookalikes = fc.constantFrom(
    '\u0430', // Cyrillic а
    '\u0435', // Cyrillic е
    '\u043e', // Cyrillic о
    '\u0440', // Cyrillic р
    '\u0441', // Cyrillic с
    '\u03bf', // Greek ο
    '\u03b1', // Greek α
    '\u0578', // Armenian ո
    '\u0585', // Armenian օ
    '\u0251', // Latin alpha ɑ
    '\u0261', // script g ɡ
    '\u0131', // dotless ı
    '\u1d00', // small capital ᴀ
    '\u13aa', // Cherokee Ꭺ
  );
  const word = fc.string({
    unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'),
    minLength: 2,
    maxLength: 20,
  });

  it('refuses a Latin tag with any letter swapped for a look-alike', () => {
    fc.assert(
      fc.property(word, lookalikes, fc.nat(), (name, letter, at) => {
        const i = at % name.length;
        const tag = normalizeTag(name.slice(0, i) + letter + name.slice(i + 1));
        expect(tagListProblem([tag]), tag).toBe(TAG_MSG.tagLookalike);
      }),
      { numRuns: 2_000 },
    );
  });

  it('never takes a tag of a-z, digits, spaces and hyphens for a look-alike', () => {
    const plain = fc.string({
      unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789 -'),
      maxLength: 32,
    });
    fc.assert(
      fc.property(plain, (name) => {
        const tags = normalizeTags([name]);
        expect(tagListProblem(tags), name).toBeNull();
      }),
      { numRuns: 2_000 },
    );
  });
});
