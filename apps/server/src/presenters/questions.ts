import {
  type AnswerNode,
  API_MSG,
  ASKER_LABEL,
  type Perspectives,
  type QuestionDetail,
  type QuestionSummary,
  type QuestionUpdate,
  type Tag,
} from '@dating/contract';
import type { Viewer } from '../auth/identity.ts';
import { hiddenReasonFor, ownershipFields, rightsOf, seesHidden } from './ownership.ts';
import { noPerspectives } from './perspectives.ts';

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
  /** Why it is hidden (migration 0024); absent where a read does not need it. */
  hidden_reason?: string | null;
  helpful_count: number;
  update_count: number;
  /** The owner's last edit of the text; null if never (not updated_at: see migration 0016). */
  edited_at: Date | null;
  /** The language of its text, detected; null if unknown (migration 0025). */
  language: string | null;
  created_at: Date;
}

export interface QuestionUpdateRow {
  id: number;
  text: string;
  created_at: Date;
}

/** What the detail shows besides the question: its thread, updates and perspective counts. */
export interface QuestionThread {
  /** The first page of the thread (lib/thread-pages.ts), and the address of the next. */
  answers: AnswerNode[];
  next: string | null;
  updates: QuestionUpdateRow[];
  perspectives: Perspectives;
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
    can: rightsOf(viewer, row),
    created_at: row.created_at.toISOString(),
    edited_at: row.edited_at === null ? null : row.edited_at.toISOString(),
    answer_count: row.answer_count,
    author_label: ASKER_LABEL,
    hidden: row.hidden_at !== null,
    hidden_reason: hiddenReasonFor(viewer, row),
    helped: row.helpful_count > 0,
    update_count: row.update_count,
    // The notice in place of a hidden text is the site's, not the author's.
    language: hiddenFromViewer ? null : row.language,
  };
}

export function presentQuestionUpdate(row: QuestionUpdateRow): QuestionUpdate {
  return { id: row.id, text: row.text, created_at: row.created_at.toISOString() };
}

export function presentQuestionDetail(
  viewer: Viewer,
  row: QuestionRow,
  tags: Tag[],
  thread: QuestionThread,
  marks: { liked: boolean; following: boolean },
): QuestionDetail {
  // A hidden question's thread and updates are hidden with it.
  const hidden = isHiddenFrom(viewer, row);
  return {
    ...presentQuestion(viewer, row, tags, marks.liked),
    following: marks.following,
    answers: hidden ? [] : thread.answers,
    answers_next: hidden ? null : thread.next,
    updates: hidden ? [] : thread.updates.map(presentQuestionUpdate),
    perspectives: hidden ? noPerspectives() : thread.perspectives,
  };
}
