/** Accessible confirmations before deletes (spec §5: 'Delete this question?'). */
import { createContext, type ReactNode, useCallback, useContext, useId, useState } from 'react';
import { TEXT } from '../../lib/messages.ts';
import { Modal } from './modal.tsx';

type Confirm = (message: string, confirmLabel?: string) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

interface Pending {
  message: string;
  confirmLabel: string;
  resolve: (ok: boolean) => void;
}

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const messageId = useId();

  const confirm = useCallback<Confirm>(
    (message, confirmLabel = TEXT.delete) =>
      new Promise<boolean>((resolve) =>
        setPending((previous) => {
          // One question at a time: a newer one answers an unanswered older one with no.
          previous?.resolve(false);
          return { message, confirmLabel, resolve };
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
        className="confirm-dialog"
        showClose={false}
      >
        <p id={messageId} className="confirm-message">
          {pending?.message}
        </p>
        <div className="form-actions">
          <button type="button" className="button" onClick={() => finish(false)}>
            {TEXT.cancel}
          </button>
          <button type="button" className="button button-danger" onClick={() => finish(true)}>
            {pending?.confirmLabel}
          </button>
        </div>
      </Modal>
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm needs a ConfirmProvider');
  return confirm;
}
