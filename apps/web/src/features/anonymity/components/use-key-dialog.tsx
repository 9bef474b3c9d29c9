/**
 * "Use my private key": restores a key the visitor kept (pasted as a code or a private link,
 * or the one saved on this device), so that this tab owns its posts again. The tab's current
 * key is replaced; when it has posts, its code is shown to copy first.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { buttonClass } from '../../../components/ui/button.ts';
import { FormActions } from '../../../components/ui/form.tsx';
import { Modal } from '../../../components/ui/modal-on-demand.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useForm } from '../../../hooks/use-form.ts';
import { markKeyInUse } from '../../../lib/anonymous-key.ts';
import { useViewer } from '../../../lib/auth.ts';
import { KEY_TEXT } from '../../../lib/key-messages.ts';
import { TEXT } from '../../../lib/messages.ts';
import { peekSessionId, privateKeyStore, replaceSessionId } from '../../../lib/storage.ts';
import { useKeyHasPosts } from '../api/get-anonymous-posts.ts';
import { keyInputError } from '../lib/key-problems.ts';
import { parseKeyInput } from '../lib/private-key.ts';
import { CopyField } from './copy-field.tsx';
import { KeyField } from './key-field.tsx';
import styles from './use-key-dialog.module.css';

export function UseKeyDialog({
  prefill,
  fromLink,
  onClose,
}: {
  prefill: string;
  fromLink: boolean;
  onClose: () => void;
}) {
  const viewer = useViewer();
  const toast = useToast();
  const queryClient = useQueryClient();
  const introId = useId();
  // The tab's key as the dialog opened (signed in, the one from before logging in).
  const [current] = useState(peekSessionId);
  const saved = privateKeyStore.saved();
  const currentHasPosts = useKeyHasPosts(current).data === true;

  const restore = (key: string) => {
    if (key === peekSessionId()) {
      toast.info(KEY_TEXT.sameKey);
      onClose();
      return;
    }
    if (!replaceSessionId(key)) {
      toast.error(KEY_TEXT.storageRefused);
      return;
    }
    markKeyInUse();
    // The key was kept already: no need to offer it again after this tab's next post.
    privateKeyStore.markOffered();
    // Every thread and list reloads with the restored key: "(yours)", Edit and Delete.
    void queryClient.invalidateQueries();
    toast.success(viewer.signedIn ? KEY_TEXT.restoredSignedIn : KEY_TEXT.restored);
    onClose();
  };

  const form = useForm<{ input: string }>({
    initialValues: () => ({ input: prefill }),
    validate: (values) => {
      const error = keyInputError(values.input);
      return error === null ? {} : { input: error };
    },
    onSubmit: async (values) => {
      const { key } = parseKeyInput(values.input);
      if (key !== null) restore(key);
      return key !== null;
    },
  });
  // A private link that holds no valid key says so at once.
  const error =
    form.errors.input ??
    (fromLink && form.values.input === prefill ? keyInputError(prefill) : null);

  return (
    <Modal open onClose={onClose} title={TEXT.useKey} describedBy={introId}>
      <form noValidate onSubmit={form.onSubmit} data-testid="use-key-form">
        {fromLink && <p className={styles.warning}>{KEY_TEXT.fromLink}</p>}
        <p id={introId} className={styles.intro}>
          {KEY_TEXT.useIntro}
        </p>
        {viewer.signedIn && <p className={styles.note}>{KEY_TEXT.signedInNote}</p>}
        {saved !== null && saved !== current && !fromLink && (
          <>
            <button
              type="button"
              className={buttonClass('default', 'normal', styles.saved)}
              onClick={() => restore(saved)}
            >
              {KEY_TEXT.useSaved}
            </button>
            <p className={styles.or}>{KEY_TEXT.orPaste}</p>
          </>
        )}
        <KeyField
          value={form.values.input}
          error={error}
          onChange={(value) => form.setValue('input', value)}
        />
        {current !== null &&
          (currentHasPosts && current !== saved ? (
            <div className={styles.current}>
              <p>{KEY_TEXT.currentHasPosts}</p>
              <CopyField
                label={KEY_TEXT.currentCode}
                value={current}
                copyLabel={KEY_TEXT.copyCode}
                copied={KEY_TEXT.codeCopied}
              />
            </div>
          ) : (
            <p className={styles.note}>{KEY_TEXT.replacesCurrent}</p>
          ))}
        <FormActions>
          <button type="button" className={buttonClass()} onClick={onClose}>
            {TEXT.cancel}
          </button>
          <button type="submit" className={buttonClass('primary')} disabled={form.pending}>
            {KEY_TEXT.useThisKey}
          </button>
        </FormActions>
      </form>
    </Modal>
  );
}
