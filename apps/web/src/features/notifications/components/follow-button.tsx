/**
 * Follow / Following: a toggle (aria-pressed) on the question page. Following, the
 * question's new replies and the asker's updates reach the inbox; the asker and everyone
 * who replied follow already, and may stop. Signed out, the follow belongs to this tab's
 * key, which then has something to keep: the header offers the key and the bell.
 */
import type { QuestionDetail } from '@dating/contract';
import { buttonClass } from '../../../components/ui/button.ts';
import { useToast } from '../../../components/ui/toast.tsx';
import { useHydrated } from '../../../hooks/use-hydrated.ts';
import { useOptimisticToggle } from '../../../hooks/use-optimistic-toggle.ts';
import { useRequireSession } from '../../../hooks/use-require-session.ts';
import { markKeyInUse } from '../../../lib/anonymous-key.ts';
import { useViewer } from '../../../lib/auth.ts';
import { unlessOffline } from '../../../lib/error-messages.ts';
import { useToggleFollow } from '../api/follow-question.ts';
import { NOTIFY } from '../lib/messages.ts';

export function FollowButton({ question }: { question: Pick<QuestionDetail, 'id' | 'following'> }) {
  const viewer = useViewer();
  const toast = useToast();
  const requireSession = useRequireSession();
  const toggle = useToggleFollow();
  const hydrated = useHydrated();
  const following = useOptimisticToggle(question.following);
  // Shown at once, undone on failure.
  const onClick = () => {
    if (following.pending || !requireSession()) return;
    const follow = !following.shown;
    following.run(follow, async () => {
      try {
        await toggle.mutateAsync({ id: question.id, follow });
        if (follow && !viewer.signedIn) markKeyInUse();
        toast.success(follow ? NOTIFY.followed : NOTIFY.unfollowed);
      } catch (error) {
        toast.error(unlessOffline(error, NOTIFY.followFailed));
      }
    });
  };
  return (
    <button
      type="button"
      className={buttonClass('ghost')}
      aria-pressed={following.shown}
      disabled={!hydrated || following.pending}
      onClick={onClick}
    >
      {following.shown ? NOTIFY.following : NOTIFY.follow}
    </button>
  );
}
