-- The moderation version: every committed change to what the admin's report list can show
-- (a report made, reviewed or deleted; the text, hiding or deletion of reported content)
-- adds one to it, in the same transaction, so the list's first page kept in memory is
-- checked against one small query (services/report-pages.ts), as the feed's pages are
-- against the feed version (migration 0012). Triggers, so that no write path can forget it.
--
-- One row: reports and edits are rare next to likes and posts, and the row is locked only
-- for the commit itself (deferred, once per transaction), after every other lock the
-- transaction takes, so writers can wait for each other there but never deadlock.
CREATE TABLE moderation_version (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  version  bigint NOT NULL
);
INSERT INTO moderation_version (version) VALUES (0);

CREATE FUNCTION bump_moderation_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('moderation.version_bumped', true) IS DISTINCT FROM 'on' THEN
    PERFORM set_config('moderation.version_bumped', 'on', true);
    UPDATE moderation_version SET version = version + 1;
  END IF;
  RETURN NULL;
END;
$$;

CREATE CONSTRAINT TRIGGER reports_bump_moderation AFTER INSERT OR UPDATE OR DELETE ON reports
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_moderation_version();
-- Only the columns a report shows of its content: a like or a reply does not touch them.
CREATE CONSTRAINT TRIGGER questions_bump_moderation
  AFTER UPDATE OF text, hidden_at OR DELETE ON questions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_moderation_version();
CREATE CONSTRAINT TRIGGER answers_bump_moderation
  AFTER UPDATE OF text, hidden_at, is_deleted, question_id OR DELETE ON answers
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_moderation_version();

-- TRUNCATE fires no row trigger (seeding with --reset, tests); it is rare, so at once.
CREATE FUNCTION bump_moderation_version_now() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE moderation_version SET version = version + 1;
  RETURN NULL;
END;
$$;
CREATE TRIGGER reports_truncated_bump_moderation AFTER TRUNCATE ON reports
  FOR EACH STATEMENT EXECUTE FUNCTION bump_moderation_version_now();
CREATE TRIGGER questions_truncated_bump_moderation AFTER TRUNCATE ON questions
  FOR EACH STATEMENT EXECUTE FUNCTION bump_moderation_version_now();
CREATE TRIGGER answers_truncated_bump_moderation AFTER TRUNCATE ON answers
  FOR EACH STATEMENT EXECUTE FUNCTION bump_moderation_version_now();
