-- A question's search vector moves out of its row into a table of its own. An UPDATE that
-- cannot be HOT (a like moves `top_score`, a reply `last_activity_at` and `answer_count`,
-- all indexed) adds an entry for the new row version to every index of the table, the
-- search's GIN index too: each like and each reply queued the whole vector in the GIN's
-- pending list, and the statement that found the list full (4 MB) merged it into the index
-- while its client waited, hundreds of milliseconds. At 2,000 likes a second that was
-- every few seconds, and the likes' p99 went from 47 ms without the index to 250-330 ms.
-- Here only what changes the words (a new question, an edit) writes to the GIN index.
CREATE TABLE question_search (
  question_id   integer PRIMARY KEY REFERENCES questions (id) ON DELETE CASCADE,
  search_vector tsvector NOT NULL
);
-- In the row, as it was in questions' (migration 0004): ranking reads it for every candidate.
ALTER TABLE question_search ALTER COLUMN search_vector SET STORAGE MAIN;

INSERT INTO question_search (question_id, search_vector)
  SELECT id, search_vector FROM questions;
CREATE INDEX question_search_idx ON question_search USING gin (search_vector);

DROP TRIGGER questions_search_vector_inserted ON questions;
DROP TRIGGER questions_search_vector_updated ON questions;
DROP FUNCTION questions_search_vector();
ALTER TABLE questions DROP COLUMN search_vector; -- and its index, questions_search_idx

-- Kept by triggers, the same expression as before (migration 0018), so that no write path
-- can leave a question out of the search. A statement's new questions in one INSERT (the
-- seed writes thousands a statement); an edit of the words, row by row (rare).
CREATE FUNCTION question_search_vector(tag_text text, search_text text)
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english'::regconfig, tag_text), 'A') ||
         setweight(to_tsvector('english'::regconfig, search_text), 'B')
$$;

CREATE FUNCTION question_search_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO question_search (question_id, search_vector)
    SELECT id, question_search_vector(tag_text, search_text) FROM inserted_questions;
  RETURN NULL;
END;
$$;
CREATE TRIGGER question_search_inserted AFTER INSERT ON questions
  REFERENCING NEW TABLE AS inserted_questions
  FOR EACH STATEMENT EXECUTE FUNCTION question_search_inserted();

CREATE FUNCTION question_search_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE question_search SET search_vector = question_search_vector(NEW.tag_text, NEW.search_text)
    WHERE question_id = NEW.id;
  RETURN NULL;
END;
$$;
CREATE TRIGGER question_search_updated AFTER UPDATE OF search_text, tag_text ON questions
  FOR EACH ROW EXECUTE FUNCTION question_search_updated();
