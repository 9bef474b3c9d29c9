/** The report form: reason (default inappropriate), optional details, Submit Report. */
import { LIMITS, REPORT_REASONS, type ReportReason } from '@dating/contract';
import { type RefObject, useEffect } from 'react';
import { buttonClass } from '../../../components/ui/button.ts';
import { FormActions, TextAreaField } from '../../../components/ui/form.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useForm } from '../../../hooks/use-form.ts';
import { usePrepareProofOfWork } from '../../../hooks/use-prepare-proof-of-work.ts';
import { useRequireSession } from '../../../hooks/use-require-session.ts';
import { useViewer } from '../../../lib/auth.ts';
import { isRepeatReport, reportErrorMessage } from '../../../lib/error-messages.ts';
import { MSG, TEXT } from '../../../lib/messages.ts';
import { reportReasonLabel } from '../../../lib/report-labels.ts';
import { markReported } from '../../../lib/reported.ts';
import { useCreateReport } from '../api/create-report.ts';
import type { ReportTarget } from './report-target.ts';

interface ReportValues {
  reason: ReportReason;
  details: string;
}

export interface ReportFormProps {
  target: ReportTarget;
  onCancel: () => void;
  onSent: () => void;
  /** Set while details are written (closing would lose them). */
  dirty: RefObject<boolean>;
}

export default function ReportForm({ target, onCancel, onSent, dirty }: ReportFormProps) {
  const viewer = useViewer();
  const toast = useToast();
  const requireSession = useRequireSession();
  const report = useCreateReport();
  usePrepareProofOfWork();
  const form = useForm<ReportValues>({
    initialValues: () => ({ reason: 'inappropriate', details: '' }),
    onSubmit: async (values, { idempotencyKey }) => {
      if (!requireSession()) return false;
      try {
        await report.mutateAsync({
          body: {
            [target.type]: target.id,
            reason: values.reason,
            details: values.details.trim(),
            ...(viewer.sessionId ? { session_id: viewer.sessionId } : {}),
          },
          idempotencyKey,
        });
      } catch (error) {
        toast.error(reportErrorMessage(error));
        // Already reported: nothing more to send, and the button says so from now on.
        if (isRepeatReport(error)) {
          markReported(viewer, target);
          onSent();
        }
        return false;
      }
      markReported(viewer, target);
      toast.success(MSG.reportThanks);
      onSent();
      return true;
    },
  });
  const { values, setValue } = form;

  useEffect(() => {
    dirty.current = values.details.trim() !== '';
  }, [dirty, values.details]);

  return (
    <form noValidate onSubmit={form.onSubmit}>
      <SelectField
        label={TEXT.reason}
        value={values.reason}
        options={REPORT_REASONS.map((value) => ({ value, label: reportReasonLabel(value) }))}
        onChange={(value) => setValue('reason', value || 'inappropriate')}
      />
      <TextAreaField
        label={TEXT.detailsOptional}
        rows={3}
        maxLength={LIMITS.reportDetailsMax}
        value={values.details}
        onChange={(details) => setValue('details', details)}
      />
      <FormActions>
        <button type="button" className={buttonClass()} onClick={onCancel}>
          {TEXT.cancel}
        </button>
        <button type="submit" className={buttonClass('primary')} disabled={form.pending}>
          {form.pending ? TEXT.reporting : TEXT.submitReport}
        </button>
      </FormActions>
    </form>
  );
}
