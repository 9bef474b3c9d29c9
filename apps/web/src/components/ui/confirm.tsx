/** Accessible confirmations before deletes (spec §5: 'Delete this question?'). */
import {
  createContext,
  type ReactNode,
  type RefObject,
  useCallback,
  useContext,
  useId,
  useState,
} from 'react';
import { TEXT } from '../../lib/messages.ts';
import { buttonClass } from './button.ts';
import styles from './confirm.module.css';
import { FormActions } from './form.tsx';
import { Modal } from './modal-on-demand.tsx';

type Confirm = (message: string, confirmLabel?: string, cancelLabel?: string) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

interface Pending {
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  resolve: (ok: boolean) => void;
}

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const messageId = useId();

  const confirm = useCallback<Confirm>(
    (message, confirmLabel = TEXT.delete, cancelLabel = TEXT.cancel) =>
      new Promise<boolean>((resolve) =>
        setPending((previous) => {
          // One question at a time: a newer one answers an unanswered older one with no.
          previous?.resolve(false);
          return { message, confirmLabel, cancelLabel, resolve };
        }),
      ),
    [],
  );

  const finish = (ok: boolean) => {
    pending?.resolve(ok);
    setPending(null);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Modal
        open={pending !== null}
        onClose={() => finish(false)}
        title={TEXT.confirmTitle}
        role="alertdialog"
        describedBy={messageId}
        size="narrow"
        showClose={false}
      >
        <p id={messageId} className={styles.message}>
          {pending?.message}
        </p>
        <FormActions>
          <button type="button" className={buttonClass()} onClick={() => finish(false)}>
            {pending?.cancelLabel}
          </button>
          <button type="button" className={buttonClass('danger')} onClick={() => finish(true)}>
            {pending?.confirmLabel}
          </button>
        </FormActions>
      </Modal>
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm needs a ConfirmProvider');
  return confirm;
}

/**
 * Closing a dialog that holds the visitor's writing: while `dirty` is set, asks 'Discard
 * this draft?' first; `discard` runs when nothing would be lost or the visitor agrees.
 */
export function useDiscardGuard(dirty: RefObject<boolean>, discard: () => void) {
  const confirm = useConfirm();
  return useCallback(async () => {
    if (dirty.current && !(await confirm(TEXT.discardDraft, TEXT.discard, TEXT.keepEditing))) {
      return;
    }
    discard();
  }, [confirm, dirty, discard]);
}
