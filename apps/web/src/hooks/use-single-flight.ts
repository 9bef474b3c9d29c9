import { useCallback, useRef, useState } from 'react';

/**
 * Runs one task at a time: a second call while one is running is ignored. The lock is taken
 * synchronously, so two clicks in the same moment (before React re-renders the button as
 * disabled) still start the task once. `pending` is for disabling the control.
 */
export function useSingleFlight(): [pending: boolean, run: (task: () => Promise<unknown>) => void] {
  const running = useRef(false);
  const [pending, setPending] = useState(false);
  const run = useCallback((task: () => Promise<unknown>) => {
    if (running.current) return;
    running.current = true;
    setPending(true);
    void task()
      .catch(() => {
        // The task reports its own failures; nothing may escape as an unhandled rejection.
      })
      .finally(() => {
        running.current = false;
        setPending(false);
      });
  }, []);
  return [pending, run];
}
