/**
 * The words of the moderation queue and its activity log, in the page's language: admins'
 * and moderators' screens alone load them (lib/safety-messages.ts is loaded by every
 * question's page). Read them while drawing.
 */
import type { ModerationLogEntry } from '@dating/contract';
import { t, texts } from '../locales/moderation/index.ts';

/** A post's id for a message: `none` when the post is gone. */
const idOf = (id: number | null) => id ?? 'none';

export const MODERATION_LOG_TEXT = texts(
  {
    reportApproved: 'modReportApproved',
    reportRejected: 'modReportRejected',
    onlyModerators: 'modOnlyModerators',
    logInAsModerator: 'modLogIn',
    activity: 'modActivity',
    activityHeading: 'modActivityHeading',
    noActivity: 'modNoActivity',
    loadActivityFailed: 'modLoadActivityFailed',
    byServer: 'modByServer',
    targetAccount: 'modTargetAccount',
    targetKey: 'modTargetKey',
    note: 'modNote',
    snapshot: 'modSnapshot',
    piiRemoved: 'modPiiRemoved',
  },
  {
    flaggedAs: (categories: readonly string[]) =>
      t('modFlaggedAs', { categories: categories.join(t('modListSeparator')) }),
    action: (action: ModerationLogEntry['action']) => t('modAction', { action }),
    /** "by alice (moderator)": who acted, in which role. */
    byStaff: (name: string, role: 'admin' | 'moderator' | null) =>
      t('modByStaff', { name, role: role ?? 'none' }),
    /** "Author of reply #12 silenced for 7 days". */
    silencedFor: (who: string, days: number) => t('modSilencedFor', { who, days }),
    erasureCounts: (counts: Record<string, number | undefined>) =>
      Object.entries(counts)
        .filter(([, n]) => n !== undefined)
        .map(([what, n]) => t('modErasureCount', { what, n }))
        .join(t('modListSeparator')),
    targetQuestion: (id: number | null) => t('modTargetQuestion', { id: idOf(id) }),
    targetAnswer: (id: number | null) => t('modTargetAnswer', { id: idOf(id) }),
    targetAccountId: (id: number) => t('modTargetAccountId', { id }),
    /** "Author of question #12", "Author of a reply". */
    authorOf: (type: 'question' | 'answer', id: number | null) =>
      t(type === 'question' ? 'modAuthorOfQuestion' : 'modAuthorOfAnswer', { id: idOf(id) }),
    forReport: (id: number) => t('modForReport', { id }),
  },
);
