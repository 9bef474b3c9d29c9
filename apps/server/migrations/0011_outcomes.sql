-- Outcomes: the asker marks replies "This helped" and adds dated updates.
--
-- The counts a list needs (how many replies helped, how many updates) live on the question
-- row and are changed in the transaction that writes, so that anything watching that row
-- (a feed cache, a future feed-version trigger) sees every change. Marking a reply changes
-- its answer row, which bumps the thread version (migration 0003), so a kept thread shows
-- the mark at once. Writers lock the question row first, then the answer: the order the
-- reply and delete paths already take, so they never deadlock.

ALTER TABLE answers ADD COLUMN helpful boolean NOT NULL DEFAULT false;

-- At most 3 helped replies and 5 updates a question: the writers check under the question
-- row's lock; the constraints stop anything that would go around them.
ALTER TABLE questions ADD COLUMN helpful_count integer NOT NULL DEFAULT 0
  CONSTRAINT questions_helpful_count_range CHECK (helpful_count BETWEEN 0 AND 3);
ALTER TABLE questions ADD COLUMN update_count integer NOT NULL DEFAULT 0
  CONSTRAINT questions_update_count_range CHECK (update_count BETWEEN 0 AND 5);

-- The asker's updates: plain text, trimmed by the server, 1 to 1,000 characters.
CREATE TABLE question_updates (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  question_id integer NOT NULL REFERENCES questions (id) ON DELETE CASCADE,
  text        text NOT NULL CONSTRAINT question_updates_text_length
                CHECK (char_length(text) BETWEEN 1 AND 1000),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX question_updates_question_idx ON question_updates (question_id, id);

-- `GET /api/questions/?has_updates=true`: newest first among the questions with updates.
CREATE INDEX questions_with_updates_idx ON questions (id DESC) WHERE update_count > 0;
