/**
 * The texts of the pages that explain the site (/about, /privacy, /rules), put together from
 * their catalogue (src/locales/site-pages/), which loads only with those pages and only in
 * the page's language. They say what the server does and no more: SECURITY.md is the source,
 * and a change there that these pages describe is a change in the catalogues too.
 */
import { LIMITS, RETENTION, type SitePagePath } from '@dating/contract';
import type en from '../locales/site-pages/en.ts';
import { SITE_PAGES_CATALOGUE } from '../locales/site-pages/index.ts';
import { textOf } from './i18n.ts';

export interface SitePageSection {
  heading: string;
  paragraphs: readonly string[];
}

export interface SitePage {
  title: string;
  intro: string;
  sections: readonly SitePageSection[];
}

/** The paragraphs that state the contract's numbers (LIMITS, RETENTION), with them. */
const PARAMS = {
  privacyKeptPosts: () => ({ days: LIMITS.deletedNameDays }),
  privacyKeptNotifications: () => ({ days: RETENTION.readNotificationsDays }),
  privacyKeptPush: () => ({ minutes: RETENTION.queuedPushMinutes }),
  privacyKeptSignIn: () => ({ days: RETENTION.signInDays }),
  privacyKeptReports: () => ({ days: RETENTION.endedSilenceDays }),
  privacyKeptBrief: () => ({
    idempotencyHours: RETENTION.idempotencyKeyHours,
    challengeMinutes: RETENTION.challengeMinutes,
    windowHours: RETENTION.rateLimitWindowMaxHours,
  }),
};

const T = textOf<keyof typeof en, typeof PARAMS>(SITE_PAGES_CATALOGUE, PARAMS);

/** A page's text, read in the active language when it is drawn. */
const PAGES: Record<SitePagePath, () => SitePage> = {
  '/about': () => ({
    title: T.aboutTitle,
    intro: T.aboutIntro,
    sections: [
      {
        heading: T.aboutAnonymousHeading,
        paragraphs: [T.aboutAnonymous1, T.aboutAnonymous2, T.aboutAnonymous3],
      },
      {
        heading: T.aboutKeyHeading,
        paragraphs: [T.aboutKey1, T.aboutKey2, T.aboutKey3, T.aboutKey4],
      },
      { heading: T.aboutAccountHeading, paragraphs: [T.aboutAccount1] },
    ],
  }),
  '/privacy': () => ({
    title: T.privacyTitle,
    intro: T.privacyIntro,
    sections: [
      {
        heading: T.privacyVisitorsHeading,
        paragraphs: [T.privacyVisitors1, T.privacyVisitors2],
      },
      { heading: T.privacyYouHeading, paragraphs: [T.privacyYou1] },
      {
        heading: T.privacyAdminsHeading,
        paragraphs: [T.privacyAdmins1, T.privacyAdmins2, T.privacyAdmins3],
      },
      {
        heading: T.privacyOperatorsHeading,
        paragraphs: [T.privacyOperators1, T.privacyOperators2, T.privacyOperators3],
      },
      { heading: T.privacyPushHeading, paragraphs: [T.privacyPush1] },
      {
        heading: T.privacyKeptHeading,
        paragraphs: [
          T.privacyKeptPosts(),
          T.privacyKeptNotifications(),
          T.privacyKeptPush(),
          T.privacyKeptSignIn(),
          T.privacyKeptReports(),
          T.privacyKeptBrief(),
          T.privacyKeptLogs,
          T.privacyKeptBackups,
        ],
      },
    ],
  }),
  '/rules': () => ({
    title: T.rulesTitle,
    intro: T.rulesIntro,
    sections: [
      { heading: T.rulesRemovedHeading, paragraphs: [T.rulesRemoved1, T.rulesRemoved2] },
      { heading: T.rulesReportingHeading, paragraphs: [T.rulesReporting1, T.rulesReporting2] },
      { heading: T.rulesHardHeading, paragraphs: [T.rulesHard1, T.rulesHard2] },
    ],
  }),
};

/** The page at `path`, in the active language (its catalogue loaded: SITE_PAGES_CATALOGUE). */
export function sitePage(path: SitePagePath): SitePage {
  return PAGES[path]();
}
