import {
  type Answer,
  type AnswerNode,
  API_MSG,
  authorLabel,
  LIMITS,
  type MyAnswer,
} from '@dating/contract';
import type { Viewer } from '../auth/identity.ts';
import { buildTree } from '../lib/answer-tree.ts';
import { helpedFirst } from '../lib/helped-first.ts';
import {
  hiddenReasonFor,
  ownershipFields,
  questionTextFor,
  rightsOf,
  seesHidden,
} from './ownership.ts';

export interface AnswerRow {
  id: number;
  question_id: number;
  parent_id: number | null;
  text: string;
  likes: number;
  gender: Answer['gender'];
  age_range: Answer['age_range'];
  user_id: number | null;
  session_hash: Buffer | null;
  is_deleted: boolean;
  author_number: number | null;
  hidden_at: Date | null;
  /** Why it is hidden (migration 0024); absent where a read does not need it. */
  hidden_reason?: string | null;
  helpful: boolean;
  /** The owner's last edit of the text; null if never (not updated_at: see migration 0016). */
  edited_at: Date | null;
  created_at: Date;
}

/** `liked`: whether this viewer likes it (repositories/likes.ts); never cached for another. */
export function presentAnswer(viewer: Viewer, row: AnswerRow, liked: boolean): Answer {
  const own = ownershipFields(viewer, row);
  const hidden = row.hidden_at !== null;
  return {
    id: row.id,
    question: row.question_id,
    parent_id: row.parent_id,
    // Hidden while reviewed: others get a one-line notice, and the thread stays whole.
    text: hidden && !seesHidden(viewer, row) ? API_MSG.hiddenReply : row.text,
    likes: row.likes,
    liked,
    gender: row.gender,
    age_range: row.age_range,
    user: own.user,
    session_id: own.session_id,
    is_deleted: row.is_deleted,
    can: rightsOf(viewer, row),
    author_label: authorLabel(row.author_number),
    created_at: row.created_at.toISOString(),
    edited_at: row.edited_at === null ? null : row.edited_at.toISOString(),
    hidden,
    hidden_reason: hiddenReasonFor(viewer, row),
    helpful: row.helpful,
  };
}

/**
 * The whole thread, nested at most `LIMITS.replyDepth` deep (lib/answer-tree.ts), with the
 * branches that hold a reply the asker marked "This helped" first (lib/helped-first.ts);
 * one object per answer (a thread may hold hundreds). `liked`: the ids of the answers the
 * viewer likes.
 */
export function presentAnswerTree(
  viewer: Viewer,
  rows: AnswerRow[],
  liked: ReadonlySet<number>,
): AnswerNode[] {
  return helpedFirst(
    buildTree(
      rows,
      LIMITS.replyDepth,
      (row): AnswerNode => ({ ...presentAnswer(viewer, row, liked.has(row.id)), replies: [] }),
    ),
  );
}

/**
 * A presented thread (possibly a shared, cached one, presented with nothing liked) with the
 * viewer's likes marked: new objects along the way, never a change to the ones given, so a
 * viewer's flags never reach another viewer. Nothing liked: the thread as it is.
 */
export function withLiked(nodes: readonly AnswerNode[], liked: ReadonlySet<number>): AnswerNode[] {
  if (liked.size === 0) return nodes as AnswerNode[];
  const mark = (node: AnswerNode): AnswerNode => ({
    ...node,
    liked: liked.has(node.id),
    replies: node.replies.map(mark),
  });
  return nodes.map(mark);
}

export function presentMyAnswer(
  viewer: Viewer,
  row: AnswerRow & {
    question_text: string;
    question_user_id: number | null;
    question_session_hash: Buffer | null;
    question_hidden_at: Date | null;
  },
  liked: boolean,
): MyAnswer {
  return {
    ...presentAnswer(viewer, row, liked),
    question_text: questionTextFor(viewer, {
      text: row.question_text,
      user_id: row.question_user_id,
      session_hash: row.question_session_hash,
      hidden_at: row.question_hidden_at,
    }),
  };
}
