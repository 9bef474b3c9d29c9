import { createContext, useContext } from 'react';

/** Opens the private key's dialogs from anywhere under PrivateKeyProvider. */
export interface KeyDialogs {
  /** "Use my private key", empty or with a key to confirm (from a private link). */
  openUseKey: (prefill?: { key: string; fromLink: boolean }) => void;
  /** "Keep access to your posts": this tab's key as a link and a code. */
  openKeepAccess: () => void;
}

export const KeyDialogsContext = createContext<KeyDialogs | null>(null);

export function useKeyDialogs(): KeyDialogs {
  const dialogs = useContext(KeyDialogsContext);
  if (!dialogs) throw new Error('useKeyDialogs outside PrivateKeyProvider');
  return dialogs;
}
