/** Turns API failures into the specification's messages (spec §8), deciding by code. */
import type { ErrorCode } from '@dating/contract';
import { ApiError, isRefusalWith } from './api-client.ts';
import { MSG, TEXT } from './messages.ts';
import { t } from './t.ts';

/** The browser was offline: nothing was sent, or the connection dropped on the way. */
export function isOffline(error: unknown): boolean {
  return error instanceof ApiError && error.offline;
}

/** `message`, or the offline explanation when that is why it failed. */
export function unlessOffline(error: unknown, message: string): string {
  return isOffline(error) ? TEXT.offline : message;
}

function joinMessages(messages: readonly string[]): string {
  return messages.join(' ');
}

/**
 * Posting a question or a reply: a session_id error shows 'Error: {text}' (in the page's
 * language); a detail or
 * any other field error shows '{prefix}{text}'; anything else the fallback.
 */
export function postErrorMessage(error: unknown, prefix: string, fallback: string): string {
  if (isOffline(error)) return `${prefix}${TEXT.offline}`;
  if (error instanceof ApiError && error.body) {
    const fields = error.fieldErrors;
    const session = fields.session_id;
    if (error.status === 400 && session) return t('errorWithText', { text: joinMessages(session) });
    if (error.detail) return `${prefix}${error.detail}`;
    const all = Object.values(fields).flat();
    if (all.length > 0) return `${prefix}${joinMessages(all)}`;
  }
  console.error(fallback, error);
  return fallback;
}

export const postQuestionErrorMessage = (error: unknown) =>
  postErrorMessage(error, MSG.postQuestionFailedPrefix, MSG.postQuestionFailed);

export const submitReplyErrorMessage = (error: unknown) =>
  postErrorMessage(error, MSG.submitReplyFailedPrefix, MSG.submitReplyFailed);

const REPEAT_LIKES: readonly ErrorCode[] = [
  'alreadyLikedQuestionUser',
  'alreadyLikedQuestionSession',
  'alreadyLikedAnswerUser',
  'alreadyLikedAnswerSession',
];

export function isRepeatLike(error: unknown): boolean {
  return isRefusalWith(error, REPEAT_LIKES);
}

export function likeErrorMessage(error: unknown, target: 'question' | 'answer'): string {
  if (isOffline(error)) return TEXT.offline;
  if (isRepeatLike(error)) return MSG.likeOnce;
  return target === 'question' ? MSG.likeQuestionFailed : MSG.likeFailed;
}

/** A report refused because the viewer already reported the post. */
export function isRepeatReport(error: unknown): boolean {
  return isRefusalWith(error, ['alreadyReported']);
}

/**
 * A report that failed: the server's own words when it refused a repeat or one's own post
 * (the reporter can do nothing about those), else the specification's failure message.
 */
export function reportErrorMessage(error: unknown): string {
  if (isOffline(error)) return TEXT.offline;
  if (isRefusalWith(error, ['alreadyReported', 'reportOwnContent'])) {
    return (error as ApiError).detail ?? MSG.reportFailed;
  }
  return MSG.reportFailed;
}

export function isAuthError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * Register and login forms: server messages per field (joined), a form-level message
 * for `detail` and unknown fields, or the unexpected-error text.
 */
export function formErrors(
  error: unknown,
  knownFields: readonly string[],
  unexpected: string,
): { fields: Record<string, string>; form: string | null } {
  if (isOffline(error)) return { fields: {}, form: TEXT.offline };
  if (!(error instanceof ApiError) || !error.body || error.status >= 500) {
    return { fields: {}, form: unexpected };
  }
  const fields: Record<string, string> = {};
  const other: string[] = [];
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    if (knownFields.includes(field)) fields[field] = joinMessages(messages);
    else other.push(...messages);
  }
  if (error.detail) other.unshift(error.detail);
  const form = other.length > 0 ? joinMessages(other) : null;
  if (form === null && Object.keys(fields).length === 0) return { fields, form: unexpected };
  return { fields, form };
}
