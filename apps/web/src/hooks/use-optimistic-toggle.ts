import { useCallback, useOptimistic, useRef, useTransition } from 'react';

/**
 * A value (a like, a follow, "this helped") shown changed the moment it is pressed, through
 * React's own optimistic state: `run(next, action)` shows `next` while `action` runs, in a
 * transition. When the action ends React drops `next` and `actual` shows again: the server's
 * answer on success (the action writes it to the query cache before it ends), the value from
 * before on failure. That is the rollback; the action says what failed.
 *
 * One action at a time, locked synchronously, so two clicks in the same moment (before React
 * draws the control pending) start it once. `pending` is for disabling the control.
 */
export function useOptimisticToggle<T>(actual: T): {
  shown: T;
  pending: boolean;
  run: (next: T, action: () => Promise<unknown>) => void;
} {
  const [shown, show] = useOptimistic(actual);
  const [pending, startTransition] = useTransition();
  const running = useRef(false);
  const run = useCallback(
    (next: T, action: () => Promise<unknown>) => {
      if (running.current) return;
      running.current = true;
      startTransition(async () => {
        show(next);
        try {
          await action();
        } catch {
          // The action reports its own failures; nothing may escape to an error boundary.
        } finally {
          running.current = false;
        }
      });
    },
    [show],
  );
  return { shown, pending, run };
}
