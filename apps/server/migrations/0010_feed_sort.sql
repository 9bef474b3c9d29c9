-- Feed sorts: `top` (likes with a time decay), `unanswered` and `active` (the
-- last reply). Each sort key is a column of the question row, kept right in the transaction
-- that changes it, with an index whose order is the sort's, so every sort pages by keyset.

-- The `top` score: ln(1 + likes) + epoch(created_at) / 45000.
-- Age lowers a question's standing by one point every 45,000 s (12.5 hours), and a question
-- gains a point each time its likes grow e-fold: its first like is worth 12.5 hours of
-- recency, ten likes about 30 hours, a hundred about 58. Comparing scores needs no clock:
-- the decay is relative (a newer question starts higher), so a score never changes after
-- its last like, and a like moves only its own row. Declared IMMUTABLE: the epoch of a
-- timestamptz does not depend on the time zone (date_part is only STABLE for its other
-- fields).
CREATE FUNCTION question_top_score(likes integer, created_at timestamptz)
RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ln(1 + likes) + extract(epoch FROM created_at)::double precision / 45000
$$;

ALTER TABLE questions ADD COLUMN top_score double precision;
-- The last reply's time; the question's own until its first reply.
ALTER TABLE questions ADD COLUMN last_activity_at timestamptz;

UPDATE questions q SET
  top_score = question_top_score(q.likes, q.created_at),
  last_activity_at = coalesce(
    (SELECT max(a.created_at) FROM answers a WHERE a.question_id = q.id), q.created_at);

ALTER TABLE questions ALTER COLUMN top_score SET NOT NULL;
ALTER TABLE questions ALTER COLUMN last_activity_at SET NOT NULL;

-- One trigger, so that no write path (the API, the seed, a bulk import) can leave the score
-- behind its likes: it follows every insert and every change of `likes` or `created_at`,
-- in the writing statement. A new question is active as of its creation unless the writer
-- says otherwise; a reply moves `last_activity_at` (repositories/answers.ts).
CREATE FUNCTION questions_feed_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.top_score := question_top_score(NEW.likes, NEW.created_at);
  IF TG_OP = 'INSERT' AND NEW.last_activity_at IS NULL THEN
    NEW.last_activity_at := NEW.created_at;
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER questions_feed_keys_inserted BEFORE INSERT ON questions
  FOR EACH ROW EXECUTE FUNCTION questions_feed_keys();
CREATE TRIGGER questions_feed_keys_updated BEFORE UPDATE OF likes, created_at ON questions
  FOR EACH ROW EXECUTE FUNCTION questions_feed_keys();

CREATE INDEX questions_top_idx ON questions (top_score DESC, id DESC);
CREATE INDEX questions_active_idx ON questions (last_activity_at DESC, id DESC);
CREATE INDEX questions_unanswered_idx ON questions (id DESC) WHERE answer_count = 0;
