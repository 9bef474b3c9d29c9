/**
 * The Ask a Question dialog. Its form (and the editor) load when it opens, or earlier when
 * the browser is idle or the pointer nears the button (see prefetchAskForm). Closing it
 * while it holds the visitor's text (Cancel, ×, Escape, the backdrop) asks first.
 */
import { lazy, Suspense, useRef } from 'react';
import { useDiscardGuard } from '../../../components/ui/confirm.tsx';
import { Modal, prefetchModal } from '../../../components/ui/modal-on-demand.tsx';
import { StatusMessage } from '../../../components/ui/status-message.tsx';
import { clearDraft, draftKeys } from '../../../lib/drafts.ts';
import { withCatalogues } from '../../../lib/i18n.ts';
import { TEXT } from '../../../lib/messages.ts';
import { ASK_FORM_CATALOGUE } from '../../../locales/ask-form/index.ts';

// The form's own refusals come in its catalogue, beside its code.
const loadForm = () => withCatalogues(import('./ask-question-form.tsx'), ASK_FORM_CATALOGUE);
const AskQuestionForm = lazy(loadForm);

let prefetched = false;
/** Loads the form, its editor and the dialog ahead of the first open (once). */
export function prefetchAskForm(): void {
  prefetchModal();
  if (prefetched) return;
  prefetched = true;
  loadForm().catch(() => {
    prefetched = false;
  });
}

export function AskQuestionDialog({
  open,
  initialText,
  onClose,
}: {
  open: boolean;
  initialText: string;
  onClose: () => void;
}) {
  const dirty = useRef(false);
  const requestClose = useDiscardGuard(dirty, () => {
    clearDraft(draftKeys.ask);
    onClose();
  });

  return (
    <Modal open={open} onClose={requestClose} onDismiss={onClose} title={TEXT.askQuestion}>
      <Suspense fallback={<StatusMessage>{TEXT.loadingEditor}</StatusMessage>}>
        <AskQuestionForm
          initialText={initialText}
          onCancel={requestClose}
          onPosted={onClose}
          dirty={dirty}
        />
      </Suspense>
    </Modal>
  );
}
