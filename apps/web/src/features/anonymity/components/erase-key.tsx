/**
 * "Forget this key and erase what it posted", in the key's own dialog: a confirmation that
 * names what would go (a dry run's counts), then the erasure, and this tab takes a new key.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { buttonClass } from '../../../components/ui/button.ts';
import { FormActions } from '../../../components/ui/form.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { DATA_TEXT } from '../../../lib/my-data-messages.ts';
import { newSessionId, privateKeyStore, replaceSessionId } from '../../../lib/storage.ts';
import { useEraseKey, useErasureCounts } from '../api/erase-key.ts';
import styles from './keep-access.module.css';

export function EraseKey({ sessionKey, onDone }: { sessionKey: string; onDone: () => void }) {
  const [asking, setAsking] = useState(false);
  const counts = useErasureCounts(sessionKey, asking);
  const erase = useEraseKey();
  const toast = useToast();
  const queryClient = useQueryClient();
  const titleId = useId();

  if (!asking) {
    return (
      <div className={styles.erase}>
        <button
          type="button"
          className={buttonClass('dangerGhost')}
          onClick={() => setAsking(true)}
        >
          {DATA_TEXT.eraseKey}
        </button>
      </div>
    );
  }

  const confirm = () =>
    erase.mutate(sessionKey, {
      onSuccess: (erased) => {
        // The key is forgotten here: this tab starts over with a new one.
        if (privateKeyStore.saved() === sessionKey) privateKeyStore.forget();
        replaceSessionId(newSessionId());
        void queryClient.invalidateQueries();
        toast.success(DATA_TEXT.erased(erased));
        onDone();
      },
      onError: () => toast.error(DATA_TEXT.eraseFailed),
    });

  return (
    <section className={styles.erase} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.eraseTitle}>
        {DATA_TEXT.eraseTitle}
      </h3>
      <p data-testid="erase-key-counts">
        {counts.data
          ? DATA_TEXT.eraseConfirm(counts.data)
          : counts.isError
            ? DATA_TEXT.eraseFailed
            : DATA_TEXT.eraseCounting}
      </p>
      <FormActions>
        <button type="button" className={buttonClass()} onClick={() => setAsking(false)}>
          {DATA_TEXT.cancel}
        </button>
        <button
          type="button"
          className={buttonClass('danger')}
          disabled={!counts.data || erase.isPending}
          onClick={confirm}
        >
          {erase.isPending ? DATA_TEXT.erasing : DATA_TEXT.erase}
        </button>
      </FormActions>
    </section>
  );
}
