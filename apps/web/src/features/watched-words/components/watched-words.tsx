/**
 * The admin's watched words: a form to add a word, phrase or pattern with its action, and
 * the list, each with Remove. A post holding one is refused, held for review or flagged
 * (the server's services/watched-words.ts); matching folds case, width, look-alike letters
 * and letters written apart, as the hint says.
 */
import { WATCHED_WORD_ACTIONS, type WatchedWordAction } from '@dating/contract';
import { type FormEvent, useState } from 'react';
import { buttonClass } from '../../../components/ui/button.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { FormActions, FormError, TextField } from '../../../components/ui/form.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { StatusMessage } from '../../../components/ui/status-message.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { UI } from '../../../lib/messages.ts';
import { t, texts } from '../../../locales/moderation/index.ts';
import { useAddWatchedWord, useRemoveWatchedWord, useWatchedWords } from '../api/watched-words.ts';
import styles from './watched-words.module.css';

/** The screen's words, in the page's language; read them while drawing. */
export const WATCHED_TEXT = texts(
  {
    heading: 'watchedHeading',
    intro: 'watchedIntro',
    word: 'watchedWord',
    wordHint: 'watchedWordHint',
    action: 'watchedAction',
    add: 'watchedAdd',
    adding: 'watchedAdding',
    removeShort: 'watchedRemoveShort',
    empty: 'watchedEmpty',
    failed: 'watchedFailed',
    failedSave: 'watchedFailedSave',
    listLabel: 'watchedListLabel',
  },
  {
    remove: (word: string) => t('watchedRemove', { word }),
    actionLabel: (action: WatchedWordAction) => t('watchedActionLabel', { action }),
  },
);

const actionOptions = () =>
  WATCHED_WORD_ACTIONS.map((value) => ({ value, label: WATCHED_TEXT.actionLabel(value) }));

export function WatchedWords() {
  const list = useWatchedWords();
  const add = useAddWatchedWord();
  const remove = useRemoveWatchedWord();
  const [word, setWord] = useState('');
  const [action, setAction] = useState<WatchedWordAction>('review');

  const wordError = add.error instanceof ApiError ? add.error.fieldErrors.word?.[0] : undefined;
  const formError = add.error && wordError === undefined ? WATCHED_TEXT.failedSave : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (word.trim() === '') return;
    add.mutate({ word: word.trim(), action }, { onSuccess: () => setWord('') });
  };

  return (
    <div className={styles.screen}>
      <p>{WATCHED_TEXT.intro}</p>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <TextField
          label={WATCHED_TEXT.word}
          value={word}
          onChange={setWord}
          error={wordError}
          hint={WATCHED_TEXT.wordHint}
          maxLength={100}
        />
        <SelectField
          label={WATCHED_TEXT.action}
          value={action}
          onChange={(value) => {
            if (value !== '') setAction(value);
          }}
          options={actionOptions()}
        />
        {formError && <FormError>{formError}</FormError>}
        <FormActions>
          <button type="submit" className={buttonClass('primary')} disabled={add.isPending}>
            {add.isPending ? WATCHED_TEXT.adding : WATCHED_TEXT.add}
          </button>
        </FormActions>
      </form>
      {list.isPending ? (
        <StatusMessage>{UI.loading}</StatusMessage>
      ) : list.isError ? (
        <LoadError
          message={WATCHED_TEXT.failed}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : list.data.length === 0 ? (
        <EmptyState>{WATCHED_TEXT.empty}</EmptyState>
      ) : (
        <ul className={styles.list} aria-label={WATCHED_TEXT.listLabel}>
          {list.data.map((rule) => (
            <li key={rule.id} className={styles.item} data-testid="watched-word">
              <span className={styles.word}>{rule.word}</span>
              <span className={styles.action}>{WATCHED_TEXT.actionLabel(rule.action)}</span>
              <button
                type="button"
                className={buttonClass('dangerGhost', 'small')}
                aria-label={WATCHED_TEXT.remove(rule.word)}
                disabled={remove.isPending}
                onClick={() => remove.mutate(rule.id)}
              >
                {WATCHED_TEXT.removeShort}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
