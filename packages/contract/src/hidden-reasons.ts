/**
 * Why a hidden post is hidden, and the line its author is told (issue 39). Apart from the
 * watched words' constants: a question's page draws this line, and loads no more with it.
 */
import { REPORT_REASONS, type ReportReason } from './enums.ts';

/** Why a hidden post is hidden, as its author is told: a report reason, or a watched word. */
export const HIDDEN_REASONS = [...REPORT_REASONS, 'watched_word'] as const;
export type HiddenReason = (typeof HIDDEN_REASONS)[number];

/** The line its author sees on a hidden post. */
export function hiddenReasonLine(reason: HiddenReason | null): string {
  if (reason === 'watched_word') {
    return 'Waiting for review: it holds a word moderators check first. You can edit it.';
  }
  const why = reason === null ? '' : ` as ${REPORT_REASON_WORDS[reason]}`;
  return `Hidden: people reported it${why}. Moderators will review it; you can edit it.`;
}

const REPORT_REASON_WORDS: Record<ReportReason, string> = {
  inappropriate: 'inappropriate',
  offensive: 'offensive',
  harassment: 'harassment',
  spam: 'spam',
  other: 'a problem',
};
