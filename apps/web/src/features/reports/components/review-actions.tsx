/**
 * A review's buttons, for one report or a post's group of them: "Approve (Delete Content)",
 * asked first as every delete is, "Reject (Keep Content)", and for a crisis flag
 * "Acknowledge, keep" (seen, the post kept, nothing deleted). One decision at a time; a
 * review another admin made first says so, and the list drops it.
 */
import { API_MSG, type Report, type ReportPatchBody } from '@dating/contract';
import { useId } from 'react';
import { buttonClass } from '../../../components/ui/button.ts';
import { useConfirm } from '../../../components/ui/confirm.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useSingleFlight } from '../../../hooks/use-single-flight.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { unlessOffline } from '../../../lib/error-messages.ts';
import { MSG, TEXT, UI } from '../../../lib/messages.ts';
import { QUEUE_TEXT } from '../lib/messages.ts';
import styles from './report-list.module.css';

type Decision = ReportPatchBody['status'];

export function ReviewActions({
  targetType,
  hasContent,
  decide,
  acknowledge,
}: {
  targetType: Report['target_type'];
  /** The content is still there: approving deletes it, so it is asked first. */
  hasContent: boolean;
  /** Sends the decision; resolves with what to tell the admin. */
  decide: (status: Decision) => Promise<string>;
  /** Sends "Acknowledge, keep" for a crisis flag; null when there is no flag. */
  acknowledge: (() => Promise<unknown>) | null;
}) {
  const toast = useToast();
  const confirm = useConfirm();
  const [deciding, run] = useSingleFlight();
  const hint = useId();

  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.status === 409) {
      toast.error(API_MSG.reportAlreadyReviewed);
    } else toast.error(unlessOffline(error, MSG.adminUpdateFailed));
  };
  const onDecide = (status: Decision) =>
    run(async () => {
      const question = targetType === 'question' ? UI.deleteQuestionConfirm : UI.deleteReplyConfirm;
      if (status === 'approved' && hasContent && !(await confirm(question))) return;
      try {
        toast.success(await decide(status));
      } catch (error) {
        failed(error);
      }
    });
  const onAcknowledge = (send: () => Promise<unknown>) =>
    run(async () => {
      try {
        await send();
        toast.success(QUEUE_TEXT.flagAcknowledged);
      } catch (error) {
        failed(error);
      }
    });

  return (
    <div className={styles.actions}>
      <button
        type="button"
        className={buttonClass('danger')}
        disabled={deciding}
        onClick={() => onDecide('approved')}
      >
        {TEXT.approve}
      </button>
      <button
        type="button"
        className={buttonClass()}
        disabled={deciding}
        onClick={() => onDecide('rejected')}
      >
        {TEXT.reject}
      </button>
      {acknowledge !== null && (
        <>
          <button
            type="button"
            className={buttonClass()}
            disabled={deciding}
            aria-describedby={hint}
            onClick={() => onAcknowledge(acknowledge)}
          >
            {QUEUE_TEXT.acknowledge}
          </button>
          <span id={hint} className={styles.actionHint}>
            {QUEUE_TEXT.acknowledgeHint}
          </span>
        </>
      )}
    </div>
  );
}
