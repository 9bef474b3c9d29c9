/** The words of moderators' screens, silences and the silenced author's banner. */
import { formatDateTime } from '../../../lib/labels.ts';

/** "45 s", "12 min", "3 h", "2 days": a wait or a review time, rounded down. */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h`;
  const days = Math.floor(seconds / 86_400);
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

export const MODERATION_TEXT = {
  health: 'Queue health',
  pending: (n: number) => `${n} pending`,
  oldest: (seconds: number | null) =>
    seconds === null ? 'nothing waiting' : `oldest waiting ${formatDuration(seconds)}`,
  median: (seconds: number | null) =>
    seconds === null
      ? 'no reviews in the last 7 days'
      : `median review ${formatDuration(seconds)} (7 days)`,

  silences: 'Silences',
  silencesHeading: 'Silenced authors',
  noSilences: 'Nobody is silenced.',
  loadSilencesFailed: 'Failed to load the silences.',
  until: (iso: string) => `until ${formatDateTime(iso)}`,
  lift: 'Lift',
  liftLabel: (from: string) => `Lift the silence of the ${from}`,
  lifted: 'Silence lifted.',
  liftFailed: 'Could not lift the silence. Try again.',

  silenceAuthor: 'Silence author',
  silenceTitle: (target: string) => `Silence the author of ${target}`,
  silenceHint:
    'They can still read, but cannot post, reply, like or report until then. Nobody learns who they are.',
  days: 'Days',
  reason: 'Reason (the author sees it)',
  silence: 'Silence',
  cancel: 'Cancel',
  silenced: (days: number) => `Author silenced for ${days} ${days === 1 ? 'day' : 'days'}.`,
  silenceFailed: 'Could not silence the author. Try again.',

  moderators: 'Moderators',
  moderatorsHeading: 'Moderators',
  moderatorsIntro:
    'Moderators review the queue, hide and restore posts, silence authors and read the log. They cannot appoint moderators or change site settings.',
  noModerators: 'No moderators yet.',
  loadModeratorsFailed: 'Failed to load the moderators.',
  username: 'Username',
  appoint: 'Appoint',
  appointed: (name: string) => `${name} is now a moderator.`,
  remove: 'Remove',
  removeLabel: (name: string) => `Remove ${name} as moderator`,
  removed: (name: string) => `${name} is no longer a moderator.`,
  noSuchUser: 'No account has this username.',
  moderatorFailed: 'Could not change the moderators. Try again.',

  bannerTitle: 'You cannot post for now',
  banner: (until: string, reason: string) =>
    `A moderator silenced you until ${formatDateTime(until)}: ${reason}. You can still read.`,
} as const;
