import { createContext, useContext } from 'react';

/** What every reply of a thread shares: the one edit and the one reply box open at a time. */
export interface ThreadState {
  questionId: number;
  ownerPage: boolean;
  /** The viewer asked the question: they mark replies "This helped". */
  askerView: boolean;
  editingId: number | null;
  setEditingId: (id: number | null) => void;
  replyingId: number | null;
  toggleReply: (id: number) => void;
  closeReply: () => void;
  onReport: (answerId: number) => void;
  /** Shows a reply just posted: opens what hides it, scrolls to it, focuses it. */
  reveal: (answerId: number) => void;
  /** The reply just posted, highlighted for a moment. */
  highlightId: number | null;
}

export const ThreadContext = createContext<ThreadState | null>(null);

export function useThread(): ThreadState {
  const state = useContext(ThreadContext);
  if (!state) throw new Error('useThread outside ReplyThread');
  return state;
}
