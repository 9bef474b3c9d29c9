/** A line of facts about a post (posted by, when, counts), separated by dots. */
import { ASKER_LABEL } from '@dating/contract';
import type { ReactNode } from 'react';
import { cx } from '../../lib/cx.ts';
import { activeLocale } from '../../lib/i18n.ts';
import { pseudonym, TEXT } from '../../lib/messages.ts';
import styles from './meta-line.module.css';

export function MetaLine({ children, className }: { children: ReactNode; className?: string }) {
  return <p className={cx(styles.meta, className)}>{children}</p>;
}

/** '(yours)' on the visitor's own posts. */
export function Yours({ children }: { children: ReactNode }) {
  return <span className={styles.yours}>{children}</span>;
}

/**
 * A thread pseudonym: "Asker" as a badge of its own, "Anon 1", "Anon 2"... plainly;
 * nothing for a deleted reply's placeholder (null).
 */
export function AuthorLabel({ label }: { label: string | null }) {
  if (label === null) return null;
  return (
    <span
      className={cx(styles.author, label === ASKER_LABEL && styles.asker)}
      data-testid="author-label"
      data-asker={label === ASKER_LABEL || undefined}
    >
      {pseudonym(label)}
    </span>
  );
}

/**
 * The language's name in the page's language ('Spanish'). The server stores only codes of
 * two or three letters (migration 0025), which Intl.DisplayNames always takes.
 */
const languageName = (code: string) =>
  new Intl.DisplayNames([activeLocale()], { type: 'language' }).of(code) ?? code;

/**
 * The language a post is written in ('ES'), when it is not the page's: posts are never
 * translated, and this says so before one is opened. Screen readers hear 'Written in
 * Spanish'.
 */
export function LanguageLabel({ language }: { language: string | null }) {
  if (language === null || language === activeLocale()) return null;
  return (
    <span className={styles.language} data-testid="language-label">
      <span aria-hidden="true" lang={language}>
        {language.toUpperCase()}
      </span>
      <span className="visually-hidden">{TEXT.writtenIn(languageName(language))}</span>
    </span>
  );
}
