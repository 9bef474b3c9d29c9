/**
 * The language label on a post says the post's language when it is not the page's: compared
 * with the page's language (an English post on a Spanish page is labelled), and read in it.
 */
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale, loadLocale } from '../../lib/i18n.ts';
import { AuthorLabel, LanguageLabel } from './meta-line.tsx';

afterEach(() => activateLocale('en'));

describe('LanguageLabel', () => {
  it("labels a post not in the page's language, in the page's language", async () => {
    const english = render(<LanguageLabel language="es" />);
    expect(screen.getByTestId('language-label').textContent).toBe('ESWritten in Spanish');
    english.unmount();
    expect(render(<LanguageLabel language="en" />).container.textContent).toBe('');

    await loadLocale('es');
    activateLocale('es');
    const spanish = render(<LanguageLabel language="en" />);
    expect(screen.getByTestId('language-label').textContent).toBe('ENEscrita en inglés');
    spanish.unmount();
    expect(render(<LanguageLabel language="es" />).container.textContent).toBe('');
  });
});

describe('AuthorLabel', () => {
  it("reads the server's pseudonyms in the page's language, and anything else as sent", async () => {
    const shown = (label: string) => {
      const { container, unmount } = render(<AuthorLabel label={label} />);
      const text = container.textContent;
      unmount();
      return text;
    };
    expect([shown('Asker'), shown('Anon 2'), shown('Anon x')]).toEqual([
      'Asker',
      'Anon 2',
      'Anon x',
    ]);
    await loadLocale('ar');
    activateLocale('ar');
    expect([shown('Asker'), shown('Anon 2')]).toEqual(['صاحب السؤال', 'مجهول 2']);
    await loadLocale('es');
    activateLocale('es');
    expect(shown('Anon 12')).toBe('Anónimo 12');
  });
});
