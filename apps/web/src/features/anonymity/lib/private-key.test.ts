import { describe, expect, it } from 'vitest';
import { activateLocale, loadLocale } from '../../../lib/i18n.ts';
import { KEY_TEXT } from '../../../lib/key-messages.ts';
import { PRIVATE_KEY_CATALOGUE } from '../../../locales/private-key/index.ts';
import { keyInputError } from './key-problems.ts';
import { keyFromHash, parseKeyInput, privateLink } from './private-key.ts';

const UUID = '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed';
const URL_SAFE = 'Zq3_x-8KpLmN0vBcD7eRtY2u';

describe('private links', () => {
  it('put the key in the fragment of the home address', () => {
    expect(privateLink(UUID, 'https://advice.example')).toBe(`https://advice.example/#key=${UUID}`);
  });

  it('read the key back from a fragment, and nothing from other fragments', () => {
    expect(keyFromHash(`#key=${UUID}`)).toBe(UUID);
    expect(keyFromHash(`key=${URL_SAFE}`)).toBe(URL_SAFE);
    expect(keyFromHash(`#other=1&key=${UUID}`)).toBe(UUID);
    expect(keyFromHash('#main')).toBeNull();
    expect(keyFromHash('#answer-12')).toBeNull();
    expect(keyFromHash('')).toBeNull();
    expect(keyFromHash('#other=1')).toBeNull();
    // An empty key is still a key parameter: the app says what is wrong with it.
    expect(keyFromHash('#key=')).toBe('');
  });
});

describe('parsing a pasted code or link', () => {
  it('takes a code as it is, trimmed', () => {
    expect(parseKeyInput(UUID)).toEqual({ key: UUID, problem: null });
    expect(parseKeyInput(`  ${URL_SAFE}\n`)).toEqual({ key: URL_SAFE, problem: null });
  });

  it('takes the key out of a whole private link, from any address', () => {
    expect(parseKeyInput(privateLink(UUID, 'https://advice.example'))).toEqual({
      key: UUID,
      problem: null,
    });
    expect(parseKeyInput(`http://localhost:8000/#key=${URL_SAFE}`).key).toBe(URL_SAFE);
    expect(parseKeyInput(`#key=${UUID}`).key).toBe(UUID);
  });

  it('drops whitespace that copying wrapped text adds', () => {
    expect(parseKeyInput('1b9d6bcd-bbfd-4b2d-\n 9b5d-ab8dfbbd4bed').key).toBe(UUID);
    expect(
      parseKeyInput('https://advice.example/#key=1b9d6bcd-bbfd-4b2d-9b5d- ab8dfbbd4bed').key,
    ).toBe(UUID);
  });

  it('refuses what is not a key, with a clear message', () => {
    expect(parseKeyInput('   ')).toEqual({ key: null, problem: 'empty' });
    expect(parseKeyInput('my key')).toEqual({ key: null, problem: 'malformed' });
    expect(parseKeyInput(UUID.slice(0, 20))).toEqual({ key: null, problem: 'malformed' });
    expect(parseKeyInput('https://advice.example/#main')).toEqual({
      key: null,
      problem: 'malformed',
    });
    expect(parseKeyInput('https://advice.example/questions/4')).toEqual({
      key: null,
      problem: 'malformed',
    });
    // The nil UUID and 22 times the same letter have the shape of a key, not its randomness.
    expect(parseKeyInput('00000000-0000-0000-0000-000000000000').problem).toBe('weak');
    expect(parseKeyInput('a'.repeat(22))).toEqual({ key: null, problem: 'weak' });
    expect(parseKeyInput('_'.repeat(40)).problem).toBe('weak');
    expect(keyInputError('')).toBe(KEY_TEXT.keyEmpty);
    expect(keyInputError('nope')).toBe(KEY_TEXT.keyMalformed);
    expect(keyInputError('a'.repeat(22))).toBe(KEY_TEXT.keyWeak);
    expect(keyInputError(UUID)).toBeNull();
  });
});

describe("a pasted key's problem", () => {
  // The module may be read before its catalogue has come: its words are read when said.
  it("is said in the language active when it is said, not at the module's import", async () => {
    await loadLocale('es');
    await loadLocale('es', PRIVATE_KEY_CATALOGUE);
    activateLocale('es');
    try {
      expect(keyInputError('')).toBe('Pega el código o el enlace privado que guardaste.');
      expect(keyInputError('a'.repeat(22))).toBe(KEY_TEXT.keyWeak);
      expect(KEY_TEXT.keyWeak).toMatch(/^Esta clave/);
    } finally {
      activateLocale('en');
    }
  });
});
