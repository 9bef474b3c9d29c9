import type { AnswerNode, QuestionDetail, QuestionSummary, Tag } from '@dating/contract';
import type { Viewer } from '../auth/identity.ts';
import { ownershipFields } from './ownership.ts';

export interface QuestionRow {
  id: number;
  text: string;
  likes: number;
  answer_count: number;
  gender: QuestionSummary['gender'];
  age_range: QuestionSummary['age_range'];
  user_id: number | null;
  session_hash: Buffer | null;
  created_at: Date;
}

export function presentQuestion(viewer: Viewer, row: QuestionRow, tags: Tag[]): QuestionSummary {
  return {
    id: row.id,
    text: row.text,
    likes: row.likes,
    tags,
    gender: row.gender,
    age_range: row.age_range,
    ...ownershipFields(viewer, row),
    created_at: row.created_at.toISOString(),
    answer_count: row.answer_count,
  };
}

export function presentQuestionDetail(
  viewer: Viewer,
  row: QuestionRow,
  tags: Tag[],
  answers: AnswerNode[],
): QuestionDetail {
  return { ...presentQuestion(viewer, row, tags), answers };
}
