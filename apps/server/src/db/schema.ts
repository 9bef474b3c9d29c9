/** Table types for Kysely, mirroring migrations/*.sql. */

import type {
  AgeRange,
  ContentSnapshot,
  CrisisCategory,
  ErasureCounts,
  Gender,
  ModerationAction,
  ReportReason,
  ReportSource,
  ReportStatus,
  SilenceSource,
  StaffRole,
} from '@dating/contract';
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, never, never>;
type UpdatedAt = ColumnType<Date, never, Date>;
/** Written by the database only (generated or maintained by UPDATE ... SET x = x + 1). */
type Computed<T> = ColumnType<T, never, never>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string | null;
  password_hash: string;
  is_staff: ColumnType<boolean, boolean | undefined, boolean>;
  /** Appointed by an admin (migration 0023). */
  is_moderator: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
}

export interface RefreshTokensTable {
  jti: string;
  family_id: string;
  user_id: number;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
  created_at: CreatedAt;
}

export interface TagsTable {
  id: Generated<number>;
  name: string;
}

/**
 * A question's search vector, kept by triggers from its `search_text` and `tag_text`
 * (migration 0019): out of the question's row, so that likes and replies never write the
 * search's index.
 */
export interface QuestionSearchTable {
  question_id: ColumnType<number, never, never>;
  search_vector: ColumnType<string, never, never>;
}

