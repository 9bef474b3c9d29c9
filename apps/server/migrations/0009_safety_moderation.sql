-- Safety while writing and moderation that scales.

-- One report per reporter and target: the user, or for an anonymous reporter the session
-- key's hash. Repeats stored before this keep their oldest row. A report whose content is
-- gone (its target id set to NULL) is left alone.
DELETE FROM reports r USING reports k
WHERE r.question_id IS NOT NULL AND k.question_id = r.question_id
  AND r.user_id IS NOT NULL AND k.user_id = r.user_id AND k.id < r.id;
DELETE FROM reports r USING reports k
WHERE r.question_id IS NOT NULL AND k.question_id = r.question_id
  AND r.session_hash IS NOT NULL AND k.session_hash = r.session_hash AND k.id < r.id;
DELETE FROM reports r USING reports k
WHERE r.answer_id IS NOT NULL AND k.answer_id = r.answer_id
  AND r.user_id IS NOT NULL AND k.user_id = r.user_id AND k.id < r.id;
DELETE FROM reports r USING reports k
WHERE r.answer_id IS NOT NULL AND k.answer_id = r.answer_id
  AND r.session_hash IS NOT NULL AND k.session_hash = r.session_hash AND k.id < r.id;

CREATE UNIQUE INDEX reports_question_user_key ON reports (question_id, user_id)
  WHERE question_id IS NOT NULL AND user_id IS NOT NULL;
CREATE UNIQUE INDEX reports_question_session_key ON reports (question_id, session_hash)
  WHERE question_id IS NOT NULL AND session_hash IS NOT NULL;
CREATE UNIQUE INDEX reports_answer_user_key ON reports (answer_id, user_id)
  WHERE answer_id IS NOT NULL AND user_id IS NOT NULL;
CREATE UNIQUE INDEX reports_answer_session_key ON reports (answer_id, session_hash)
  WHERE answer_id IS NOT NULL AND session_hash IS NOT NULL;

-- Crisis flags: a post the crisis classifier recognises gets an automatic report, with no
-- reporter and the categories it is about, so that it enters the admin queue (first) and
-- is approved or rejected like any report. At most one pending flag per post.
ALTER TABLE reports ADD COLUMN source text NOT NULL DEFAULT 'reporter'
  CHECK (source IN ('reporter', 'automatic'));
ALTER TABLE reports ADD COLUMN categories text[] NOT NULL DEFAULT '{}';
ALTER TABLE reports ADD CONSTRAINT reports_automatic_has_no_reporter
  CHECK (source = 'reporter' OR (user_id IS NULL AND session_hash IS NULL));
CREATE UNIQUE INDEX reports_question_flag_key ON reports (question_id)
  WHERE source = 'automatic' AND status = 'pending' AND question_id IS NOT NULL;
CREATE UNIQUE INDEX reports_answer_flag_key ON reports (answer_id)
  WHERE source = 'automatic' AND status = 'pending' AND answer_id IS NOT NULL;
-- The queue: flags first, then reports, each oldest first.
CREATE INDEX reports_queue_idx ON reports ((source = 'reporter'), id) WHERE status = 'pending';

-- Auto-hide: content reported by enough people is hidden from everyone but its author and
-- admins until reviewed. An answer's change bumps its thread version (migration 0003), so
-- a thread kept in memory is read again.
ALTER TABLE questions ADD COLUMN hidden_at timestamptz;
ALTER TABLE answers ADD COLUMN hidden_at timestamptz;
CREATE INDEX questions_hidden_idx ON questions (id) WHERE hidden_at IS NOT NULL;
CREATE INDEX answers_hidden_idx ON answers (id) WHERE hidden_at IS NOT NULL;

-- The audit log: every moderation action, by whom (NULL: the server itself), on what, and
-- why. Deleted content keeps a snapshot without its author (its plain text with personal
-- information removed, and its public labels). Reporters are never named here.
CREATE TABLE moderation_log (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  action      text NOT NULL CHECK (action IN ('approve', 'reject', 'auto_hide', 'unhide', 'delete')),
  admin_id    integer REFERENCES users (id) ON DELETE SET NULL,
  target_type text NOT NULL CHECK (target_type IN ('question', 'answer')),
  -- NULL when the report reviewed names content that was already gone.
  target_id   integer,
  question_id integer,
  report_id   integer REFERENCES reports (id) ON DELETE SET NULL,
  note        text,
  snapshot    jsonb,
  created_at  timestamptz NOT NULL DEFAULT now()
);
