/** The Ask a Question dialog; its form (and the editor) load only when it opens. */
import { lazy, Suspense } from 'react';
import { Modal } from '../../../components/ui/modal.tsx';
import { TEXT } from '../../../lib/messages.ts';

const AskQuestionForm = lazy(() => import('./ask-question-form.tsx'));

export function AskQuestionDialog({
  open,
  initialText,
  onClose,
}: {
  open: boolean;
  initialText: string;
  onClose: () => void;
}) {
  return (
    <Modal open={open} onClose={onClose} title={TEXT.askQuestion} className="ask-dialog">
      <Suspense fallback={<p className="status">{TEXT.loadingEditor}</p>}>
        <AskQuestionForm initialText={initialText} onDone={onClose} />
      </Suspense>
    </Modal>
  );
}