export interface QuestionsTable {
  id: Generated<number>;
  text: string;
  search_text: string;
  tag_text: string;
  likes: ColumnType<number, never, never>;
  answer_count: ColumnType<number, never, never>;
  /** Thread pseudonym numbers given so far (migration 0008). */
  author_count: ColumnType<number, never, number>;
  gender: Gender;
  age_range: AgeRange;
  user_id: number | null;
  session_hash: Buffer | null;
  /** Hidden until reviewed, since this time (migration 0009). */
  hidden_at: Date | null;
  /** Why, for its author: a report reason or 'watched_word' (migration 0024). */
  hidden_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** The `top` sort's key, kept by a trigger from likes and created_at (migration 0010). */
  top_score: Computed<number>;
  /** The last reply's time, or created_at before the first (migration 0010). */
  last_activity_at: ColumnType<Date, Date | undefined, Date>;
  /** Replies the asker marked "This helped", and the asker's updates (migration 0011). */
  helpful_count: ColumnType<number, never, never>;
  update_count: ColumnType<number, never, never>;
  /** The owner's last edit of the text, null if never (migration 0016). */
  edited_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The language its text is written in, detected; null if unknown (migration 0025). */
  language: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** The asker's dated updates (migration 0011). */
export interface QuestionUpdatesTable {
  id: Generated<number>;
  question_id: number;
  text: string;
  created_at: CreatedAt;
}

/** Written by the answers' triggers only (migration 0003); bigint, so a string. */
export interface ThreadVersionsTable {
  question_id: number;
  version: ColumnType<string, never, never>;
}

export interface QuestionTagsTable {
  question_id: number;
  tag_id: number;
}

export interface AnswersTable {
  id: Generated<number>;
  question_id: number;
  parent_id: number | null;
  text: string;
  likes: ColumnType<number, never, never>;
  gender: Gender;
  age_range: AgeRange;
  user_id: number | null;
  session_hash: Buffer | null;
  is_deleted: ColumnType<boolean, never, boolean>;
  /** The author's thread pseudonym: 0 the asker, n "Anon n"; null when deleted (0008). */
  author_number: number | null;
  hidden_at: Date | null;
  /** Why, for its author: a report reason or 'watched_word' (migration 0024). */
  hidden_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** Marked "This helped" by the asker (migration 0011). */
  helpful: ColumnType<boolean, never, boolean>;
  /** The owner's last edit of the text, null if never (migration 0016). */
  edited_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface LikesTable {
  id: Generated<string>;
  user_id: number | null;
  /** A key's like: its MAC for the item (lib/activity-macs.ts, migration 0015). */
  key_mac: Buffer | null;
  created_at: CreatedAt;
}

export interface ReportsTable {
  id: Generated<number>;
  target_type: 'question' | 'answer';
  question_id: number | null;
  answer_id: number | null;
  reason: ReportReason;
  details: string | null;
  user_id: number | null;
  /** A key's report: its MAC for the target (lib/activity-macs.ts, migration 0015). */
  key_mac: Buffer | null;
  /** The reporter's network, keyed per target, while pending (lib/reporter-networks.ts). */
  reporter_net: ColumnType<Buffer | null, Buffer | null | undefined, null>;
  status: ColumnType<ReportStatus, never, ReportStatus>;
  /**
   * 'automatic': a crisis flag, with its categories and no reporter (migration 0009); the
   * other system sources: a watched word, an edit after hiding (migration 0024).
   */
  source: ColumnType<ReportSource, ReportSource | undefined, never>;
  /** The watched word a system report is about (migration 0024). */
  watched_word_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The reporter's accuracy subjects, sealed, until counted (lib/reporter-accuracy.ts). */
  reporter_seal: ColumnType<Buffer | null, Buffer | null | undefined, null>;
  categories: ColumnType<CrisisCategory[], CrisisCategory[] | undefined, never>;
  created_at: CreatedAt;
  reviewed_at: ColumnType<Date | null, never, Date>;
}

/** Access tokens revoked before their expiry (migration 0005): 'jti:<id>' or 'fam:<id>'. */
export interface RevokedTokensTable {
  id: string;
  expires_at: Date;
}

/** Idempotency keys (migration 0005): keyed hashes, and the response once it was sent. */
export interface IdempotencyKeysTable {
  id: Buffer;
  fingerprint: Buffer;
  /** Reset when an expired key is claimed again. */
  created_at: ColumnType<Date, never, Date>;
  expires_at: Date;
  status: number | null;
  body: string | null;
}

/** Every moderation action (migration 0009). */
export interface ModerationLogTable {
  id: Generated<number>;
  action: ModerationAction;
  admin_id: number | null;
  target_type: 'question' | 'answer' | 'account' | 'key';
  target_id: number | null;
  question_id: number | null;
  report_id: number | null;
  note: string | null;
  snapshot: ColumnType<ContentSnapshot | null, string | null, never>;
  /** An erasure's counts, its only detail (migration 0021). */
  counts: ColumnType<ErasureLogCounts | null, string | null | undefined, never>;
  /** The role the actor acted in; null for the server's own actions (migration 0023). */
  actor_role: ColumnType<StaffRole | null, StaffRole | null | undefined, never>;
  /** A silence's length in days (migration 0023). */
  days: ColumnType<number | null, number | null | undefined, never>;
  created_at: CreatedAt;
}

/**
 * A silence (migration 0023): an account, or the anonymous key (its hash, never returned)
 * that wrote the post it was made from, may not write until `ends_at`.
 */
export interface SilencesTable {
  id: Generated<number>;
  user_id: number | null;
  session_hash: Buffer | null;
  source_type: SilenceSource;
  source_id: number;
  reason: string;
  days: number;
  ends_at: Date;
  lifted_at: Date | null;
  created_by: number | null;
  /** A claimed key's silence this account's copy is of (lifted with it). */
  copied_from: ColumnType<number | null, number | null | undefined, never>;
  created_at: CreatedAt;
}

/** What an erasure's log entry keeps: how much went (an account's likes too). */
export type ErasureLogCounts = ErasureCounts & { likes?: number };

/** A deleted account's login names, unavailable for a while (migration 0021). */
export interface DeletedLoginNamesTable {
  name_mac: Buffer;
  deleted_at: ColumnType<Date, Date | undefined, Date>;
}

export type NotificationKind = 'reply' | 'answer_reply' | 'update' | 'helped' | 'moderation';

/** An identity's inbox (migration 0013): one unread row per (recipient, question, kind). */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number | null;
  session_hash: Buffer | null;
  kind: NotificationKind;
  question_id: number | null;
  answer_id: number | null;
  count: ColumnType<number, number | undefined, number>;
  excerpt: string;
  author_label: string | null;
  created_at: ColumnType<Date, Date | undefined, Date>;
  read_at: Date | null;
}

/** Who follows a question (migration 0013); a muted row is an unfollow that sticks. */
export interface QuestionFollowsTable {
  id: Generated<number>;
  question_id: number;
  user_id: number | null;
  session_hash: Buffer | null;
  muted: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
}

/** A browser that asked to be told on its device (migration 0014); one identity per endpoint. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number | null;
  session_hash: Buffer | null;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: CreatedAt;
}

/** A push still to be sent (migration 0014): written by a trigger, deleted by its sender. */
export interface PushOutboxTable {
  id: Generated<number>;
  user_id: number | null;
  session_hash: Buffer | null;
  kind: NotificationKind;
  question_id: number | null;
  answer_id: number | null;
  created_at: CreatedAt;
}

/** Watched words (migration 0024, lib/watched-words.ts). */
export interface WatchedWordsTable {
  id: Generated<number>;
  word: string;
  folded: string;
  action: 'block' | 'review' | 'flag';
  created_at: CreatedAt;
}

export interface WatchedWordsVersionTable {
  only_row: ColumnType<boolean, never, never>;
  version: ColumnType<string, never, never>;
}

/** Reporters' approved and rejected reports, per keyed hash (lib/reporter-accuracy.ts). */
export interface ReporterAccuracyTable {
  subject: Buffer;
  approved: ColumnType<number, number | undefined, number>;
  rejected: ColumnType<number, number | undefined, number>;
}

export interface Database {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  tags: TagsTable;
  questions: QuestionsTable;
  question_search: QuestionSearchTable;
  question_tags: QuestionTagsTable;
  answers: AnswersTable;
  question_likes: LikesTable & { question_id: number };
  answer_likes: LikesTable & { answer_id: number };
  reports: ReportsTable;
  thread_versions: ThreadVersionsTable;
  revoked_tokens: RevokedTokensTable;
  idempotency_keys: IdempotencyKeysTable;
  moderation_log: ModerationLogTable;
  question_updates: QuestionUpdatesTable;
  notifications: NotificationsTable;
  question_follows: QuestionFollowsTable;
  push_subscriptions: PushSubscriptionsTable;
  push_outbox: PushOutboxTable;
  deleted_login_names: DeletedLoginNamesTable;
  silences: SilencesTable;
  watched_words: WatchedWordsTable;
  watched_words_version: WatchedWordsVersionTable;
  reporter_accuracy: ReporterAccuracyTable;
}
