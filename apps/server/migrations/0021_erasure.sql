-- Taking one's data down: deleting an account, erasing what an anonymous key wrote.
--
-- A deleted account's login names (its username, and its email if it had one) stay
-- unavailable to a new account for 30 days, so that nobody takes over a name others still
-- know as someone else's. They are kept as an HMAC under a key derived from the server
-- secret (apps/server/src/lib/deleted-names.ts), never in the clear, and purged after that.
CREATE TABLE deleted_login_names (
  name_mac   bytea PRIMARY KEY,
  deleted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX deleted_login_names_deleted_idx ON deleted_login_names (deleted_at);

-- Erasures are logged as counts only: no target, no question, no text, no author.
ALTER TABLE moderation_log DROP CONSTRAINT moderation_log_action_check;
ALTER TABLE moderation_log ADD CONSTRAINT moderation_log_action_check
  CHECK (action IN ('approve', 'reject', 'auto_hide', 'unhide', 'delete', 'acknowledge',
    'delete_account', 'anonymize_account', 'erase_key'));
ALTER TABLE moderation_log DROP CONSTRAINT moderation_log_target_type_check;
ALTER TABLE moderation_log ADD CONSTRAINT moderation_log_target_type_check
  CHECK (target_type IN ('question', 'answer', 'account', 'key'));
ALTER TABLE moderation_log ADD COLUMN counts jsonb;
ALTER TABLE moderation_log ADD CONSTRAINT moderation_log_erasure_counts_only CHECK (
  target_type IN ('question', 'answer') OR (
    admin_id IS NULL AND target_id IS NULL AND question_id IS NULL AND report_id IS NULL AND note IS NULL
    AND snapshot IS NULL AND counts IS NOT NULL));
