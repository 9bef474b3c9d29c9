/**
 * Navigation state of a question opened from the feed: its 'Back to Home' then goes back in
 * history instead of to a fresh '/', so the feed returns with its filters and scroll position.
 */
export const FROM_FEED = { from: 'feed' } as const;

export function cameFromFeed(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && (state as { from?: unknown }).from === 'feed'
  );
}
