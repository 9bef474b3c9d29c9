-- A question's thread version: every change to its answers (a reply, an edit, a delete, a
-- like, a user's removal) bumps it, in the same transaction, so a cached copy of a thread
-- is checked with one row (see services/threads.ts). A trigger, so that no write path can
-- forget it; statement-level, so a bulk insert bumps each question once.
--
-- The versions live in a table of their own, not on the question row: an answer's writers
-- lock the answer before the version, while a question's delete locks the question before
-- its answers, so a version on the question row would deadlock them. No foreign key: the
-- row of a deleted question goes with it (repositories/questions.ts), and a version row
-- without a question is never read.
CREATE TABLE thread_versions (
  question_id integer PRIMARY KEY,
  version     bigint NOT NULL
);

CREATE FUNCTION bump_thread_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO thread_versions (question_id, version)
    SELECT DISTINCT question_id, 1 FROM old_answers
    ON CONFLICT (question_id) DO UPDATE SET version = thread_versions.version + 1;
  ELSE
    INSERT INTO thread_versions (question_id, version)
    SELECT DISTINCT question_id, 1 FROM new_answers
    ON CONFLICT (question_id) DO UPDATE SET version = thread_versions.version + 1;
  END IF;
  RETURN NULL;
END;
$$;

-- A trigger with transition tables takes one event each.
CREATE TRIGGER answers_inserted_bump_thread AFTER INSERT ON answers
  REFERENCING NEW TABLE AS new_answers
  FOR EACH STATEMENT EXECUTE FUNCTION bump_thread_versions();
CREATE TRIGGER answers_updated_bump_thread AFTER UPDATE ON answers
  REFERENCING NEW TABLE AS new_answers
  FOR EACH STATEMENT EXECUTE FUNCTION bump_thread_versions();
CREATE TRIGGER answers_deleted_bump_thread AFTER DELETE ON answers
  REFERENCING OLD TABLE AS old_answers
  FOR EACH STATEMENT EXECUTE FUNCTION bump_thread_versions();
