-- Moderation beyond one admin (issue 39): moderators, silences, acknowledged flags.
--
-- Moderators: a role beside admin (is_staff). They review the queue, hide and restore,
-- silence, and read the log; admins appoint and remove them.
ALTER TABLE users ADD COLUMN is_moderator boolean NOT NULL DEFAULT false;
CREATE INDEX users_moderators_idx ON users (id) WHERE is_moderator;

-- Every action of staff is logged with the role it was taken in. Before this migration
-- only admins acted.
ALTER TABLE moderation_log ADD COLUMN actor_role text
  CHECK (actor_role IN ('admin', 'moderator'));
UPDATE moderation_log SET actor_role = 'admin' WHERE admin_id IS NOT NULL;
-- A silence's length, in its log entry ("author of answer 12 silenced for 7 days").
ALTER TABLE moderation_log ADD COLUMN days integer CHECK (days > 0);

ALTER TABLE moderation_log DROP CONSTRAINT moderation_log_action_check;
ALTER TABLE moderation_log ADD CONSTRAINT moderation_log_action_check
  CHECK (action IN ('approve', 'reject', 'auto_hide', 'unhide', 'delete', 'acknowledge',
    'delete_account', 'anonymize_account', 'erase_key',
    'silence', 'lift_silence', 'appoint_moderator', 'remove_moderator'));
-- An account is now also the target of a silence made by account id and of an
-- appointment; erasures alone stay counts only (migration 0021).
ALTER TABLE moderation_log DROP CONSTRAINT moderation_log_erasure_counts_only;
ALTER TABLE moderation_log ADD CONSTRAINT moderation_log_erasure_counts_only CHECK (
  action NOT IN ('delete_account', 'anonymize_account', 'erase_key') OR (
    admin_id IS NULL AND target_id IS NULL AND question_id IS NULL AND report_id IS NULL AND note IS NULL
    AND snapshot IS NULL AND counts IS NOT NULL));

-- Silences: the author of a post (an account, or the anonymous key that wrote it) may
-- read but not write until ends_at. A key is held as the hash its posts are stored with
-- (session_hash), never returned: moderators see what the silence was made from ("author
-- of answer 12"), never whose. A key that claims into an account gets a copy for the
-- account (copied_from: the key's silence; the key itself stays silenced). Copies are not
-- listed (that would tell moderators the key has an account) and are lifted with theirs.
CREATE TABLE silences (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id      integer REFERENCES users (id) ON DELETE CASCADE,
  session_hash bytea,
  source_type  text NOT NULL CHECK (source_type IN ('question', 'answer', 'account')),
  source_id    integer NOT NULL,
  reason       text NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 500),
  days         integer NOT NULL CHECK (days BETWEEN 1 AND 365),
  ends_at      timestamptz NOT NULL,
  lifted_at    timestamptz,
  created_by   integer REFERENCES users (id) ON DELETE SET NULL,
  copied_from  integer REFERENCES silences (id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT silences_one_identity CHECK (num_nonnulls(user_id, session_hash) = 1)
);
CREATE INDEX silences_user_idx ON silences (user_id, ends_at) WHERE user_id IS NOT NULL;
CREATE INDEX silences_key_idx ON silences (session_hash, ends_at) WHERE session_hash IS NOT NULL;
CREATE INDEX silences_active_idx ON silences (ends_at) WHERE lifted_at IS NULL AND copied_from IS NULL;
CREATE INDEX silences_copies_idx ON silences (copied_from) WHERE copied_from IS NOT NULL;

-- The queue's health (GET /api/moderation/summary/): the median time to review over the
-- last 7 days reads the reports reviewed since then.
CREATE INDEX reports_reviewed_idx ON reports (reviewed_at) WHERE reviewed_at IS NOT NULL;

-- Acknowledged is its own status: a crisis flag seen and kept was closed as 'rejected'
-- before; the log's 'acknowledge' entries name those reports.
ALTER TABLE reports DROP CONSTRAINT reports_status_check;
ALTER TABLE reports ADD CONSTRAINT reports_status_check
  CHECK (status IN ('pending', 'approved', 'rejected', 'acknowledged'));
-- Last: the update queues the reports' deferred triggers (migration 0017), after which
-- this transaction may not alter or index the table.
UPDATE reports SET status = 'acknowledged'
  WHERE status = 'rejected' AND source = 'automatic'
    AND id IN (SELECT report_id FROM moderation_log WHERE action = 'acknowledge' AND report_id IS NOT NULL);
