/**
 * "edited" with when, on a post its author changed after posting (`edited_at`); nothing on
 * one never edited. The time is a <time> like the posting time (hydration-safe TimeAgo).
 */
import { TimeAgo } from './time-ago.tsx';

// Here, not in lib/messages.ts: only a question page shows it, and the home route's first
// load is held to a budget.
const EDITED = 'edited';

export function EditedMark({ iso }: { iso: string | null | undefined }) {
  if (!iso) return null;
  return (
    <span data-testid="edited-mark">
      {EDITED} <TimeAgo iso={iso} />
    </span>
  );
}
