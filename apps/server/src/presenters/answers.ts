import type { Answer, AnswerNode, MyAnswer } from '@dating/contract';
import type { Viewer } from '../auth/identity.ts';
import { buildTree } from '../lib/answer-tree.ts';
import { ownershipFields } from './ownership.ts';

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
  created_at: Date;
}

export function presentAnswer(viewer: Viewer, row: AnswerRow): Answer {
  const own = ownershipFields(viewer, row);
  return {
    id: row.id,
    question: row.question_id,
    parent_id: row.parent_id,
    text: row.text,
    likes: row.likes,
    gender: row.gender,
    age_range: row.age_range,
    user: own.user,
    session_id: own.session_id,
    is_deleted: row.is_deleted,
    created_at: row.created_at.toISOString(),
  };
}

/** The whole thread, nested; one object per answer (a thread may hold hundreds). */
export function presentAnswerTree(viewer: Viewer, rows: AnswerRow[]): AnswerNode[] {
  return buildTree(rows, (row): AnswerNode => ({ ...presentAnswer(viewer, row), replies: [] }));
}

export function presentMyAnswer(
  viewer: Viewer,
  row: AnswerRow & { question_text: string },
): MyAnswer {
  return { ...presentAnswer(viewer, row), question_text: row.question_text };
}
