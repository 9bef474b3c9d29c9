/**
 * 'Replies': nested answers, indented 24 px per level. Only one answer at a time is in edit
 * mode, and only one has its reply box open (toggling the same one closes it).
 */
import type { AnswerNode } from '@dating/contract';
import { createContext, useContext, useId, useMemo, useState } from 'react';
import { TEXT, UI } from '../../../lib/messages.ts';
import { AnswerItem } from './answer-item.tsx';

export const REPLY_INDENT_PX = 24;

interface ThreadState {
  questionId: number;
  ownerPage: boolean;
  editingId: number | null;
  setEditingId: (id: number | null) => void;
  replyingId: number | null;
  toggleReply: (id: number) => void;
  closeReply: () => void;
  onReport: (answerId: number) => void;
}

const ThreadContext = createContext<ThreadState | null>(null);

export function useThread(): ThreadState {
  const state = useContext(ThreadContext);
  if (!state) throw new Error('useThread outside ReplyThread');
  return state;
}

function ReplyList({ answers, depth }: { answers: AnswerNode[]; depth: number }) {
  return (
    <ul
      className={depth === 0 ? 'reply-list' : 'reply-list nested'}
      style={depth === 0 ? undefined : { paddingInlineStart: `${REPLY_INDENT_PX}px` }}
      data-depth={depth}
    >
      {answers.map((answer) => (
        <li key={answer.id}>
          <AnswerItem answer={answer} depth={depth} />
          {answer.replies.length > 0 && <ReplyList answers={answer.replies} depth={depth + 1} />}
        </li>
      ))}
    </ul>
  );
}

export function ReplyThread({
  questionId,
  answers,
  onReport,
  ownerPage = false,
}: {
  questionId: number;
  answers: AnswerNode[];
  onReport: (answerId: number) => void;
  ownerPage?: boolean;
}) {
  const [editingId, setEditingId] = useState<number | null>(null);
  const [replyingId, setReplyingId] = useState<number | null>(null);
  const headingId = useId();
  const state = useMemo<ThreadState>(
    () => ({
      questionId,
      ownerPage,
      editingId,
      setEditingId,
      replyingId,
      toggleReply: (id) => setReplyingId((current) => (current === id ? null : id)),
      closeReply: () => setReplyingId(null),
      onReport,
    }),
    [questionId, ownerPage, editingId, replyingId, onReport],
  );

  return (
    <section className="replies" aria-labelledby={headingId}>
      <h2 id={headingId}>{TEXT.replies}</h2>
      {answers.length === 0 ? (
        <p className="empty">{UI.noReplies}</p>
      ) : (
        <ThreadContext.Provider value={state}>
          <ReplyList answers={answers} depth={0} />
        </ThreadContext.Provider>
      )}
    </section>
  );
}
