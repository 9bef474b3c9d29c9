/**
 * The "Moderators" tab (admins only): who moderates, a username to appoint one, and
 * "Remove" for each. The server refuses everyone else; the tab is not drawn for them.
 */
import { type FormEvent, useId, useState } from 'react';
import { buttonClass } from '../../../components/ui/button.ts';
import { cardClass } from '../../../components/ui/card.ts';
import { CardListSkeleton, cardListClass } from '../../../components/ui/card-list.tsx';
import { FormActions, TextField } from '../../../components/ui/form.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useSingleFlight } from '../../../hooks/use-single-flight.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { unlessOffline } from '../../../lib/error-messages.ts';
import { useModerators, useSetModerator } from '../api/moderators.ts';
import { MODERATION_TEXT } from '../lib/messages.ts';
import styles from './moderation-panels.module.css';

export function ModeratorsPanel() {
  const moderators = useModerators();
  const change = useSetModerator();
  const toast = useToast();
  const [busy, run] = useSingleFlight();
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const send = (name: string, on: boolean) =>
    run(async () => {
      setError(null);
      try {
        const done = await change.mutateAsync({ username: name, on });
        toast.success(
          on ? MODERATION_TEXT.appointed(done.username) : MODERATION_TEXT.removed(done.username),
        );
        if (on) setUsername('');
      } catch (failure) {
        if (failure instanceof ApiError && failure.status === 404)
          setError(MODERATION_TEXT.noSuchUser);
        else if (failure instanceof ApiError && failure.status === 400) {
          setError(failure.fieldErrors.username?.[0] ?? MODERATION_TEXT.noSuchUser);
        } else toast.error(unlessOffline(failure, MODERATION_TEXT.moderatorFailed));
      }
    });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const name = username.trim();
    if (name !== '') send(name, true);
  };

  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.subheading}>
        {MODERATION_TEXT.moderatorsHeading}
      </h2>
      <p>{MODERATION_TEXT.moderatorsIntro}</p>
      <form className={styles.inlineForm} onSubmit={onSubmit} noValidate>
        <TextField
          label={MODERATION_TEXT.username}
          value={username}
          onChange={setUsername}
          error={error ?? undefined}
          autoComplete="off"
          maxLength={150}
        />
        <FormActions>
          <button type="submit" className={buttonClass('primary')} disabled={busy}>
            {MODERATION_TEXT.appoint}
          </button>
        </FormActions>
      </form>
      {moderators.isPending ? (
        <CardListSkeleton lines={['30%']} />
      ) : moderators.isError ? (
        <LoadError
          message={MODERATION_TEXT.loadModeratorsFailed}
          onRetry={() => moderators.refetch()}
        />
      ) : moderators.data.length === 0 ? (
        <p>{MODERATION_TEXT.noModerators}</p>
      ) : (
        <ul className={cardListClass} data-testid="moderators">
          {moderators.data.map((moderator) => (
            <li key={moderator.id}>
              <div className={`${cardClass} ${styles.row}`}>
                <span data-testid="username">{moderator.username}</span>
                <button
                  type="button"
                  className={buttonClass('dangerGhost', 'small')}
                  disabled={busy}
                  aria-label={MODERATION_TEXT.removeLabel(moderator.username)}
                  onClick={() => send(moderator.username, false)}
                >
                  {MODERATION_TEXT.remove}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
