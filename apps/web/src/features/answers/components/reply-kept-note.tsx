/**
 * Beside a reply box whose reply could not be sent (the server could not be reached): a note
 * that stays, saying the text is kept, and Retry, which sends the form again (the same
 * reply, with the same Idempotency-Key, so a reply that did arrive is not posted twice).
 */
import { buttonClass } from '../../../components/ui/button.ts';
import { TEXT } from '../../../lib/messages.ts';
import styles from './reply-kept-note.module.css';

// With the reply boxes, not in the first load's texts.
const KEPT = 'Not sent: the server could not be reached. Your reply is kept here.';

export function ReplyKeptNote({ shown, pending }: { shown: boolean; pending: boolean }) {
  if (!shown) return null;
  return (
    <div className={styles.note} role="status" data-testid="reply-kept">
      <p className={styles.text}>{KEPT}</p>
      <button type="submit" className={buttonClass('default', 'small')} disabled={pending}>
        {pending ? TEXT.retrying : TEXT.retry}
      </button>
    </div>
  );
}
