/**
 * An error body as the request's language reads it, with its code(s). The two shapes keep
 * every field they had:
 * - `{"detail": "...", ...}` gains `"code"` (after its other fields), and its detail follows
 *   the language;
 * - `{"field": ["message", ...]}` stays exactly that shape (the specification shows each
 *   key as a field of the form, so a `code` key would show as one): each message follows the
 *   language, and the codes go in the `Error-Code` header only.
 * A body that already carries a code (an idempotent request's stored response, answered
 * again) is left as it is.
 */
import { codeForStatus, ERROR_MSG, type ErrorCode } from '@dating/contract';
import type { MessageLanguage } from '../accept-language.ts';
import { translate } from './catalogue.ts';

export interface LocalizedError {
  body: Record<string, unknown>;
  /** In the order of the body; one for a detail, one per distinct message otherwise. */
  codes: ErrorCode[];
  /** The language its messages are in; null for a stored body sent again as it was. */
  language: MessageLanguage | null;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(ERROR_MSG, value);

const isMessageList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((message) => typeof message === 'string');

/** The error body in `language` with its codes, or null when it is neither error shape. */
export function localizeError(
  status: number,
  body: unknown,
  language: MessageLanguage,
): LocalizedError | null {
  if (!isObject(body)) return null;
  const fallback = codeForStatus(status);
  if (typeof body.detail === 'string') {
    if (isErrorCode(body.code)) return { body, codes: [body.code], language: null };
    const { code, text } = translate(body.detail, language, fallback);
    return { body: { ...body, detail: text, code }, codes: [code], language };
  }
  const entries = Object.entries(body);
  if (entries.length === 0 || !entries.every(([, messages]) => isMessageList(messages))) {
    return null;
  }
  const codes: ErrorCode[] = [];
  const out: Record<string, string[]> = {};
  for (const [field, messages] of entries as [string, string[]][]) {
    out[field] = messages.map((message) => {
      const { code, text } = translate(message, language, fallback);
      if (!codes.includes(code)) codes.push(code);
      return text;
    });
  }
  return { body: out, codes, language };
}
