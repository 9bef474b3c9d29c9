/**
 * How long the server keeps each kind of data, where the code sets a lifetime. The privacy
 * page states these numbers (apps/web/src/lib/site-page-messages.ts), and the server keeps
 * them (apps/server/test/retention.test.ts checks each one that a test can).
 */
export const RETENTION = {
  /** A read notification is deleted this many days after it was read. */
  readNotificationsDays: 90,
  /** A sign-in's record (its refresh tokens) is deleted once it can no longer be renewed. */
  signInDays: 7,
  /** An Idempotency-Key and the response it keeps. */
  idempotencyKeyHours: 24,
  /** A proof-of-work challenge, and the record that it was used. */
  challengeMinutes: 30,
  /** A push that could not be sent is dropped after this long. */
  queuedPushMinutes: 10,
  /**
   * A silence's record (whom it silenced, why, until when) is deleted this many days after
   * it ended, run out or lifted; the moderation log keeps that it happened.
   */
  endedSilenceDays: 30,
  /** The longest window of a rate-limit counter. */
  rateLimitWindowMaxHours: 24,
} as const;
