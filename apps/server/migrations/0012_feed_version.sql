-- The feed version: every committed change to what a list of questions can show (a
-- question written, edited, liked, answered, hidden, deleted or moved into an account;
-- its tags; a tag) adds at least one to it, in the same transaction, so a list kept in
-- memory is checked against one small query (services/feed-cache.ts). Triggers, so that
-- no write path (nor a column added later to questions) can forget it.
--
-- The version is the sum of several counters, not one row: a writer locks the counter it
-- bumps until it commits, and with one row every like and post in the site would commit one
-- after the other. A writer takes a counter no other writer holds (SKIP LOCKED), so writers
-- never wait for each other here unless all 32 are held at once. The sum only grows, and a
-- transaction's bump becomes visible exactly when its writes do, so an unchanged sum means
-- that nothing committed in between. (A sequence would not do: nextval is seen before the
-- commit, and never undone.)
CREATE TABLE feed_versions (
  slot    smallint PRIMARY KEY,
  version bigint NOT NULL
) WITH (fillfactor = 20);
INSERT INTO feed_versions (slot, version) SELECT s, 0 FROM generate_series(0, 31) AS s;

-- Deferred to the commit, and once per transaction (a transaction-local setting remembers
-- it): the counter's row is locked only for the commit itself, after every other lock the
-- transaction takes, so two writers can wait for each other there but never deadlock.
-- (A transaction that writes to these tables and then builds an index on one of them must
-- first SET CONSTRAINTS ALL IMMEDIATE, as the seed does: PostgreSQL refuses to alter a
-- table with trigger events pending.)
CREATE FUNCTION bump_feed_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('feed.version_bumped', true) IS DISTINCT FROM 'on' THEN
    PERFORM set_config('feed.version_bumped', 'on', true);
    UPDATE feed_versions SET version = version + 1
      WHERE slot = (SELECT slot FROM feed_versions LIMIT 1 FOR UPDATE SKIP LOCKED);
    IF NOT FOUND THEN
      -- Every counter is held by a writer: wait for one.
      UPDATE feed_versions SET version = version + 1 WHERE slot = pg_backend_pid() % 32;
    END IF;
  END IF;
  RETURN NULL;
END;
$$;

CREATE CONSTRAINT TRIGGER questions_bump_feed AFTER INSERT OR UPDATE OR DELETE ON questions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_feed_version();
CREATE CONSTRAINT TRIGGER question_tags_bump_feed AFTER INSERT OR UPDATE OR DELETE ON question_tags
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_feed_version();
CREATE CONSTRAINT TRIGGER tags_bump_feed AFTER INSERT OR UPDATE OR DELETE ON tags
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_feed_version();

-- TRUNCATE fires no row trigger (seeding with --reset, tests); it is rare, so at once.
CREATE FUNCTION bump_feed_version_now() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE feed_versions SET version = version + 1 WHERE slot = pg_backend_pid() % 32;
  RETURN NULL;
END;
$$;
CREATE TRIGGER questions_truncated_bump_feed AFTER TRUNCATE ON questions
  FOR EACH STATEMENT EXECUTE FUNCTION bump_feed_version_now();
CREATE TRIGGER question_tags_truncated_bump_feed AFTER TRUNCATE ON question_tags
  FOR EACH STATEMENT EXECUTE FUNCTION bump_feed_version_now();
CREATE TRIGGER tags_truncated_bump_feed AFTER TRUNCATE ON tags
  FOR EACH STATEMENT EXECUTE FUNCTION bump_feed_version_now();
