import { useToast } from '../components/ui/toast.tsx';
import { useViewer } from '../lib/auth.ts';
import { MSG } from '../lib/messages.ts';

/**
 * Spec §5: anonymous actions need this tab's session id. The returned check says so
 * ('Error: Anonymous session ID missing...') and answers false when there is none.
 */
export function useRequireSession(): () => boolean {
  const viewer = useViewer();
  const toast = useToast();
  return () => {
    if (viewer.signedIn || viewer.sessionId !== null) return true;
    toast.error(MSG.sessionMissing);
    return false;
  };
}
