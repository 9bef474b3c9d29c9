import { fieldError } from './http-errors.ts';

/** Reply text is plain text: trimmed, and never empty (400 on `text` otherwise). */
export function cleanReplyText(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') throw fieldError('text', 'replyEmpty');
  return trimmed;
}
