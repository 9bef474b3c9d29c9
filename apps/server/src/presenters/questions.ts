import {
  type AnswerNode,
  API_MSG,
  ASKER_LABEL,
  type QuestionDetail,
  type QuestionSummary,
  type Tag,
} from '@dating/contract';
import type { Viewer } from '../auth/identity.ts';
import { ownershipFields, seesHidden } from './ownership.ts';

/** A hidden question's text for everybody but its author and admins. */
const HIDDEN_QUESTION_TEXT = `<p>${API_MSG.hiddenQuestion}</p>`;

export interface QuestionRow {
  id: number;
  text: string;
  likes: number;
  answer_count: number;
  gender: QuestionSummary['gender'];
  age_range: QuestionSummary['age_range'];
  user_id: number | null;
  session_hash: Buffer | null;
  hidden_at: Date | null;
  created_at: Date;
}

/** Whether the viewer gets a notice in place of a hidden question. */
export function isHiddenFrom(viewer: Viewer, row: QuestionRow): boolean {
  return row.hidden_at !== null && !seesHidden(viewer, row);
}

/** `liked`: whether this viewer likes it (repositories/likes.ts). */
export function presentQuestion(
  viewer: Viewer,
  row: QuestionRow,
  tags: Tag[],
  liked: boolean,
): QuestionSummary {
  const hiddenFromViewer = isHiddenFrom(viewer, row);
  return {
    id: row.id,
    text: hiddenFromViewer ? HIDDEN_QUESTION_TEXT : row.text,
    likes: row.likes,
    liked,
    tags: hiddenFromViewer ? [] : tags,
    gender: row.gender,
    age_range: row.age_range,
    ...ownershipFields(viewer, row),
    created_at: row.created_at.toISOString(),
    answer_count: row.answer_count,
    author_label: ASKER_LABEL,
    hidden: row.hidden_at !== null,
  };
}

export function presentQuestionDetail(
  viewer: Viewer,
  row: QuestionRow,
  tags: Tag[],
  answers: AnswerNode[],
  liked: boolean,
): QuestionDetail {
  // A hidden question's thread is hidden with it.
  return {
    ...presentQuestion(viewer, row, tags, liked),
    answers: isHiddenFrom(viewer, row) ? [] : answers,
  };
}
