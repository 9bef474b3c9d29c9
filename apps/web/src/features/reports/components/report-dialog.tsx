/** The report dialog: reason (default inappropriate), optional details, Submit Report. */
import { LIMITS, type ReportReason } from '@dating/contract';
import { useId, useState } from 'react';
import { Modal } from '../../../components/ui/modal.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useRequireSession } from '../../../hooks/use-require-session.ts';
import { useViewer } from '../../../lib/auth.ts';
import { MSG, TEXT } from '../../../lib/messages.ts';
import { REASON_OPTIONS } from '../../../lib/options.ts';
import { useCreateReport } from '../api/create-report.ts';

export interface ReportTarget {
  type: 'question' | 'answer';
  id: number;
}

function ReportForm({ target, onClose }: { target: ReportTarget; onClose: () => void }) {
  const [reason, setReason] = useState<ReportReason>('inappropriate');
  const [details, setDetails] = useState('');
  const viewer = useViewer();
  const toast = useToast();
  const requireSession = useRequireSession();
  const report = useCreateReport();
  const detailsId = useId();

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!requireSession()) return;
        report.mutate(
          {
            [target.type]: target.id,
            reason,
            details: details.trim(),
            ...(viewer.sessionId ? { session_id: viewer.sessionId } : {}),
          },
          {
            onSuccess: () => {
              toast.success(MSG.reportThanks);
              onClose();
            },
            onError: () => toast.error(MSG.reportFailed),
          },
        );
      }}
    >
      <SelectField
        label={TEXT.reason}
        value={reason}
        options={REASON_OPTIONS}
        onChange={(value) => setReason(value || 'inappropriate')}
      />
      <div className="field">
        <label htmlFor={detailsId}>{TEXT.detailsOptional}</label>
        <textarea
          id={detailsId}
          rows={3}
          maxLength={LIMITS.reportDetailsMax}
          value={details}
          onChange={(event) => setDetails(event.target.value)}
        />
      </div>
      <div className="form-actions">
        <button type="button" className="button" onClick={onClose}>
          {TEXT.cancel}
        </button>
        <button type="submit" className="button button-primary" disabled={report.isPending}>
          {report.isPending ? TEXT.reporting : TEXT.submitReport}
        </button>
      </div>
    </form>
  );
}

export function ReportDialog({
  target,
  onClose,
}: {
  target: ReportTarget | null;
  onClose: () => void;
}) {
  return (
    <Modal
      open={target !== null}
      onClose={onClose}
      title={TEXT.reportTitle(target?.type ?? 'question')}
      className="report-dialog"
    >
      {target && (
        <ReportForm key={`${target.type}-${target.id}`} target={target} onClose={onClose} />
      )}
    </Modal>
  );
}
