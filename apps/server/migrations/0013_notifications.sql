-- Notifications, follows and live events.
--
-- Every identity has an inbox: an account (user_id) or an anonymous key (session_hash, the
-- key's SHA-256, as its posts are stored). A row is written in the transaction of the post
-- that causes it, so a crash never loses one. While a row is unread it is the only unread
-- one of its (recipient, question, kind): a later event bumps its count, its time and what
-- it shows, so a busy thread is one line in the inbox, not fifty.
--
-- question_id and answer_id are not foreign keys: a moderation notice outlives the post it
-- is about. Deleting or hiding a post removes the notices that point at it (the server does
-- it in the same transaction).
CREATE TABLE notifications (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id      integer REFERENCES users (id) ON DELETE CASCADE,
  session_hash bytea,
  kind         text NOT NULL CONSTRAINT notifications_kind
                 CHECK (kind IN ('reply', 'answer_reply', 'update', 'helped', 'moderation')),
  question_id  integer,
  answer_id    integer,
  count        integer NOT NULL DEFAULT 1 CONSTRAINT notifications_count CHECK (count >= 1),
  -- Plain text of the new post, at most 140 characters (a moderation notice: its category).
  excerpt      text NOT NULL CONSTRAINT notifications_excerpt CHECK (char_length(excerpt) <= 140),
  -- The actor's pseudonym in the thread ("Asker", "Anon 3"); never who they are.
  author_label text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  read_at      timestamptz,
  CONSTRAINT notifications_one_recipient CHECK ((user_id IS NULL) <> (session_hash IS NULL))
);

-- One unread row per (recipient, question, kind), which the writers' upserts name; also
-- what the unread count is read from (an index-only count of one recipient's unread rows).
CREATE UNIQUE INDEX notifications_unread_user_idx ON notifications (user_id, question_id, kind)
  WHERE read_at IS NULL AND user_id IS NOT NULL;
CREATE UNIQUE INDEX notifications_unread_key_idx
  ON notifications (session_hash, question_id, kind)
  WHERE read_at IS NULL AND session_hash IS NOT NULL;
-- The inbox, newest first, a page at a time.
CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC, id DESC)
  WHERE user_id IS NOT NULL;
CREATE INDEX notifications_key_idx ON notifications (session_hash, created_at DESC, id DESC)
  WHERE session_hash IS NOT NULL;
-- What a deleted or hidden post takes with it, and the purge of old read rows.
CREATE INDEX notifications_question_idx ON notifications (question_id);
CREATE INDEX notifications_answer_idx ON notifications (answer_id) WHERE answer_id IS NOT NULL;
CREATE INDEX notifications_read_idx ON notifications (read_at) WHERE read_at IS NOT NULL;

-- Who follows a question: its asker and answerers from their first post, and anyone who
-- asks to. Unfollowing keeps the row, muted, so that a later reply does not follow again
-- behind the person's back; following again unmutes it.
CREATE TABLE question_follows (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  question_id  integer NOT NULL REFERENCES questions (id) ON DELETE CASCADE,
  user_id      integer REFERENCES users (id) ON DELETE CASCADE,
  session_hash bytea,
  muted        boolean NOT NULL DEFAULT false,
  created_at   timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT question_follows_one_follower CHECK ((user_id IS NULL) <> (session_hash IS NULL))
);
CREATE UNIQUE INDEX question_follows_user_idx ON question_follows (user_id, question_id)
  WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX question_follows_key_idx ON question_follows (session_hash, question_id)
  WHERE session_hash IS NOT NULL;
CREATE INDEX question_follows_question_idx ON question_follows (question_id);

-- Live events (services/live-events.ts): PostgreSQL delivers a NOTIFY when its transaction
-- commits, and never for one that rolls back, to every server instance listening on the
-- database. One channel per schema, so that databases sharing a server never mix. Payloads:
--   n:u<user id> / n:k<key hash, hex>   the recipient's unread notifications changed
--   r:<question id>:<answer id>          a reply became visible to strangers in a thread
CREATE FUNCTION live_events_channel() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT 'dating_events_' || current_schema()
$$;

CREATE FUNCTION notify_inbox_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row notifications;
BEGIN
  row := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  PERFORM pg_notify(
    live_events_channel(),
    CASE WHEN row.user_id IS NOT NULL THEN 'n:u' || row.user_id
         ELSE 'n:k' || encode(row.session_hash, 'hex') END);
  RETURN NULL;
END;
$$;
CREATE TRIGGER notifications_live AFTER INSERT OR UPDATE OR DELETE ON notifications
  FOR EACH ROW EXECUTE FUNCTION notify_inbox_change();

-- A bulk load (the seed) turns these off for its transaction: SET LOCAL dating.live_events = 'off'.
CREATE FUNCTION notify_reply_visible() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('dating.live_events', true) IS DISTINCT FROM 'off' THEN
    PERFORM pg_notify(live_events_channel(), 'r:' || NEW.question_id || ':' || NEW.id);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER answers_live_insert AFTER INSERT ON answers
  FOR EACH ROW WHEN (NEW.hidden_at IS NULL) EXECUTE FUNCTION notify_reply_visible();
CREATE TRIGGER answers_live_unhide AFTER UPDATE OF hidden_at ON answers
  FOR EACH ROW WHEN (OLD.hidden_at IS NOT NULL AND NEW.hidden_at IS NULL)
  EXECUTE FUNCTION notify_reply_visible();
