/**
 * The language menu, in the header and the footer: a native select (keyboard, screen reader
 * and phone pickers work as they should), each language named in itself and marked with its
 * `lang`, so that a visitor finds their own whatever language the page is in. Choosing one
 * keeps it in the `lang` cookie and reloads the page: the language is fixed for a page's
 * life, and the server draws the new page in it (no flash of the old language).
 */
import { isSiteLocale, LOCALE_NAMES, SITE_LOCALES } from '@dating/contract';
import { useId } from 'react';
import { cx } from '../../../lib/cx.ts';
import { activeLocale } from '../../../lib/i18n.ts';
import { TEXT } from '../../../lib/messages.ts';
import { storeLocale } from '../../../lib/storage.ts';
import styles from './language-menu.module.css';

export function LanguageMenu({ className }: { className?: string }) {
  const id = useId();
  return (
    <span className={cx(styles.menu, className)}>
      <label htmlFor={id} className="visually-hidden">
        {TEXT.language}
      </label>
      <select
        id={id}
        className={styles.select}
        defaultValue={activeLocale()}
        onChange={(event) => {
          const locale = event.currentTarget.value;
          if (!isSiteLocale(locale) || locale === activeLocale()) return;
          storeLocale(locale);
          window.location.reload();
        }}
      >
        {SITE_LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </span>
  );
}
