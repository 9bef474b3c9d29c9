-- Web Push: the browsers that asked to be told on their device, per identity.
--
-- A subscription is what a browser's push service gave it (an https endpoint, a capability
-- URL, and the keys its messages are encrypted to), kept under the identity that asked: an
-- account (user_id) or an anonymous key (session_hash, the key's SHA-256, as its posts and
-- its inbox are stored). An endpoint belongs to one identity at a time: a browser that
-- subscribes again under another identity moves its row, so no row ever joins two keys, or
-- a key and an account, through one device.
CREATE TABLE push_subscriptions (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id      integer REFERENCES users (id) ON DELETE CASCADE,
  session_hash bytea,
  endpoint     text NOT NULL CONSTRAINT push_subscriptions_endpoint
                 CHECK (char_length(endpoint) <= 1000),
  p256dh       text NOT NULL,
  auth         text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT push_subscriptions_one_recipient CHECK ((user_id IS NULL) <> (session_hash IS NULL))
);
CREATE UNIQUE INDEX push_subscriptions_endpoint_idx ON push_subscriptions (endpoint);
CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id)
  WHERE user_id IS NOT NULL;
CREATE INDEX push_subscriptions_key_idx ON push_subscriptions (session_hash)
  WHERE session_hash IS NOT NULL;

-- What is still to be pushed: a row per new event of a recipient who has a subscription,
-- written by the trigger below in the transaction of the post that caused it (so a push is
-- never sent for a write that rolled back), and announced on the live events channel as
-- `p:<id>` when it commits. The instance that deletes the row sends it, so with several
-- instances listening it goes out once (services/push.ts). It says what the push says:
-- the kind and where it leads, never a post's text.
CREATE TABLE push_outbox (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id      integer,
  session_hash bytea,
  kind         text NOT NULL,
  question_id  integer,
  answer_id    integer,
  created_at   timestamptz NOT NULL DEFAULT now()
);

-- A new event inserts a notification, or bumps the unread one of its question and kind;
-- either way the row is stamped with its transaction's time. A claim moving a key's inbox
-- into an account keeps the old times: that is no news, and pushes nothing.
CREATE FUNCTION queue_push() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  queued integer;
BEGIN
  IF NEW.read_at IS NOT NULL OR NEW.created_at <> now()
     OR current_setting('dating.live_events', true) = 'off' THEN
    RETURN NULL;
  END IF;
  IF NEW.user_id IS NOT NULL THEN
    PERFORM 1 FROM push_subscriptions WHERE user_id = NEW.user_id LIMIT 1;
  ELSE
    PERFORM 1 FROM push_subscriptions WHERE session_hash = NEW.session_hash LIMIT 1;
  END IF;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  INSERT INTO push_outbox (user_id, session_hash, kind, question_id, answer_id)
  VALUES (NEW.user_id, NEW.session_hash, NEW.kind, NEW.question_id, NEW.answer_id)
  RETURNING id INTO queued;
  PERFORM pg_notify(live_events_channel(), 'p:' || queued);
  RETURN NULL;
END;
$$;
CREATE TRIGGER notifications_push AFTER INSERT OR UPDATE OF count ON notifications
  FOR EACH ROW EXECUTE FUNCTION queue_push();
