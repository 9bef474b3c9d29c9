/**
 * The report dialog (its form loads when it first opens). Closing it while details are
 * written (Cancel, ×, Escape, the backdrop) asks first.
 */
import { lazy, Suspense, useRef } from 'react';
import { useDiscardGuard } from '../../../components/ui/confirm.tsx';
import { Modal } from '../../../components/ui/modal-on-demand.tsx';
import { StatusMessage } from '../../../components/ui/status-message.tsx';
import { TEXT, UI } from '../../../lib/messages.ts';
import type { ReportTarget } from './report-target.ts';

const ReportForm = lazy(() => import('./report-form.tsx'));

export function ReportDialog({
  target,
  onClose,
}: {
  target: ReportTarget | null;
  onClose: () => void;
}) {
  const dirty = useRef(false);
  const requestClose = useDiscardGuard(dirty, () => {
    dirty.current = false;
    onClose();
  });
  return (
    <Modal
      open={target !== null}
      onClose={requestClose}
      onDismiss={onClose}
      title={TEXT.reportTitle(target?.type ?? 'question')}
    >
      {target && (
        <Suspense fallback={<StatusMessage>{UI.loading}</StatusMessage>}>
          <ReportForm
            key={`${target.type}-${target.id}`}
            target={target}
            onCancel={requestClose}
            onSent={onClose}
            dirty={dirty}
          />
        </Suspense>
      )}
    </Modal>
  );
}
