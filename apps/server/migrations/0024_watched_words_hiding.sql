-- Watched words, a fair path back for the authors of hidden posts, and reports weighted by
-- their reporters' past accuracy (issue 39).

-- Watched words: a word, phrase or pattern (`*`), and what a post holding it gets. `folded`
-- is the rule as matched (lib/watched-words.ts), so that one rule is listed once.
CREATE TABLE watched_words (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  word       text NOT NULL,
  folded     text NOT NULL UNIQUE,
  action     text NOT NULL CHECK (action IN ('block', 'review', 'flag')),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Every instance keeps the rules compiled: a change says so on the change feed (payload
-- `w:`), and bumps a version an instance reads when it cannot trust the feed.
CREATE TABLE watched_words_version (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  version  bigint NOT NULL
);
INSERT INTO watched_words_version (version) VALUES (0);

CREATE FUNCTION watched_words_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE watched_words_version SET version = version + 1;
  PERFORM pg_notify(live_events_channel(), 'w:');
  RETURN NULL;
END;
$$;
CREATE TRIGGER watched_words_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON watched_words
  FOR EACH STATEMENT EXECUTE FUNCTION watched_words_changed();

-- Reports the server files besides crisis flags, with no reporter: a post holding a
-- `review` or a `flag` watched word, and a hidden post its author edited (at most once a
-- day, checked under the post's lock). One of each kind pending per post.
ALTER TABLE reports DROP CONSTRAINT reports_source_check;
ALTER TABLE reports ADD CONSTRAINT reports_source_check CHECK (source IN (
  'reporter', 'automatic', 'watched_word_review', 'watched_word_flag', 'edited_after_hiding'));
ALTER TABLE reports ADD COLUMN watched_word_id integer
  REFERENCES watched_words (id) ON DELETE SET NULL;
CREATE UNIQUE INDEX reports_question_system_key ON reports (question_id, source)
  WHERE source NOT IN ('reporter', 'automatic') AND status = 'pending' AND question_id IS NOT NULL;
CREATE UNIQUE INDEX reports_answer_system_key ON reports (answer_id, source)
  WHERE source NOT IN ('reporter', 'automatic') AND status = 'pending' AND answer_id IS NOT NULL;

-- Why a post is hidden, for its author alone: the reason most reporters gave, or
-- 'watched_word'. Meaningful only while hidden_at is set.
ALTER TABLE questions ADD COLUMN hidden_reason text;
ALTER TABLE answers ADD COLUMN hidden_reason text;

-- Reporters' accuracy (lib/reporter-accuracy.ts): approved and rejected reports counted per
-- keyed hash of a reporter's identity, and per keyed hash of their network; counts only,
-- never a target. A pending report carries its two hashes sealed (AES-GCM under a key of
-- the server secret, a fresh nonce each: two seals of one reporter share nothing), so that
-- its review can count it; the seal is cleared once counted.
CREATE TABLE reporter_accuracy (
  subject  bytea PRIMARY KEY,
  approved integer NOT NULL DEFAULT 0,
  rejected integer NOT NULL DEFAULT 0
);
ALTER TABLE reports ADD COLUMN reporter_seal bytea;
CREATE INDEX reports_unsettled_idx ON reports (id)
  WHERE reporter_seal IS NOT NULL AND status <> 'pending';
