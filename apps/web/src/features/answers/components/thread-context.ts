import type { AnswerNode } from '@dating/contract';
import { createContext, useContext } from 'react';

/** What is left of an answer's replies past a page's cut, and whether it is loading. */
export interface CutReplies {
  /** Its direct replies not loaded yet. */
  remaining: number;
  loading: boolean;
  failed: boolean;
}

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
  /** What a page cut of this answer's replies, or null when they are all here. */
  cutReplies: (answer: AnswerNode) => CutReplies | null;
  /** Loads the next page of the replies a page cut. */
  loadReplies: (answer: AnswerNode) => void;
}

export const ThreadContext = createContext<ThreadState | null>(null);

export function useThread(): ThreadState {
  const state = useContext(ThreadContext);
  if (!state) throw new Error('useThread outside ReplyThread');
  return state;
}
