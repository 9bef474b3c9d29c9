/** Self-declared labels and moderation codes (spec §3, §9). Order is display order. */

export const GENDERS = ['W', 'M', 'NB', 'U'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABELS: Record<Gender, string> = {
  W: 'Woman',
  M: 'Man',
  NB: 'Non Binary',
  U: 'Unspecified',
};

export const AGE_RANGES = ['18-25', '26-35', '36-45', '45+', 'U'] as const;
export type AgeRange = (typeof AGE_RANGES)[number];
export const AGE_RANGE_LABELS: Record<AgeRange, string> = {
  '18-25': '18-25',
  '26-35': '26-35',
  '36-45': '36-45',
  '45+': '45+',
  U: 'Unspecified',
};

export const REPORT_REASONS = [
  'inappropriate',
  'offensive',
  'harassment',
  'spam',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  inappropriate: 'Inappropriate Content',
  offensive: 'Offensive Language',
  harassment: 'Harassment',
  spam: 'Spam',
  other: 'Other',
};

/**
 * Orders of the feed (`GET /api/questions/?sort=`): newest first (the default), `top` by
 * likes with a time decay, `unanswered` questions without answers newest first, `active`
 * by the last reply. A search is ranked by relevance whatever the sort; `unanswered` then
 * still keeps only the unanswered matches.
 */
export const FEED_SORTS = ['new', 'top', 'unanswered', 'active'] as const;
export type FeedSort = (typeof FEED_SORTS)[number];
export const FEED_SORT_DEFAULT: FeedSort = 'new';
export const FEED_SORT_LABELS: Record<FeedSort, string> = {
  new: 'Newest',
  top: 'Top',
  unanswered: 'Unanswered',
  active: 'Recently active',
};
export const isFeedSort = (value: string): value is FeedSort =>
  (FEED_SORTS as readonly string[]).includes(value);

/** `acknowledged`: a crisis flag an admin or moderator saw, keeping the post (migration 0023). */
export const REPORT_STATUSES = ['pending', 'approved', 'rejected', 'acknowledged'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** What the personal-info guard finds (safety/personal-info.ts); the order of its warnings. */
export const PII_KINDS = [
  'phone',
  'email',
  'social',
  'address',
  'name',
  'national_id',
  'licence_plate',
  'payment',
] as const;
export type PiiKind = (typeof PII_KINDS)[number];

/** What the crisis classifier recognises (safety/crisis.ts); the order of its panel. */
export const CRISIS_CATEGORIES = [
  'self_harm',
  'partner_abuse',
  'sexual_coercion',
  'coercive_control',
  'stalking',
  'minor_with_adult',
] as const;
export type CrisisCategory = (typeof CRISIS_CATEGORIES)[number];
export const CRISIS_CATEGORY_LABELS: Record<CrisisCategory, string> = {
  self_harm: 'Self-harm or suicide',
  partner_abuse: 'Abuse or violence by a partner',
  sexual_coercion: 'Sexual violence or coercion',
  coercive_control: 'Coercive control',
  stalking: 'Stalking',
  minor_with_adult: 'A minor with an adult',
};

/**
 * What a notification is about: a reply in one's thread, a reply to one's answer, an update
 * of a followed question, "This helped" on one's answer, moderation of one's post.
 */
export const NOTIFICATION_KINDS = [
  'reply',
  'answer_reply',
  'update',
  'helped',
  'moderation',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
