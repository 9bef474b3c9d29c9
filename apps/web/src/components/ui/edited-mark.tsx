/**
 * "edited" with when, on a post its author changed after posting (`edited_at`); nothing on
 * one never edited. The time is a <time> like the posting time (hydration-safe TimeAgo).
 */
import { TEXT } from '../../lib/messages.ts';
import { TimeAgo } from './time-ago.tsx';

export function EditedMark({ iso }: { iso: string | null | undefined }) {
  if (!iso) return null;
  return (
    <span data-testid="edited-mark">
      {TEXT.edited} <TimeAgo iso={iso} />
    </span>
  );
}
