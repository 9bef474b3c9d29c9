import type { AnswerNode, Rights } from '@dating/contract';

/** What a stranger may do with a post they see whole: reply and report. */
export const STRANGER_RIGHTS: Rights = { edit: false, delete: false, reply: true, report: true };

/** What its author may do with a post: everything but report it. */
export const AUTHOR_RIGHTS: Rights = { edit: true, delete: true, reply: true, report: false };

/** A reply as the API sends it to a stranger: top-level, no likes, no replies, unless given. */
export function answerNode(fields: Partial<AnswerNode> & { id: number }): AnswerNode {
  return {
    question: 1,
    parent_id: null,
    text: `Answer ${fields.id}`,
    likes: 0,
    liked: false,
    gender: 'U',
    age_range: 'U',
    user: null,
    session_id: null,
    is_deleted: false,
    can: STRANGER_RIGHTS,
    author_label: `Anon ${fields.id}`,
    created_at: '2026-01-01T00:00:00Z',
    edited_at: null,
    helpful: false,
    replies: [],
    ...fields,
  };
}
