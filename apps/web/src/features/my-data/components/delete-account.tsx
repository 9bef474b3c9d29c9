/**
 * "Delete my account": the password again, what becomes of the posts (deleted, or kept for
 * nobody), a confirmation that says what goes, then the tab is signed out.
 */
import type { AccountPostChoice } from '@dating/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { buttonClass } from '../../../components/ui/button.ts';
import { cardClass } from '../../../components/ui/card.ts';
import fieldStyles from '../../../components/ui/field.module.css';
import { FormActions, FormError, TextField } from '../../../components/ui/form.tsx';
import { Modal } from '../../../components/ui/modal-on-demand.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { cx } from '../../../lib/cx.ts';
import { DATA_TEXT } from '../../../lib/my-data-messages.ts';
import { tokens } from '../../../lib/storage.ts';
import { useDeleteAccount } from '../api/delete-account.ts';
import styles from './my-data.module.css';

export function DeleteAccount() {
  const [password, setPassword] = useState('');
  const [posts, setPosts] = useState<AccountPostChoice>('delete');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteAccount();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const confirmId = useId();

  const ask = () => {
    setFormError(null);
    if (password === '') {
      setPasswordError(DATA_TEXT.passwordRequired);
      return;
    }
    setPasswordError(undefined);
    setConfirming(true);
  };

  const confirm = () =>
    remove.mutate(
      { password, posts },
      {
        onSuccess: () => {
          setConfirming(false);
          tokens.clear();
          queryClient.clear();
          toast.success(DATA_TEXT.deleted);
          navigate('/');
        },
        onError: (error) => {
          setConfirming(false);
          const field =
            error instanceof ApiError ? error.fieldErrors.password?.join(' ') : undefined;
          if (field) setPasswordError(field);
          else setFormError(DATA_TEXT.deleteFailed);
        },
      },
    );

  return (
    <section className={cx(cardClass, styles.section)} aria-labelledby="delete-account">
      <h2 id="delete-account" className={styles.heading}>
        {DATA_TEXT.deleteAccount}
      </h2>
      <p className={styles.intro}>{DATA_TEXT.deleteIntro}</p>
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          ask();
        }}
      >
        <TextField
          label={DATA_TEXT.password}
          type="password"
          autoComplete="current-password"
          value={password}
          error={passwordError}
          onChange={setPassword}
        />
        <fieldset className={styles.choices}>
          <legend className={fieldStyles.label}>{DATA_TEXT.postsChoice}</legend>
          {(
            [
              ['delete', DATA_TEXT.postsDelete],
              ['anonymize', DATA_TEXT.postsAnonymize],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className={styles.choice}>
              <input
                type="radio"
                name="posts"
                value={value}
                checked={posts === value}
                onChange={() => setPosts(value)}
              />
              {label}
            </label>
          ))}
        </fieldset>
        {formError && <FormError>{formError}</FormError>}
        <div>
          <button type="submit" className={buttonClass('danger')}>
            {DATA_TEXT.continue}
          </button>
        </div>
      </form>
      {confirming && (
        <Modal
          open
          onClose={() => setConfirming(false)}
          title={DATA_TEXT.confirmTitle}
          size="narrow"
          describedBy={confirmId}
        >
          <p id={confirmId}>
            {posts === 'delete' ? DATA_TEXT.confirmDelete : DATA_TEXT.confirmAnonymize}
          </p>
          <FormActions>
            <button type="button" className={buttonClass()} onClick={() => setConfirming(false)}>
              {DATA_TEXT.cancel}
            </button>
            <button
              type="button"
              className={buttonClass('danger')}
              disabled={remove.isPending}
              onClick={confirm}
            >
              {remove.isPending ? DATA_TEXT.deleting : DATA_TEXT.confirm}
            </button>
          </FormActions>
        </Modal>
      )}
    </section>
  );
}
