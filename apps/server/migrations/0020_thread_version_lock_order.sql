-- A statement's thread versions are bumped in the order of their question ids. Writes that
-- share statements (db/write-batches.ts) touch several threads at once: likes of answers of
-- different questions, replies to different questions. Two such statements that bumped
-- their versions in different orders could each hold a version row the other waited for,
-- a deadlock; in one order, one of them waits for the other to commit.
CREATE OR REPLACE FUNCTION bump_thread_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO thread_versions (question_id, version)
    SELECT DISTINCT question_id, 1 FROM old_answers ORDER BY question_id
    ON CONFLICT (question_id) DO UPDATE SET version = thread_versions.version + 1;
  ELSE
    INSERT INTO thread_versions (question_id, version)
    SELECT DISTINCT question_id, 1 FROM new_answers ORDER BY question_id
    ON CONFLICT (question_id) DO UPDATE SET version = thread_versions.version + 1;
  END IF;
  RETURN NULL;
END;
$$;
