import { describe, expect, it } from 'vitest';
import { isValidUsername, normalizeUsername, usernameProblem } from './username.ts';

describe('usernames', () => {
  it('are normalized with NFKC and trimmed', () => {
    expect(normalizeUsername('  ａｄｍｉｎ ')).toBe('admin');
    expect(normalizeUsername('ｊｏｅ＿９')).toBe('joe_9');
  });

  it('take ASCII letters, digits and @ . + - _ only', () => {
    for (const name of ['admin', 'Joe.Doe+1', 'a_b-c@d', '123']) {
      expect(usernameProblem(name), name).toBeNull();
    }
    // Look-alikes of "admin" and "root": Cyrillic, dotless i, small capital, Greek.
    for (const name of ['\u0430dmin', 'r\u043e\u043et', 'adm\u0131n', '\u1d00dmin', 'adm\u03b9n']) {
      expect(usernameProblem(normalizeUsername(name)), name).toBe('usernameAlphabet');
    }
    for (const name of ['a b', 'a/b', 'émile', '恋愛さん', 'a\u200bb']) {
      expect(usernameProblem(normalizeUsername(name)), name).toBe('usernameAlphabet');
    }
  });

  it('are 3 to 150 characters', () => {
    expect(usernameProblem('ab')).toBe('usernameLength');
    expect(usernameProblem('abc')).toBeNull();
    expect(usernameProblem('a'.repeat(150))).toBeNull();
    expect(usernameProblem('a'.repeat(151))).toBe('usernameLength');
  });

  it('are valid as written only in their normal form', () => {
    expect(isValidUsername('admin')).toBe(true);
    expect(isValidUsername('ａｄｍｉｎ')).toBe(false);
    expect(isValidUsername(' admin')).toBe(false);
  });
});
