/**
 * The web app's addresses of a question, in one table: the router's patterns, the paths the
 * app links to, the push payload's and the inbox's targets (notificationPath), and the
 * server's reading of a page's address for its first screen (parseQuestionPath).
 */
import type { NotificationKind } from './enums.ts';
import { MAX_ID } from './limits.ts';

/** The router's pattern of a question's page. */
export const QUESTION_ROUTE = '/questions/:id';
/** The router's pattern of the owner's view of a question. */
export const MY_QUESTION_ROUTE = '/my/questions/:id';
/** Where the author's own content is listed (by account, or by the key in this tab). */
export const MY_CONTENT_PATH = '/my/content';

/** The element id of a reply on its question's page, which `#answer-12` scrolls to. */
export function answerAnchor(answer: number): string {
  return `answer-${answer}`;
}

/** A question's page, or one reply on it (`/questions/5#answer-9`). */
export function questionPath(id: number, answer?: number | null): string {
  const path = `/questions/${id}`;
  return answer === undefined || answer === null ? path : `${path}#${answerAnchor(answer)}`;
}

/** The owner's view of a question (`/my/questions/5`). */
export function myQuestionPath(id: number): string {
  return `/my/questions/${id}`;
}

/** An id of an address: 1 to MAX_ID, digits only, no leading zero; else null. */
function idOf(digits: string | undefined): number | null {
  if (digits === undefined || !/^[1-9][0-9]{0,9}$/.test(digits)) return null;
  const id = Number(digits);
  return id <= MAX_ID ? id : null;
}

/** The reply an address's fragment points at (`#answer-12`), or null. */
export function answerOfHash(hash: string): number | null {
  const match = /^#answer-([0-9]+)$/.exec(hash);
  return match ? idOf(match[1]) : null;
}

/**
 * The question (and the reply, from `#answer-12`) of a question page's address, path with
 * an optional trailing slash and fragment; a query is ignored. Null for any other address.
 * The inverse of `questionPath`.
 */
export function parseQuestionPath(path: string): { id: number; answer: number | null } | null {
  const match = /^\/questions\/([^/?#]+)\/?(\?[^#]*)?(#.*)?$/.exec(path);
  if (!match) return null;
  const id = idOf(match[1]);
  if (id === null) return null;
  return { id, answer: match[3] === undefined ? null : answerOfHash(match[3]) };
}

/**
 * Where a notification leads, the same in the inbox and in a push: the reply in its thread,
 * the question (an update's news is the question's), or, when its question is gone (a
 * removed question), the author's own content.
 */
export function notificationPath(
  kind: NotificationKind,
  question: number | null,
  answer: number | null,
): string {
  if (question === null) return MY_CONTENT_PATH;
  return questionPath(question, kind === 'update' ? null : answer);
}
