/**
 * The "Silences" tab (admins and moderators): who is silenced, as what it was made from
 * ("author of answer 12", in the page's language from `source_type` and `source_id`), why
 * (the moderator's words, marked as such) and until when, each with "Lift" to end it early.
 */

import { buttonClass } from '../../../components/ui/button.ts';
import { cardClass } from '../../../components/ui/card.ts';
import { CardListSkeleton, cardListClass } from '../../../components/ui/card-list.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useSingleFlight } from '../../../hooks/use-single-flight.ts';
import { unlessOffline } from '../../../lib/error-messages.ts';
import { useLiftSilence, useSilences } from '../api/silences.ts';
import { MODERATION_TEXT } from '../lib/messages.ts';
import styles from './moderation-panels.module.css';

export function SilencesList() {
  const silences = useSilences();
  const lift = useLiftSilence();
  const toast = useToast();
  const [busy, run] = useSingleFlight();
  if (silences.isPending) return <CardListSkeleton lines={['40%', '70%']} />;
  if (silences.isError) {
    return (
      <LoadError message={MODERATION_TEXT.loadSilencesFailed} onRetry={() => silences.refetch()} />
    );
  }
  if (silences.data.length === 0) return <p>{MODERATION_TEXT.noSilences}</p>;
  const onLift = (id: number) =>
    run(async () => {
      try {
        await lift.mutateAsync(id);
        toast.success(MODERATION_TEXT.lifted);
      } catch (error) {
        toast.error(unlessOffline(error, MODERATION_TEXT.liftFailed));
      }
    });
  return (
    <ul className={cardListClass} data-testid="silences">
      {silences.data.map((silence) => {
        const madeFrom = MODERATION_TEXT.madeFrom(silence.source_type, silence.source_id);
        return (
          <li key={silence.id}>
            <article className={cardClass} aria-label={madeFrom}>
              <p className={styles.line}>
                <strong>{madeFrom}</strong>
                <span>{MODERATION_TEXT.until(silence.ends_at)}</span>
              </p>
              <p className={styles.line} data-testid="silence-reason">
                {silence.reason}
              </p>
              <button
                type="button"
                className={buttonClass('default', 'small')}
                disabled={busy}
                aria-label={MODERATION_TEXT.liftLabel(madeFrom)}
                onClick={() => onLift(silence.id)}
              >
                {MODERATION_TEXT.lift}
              </button>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
