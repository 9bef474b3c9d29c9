import type { AnonymousPost } from '@dating/contract';
import type { Viewer } from '../auth/identity.ts';
import type { AnonymousPostRow } from '../db/rows.ts';
import { questionTextFor } from './ownership.ts';

/** A post of the viewer's own key: it carries their session id, like every own item. */
export function presentAnonymousPost(
  viewer: Viewer,
  row: AnonymousPostRow,
  liked: boolean,
): AnonymousPost {
  return {
    type: row.type,
    id: row.id,
    question: row.question_id,
    text: row.text,
    question_text: questionTextFor(viewer, {
      text: row.question_text,
      user_id: row.question_user_id,
      session_hash: row.question_session_hash,
      hidden_at: row.question_hidden_at,
    }),
    likes: row.likes,
    liked,
    gender: row.gender,
    age_range: row.age_range,
    user: null,
    session_id: viewer.sessionId,
    created_at: row.created_at.toISOString(),
  };
}
