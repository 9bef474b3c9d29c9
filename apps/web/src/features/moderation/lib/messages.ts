/**
 * The words of moderators' screens, silences and the silenced author's banner, in the page's
 * language (src/locales/). Read them while drawing.
 */
import type { SilenceSource } from '@dating/contract';
import { formatDateTime } from '../../../lib/labels.ts';
import { t, texts } from '../../../locales/moderation/index.ts';

/** "45 s", "12 min", "3 h", "2 days": a wait or a review time, rounded down. */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return t('modSeconds', { n: seconds });
  if (seconds < 3600) return t('modMinutes', { n: Math.floor(seconds / 60) });
  if (seconds < 86_400) return t('modHours', { n: Math.floor(seconds / 3600) });
  return t('modDays', { n: Math.floor(seconds / 86_400) });
}

export const MODERATION_TEXT = texts(
  {
    health: 'modHealth',
    silences: 'modSilences',
    silencesHeading: 'modSilencesHeading',
    noSilences: 'modNoSilences',
    loadSilencesFailed: 'modLoadSilencesFailed',
    lift: 'modLift',
    lifted: 'modLifted',
    liftFailed: 'modLiftFailed',
    silenceAuthor: 'modSilenceAuthor',
    silenceHint: 'modSilenceHint',
    days: 'modDaysLabel',
    reason: 'modReasonLabel',
    silence: 'modSilence',
    cancel: 'modCancel',
    silenceFailed: 'modSilenceFailed',
    moderators: 'modModerators',
    moderatorsHeading: 'modModerators',
    moderatorsIntro: 'modModeratorsIntro',
    noModerators: 'modNoModerators',
    loadModeratorsFailed: 'modLoadModeratorsFailed',
    username: 'modUsername',
    appoint: 'modAppoint',
    remove: 'modRemove',
    noSuchUser: 'modNoSuchUser',
    moderatorFailed: 'modModeratorFailed',
    bannerTitle: 'modBannerTitle',
  },
  {
    pending: (n: number) => t('modPending', { n }),
    oldest: (seconds: number | null) =>
      seconds === null
        ? t('modNothingWaiting')
        : t('modOldest', { duration: formatDuration(seconds) }),
    median: (seconds: number | null) =>
      seconds === null ? t('modNoReviews') : t('modMedian', { duration: formatDuration(seconds) }),
    until: (iso: string) => t('modUntil', { date: formatDateTime(iso) }),
    /** "author of answer 12", "account 7": what a silence was made from. */
    madeFrom: (type: SilenceSource, id: number) => t('modMadeFrom', { type, id }),
    liftLabel: (from: string) => t('modLiftLabel', { from }),
    silenceTitle: (target: string) => t('modSilenceTitle', { target }),
    silenced: (days: number) => t('modSilenced', { days }),
    appointed: (name: string) => t('modAppointed', { name }),
    removeLabel: (name: string) => t('modRemoveLabel', { name }),
    removed: (name: string) => t('modRemoved', { name }),
    banner: (until: string, reason: string) =>
      t('modBanner', { until: formatDateTime(until), reason }),
  },
);
